import type {
  checkCodeSchema,
  getCodeSchema,
  LoginResult,
  registSchema,
  resetPwdSchema,
  SessionMember,
} from '@zl/shared';
import type { z } from 'zod';
import {
  dummyPasswordHash,
  eightDigitNumber,
  hashPassword,
  randomToken,
  sha256,
  verifyPassword,
} from '../../lib/crypto.ts';
import { AppError, fieldError, pgErrorCode } from '../../lib/errors.ts';
import { recordFailure, recordSuccess, reserveTry } from '../../lib/lockout.repo.ts';
import { releaseCounter, reserveCounter } from '../../lib/rate-counter.ts';
import type { Deps } from '../../lib/types.ts';
import { reserveAddressTry } from './login-limits.ts';
import {
  createSession,
  deleteMemberSessions,
  issueRememberToken,
  rotateRememberToken,
} from './session.service.ts';
import { consumeCode, issueCode } from './sms-code.service.ts';
import * as repo from './user.repo.ts';

export const LOGIN_RULES = { maxFailures: 5, lockMinutes: 15 } as const;
const RESET_TICKET_SECONDS = 10 * 60;

type Parsed<S extends z.ZodType> = z.output<S>;
export interface ClientMeta {
  ip: string;
  userAgent: string;
}

function toSessionMember(m: {
  cardno: string;
  cardtype: 'workshop' | 'customer';
  mobile: string;
  nickname: string;
}): SessionMember {
  return { cardno: m.cardno, cardtype: m.cardtype, mobile: m.mobile, nickname: m.nickname };
}

export async function getCode(deps: Deps, input: Parsed<typeof getCodeSchema>, meta: ClientMeta) {
  const existing = await repo.findMemberByMobile(deps.db, input.mobile);
  if (input.type === 'regist' && existing) throw fieldError('MOBILE_TAKEN', 'mobile');
  if (input.type === 'reset' && !existing) throw fieldError('MOBILE_NOT_REGISTERED', 'mobile');
  return issueCode(deps.db, deps.sms, { mobile: input.mobile, purpose: input.type, ip: meta.ip });
}

export async function regist(deps: Deps, input: Parsed<typeof registSchema>): Promise<{ cardno: string }> {
  const invite = input.invite ? input.invite : null;
  if (invite && !(await repo.cardnoExists(deps.db, invite))) throw fieldError('INVITE_INVALID', 'invite');
  if (await repo.findMemberByMobile(deps.db, input.mobile)) throw fieldError('MOBILE_TAKEN', 'mobile');
  // The code first: a request without a valid code costs no password hashing.
  await consumeCode(deps.db, { mobile: input.mobile, purpose: 'regist', code: input.code });
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      const member = await repo.insertMember(deps.db, {
        cardno: eightDigitNumber(),
        mobile: input.mobile,
        passwordHash,
        cardtype: input.cardtype,
        nickname: `用户${input.mobile.slice(-4)}`,
        invitedBy: invite,
      });
      return { cardno: member.cardno };
    } catch (err) {
      if (pgErrorCode(err) !== '23505') throw err;
      if (await repo.findMemberByMobile(deps.db, input.mobile)) throw fieldError('MOBILE_TAKEN', 'mobile');
      // otherwise the random member number collided: draw another
    }
  }
  throw new AppError('INTERNAL', { message: '会员号分配失败，请重试' });
}

export interface LoginOutcome {
  result: LoginResult;
  sessionToken: string;
  rememberToken: string | null;
}

/**
 * Mobile + password. Every try is reserved before the password is verified: under the per-address
 * limits, then on the member row (5 failures lock it) or, for an unknown mobile, on a counter that
 * answers alike. Parallel requests therefore never get more than the allowed tries checked.
 */
export async function loginWithPassword(
  deps: Deps,
  input: { mobile: string; password: string; remember: boolean },
  meta: ClientMeta,
): Promise<LoginOutcome> {
  const addressKeys = await reserveAddressTry(deps, 'loginfail', meta.ip, input.mobile);
  // Only a failed password check keeps the per-address places; any other outcome gives them back.
  let failed = false;
  let released = false;
  try {
    const member = await repo.findMemberByMobile(deps.db, input.mobile);
    if (!member) {
      const unknown = await tryUnknownMobile(deps, input.mobile, input.password);
      failed = unknown.checked;
      throw unknown.error;
    }
    const reserved = await reserveTry(
      deps.db,
      'members',
      member.id,
      LOGIN_RULES.maxFailures,
      LOGIN_RULES.lockMinutes,
    );
    if (reserved === 'locked') throw new AppError('ACCOUNT_LOCKED');
    if (reserved === 'busy') throw new AppError('RATE_LIMITED');
    if (!(await verifyPassword(member.passwordHash, input.password))) {
      failed = true;
      const { locked, left } = await recordFailure(
        deps.db,
        'members',
        member.id,
        LOGIN_RULES.maxFailures,
        LOGIN_RULES.lockMinutes,
      );
      if (locked) throw new AppError('ACCOUNT_LOCKED');
      throw new AppError('LOGIN_FAILED', { message: `手机号或密码不正确，还可尝试 ${left} 次` });
    }
    // One commit for the whole success: the try's reset, the session, the remember token and the
    // address places given back. A parallel wrong guess may have locked the account while this
    // one was checked: then nothing of it is written.
    const tokens = await deps.db.transaction(async (tx) => {
      if (!(await recordSuccess(tx, 'members', member.id))) return null;
      const sessionToken = await createSession(tx, deps.config, member.id, meta);
      const rememberToken = input.remember ? await issueRememberToken(tx, deps.config, member.id) : null;
      await releaseCounter(tx, addressKeys);
      return { sessionToken, rememberToken };
    });
    if (!tokens) throw new AppError('ACCOUNT_LOCKED');
    released = true;
    return { result: { ...toSessionMember(member), remembered: input.remember }, ...tokens };
  } finally {
    if (!failed && !released) await releaseCounter(deps.db, addressKeys);
  }
}

/**
 * An unknown mobile answers exactly like a known one (tries left, then a lock) and costs the same
 * argon2 verification, so the login form does not tell which mobiles are members. `checked`: a
 * try was counted (false when the mobile's tries are used up).
 */
async function tryUnknownMobile(
  deps: Deps,
  mobile: string,
  password: string,
): Promise<{ error: AppError; checked: boolean }> {
  const tries = await reserveCounter(
    deps.db,
    `loginfail-unknown:${mobile}`,
    LOGIN_RULES.lockMinutes * 60,
    LOGIN_RULES.maxFailures,
  );
  if (tries === null) return { error: new AppError('ACCOUNT_LOCKED'), checked: false };
  await verifyPassword(await dummyPasswordHash(), password);
  if (tries >= LOGIN_RULES.maxFailures) return { error: new AppError('ACCOUNT_LOCKED'), checked: true };
  const left = LOGIN_RULES.maxFailures - tries;
  return {
    error: new AppError('LOGIN_FAILED', { message: `手机号或密码不正确，还可尝试 ${left} 次` }),
    checked: true,
  };
}

/** `autologin: 1` without a password: the remember cookie, rotated on every use. */
export async function loginWithRememberToken(
  deps: Deps,
  cookie: string | undefined,
  meta: ClientMeta,
): Promise<LoginOutcome> {
  const used = cookie ? await rotateRememberToken(deps.db, deps.config, cookie) : null;
  const member = used ? await repo.findMemberById(deps.db, used.memberId) : undefined;
  if (!used || !member) throw new AppError('REMEMBER_INVALID');
  const sessionToken = await createSession(deps.db, deps.config, member.id, meta);
  return {
    result: { ...toSessionMember(member), remembered: true },
    sessionToken,
    rememberToken: used.token,
  };
}

/** Step 1 of a reset: the SMS code proves the mobile; answers a one-time ticket for step 2. */
export async function checkCode(deps: Deps, input: Parsed<typeof checkCodeSchema>) {
  const member = await repo.findMemberByMobile(deps.db, input.mobile);
  if (!member) throw fieldError('MOBILE_NOT_REGISTERED', 'mobile');
  await consumeCode(deps.db, { mobile: input.mobile, purpose: 'reset', code: input.code });
  const token = randomToken(32);
  await repo.insertResetToken(deps.db, member.id, sha256(token), RESET_TICKET_SECONDS);
  return { token, expiresIn: RESET_TICKET_SECONDS };
}

/** Step 2: the new password; every session and remember token of the member ends. */
export async function resetPwd(deps: Deps, input: Parsed<typeof resetPwdSchema>): Promise<void> {
  const member = await repo.findMemberByMobile(deps.db, input.mobile);
  const tokenHash = sha256(input.token);
  // Cheap checks first: an unknown mobile or a dead ticket costs no password hashing.
  if (!member || !(await repo.resetTokenLive(deps.db, tokenHash, member.id))) {
    throw new AppError('RESET_TOKEN_INVALID');
  }
  // The ticket stays usable: the member picks another password and sends it again.
  if (await verifyPassword(member.passwordHash, input.password))
    throw fieldError('PASSWORD_SAME', 'password');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const memberId = await repo.consumeResetToken(tx, tokenHash);
    if (memberId !== member.id) throw new AppError('RESET_TOKEN_INVALID');
    await repo.setPasswordHash(tx, member.id, passwordHash);
    await deleteMemberSessions(tx, member.id, deps.sessions);
  });
}

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
import { recordFailure, reserveTry } from '../../lib/lockout.repo.ts';
import { releaseCounter, reserveCounter } from '../../lib/rate-counter.ts';
import type { Deps } from '../../lib/types.ts';
import type { LoginMember } from './login.repo.ts';
import * as loginRepo from './login.repo.ts';
import { loginPlaces, refuseUnlessPlaced } from './login-limits.ts';
import {
  createSession,
  deleteMemberSessions,
  newRememberToken,
  newSession,
  rotateRememberToken,
  sessionHashOf,
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

/**
 * Sends a code whether or not the mobile is a member: the answer (and the limits it counts
 * against) never tells who is registered. Only the holder of the phone, by using the code, learns
 * it at the next step (docs/members.md § Who learns that a mobile is registered).
 */
export async function getCode(deps: Deps, input: Parsed<typeof getCodeSchema>, meta: ClientMeta) {
  return issueCode(deps.db, deps.sms, { mobile: input.mobile, purpose: input.type, ip: meta.ip });
}

/**
 * A new member, logged in at once (a new session, no remember token): the member who just chose
 * a password is not asked to type it again (docs/product.md § Accounts and identity).
 */
export async function regist(
  deps: Deps,
  input: Parsed<typeof registSchema>,
  meta: ClientMeta,
): Promise<LoginOutcome> {
  const invite = input.invite ? input.invite : null;
  if (invite && !(await repo.cardnoExists(deps.db, invite))) throw fieldError('INVITE_INVALID', 'invite');
  // The code first: a request without a valid code costs no password hashing, and only the
  // holder of the phone learns that the mobile is taken (docs/members.md § Who learns that a
  // mobile is registered).
  await consumeCode(deps.db, { mobile: input.mobile, purpose: 'regist', code: input.code });
  if (await repo.findMemberByMobile(deps.db, input.mobile)) throw fieldError('MOBILE_TAKEN', 'mobile');
  const passwordHash = await hashPassword(input.password);
  let member: Awaited<ReturnType<typeof repo.insertMember>> | undefined;
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      member = await repo.insertMember(deps.db, {
        cardno: eightDigitNumber(),
        mobile: input.mobile,
        passwordHash,
        cardtype: input.cardtype,
        nickname: `用户${input.mobile.slice(-4)}`,
        invitedBy: invite,
      });
      break;
    } catch (err) {
      if (pgErrorCode(err) !== '23505') throw err;
      if (await repo.findMemberByMobile(deps.db, input.mobile)) throw fieldError('MOBILE_TAKEN', 'mobile');
      // otherwise the random member number collided: draw another
    }
  }
  if (!member) throw new AppError('INTERNAL', { message: '会员号分配失败，请重试' });
  const sessionToken = await createSession(deps.db, deps.config, member.id, meta);
  return { result: { ...toSessionMember(member), remembered: false }, sessionToken, rememberToken: null };
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
 *
 * Besides the hash a login is two statements (docs/members.md § Login limits, "What a login
 * writes"): `reserveLogin` takes the places and reads the member, `completeLogin` records a right
 * password (the count starts over, the session, the remember token, the end of the session the
 * browser came with — `previousSession`, its cookie token — and the places given back).
 */
export async function loginWithPassword(
  deps: Deps,
  input: { mobile: string; password: string; remember: boolean },
  meta: ClientMeta,
  previousSession?: string,
): Promise<LoginOutcome> {
  const places = loginPlaces('loginfail', meta.ip, input.mobile, deps.config.sessions);
  const address = places.address.key;
  const pair = places.pair.key;
  const reserved = await loginRepo.reserveLogin(deps.db, {
    ...places,
    mobile: input.mobile,
    maxFailures: LOGIN_RULES.maxFailures,
    lockMinutes: LOGIN_RULES.lockMinutes,
  });
  await refuseUnlessPlaced(deps.db, reserved, address, pair);
  const addressKeys = [address, pair];
  // Only a failed password check keeps the per-address places; any other outcome gives them back.
  let failed = false;
  let released = false;
  try {
    let member: Pick<LoginMember, 'id' | 'passwordHash'> & SessionMember;
    if (reserved.member) member = reserved.member;
    else if (reserved.memberId === null) {
      const unknown = await tryUnknownMobile(deps, input.mobile, input.password);
      failed = unknown.checked;
      throw unknown.error;
    } else {
      // Locked, or every remaining try is being checked by parallel requests: wait for them as
      // reserveTry does (the statement above made its first attempt).
      const tries = await reserveTry(
        deps.db,
        'members',
        reserved.memberId,
        LOGIN_RULES.maxFailures,
        LOGIN_RULES.lockMinutes,
      );
      if (tries === 'locked') throw new AppError('ACCOUNT_LOCKED');
      if (tries === 'busy') throw new AppError('RATE_LIMITED');
      const row = await repo.findMemberById(deps.db, reserved.memberId);
      if (!row) throw new AppError('ACCOUNT_LOCKED');
      member = row;
    }
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
    // One statement for the whole success. A parallel wrong guess may have locked the account
    // while this one was checked: then nothing of it is written but the places given back.
    const session = newSession(deps.config, meta);
    const remember = input.remember ? newRememberToken(deps.config) : null;
    const endSessionHash = sessionHashOf(previousSession);
    const ok = await loginRepo.completeLogin(deps.db, {
      memberId: member.id,
      session: session.row,
      remember: remember?.row ?? null,
      releaseKeys: addressKeys,
      endSessionHash,
    });
    released = true;
    if (!ok) throw new AppError('ACCOUNT_LOCKED');
    // Every other process's cache was told by the statement's pg_notify; this one forgets it now.
    if (endSessionHash) deps.sessions?.evictHash(endSessionHash);
    return {
      result: { ...toSessionMember(member), remembered: input.remember },
      sessionToken: session.token,
      rememberToken: remember?.cookie ?? null,
    };
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
  // The code before the member: a wrong code answers alike for every mobile (docs/members.md
  // § Who learns that a mobile is registered).
  await consumeCode(deps.db, { mobile: input.mobile, purpose: 'reset', code: input.code });
  const member = await repo.findMemberByMobile(deps.db, input.mobile);
  if (!member) throw fieldError('MOBILE_NOT_REGISTERED', 'mobile');
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

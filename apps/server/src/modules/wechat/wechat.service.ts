import type {
  BindMobileResult,
  bindMobileSchema,
  SessionMember,
  WxLoginResult,
  wechatSetPasswordSchema,
  wxLoginSchema,
} from '@zl/shared';
import type { z } from 'zod';
import type { WechatConfig } from '../../config/wechat.ts';
import type { Member } from '../../db/schema/index.ts';
import { eightDigitNumber, hashPassword, randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Deps } from '../../lib/types.ts';
import { createSession } from '../user/session.service.ts';
import { consumeCode } from '../user/sms-code.service.ts';
import * as userRepo from '../user/user.repo.ts';
import type { ClientMeta } from '../user/user.service.ts';
import { authorizeUrl, exchangeCode } from './wechat.client.ts';
import * as repo from './wechat.repo.ts';

export const WECHAT_RULES = { stateSeconds: 10 * 60, ticketSeconds: 15 * 60, setPasswordSeconds: 30 * 60 };
/** the browser-binding cookie value (see wechat.routes.ts) */
export const BINDING_RE = /^[A-Za-z0-9_-]{43}$/;

type Parsed<S extends z.ZodType> = z.output<S>;

export interface Outcome<T> {
  result: T;
  /** a new session for this browser, when the call logged the member in */
  sessionToken: string | null;
}

function requireConfig(deps: Deps): WechatConfig {
  if (!deps.config.wechat) throw new AppError('WECHAT_NOT_CONFIGURED');
  return deps.config.wechat;
}

function toSessionMember(m: Member): SessionMember {
  return { cardno: m.cardno, cardtype: m.cardtype, mobile: m.mobile, nickname: m.nickname };
}

/**
 * The state's hash covers the browser binding too: a state is only worth something together with
 * the cookie of the browser that asked for it, so a code+state pushed into another browser (login
 * CSRF) is refused, while several tabs of one browser may each run a login.
 */
const stateHash = (state: string, binding: string) => sha256(`${state}:${binding}`);

export async function startLogin(deps: Deps, binding: string): Promise<{ url: string; state: string }> {
  const config = requireConfig(deps);
  const state = randomToken(24);
  await repo.sweepDead(deps.db);
  await repo.insertState(deps.db, stateHash(state, binding), WECHAT_RULES.stateSeconds);
  return { url: authorizeUrl(config, state), state };
}

export async function wxLogin(
  deps: Deps,
  input: Parsed<typeof wxLoginSchema>,
  binding: string | undefined,
  meta: ClientMeta,
): Promise<Outcome<WxLoginResult>> {
  const config = requireConfig(deps);
  if (
    !binding ||
    !BINDING_RE.test(binding) ||
    !(await repo.consumeState(deps.db, stateHash(input.state, binding)))
  ) {
    throw new AppError('WECHAT_STATE_INVALID');
  }
  const identity = await exchangeCode(config, input.code, deps.log);
  const member = await repo.findMemberByOpenid(deps.db, identity.openid);
  if (member) {
    const sessionToken = await createSession(deps.db, deps.config, member.id, meta);
    return { result: { bound: true, ...toSessionMember(member) }, sessionToken };
  }
  const ticket = randomToken(32);
  await repo.insertTicket(
    deps.db,
    { ticketHash: sha256(ticket), openid: identity.openid, nickname: identity.nickname },
    WECHAT_RULES.ticketSeconds,
  );
  return {
    result: { bound: false, ticket, nickname: identity.nickname, expiresIn: WECHAT_RULES.ticketSeconds },
    sessionToken: null,
  };
}

/**
 * The set-password ticket lives in reset_tokens under its own hash domain: User/resetPwd (which
 * ends every session) cannot redeem it, and a password-reset ticket cannot redeem Wechat/setPassword
 * (which keeps them).
 */
const setPasswordHash = (token: string) => sha256(`wechat-setpwd:${token}`);

const otherWechat = () => fieldError('WECHAT_ALREADY_BOUND', 'mobile');
const wechatTaken = () =>
  new AppError('WECHAT_ALREADY_BOUND', { message: '该微信已绑定其他手机号，请直接使用微信登录' });

/**
 * An unbound openid (its ticket) + a mobile proven by an SMS code: binds the mobile's member, or
 * creates one. Checks that need no secret come first, so a refused bind does not burn the code.
 */
export async function bindMobile(
  deps: Deps,
  input: Parsed<typeof bindMobileSchema>,
  meta: ClientMeta,
): Promise<Outcome<BindMobileResult>> {
  requireConfig(deps);
  const ticketHash = sha256(input.ticket);
  const live = await repo.findLiveTicket(deps.db, ticketHash);
  if (!live) throw new AppError('WECHAT_TICKET_INVALID');
  const before = await userRepo.findMemberByMobile(deps.db, input.mobile);
  if (before?.openid && before.openid !== live.openid) throw otherWechat();
  const owner = await repo.findMemberByOpenid(deps.db, live.openid);
  if (owner && owner.id !== before?.id) throw wechatTaken();
  // Never matches any password: the member sets one with the ticket answered below.
  const unusableHash = before ? '' : await hashPassword(randomToken(32));
  await consumeCode(deps.db, { mobile: input.mobile, purpose: 'bind', code: input.code });

  return deps.db.transaction(async (tx) => {
    const ticket = await repo.consumeTicket(tx, ticketHash);
    if (!ticket) throw new AppError('WECHAT_TICKET_INVALID');
    const owner = await repo.findMemberByOpenid(tx, ticket.openid);
    for (let attempt = 0; attempt < 8; attempt++) {
      const existing = await userRepo.findMemberByMobile(tx, input.mobile);
      if (owner && owner.id !== existing?.id) throw wechatTaken();
      if (existing) {
        if (existing.openid && existing.openid !== ticket.openid) throw otherWechat();
        if (!(await repo.setOpenid(tx, existing.id, ticket.openid))) throw otherWechat();
        const sessionToken = await createSession(tx, deps.config, existing.id, meta);
        return { result: { isNew: false, ...toSessionMember(existing) }, sessionToken };
      }
      const created = await repo.insertMemberWithOpenid(tx, {
        cardno: eightDigitNumber(),
        mobile: input.mobile,
        passwordHash: unusableHash || (await hashPassword(randomToken(32))),
        cardtype: input.cardtype,
        nickname: ticket.nickname || `用户${input.mobile.slice(-4)}`,
        openid: ticket.openid,
      });
      if (!created) continue; // cardno collision or a concurrent registration: look again
      const token = randomToken(32);
      await userRepo.insertResetToken(
        tx,
        created.id,
        setPasswordHash(token),
        WECHAT_RULES.setPasswordSeconds,
      );
      const sessionToken = await createSession(tx, deps.config, created.id, meta);
      return {
        result: {
          isNew: true,
          ...toSessionMember(created),
          token,
          expiresIn: WECHAT_RULES.setPasswordSeconds,
        },
        sessionToken,
      };
    }
    throw new AppError('INTERNAL', { message: '会员号分配失败，请重试' });
  });
}

/**
 * The first password of a member created by WeChat sign-in. Unlike User/resetPwd (a recovery,
 * which ends every session) this keeps the member's sessions: they were opened moments ago by the
 * same proof (WeChat + SMS) that issued the ticket.
 */
export async function setPassword(deps: Deps, input: Parsed<typeof wechatSetPasswordSchema>): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const memberId = await userRepo.consumeResetToken(tx, setPasswordHash(input.token));
    if (memberId === undefined) {
      throw new AppError('RESET_TOKEN_INVALID', { message: '设置密码已过期，请通过“忘记密码”设置登录密码' });
    }
    await userRepo.setPasswordHash(tx, memberId, passwordHash);
  });
}

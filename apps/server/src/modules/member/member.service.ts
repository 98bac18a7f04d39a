import type {
  changePwdSchema,
  SetPaymentResult,
  setPaymentSchema,
  UserInfo,
  updateBaseInfoSchema,
} from '@zl/shared';
import type { z } from 'zod';
import type { Member } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { recordFailure, recordSuccess, reserveTry } from '../../lib/lockout.repo.ts';
import type { Deps } from '../../lib/types.ts';
import { insertAudit } from '../audit/audit.repo.ts';
import { assertOwnFile } from '../file/file-access.ts';
import { forgetMemberSessions } from '../user/session.service.ts';
import * as userRepo from '../user/user.repo.ts';
import { LOGIN_RULES } from '../user/user.service.ts';
import * as repo from './member.repo.ts';
import { verifiedPayees } from './payee.repo.ts';
import { buildUserInfo, payoutOf } from './user-info.ts';

type Parsed<S extends z.ZodType> = z.output<S>;

async function memberOf(deps: Deps, memberId: number): Promise<Member> {
  const m = await userRepo.findMemberById(deps.db, memberId);
  if (!m) throw new AppError('NOT_LOGGED_IN');
  return m;
}

/**
 * Re-confirming the login password inside a session is a password guess like any other: it
 * counts toward the same 5-failures / 15-minutes lock as User/login, so a stolen session cannot
 * be used to find the password (or set a pay code) by trying.
 */
async function confirmPassword(deps: Deps, m: Member, password: string, field: string): Promise<void> {
  // The try is reserved on the member row before the hash is checked (docs/members.md, "Login
  // limits"), so parallel confirmations cannot get more than the allowed tries checked.
  const reserved = await reserveTry(
    deps.db,
    'members',
    m.id,
    LOGIN_RULES.maxFailures,
    LOGIN_RULES.lockMinutes,
  );
  if (reserved === 'locked') throw new AppError('ACCOUNT_LOCKED');
  if (reserved === 'busy') throw new AppError('RATE_LIMITED');
  if (await verifyPassword(m.passwordHash, password)) {
    if (!(await recordSuccess(deps.db, 'members', m.id))) throw new AppError('ACCOUNT_LOCKED');
    return;
  }
  const { locked, left } = await recordFailure(
    deps.db,
    'members',
    m.id,
    LOGIN_RULES.maxFailures,
    LOGIN_RULES.lockMinutes,
  );
  if (locked) throw new AppError('ACCOUNT_LOCKED');
  throw fieldError('PASSWORD_WRONG', field, `密码不正确，还可尝试 ${left} 次`);
}

export function userInfo(deps: Deps, memberId: number): Promise<UserInfo> {
  return buildUserInfo(deps.db, memberId);
}

export async function updateBaseInfo(
  deps: Deps,
  memberId: number,
  input: Parsed<typeof updateBaseInfoSchema>,
): Promise<UserInfo> {
  if (input.userlogo) {
    await assertOwnFile(deps.db, memberId, input.userlogo, {
      purposes: ['avatar'],
      visibility: 'public',
      field: 'userlogo',
      label: '头像',
    });
  }
  const touchedRegion = input.prov !== undefined || input.city !== undefined || input.strt !== undefined;
  const patch: repo.MemberPatch = {
    ...input,
    // The region is one choice: sending any part of it replaces all three.
    ...(touchedRegion ? { prov: input.prov ?? '', city: input.city ?? '', strt: input.strt ?? '' } : {}),
  };
  const keys = Object.keys(patch).filter((k) => patch[k as keyof repo.MemberPatch] !== undefined);
  if (keys.length > 0) {
    await repo.updateMember(
      deps.db,
      memberId,
      Object.fromEntries(keys.map((k) => [k, patch[k as keyof repo.MemberPatch]])),
    );
  }
  return userInfo(deps, memberId);
}

export async function setPayment(
  deps: Deps,
  memberId: number,
  input: Parsed<typeof setPaymentSchema>,
): Promise<SetPaymentResult> {
  const m = await memberOf(deps, memberId);
  // Alipay and the banks pay only the account holder named: the payee is a verified name
  // (docs/withdrawals.md "The payee"); checked first, so a refusal spends no password try
  const names = await verifiedPayees(deps.db, memberId);
  if (names.length === 0)
    throw fieldError(
      'VALIDATION_FAILED',
      'payoutName',
      '请先完成实名认证或企业认证，收款人须为认证的姓名或企业名称',
    );
  if (!names.includes(input.payoutName))
    throw fieldError('VALIDATION_FAILED', 'payoutName', `收款人须与认证信息一致：${names.join(' 或 ')}`);
  await confirmPassword(deps, m, input.password, 'password');
  const paycodeHash = await hashPassword(input.paycode);
  await deps.db.transaction(async (tx) => {
    await repo.updateMember(tx, memberId, {
      paycodeHash,
      payoutType: input.payoutType,
      payoutName: input.payoutName,
      payoutAccount: input.payoutAccount,
      payoutBank: input.payoutType === 'bank' ? (input.payoutBank ?? '') : '',
    });
    await insertAudit(tx, {
      actorType: 'member',
      actorId: memberId,
      action: 'member.set_payment',
      targetType: 'member',
      targetId: String(memberId),
      detail: { payoutType: input.payoutType, replaced: m.paycodeHash !== null },
    });
  });
  const after = await memberOf(deps, memberId);
  return { ispaycode: true, payout: payoutOf(after) };
}

/** The new password ends every other session and every remember token; this one stays. */
export async function changePwd(
  deps: Deps,
  member: { memberId: number; sessionHash: string },
  input: Parsed<typeof changePwdSchema>,
): Promise<void> {
  const m = await memberOf(deps, member.memberId);
  await confirmPassword(deps, m, input.oldPassword, 'oldPassword');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await userRepo.setPasswordHash(tx, m.id, passwordHash);
    await repo.endOtherSessions(tx, m.id, member.sessionHash);
    await forgetMemberSessions(tx, m.id, deps.sessions);
    await insertAudit(tx, {
      actorType: 'member',
      actorId: m.id,
      action: 'member.change_password',
      targetType: 'member',
      targetId: String(m.id),
      detail: {},
    });
  });
}

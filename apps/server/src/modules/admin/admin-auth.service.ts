import type { AdminMe } from '@zl/shared';
import { dummyPasswordHash, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { hitCounter, peekCounter } from '../../lib/rate-counter.ts';
import type { Deps } from '../../lib/types.ts';
import * as repo from './admin.repo.ts';
import { insertAudit } from './audit.repo.ts';

/** Same rules as member logins (docs/product.md § Accounts and identity): 5 failures lock for 15 minutes; per-IP limit. */
export const ADMIN_LOGIN_RULES = { maxFailures: 5, lockMinutes: 15, ipWindowSeconds: 15 * 60 } as const;

const LOCKED_MESSAGE = '密码错误次数过多，账号已临时锁定，请 15 分钟后再试';

export interface AdminLoginOutcome {
  me: AdminMe;
  token: string;
}

/**
 * Username + password. An unknown, disabled or locked-out name answers like a wrong password on a
 * known one and costs the same argon2 verification, so the form does not reveal which names exist.
 */
export async function adminLogin(
  deps: Deps,
  input: { username: string; password: string },
  ip: string,
): Promise<AdminLoginOutcome> {
  const ipKey = `adminloginfail:${ip}`;
  if (
    (await peekCounter(deps.db, ipKey, ADMIN_LOGIN_RULES.ipWindowSeconds)) >= deps.config.loginIpFailureLimit
  ) {
    throw new AppError('RATE_LIMITED', {
      message: '登录失败次数过多，请 15 分钟后再试',
      data: { retryAfter: ADMIN_LOGIN_RULES.ipWindowSeconds },
    });
  }
  const username = input.username.trim().toLowerCase();
  const found = await repo.findAdminByUsername(deps.db, username);
  const admin = found && !found.disabled ? found : undefined;
  if (admin?.lockedUntil && admin.lockedUntil.getTime() > Date.now()) {
    // still verify, so a locked name costs what any other attempt costs
    await verifyPassword(admin.passwordHash, input.password);
    throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
  }
  const unknownKey = `adminloginfail-unknown:${username}`;
  const unknownWindow = ADMIN_LOGIN_RULES.lockMinutes * 60;
  const ok = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!admin && (await peekCounter(deps.db, unknownKey, unknownWindow)) >= ADMIN_LOGIN_RULES.maxFailures) {
    throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
  }
  if (!admin || !ok) {
    await hitCounter(deps.db, ipKey, ADMIN_LOGIN_RULES.ipWindowSeconds);
    if (!admin) {
      const tries = await hitCounter(deps.db, unknownKey, unknownWindow);
      if (tries >= ADMIN_LOGIN_RULES.maxFailures)
        throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
      throw new AppError('ADMIN_LOGIN_FAILED');
    }
    const { locked } = await repo.recordAdminFailure(
      deps.db,
      admin.id,
      ADMIN_LOGIN_RULES.maxFailures,
      ADMIN_LOGIN_RULES.lockMinutes,
    );
    if (locked) throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
    throw new AppError('ADMIN_LOGIN_FAILED');
  }
  const token = randomToken(32);
  await deps.db.transaction(async (tx) => {
    await repo.clearAdminFailures(tx, admin.id);
    await repo.insertAdminSession(tx, admin.id, sha256(token));
    await insertAudit(tx, {
      actorType: 'admin',
      actorId: admin.id,
      action: 'admin.login',
      targetType: 'admin',
      targetId: admin.id,
      detail: { ip },
    });
  });
  return { me: { username: admin.username, displayName: admin.displayName, role: admin.role }, token };
}

export async function adminLogout(deps: Deps, token: string | undefined): Promise<void> {
  if (token) await repo.deleteAdminSession(deps.db, sha256(token));
}

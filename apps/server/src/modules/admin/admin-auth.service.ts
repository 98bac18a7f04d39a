import type { AdminMe } from '@zl/shared';
import { dummyPasswordHash, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { recordFailure, recordSuccess, reserveTry } from '../../lib/lockout.repo.ts';
import { releaseCounter, reserveCounter } from '../../lib/rate-counter.ts';
import type { Deps } from '../../lib/types.ts';
import { reserveAddressTry } from '../user/login-limits.ts';
import * as repo from './admin.repo.ts';
import { insertAudit } from './audit.repo.ts';

/** Same rules as member logins (docs/product.md § Accounts and identity): 5 failures lock for 15 minutes; per-address limits. */
export const ADMIN_LOGIN_RULES = { maxFailures: 5, lockMinutes: 15 } as const;

const LOCKED_MESSAGE = '密码错误次数过多，账号已临时锁定，请 15 分钟后再试';

export interface AdminLoginOutcome {
  me: AdminMe;
  token: string;
}

/**
 * Username + password. An unknown or disabled name answers like a wrong password on a known one
 * and costs the same argon2 verification, so the form does not reveal which names exist. Every
 * try is reserved before the password is verified (per-address limits, then the operator row or
 * the unknown name's counter), so parallel guesses never get more than the allowed tries checked,
 * and a right password guessed beside them neither logs in on a locked row nor lifts the lock.
 */
export async function adminLogin(
  deps: Deps,
  input: { username: string; password: string },
  ip: string,
): Promise<AdminLoginOutcome> {
  const username = input.username.trim().toLowerCase();
  const addressKeys = await reserveAddressTry(deps, 'adminloginfail', ip, username);
  // Only a failed password check keeps the per-address places; any other outcome gives them back.
  let failed = false;
  let admin: NonNullable<Awaited<ReturnType<typeof repo.findAdminByUsername>>>;
  try {
    const found = await repo.findAdminByUsername(deps.db, username);
    if (!found || found.disabled) {
      const tries = await reserveCounter(
        deps.db,
        `adminloginfail-unknown:${username}`,
        ADMIN_LOGIN_RULES.lockMinutes * 60,
        ADMIN_LOGIN_RULES.maxFailures,
      );
      if (tries === null) throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
      await verifyPassword(await dummyPasswordHash(), input.password);
      failed = true;
      if (tries >= ADMIN_LOGIN_RULES.maxFailures) {
        throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
      }
      throw new AppError('ADMIN_LOGIN_FAILED');
    }
    const reserved = await reserveTry(
      deps.db,
      'admins',
      found.id,
      ADMIN_LOGIN_RULES.maxFailures,
      ADMIN_LOGIN_RULES.lockMinutes,
    );
    if (reserved === 'locked') throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
    if (reserved === 'busy') throw new AppError('RATE_LIMITED');
    if (!(await verifyPassword(found.passwordHash, input.password))) {
      failed = true;
      const { locked } = await recordFailure(
        deps.db,
        'admins',
        found.id,
        ADMIN_LOGIN_RULES.maxFailures,
        ADMIN_LOGIN_RULES.lockMinutes,
      );
      if (locked) throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
      throw new AppError('ADMIN_LOGIN_FAILED');
    }
    admin = found;
  } finally {
    if (!failed) await releaseCounter(deps.db, addressKeys);
  }
  const token = randomToken(32);
  await deps.db.transaction(async (tx) => {
    // A parallel wrong guess may have locked the operator while this one was checked.
    if (!(await recordSuccess(tx, 'admins', admin.id))) {
      throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
    }
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

import type { AdminMe } from '@zl/shared';
import { dummyPasswordHash, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { recordFailure, reserveTry } from '../../lib/lockout.repo.ts';
import { releaseCounter, reserveCounter } from '../../lib/rate-counter.ts';
import type { Deps } from '../../lib/types.ts';
import { ADMIN_ABSOLUTE_SECONDS } from '../../plugins/admin-session.ts';
import { loginPlaces, refuseUnlessPlaced } from '../user/login-limits.ts';
import * as repo from './admin.repo.ts';
import type { LoginAdmin } from './admin-login.repo.ts';
import * as loginRepo from './admin-login.repo.ts';

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
  const places = loginPlaces('adminloginfail', ip, username, deps.config.sessions);
  const address = places.address.key;
  const pair = places.pair.key;
  // Besides the hash, two statements as a member's login (docs/members.md § Login limits): the
  // places and the operator's try, then the success.
  const reserved = await loginRepo.reserveAdminLogin(deps.db, {
    ...places,
    username,
    maxFailures: ADMIN_LOGIN_RULES.maxFailures,
    lockMinutes: ADMIN_LOGIN_RULES.lockMinutes,
  });
  await refuseUnlessPlaced(deps.db, reserved, address, pair);
  const addressKeys: [string, string] = [address, pair];
  // Only a failed password check keeps the per-address places; any other outcome gives them back.
  let failed = false;
  let released = false;
  try {
    let admin: LoginAdmin;
    if (reserved.admin) admin = reserved.admin;
    else if (reserved.adminId === null) {
      // an unknown or disabled name
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
    } else {
      // Locked, or every remaining try is being checked by parallel requests: wait for them as
      // reserveTry does (the statement above made its first attempt).
      const tries = await reserveTry(
        deps.db,
        'admins',
        reserved.adminId,
        ADMIN_LOGIN_RULES.maxFailures,
        ADMIN_LOGIN_RULES.lockMinutes,
      );
      if (tries === 'locked') throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
      if (tries === 'busy') throw new AppError('RATE_LIMITED');
      const found = await repo.findAdminByUsername(deps.db, username);
      if (!found || found.id !== reserved.adminId)
        throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
      admin = found;
    }
    if (!(await verifyPassword(admin.passwordHash, input.password))) {
      failed = true;
      const { locked } = await recordFailure(
        deps.db,
        'admins',
        admin.id,
        ADMIN_LOGIN_RULES.maxFailures,
        ADMIN_LOGIN_RULES.lockMinutes,
      );
      if (locked) throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
      throw new AppError('ADMIN_LOGIN_FAILED');
    }
    // One statement for the whole success. A parallel wrong guess may have locked the operator
    // while this one was checked: then nothing of it is written but the places given back.
    const token = randomToken(32);
    const ok = await loginRepo.completeAdminLogin(deps.db, {
      adminId: admin.id,
      idHash: sha256(token),
      absoluteSeconds: ADMIN_ABSOLUTE_SECONDS,
      releaseKeys: addressKeys,
      ip,
    });
    released = true;
    if (!ok) throw new AppError('ACCOUNT_LOCKED', { message: LOCKED_MESSAGE });
    return { me: { username: admin.username, displayName: admin.displayName, role: admin.role }, token };
  } finally {
    if (!failed && !released) await releaseCounter(deps.db, addressKeys);
  }
}

export async function adminLogout(deps: Deps, token: string | undefined): Promise<void> {
  if (token) await repo.deleteAdminSession(deps.db, sha256(token));
}

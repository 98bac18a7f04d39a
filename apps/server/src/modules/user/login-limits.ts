import type { DbOrTx } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { counterRetryAfter, releaseCounter } from '../../lib/rate-counter.ts';

/**
 * Failed-login limits per client address (docs/members.md, "Login limits"). Behind a proxy many
 * people share one address, so the tight limit is per (address, account) pair and the per-address
 * ceiling is much higher. Both are reserved before the password is verified (so parallel requests
 * cannot pass them), in the login's first statement (modules/user/login.repo.ts,
 * modules/admin/admin-login.repo.ts), and given back when the login succeeds: only failures count.
 */
export const ADDRESS_WINDOW_SECONDS = 15 * 60;
export const PAIR_WINDOW_SECONDS = 60 * 60;

export type LoginScope = 'loginfail' | 'adminloginfail';

export function addressKey(scope: LoginScope, ip: string): string {
  return `${scope}:${ip}`;
}

/** Hashed: an IPv6 address and a 64-character operator name would not fit the key column. */
export function pairKey(scope: LoginScope, ip: string, account: string): string {
  return `${scope}-pair:${sha256(`${ip}\n${account}`).slice(0, 40)}`;
}

/**
 * The two places a login reserves before the password is checked: one under the address's
 * ceiling and one under the (address, account) pair's limit (`config.sessions`).
 */
export function loginPlaces(
  scope: LoginScope,
  ip: string,
  account: string,
  limits: { loginIpFailureLimit: number; loginIpAccountFailureLimit: number },
) {
  return {
    address: {
      key: addressKey(scope, ip),
      windowSeconds: ADDRESS_WINDOW_SECONDS,
      limit: limits.loginIpFailureLimit,
    },
    pair: {
      key: pairKey(scope, ip, account),
      windowSeconds: PAIR_WINDOW_SECONDS,
      limit: limits.loginIpAccountFailureLimit,
    },
  };
}

/** The address's failures are used up (it answers the whole window as Retry-After). */
export function addressLimited(): AppError {
  return new AppError('RATE_LIMITED', {
    message: '登录失败次数过多，请 15 分钟后再试',
    data: { retryAfter: ADDRESS_WINDOW_SECONDS },
  });
}

/** The (address, account) pair's failures are used up: the minutes left of its window. */
export async function pairLimited(db: DbOrTx, pair: string): Promise<AppError> {
  const retryAfter = await counterRetryAfter(db, pair, PAIR_WINDOW_SECONDS);
  return new AppError('RATE_LIMITED', {
    message: `该账号在当前网络登录失败次数过多，请 ${Math.ceil(retryAfter / 60)} 分钟后再试`,
    data: { retryAfter },
  });
}

/**
 * A login's first statement reports which places it took: refuses the try when one was not. A
 * refused pair gives the address place back, so nothing of a refused try is counted.
 */
export async function refuseUnlessPlaced(
  db: DbOrTx,
  reserved: { address: boolean; pair: boolean },
  address: string,
  pair: string,
): Promise<void> {
  if (!reserved.address) throw addressLimited();
  if (!reserved.pair) {
    await releaseCounter(db, [address]);
    throw await pairLimited(db, pair);
  }
}

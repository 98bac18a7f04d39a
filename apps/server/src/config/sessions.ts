import { z } from 'zod';

/** Sign-in and sessions (docs/members.md, ADR 0002): timeouts, the session cache, failed-login limits. */
export const sessionsEnv = z.object({
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  REMEMBER_DAYS: z.coerce.number().int().min(1).default(30),
  /** a live session read within this many seconds is answered from the process's cache (0: off; docs/members.md) */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  LOGIN_IP_FAILURE_LIMIT: z.coerce.number().int().min(1).default(300),
  LOGIN_IP_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
});

export type SessionsEnv = z.output<typeof sessionsEnv>;

export function sessionsConfig(e: SessionsEnv) {
  return {
    idleMs: e.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    /** how long a remember-me token signs the browser back in */
    rememberMs: e.REMEMBER_DAYS * 86_400_000,
    /** 0: every request reads its session from the database */
    cacheMs: e.SESSION_CACHE_SECONDS * 1000,
    /** failed logins allowed per client address (all accounts together) in a 15-minute window */
    loginIpFailureLimit: e.LOGIN_IP_FAILURE_LIMIT,
    /** failed logins allowed per (client address, account) pair in a one-hour window */
    loginIpAccountFailureLimit: e.LOGIN_IP_ACCOUNT_FAILURE_LIMIT,
  };
}

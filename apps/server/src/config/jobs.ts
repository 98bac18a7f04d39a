import { z } from 'zod';
import { bool } from './values.ts';

/** Scheduled work in this process (jobs/scheduler.ts): project expiry, outbox delivery, auto-acceptance… */
export const jobsEnv = z.object({
  /** off e.g. for a one-off CLI */
  JOBS_ENABLED: bool,
  EXPIRE_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
});

export type JobsEnv = z.output<typeof jobsEnv>;

export function jobsConfig(e: JobsEnv) {
  return {
    enabled: e.JOBS_ENABLED ?? true,
    /** how often bidding projects past their deadline are expired */
    expireIntervalMs: e.EXPIRE_INTERVAL_SECONDS * 1000,
  };
}

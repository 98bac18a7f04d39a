import { z } from 'zod';

/**
 * Admin/queueCounts (docs/admin.md "Queue badges"): how many items wait in each console queue the
 * operator's role may work; a queue of another role is null (not counted, not shown).
 */
export const QUEUE_KEYS = ['verify', 'projects', 'withdrawals', 'complaints'] as const;
export type QueueKey = (typeof QUEUE_KEYS)[number];

export const queueCountsSchema = z.strictObject({});

const count = z.number().int().nullable();
export const queueCountsResultSchema = z.object({
  /** personal and business verifications pending review (reviewer) */
  verify: count,
  /** postings pending review: status 待审核 with checked 0 (reviewer) */
  projects: count,
  /** withdrawal requests pending payout (finance) */
  withdrawals: count,
  /** complaints not ruled yet: open or answered (reviewer) */
  complaints: count,
});
export type QueueCounts = z.infer<typeof queueCountsResultSchema>;

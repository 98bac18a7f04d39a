import type { Db } from '../db/client.ts';
import { lockNextDueProject } from '../modules/project/project.repo.ts';
import { refundBidders } from '../modules/project/project-refund.ts';
import { applyTransition } from '../modules/project/project-transition.ts';

export interface ExpireResult {
  expired: number;
  refunded: number;
  failed: number;
}

/**
 * Closes every bidding project past its deadline (1 → 7, closedBy expired) and refunds its
 * bidders, one transaction per project. Each transaction takes the oldest due project with
 * `FOR UPDATE SKIP LOCKED`, so any number of runners (processes, overlapping rounds) share the
 * work without waiting on each other, and a project being awarded or cancelled right now is left
 * to that call; the transition re-checks status and deadline under the lock, and refunds are
 * idempotent. A project that fails is logged and skipped for the rest of this run.
 */
export async function expireProjects(
  db: Db,
  opts: { limit?: number; onError?: (projectId: number, err: unknown) => void } = {},
): Promise<ExpireResult> {
  const limit = opts.limit ?? 1000;
  const result: ExpireResult = { expired: 0, refunded: 0, failed: 0 };
  const failed: number[] = [];
  while (result.expired + result.failed < limit) {
    let picked: number | undefined;
    try {
      const out = await db.transaction(async (tx) => {
        const due = await lockNextDueProject(tx, failed);
        if (!due) return null;
        picked = due.id;
        // The transition writes its outbox event in this transaction: delivered after the commit.
        await applyTransition(
          tx,
          { projectId: due.id, event: 'expire', actor: { type: 'system', id: null } },
          () => ({ closedBy: 'expired' }),
        );
        const refunded = await refundBidders(tx, due.id);
        return { refunded };
      });
      if (!out) break;
      result.expired++;
      result.refunded += out.refunded;
    } catch (err) {
      if (picked === undefined) throw err; // the database itself failed: end this run
      failed.push(picked);
      result.failed++;
      opts.onError?.(picked, err);
    }
  }
  return result;
}

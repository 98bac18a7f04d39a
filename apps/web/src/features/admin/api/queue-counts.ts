import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { QueueCounts } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** How often the menu's badges ask again while the console is open (docs/admin.md "Queue badges"). */
export const QUEUE_COUNTS_INTERVAL_MS = 30_000;

/** POST Admin/queueCounts: the waiting items of each queue the operator's role works. */
export function queueCountsQuery(enabled = true) {
  return queryOptions({
    queryKey: adminKeys.queueCounts(),
    queryFn: ({ signal }) =>
      api.post<QueueCounts>('Admin/queueCounts', {}, { skipErrorHandler: true, signal }),
    enabled,
    refetchInterval: QUEUE_COUNTS_INTERVAL_MS,
    refetchOnWindowFocus: true,
    // a badge that cannot refresh stays as it was; the pages say what went wrong
    meta: { skipErrorHandler: true },
  });
}

/** After a review, payout or ruling: the badges count again at once. */
export function refreshQueueCounts(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: adminKeys.queueCounts() });
}

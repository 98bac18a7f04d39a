import { projectKeys } from '../../../lib/query-keys.ts';

/**
 * Query keys of change orders (变更单). Under `project` (`['project', 'changeOrders', id]`), like
 * the payment plan: a live `project` event or a resync reads the list again for either party
 * (`message/api/live-events.ts` matches the first part and the project's id).
 */
export const changeKeys = {
  all: [...projectKeys.all, 'changeOrders'] as const,
  /** one project's change orders, with its contract amount, what the winner may do and may reduce */
  list: (projectId: number) => [...changeKeys.all, projectId] as const,
};

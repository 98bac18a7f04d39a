import { projectKeys } from '../../../lib/query-keys.ts';

/**
 * Query keys of the venue filing (报馆). Under `project` (`['project', 'filing', id]`), like the
 * on-site timeline: a live `project` event or a resync reads it again for either party
 * (`message/api/live-events.ts` matches the first part and the project's id).
 */
export const filingKeys = {
  all: [...projectKeys.all, 'filing'] as const,
  /** one project's filing, with what the caller may do now */
  info: (projectId: number) => [...filingKeys.all, projectId] as const,
};

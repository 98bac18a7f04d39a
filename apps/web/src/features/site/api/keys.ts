import { projectKeys } from '../../../lib/query-keys.ts';

/**
 * Query keys of the on-site timeline (现场). Under `project` (`['project', 'site', id]`), like the
 * change orders: a live `project` event or a resync reads it again for either party
 * (`message/api/live-events.ts` matches the first part and the project's id).
 */
export const siteKeys = {
  all: [...projectKeys.all, 'site'] as const,
  /** one project's timeline, with what the caller may do now */
  timeline: (projectId: number) => [...siteKeys.all, projectId] as const,
};

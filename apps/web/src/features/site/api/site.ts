/**
 * 现场 (docs/site.md): Projectcenter/siteTimeline, checkIn, siteLog, ready; Customer/confirmCheckIn.
 * Every step answers the whole timeline again, which replaces the cached one.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteTimeline } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { useSubmission } from '../../../lib/submission.ts';
import { siteKeys } from './keys.ts';

/**
 * One project's timeline, to its customer and its winner. To anyone else (and before the award)
 * the server answers NOT_FOUND: a side panel, it then stays away quietly (no shared error
 * handling, which would go to the not-found page).
 */
export function siteTimelineQuery(projectId: number, enabled = true) {
  return queryOptions({
    queryKey: siteKeys.timeline(projectId),
    queryFn: ({ signal }) =>
      api.post<SiteTimeline>(
        'Projectcenter/siteTimeline',
        { id: projectId },
        { signal, skipErrorHandler: true },
      ),
    enabled: enabled && projectId > 0,
    meta: { skipErrorHandler: true },
    retry: false,
  });
}

export function useSiteTimeline(projectId: number, enabled = true) {
  return useQuery(siteTimelineQuery(projectId, enabled));
}

/** What each step sends (the project's id as the number the web sends). */
export type SiteStep =
  | { kind: 'checkin'; body: { id: number; photos: string[]; lat?: number; lng?: number } }
  | { kind: 'log'; body: { id: number; photos: string[]; note: string } }
  | { kind: 'ready'; body: { id: number; photos: string[] } };

const STEP_PATH: Record<SiteStep['kind'], string> = {
  checkin: 'Projectcenter/checkIn',
  log: 'Projectcenter/siteLog',
  ready: 'Projectcenter/ready',
};

/**
 * 进场打卡 / 写施工日志 / 展台就绪 (the winner): sent with its Idempotency-Key (one per form); the
 * form shows a refusal itself. The answer is the new timeline.
 */
export function useSiteStep() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (step: SiteStep) =>
      api.post<SiteTimeline>(STEP_PATH[step.kind], step.body, { skipErrorHandler: true, submission }),
    meta: { skipErrorHandler: true },
    onSuccess: (timeline, step) => qc.setQueryData(siteKeys.timeline(step.body.id), timeline),
  });
}

/** 确认进场 (the project's customer), with its Idempotency-Key. */
export function useConfirmCheckIn() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (projectId: number) =>
      api.post<SiteTimeline>(
        'Customer/confirmCheckIn',
        { id: projectId },
        { skipErrorHandler: true, submission },
      ),
    meta: { skipErrorHandler: true },
    onSuccess: (timeline, projectId) => qc.setQueryData(siteKeys.timeline(projectId), timeline),
  });
}

/** After a refusal that says the project moved on (INVALID_STATE): the timeline again. */
export function useRefreshSite() {
  const qc = useQueryClient();
  return (projectId: number) => qc.invalidateQueries({ queryKey: siteKeys.timeline(projectId) });
}

/**
 * 报馆 (docs/filing.md): Projectcenter/filingInfo, filingSave, filingStatus and the PDF's link.
 * Every submission answers the whole filing again, which replaces the cached one.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilingSaveInput, FilingStatusInput, FilingView } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { useSubmission } from '../../../lib/submission.ts';
import { filingKeys } from './keys.ts';

/** What the two submissions send (the project's id as the number the web sends). */
export type FilingSaveBody = Omit<FilingSaveInput, 'id'> & { id: number };
export type FilingStatusBody = Omit<FilingStatusInput, 'id'> & { id: number };

/** The filing PDF, downloaded by a plain link (the member's session cookie goes along). */
export function filingPdfUrl(projectId: number): string {
  return `/api/Projectcenter/filingPdf?id=${projectId}`;
}

/**
 * One project's filing, to its customer and its winner. To anyone else (and before the award) the
 * server answers NOT_FOUND: a side panel, it then stays away quietly (no shared error handling,
 * which would go to the not-found page).
 */
export function filingInfoQuery(projectId: number, enabled = true) {
  return queryOptions({
    queryKey: filingKeys.info(projectId),
    queryFn: ({ signal }) =>
      api.post<FilingView>('Projectcenter/filingInfo', { id: projectId }, { signal, skipErrorHandler: true }),
    enabled: enabled && projectId > 0,
    meta: { skipErrorHandler: true },
    retry: false,
  });
}

export function useFilingInfo(projectId: number, enabled = true) {
  return useQuery(filingInfoQuery(projectId, enabled));
}

/**
 * 保存报馆资料 (the winner), with its Idempotency-Key (one per form); the form shows a refusal
 * itself. The answer is the new filing.
 */
export function useFilingSave() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: FilingSaveBody) =>
      api.post<FilingView>('Projectcenter/filingSave', body, { skipErrorHandler: true, submission }),
    meta: { skipErrorHandler: true },
    onSuccess: (view, body) => qc.setQueryData(filingKeys.info(body.id), view),
  });
}

/** 已提交场馆 / 场馆已通过 / 场馆要求修改 (the winner), with its Idempotency-Key. */
export function useFilingStatus() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: FilingStatusBody) =>
      api.post<FilingView>('Projectcenter/filingStatus', body, { skipErrorHandler: true, submission }),
    meta: { skipErrorHandler: true },
    onSuccess: (view, body) => qc.setQueryData(filingKeys.info(body.id), view),
  });
}

/** After a refusal that says the project or the filing moved on (INVALID_STATE): the filing again. */
export function useRefreshFiling() {
  const qc = useQueryClient();
  return (projectId: number) => qc.invalidateQueries({ queryKey: filingKeys.info(projectId) });
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminComplaintDetail,
  ComplaintPage,
  ComplaintRuleInput,
  ComplaintState,
  complaintMessagesResultSchema,
} from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminComplaintKeys as keys } from './keys.ts';
import { refreshQueueCounts } from './queue-counts.ts';

export interface ComplaintQueueQuery {
  state?: ComplaintState | undefined;
  page: number;
  pageSize: number;
}

export function complaintQueueQuery(q: ComplaintQueueQuery) {
  return queryOptions({
    queryKey: keys.list(q),
    queryFn: ({ signal }) => api.post<ComplaintPage>('Admin/complaintList', q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function adminComplaintQuery(id: number) {
  return queryOptions({
    queryKey: keys.info(id),
    queryFn: ({ signal }) => api.post<AdminComplaintDetail>('Admin/complaintInfo', { id }, { signal }),
    enabled: id > 0,
  });
}

/** `data` of Admin/complaintMessages: every thread of the complaint's project, withdrawn messages included. */
export type ComplaintMessages = ReturnType<typeof complaintMessagesResultSchema.parse>;
export type ComplaintThread = ComplaintMessages['listItem'][number];
export type ComplaintThreadMessage = ComplaintThread['messages'][number];

/**
 * Admin/complaintMessages: the server writes every read to the audit log, so it is read only when
 * the operator asks (`enabled`) and never again on its own: no refetch while shown, nothing kept
 * once the panel is gone (the next look is a new, logged read). The panel shows its own error.
 */
export function complaintMessagesQuery(id: number, enabled: boolean) {
  return queryOptions({
    queryKey: keys.messages(id),
    queryFn: ({ signal }) =>
      api.post<ComplaintMessages>('Admin/complaintMessages', { id }, { signal, inline: true }),
    enabled: enabled && id > 0,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    meta: { skipErrorHandler: true },
  });
}

/** Admin/complaintRule; the form shows a refused amount itself. */
export function useComplaintRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplaintRuleInput) =>
      api.post<{ id: number; projectStatus: number; refundSent: boolean }>('Admin/complaintRule', body, {
        skipErrorHandler: true,
      }),
    meta: { skipErrorHandler: true },
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: keys.all() }), refreshQueueCounts(qc)]),
  });
}

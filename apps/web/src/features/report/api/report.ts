import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportInfo, ReportReviewInput, ReportReviewResult, UpdateReportsInput } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { reportKeys } from '../../../lib/query-keys.ts';

/** Projectcenter/reportInfo: the checklist, to the winner and the project's customer. */
export function reportInfoQuery(id: number, enabled = true) {
  return queryOptions({
    queryKey: reportKeys.info(id),
    queryFn: ({ signal }) =>
      api.post<ReportInfo>('Projectcenter/reportInfo', { id }, { signal, skipErrorHandler: true }),
    enabled: enabled && id > 0,
    retry: false,
  });
}

/** Everything a report changes: the checklist and both sides' project views. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries();
}

/** Projectcenter/fUpdateReports */
export function useUpdateReports() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UpdateReportsInput) =>
      api.post<ReportInfo>('Projectcenter/fUpdateReports', body, { skipErrorHandler: true }),
    onSuccess: invalidate,
  });
}

/** Customer/reportReview */
export function useReportReview() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ReportReviewInput) =>
      api.post<ReportReviewResult>('Customer/reportReview', body, { skipErrorHandler: true }),
    onSuccess: invalidate,
  });
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminFilingPage } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminFilingKeys } from './filing-keys.ts';

/** One row of Admin/filingList: a project under way with a filing deadline (no crew). */
export type AdminFiling = AdminFilingPage['listItem'][number];

export interface FilingListQuery {
  /** only the late ones: past the deadline and not approved */
  late: boolean;
  page: number;
}

/** POST Admin/filingList: 20 a page, the nearest deadline first (docs/filing.md "Late"). */
export function filingListQuery(q: FilingListQuery) {
  // the server's schema is strict: only `late` and the page
  const body = { late: q.late, page: q.page };
  return queryOptions({
    queryKey: adminFilingKeys.list(body),
    queryFn: ({ signal }) => api.post<AdminFilingPage>('Admin/filingList', body, { signal }),
    placeholderData: keepPreviousData,
  });
}

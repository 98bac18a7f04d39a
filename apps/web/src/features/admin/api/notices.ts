import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NOTICE_STATUSES, NoticeKind } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** One row of Admin/noticeList (adminNoticeSchema of @zl/shared): no content, only the kind. */
export interface AdminNotice {
  id: number;
  cardno: string;
  kind: NoticeKind;
  channel: 'sms' | 'wechat';
  status: NoticeStatus;
  attempts: number;
  /** the provider's last refusal (a code and its message), '' when none */
  lastError: string;
  created: string;
  sendAfter: string;
  sent: string | null;
}

/** `data` of Admin/noticeList (adminNoticePageSchema): 20 a page, newest first, and the count per status. */
export interface AdminNoticePage {
  listItem: AdminNotice[];
  total: number;
  page: number;
  counts: Partial<Record<string, number>>;
}

export interface NoticeListQuery {
  status?: NoticeStatus | undefined;
  page: number;
}

/** POST Admin/noticeList: the notices sent outside the site (SMS, WeChat), by status. */
export function noticeListQuery(q: NoticeListQuery) {
  // the server's schema is strict: only the status and the page
  const body = { page: q.page, ...(q.status ? { status: q.status } : {}) };
  return queryOptions({
    queryKey: adminKeys.noticeList(body),
    queryFn: ({ signal }) => api.post<AdminNoticePage>('Admin/noticeList', body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST Admin/noticeRetry: a failed notice is queued again; the list reads again after it. */
export function useNoticeRetry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<null>('Admin/noticeRetry', { id }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.notices() }),
  });
}

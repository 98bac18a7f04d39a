/** Query keys of the console (TanStack Query key factories; docs/web.md § How the web calls the API). */
export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  queue: (q: object) => [...adminKeys.all, 'authQueue', q] as const,
  queues: () => [...adminKeys.all, 'authQueue'] as const,
  detail: (kind: string, id: number) => [...adminKeys.all, 'authDetail', kind, id] as const,
  members: (q: object) => [...adminKeys.all, 'memberList', q] as const,
  audit: (q: object) => [...adminKeys.all, 'auditList', q] as const,
  admins: () => [...adminKeys.all, 'adminList'] as const,
  withdrawals: () => [...adminKeys.all, 'withdrawList'] as const,
  withdrawList: (q: object) => [...adminKeys.withdrawals(), q] as const,
  funds: () => [...adminKeys.all, 'fundsOverview'] as const,
  queueCounts: () => [...adminKeys.all, 'queueCounts'] as const,
  notices: () => [...adminKeys.all, 'noticeList'] as const,
  noticeList: (q: object) => [...adminKeys.notices(), q] as const,
};

/** The operator's project review (features/admin/projects). */
export const projectReviewKeys = {
  all: ['admin', 'projects'] as const,
  queues: () => [...projectReviewKeys.all, 'queue'] as const,
  queue: (q: object) => [...projectReviewKeys.queues(), q] as const,
  detail: (id: number) => [...projectReviewKeys.all, 'detail', id] as const,
};

/** The operator's complaint queue (features/admin/complaints). */
export const adminComplaintKeys = {
  all: () => [...adminKeys.all, 'complaints'] as const,
  list: (q: object) => [...adminKeys.all, 'complaints', 'list', q] as const,
  info: (id: number) => [...adminKeys.all, 'complaints', 'info', id] as const,
  /**
   * Outside `all()` on purpose: a ruling's refresh of the complaints must not read the
   * conversation again (every read is written to the audit log).
   */
  messages: (id: number) => [...adminKeys.all, 'complaintMessages', id] as const,
};

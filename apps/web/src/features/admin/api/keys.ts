/** Query keys of the console (TanStack Query key factory). */
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
};

/** Query keys of the customer portal (TanStack Query key factory). */
export const customerKeys = {
  all: ['customer'] as const,
  lists: () => [...customerKeys.all, 'projectList'] as const,
  list: (q: object) => [...customerKeys.lists(), q] as const,
  project: (id: number) => [...customerKeys.all, 'projectInfo', id] as const,
  quotes: (id: number) => [...customerKeys.all, 'quoteList', id] as const,
  winner: (id: number) => [...customerKeys.all, 'winnerInfo', id] as const,
};

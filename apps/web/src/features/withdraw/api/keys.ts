/** Query keys of withdrawals (docs/withdrawals.md). */
export const withdrawKeys = {
  all: ['withdraw'] as const,
  list: (page: number, pageSize: number) => [...withdrawKeys.all, 'list', page, pageSize] as const,
};

/** Query keys of the completion report (docs/delivery-report.md). */
export const reportKeys = {
  all: ['report'] as const,
  info: (id: number) => [...reportKeys.all, 'info', id] as const,
};

/** Query keys of invoices (发票; docs/invoices.md). */
export const invoiceKeys = {
  all: ['invoice'] as const,
  /** one project's invoices, with what its customer may still ask for */
  project: (projectId: number) => [...invoiceKeys.all, 'project', projectId] as const,
  /** all of the caller's invoices, page by page (收支明细) */
  mine: (page: number, pageSize: number) => [...invoiceKeys.all, 'mine', page, pageSize] as const,
};

/** Query keys of complaints (docs/delivery-complaint.md). */
export const complaintKeys = {
  all: ['complaint'] as const,
  list: (q: object) => [...complaintKeys.all, 'list', q] as const,
  info: (id: number) => [...complaintKeys.all, 'info', id] as const,
};

/** Query keys of evaluations (docs/delivery-evaluation.md). */
export const evaluationKeys = {
  all: ['evaluation'] as const,
  item: (side: 'supplier' | 'customer', id: number) => [...evaluationKeys.all, 'item', side, id] as const,
  list: (kind: 'received' | 'given', page: number, pageSize: number) =>
    [...evaluationKeys.all, 'list', kind, page, pageSize] as const,
  received: (id: number) => [...evaluationKeys.all, 'received', id] as const,
};

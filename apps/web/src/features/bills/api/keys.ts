/** Query keys of bills (收支明细; docs/bills.md). */
import type { BillsView } from '../lib/bills-filter.ts';

export const billsKeys = {
  all: ['bills'] as const,
  list: (v: BillsView) => ['bills', 'list', v] as const,
  monthly: (currency: string, months: number) => ['bills', 'monthly', currency, months] as const,
};

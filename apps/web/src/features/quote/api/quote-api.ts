import { useQuery } from '@tanstack/react-query';
import type { RequirementCategory } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import type { MyQuote, RequirementItem } from '../../order-center/api/types.ts';
import { projectKeys } from '../../order-detail/index.ts';
import type { PriceTablePayload } from '../lib/quote-math.ts';

export interface ProjectFee {
  coins: number;
  balance: number;
  enough: boolean;
  quoted: boolean;
}

export interface PriceTableTemplate {
  project: { id: number; title: string; orders: string };
  categories: Array<{ key: RequirementCategory; label: string; items: RequirementItem[] }>;
  quote: MyQuote | null;
}

/** POST Projectcenter/projectFee: coins the quote costs and the caller's balance. */
export function useProjectFee(id: number) {
  return useQuery({
    queryKey: projectKeys.fee(id),
    queryFn: ({ signal }) => api.post<ProjectFee>('Projectcenter/projectFee', { id }, { signal }),
    enabled: id > 0,
  });
}

/** POST Projectcenter/getPriceTable: the project's items by category, and the caller's quote if any. */
export function usePriceTable(id: number) {
  return useQuery({
    queryKey: projectKeys.priceTable(id),
    queryFn: ({ signal }) => api.post<PriceTableTemplate>('Projectcenter/getPriceTable', { id }, { signal }),
    enabled: id > 0,
  });
}

/** POST Projectcenter/priceTable (a new quote) or editPriceTable (the caller's existing one). */
export function submitQuote(body: PriceTablePayload, editing: boolean): Promise<MyQuote> {
  return api.post<MyQuote>(editing ? 'Projectcenter/editPriceTable' : 'Projectcenter/priceTable', body, {
    skipErrorHandler: true,
  });
}

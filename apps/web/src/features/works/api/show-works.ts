/** Company/showWorks: the public showcase of a supplier's designs and services (docs/works.md). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShowWorks } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { worksKeys } from './keys.ts';

export function showWorksQuery(cardno: string) {
  return queryOptions({
    queryKey: worksKeys.show(cardno),
    queryFn: ({ signal }) =>
      api.post<ShowWorks>('Company/showWorks', { cardno }, { signal, skipErrorHandler: true }),
    enabled: /^\d{8}$/.test(cardno),
    retry: false,
    meta: { skipErrorHandler: true },
  });
}

/** Public: a supplier's designs and services (the showcase page). */
export function useShowWorks(cardno: string) {
  return useQuery(showWorksQuery(cardno));
}

/** Company/showInfo: anyone's view of a supplier's showroom (docs/showroom.md). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShowInfo } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { showroomKeys } from './keys.ts';

/** Company/showInfo: anyone's view of a supplier's showroom (no login needed). */
export function showInfoQuery(cardno: string | null) {
  return queryOptions({
    queryKey: showroomKeys.show(cardno ?? ''),
    queryFn: ({ signal }) =>
      api.post<ShowInfo>('Company/showInfo', { cardno }, { signal, skipErrorHandler: true }),
    enabled: cardno !== null,
    retry: false,
    meta: { skipErrorHandler: true },
  });
}

export function useShowInfo(cardno: string | null) {
  return useQuery(showInfoQuery(cardno));
}

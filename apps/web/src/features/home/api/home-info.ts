import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeInfo } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { homeKeys } from './keys.ts';

/** POST Member/homeInfo: the supplier home in one call (docs/home.md). */
export function homeInfoQuery() {
  return queryOptions({
    queryKey: homeKeys.info(),
    queryFn: ({ signal }) => api.post<HomeInfo>('Member/homeInfo', {}, { signal }),
    // the to-dos change as the supplier works elsewhere: fresh whenever the home is opened again
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useHomeInfo(enabled: boolean) {
  return useQuery({ ...homeInfoQuery(), enabled });
}

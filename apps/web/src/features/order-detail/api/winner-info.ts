import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WinnerInfo } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { projectKeys } from '../../../lib/query-keys.ts';

/** POST Projectcenter/winnerInfo: only for bidders (others get NOT_FOUND, so only ask when we bid). */
export function winnerInfoQuery(id: number, enabled: boolean) {
  return queryOptions({
    queryKey: projectKeys.winner(id),
    queryFn: ({ signal }) => api.post<WinnerInfo>('Projectcenter/winnerInfo', { id }, { signal }),
    enabled: enabled && id > 0,
  });
}

export function useWinnerInfo(id: number, enabled: boolean) {
  return useQuery(winnerInfoQuery(id, enabled));
}

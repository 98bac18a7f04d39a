import { queryOptions } from '@tanstack/react-query';
import type { WinnerInfo } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '../../../lib/query-keys.ts';

/** Projectcenter/winnerInfo: after the award the customer sees the winner and their contact. */
export function winnerInfoQuery(id: number, enabled: boolean) {
  return queryOptions({
    queryKey: customerKeys.winner(id),
    queryFn: ({ signal }) => api.post<WinnerInfo>('Projectcenter/winnerInfo', { id }, { signal }),
    enabled: enabled && id > 0,
  });
}

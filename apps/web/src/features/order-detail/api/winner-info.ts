import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { projectKeys } from './get-info.ts';

export interface WinnerInfo {
  awarded: boolean;
  winner: { cardno: string; nickname: string; company: string } | null;
  mine: 'won' | 'lost' | 'pending' | null;
  /** the customer's contact, for the winner only */
  contact?: { mobile: string; name: string } | null;
}

/** POST Projectcenter/winnerInfo: only for bidders (others get NOT_FOUND, so only ask when we bid). */
export function useWinnerInfo(id: number, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.winner(id),
    queryFn: ({ signal }) => api.post<WinnerInfo>('Projectcenter/winnerInfo', { id }, { signal }),
    enabled: enabled && id > 0,
  });
}

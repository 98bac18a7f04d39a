import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TipChange, TipListInput, TipListPage } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/query-keys.ts';
import { tipKeys } from './keys.ts';

export function tipListQuery(input: TipListInput) {
  return queryOptions({
    queryKey: tipKeys.list(input),
    queryFn: ({ signal }) => api.post<TipListPage>('Tipcenter/getList', input, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTipList(input: TipListInput) {
  return useQuery(tipListQuery(input));
}

/** After a change the list and the header badge (userInfo's `unread`) are read again. */
function useTipMutation<B>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<TipChange>(path, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: tipKeys.all });
      void qc.invalidateQueries({ queryKey: memberKeys.userInfo() });
    },
  });
}

export const useMarkRead = () => useTipMutation<{ ids?: number[]; all?: boolean }>('Tipcenter/editMsg');
export const useDeleteTips = () => useTipMutation<{ ids: number[] }>('Tipcenter/delMsg');

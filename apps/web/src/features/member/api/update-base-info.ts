import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateBaseInfoInput as BaseInfoInput, UserInfo } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/query-keys.ts';

export function updateBaseInfo(body: BaseInfoInput) {
  return api.post<UserInfo>('Member/updateBaseInfo', body, { skipErrorHandler: true });
}

/** The answer is the updated userInfo: it replaces the cache, then a refetch confirms it. */
export function useUpdateBaseInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateBaseInfo,
    meta: { skipErrorHandler: true },
    onSuccess: (data) => {
      if (data && typeof data === 'object') qc.setQueryData(memberKeys.userInfo(), data);
      void qc.invalidateQueries({ queryKey: memberKeys.userInfo() });
    },
  });
}

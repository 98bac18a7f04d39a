import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetPaymentInput, SetPaymentResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/query-keys.ts';

export function setPayment(body: SetPaymentInput) {
  return api.post<SetPaymentResult>('Member/setPayment', body, { skipErrorHandler: true });
}

export function useSetPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPayment,
    meta: { skipErrorHandler: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.userInfo() }),
  });
}

import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatusResult, PayLinkRequest, PayLinkResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys, memberKeys, projectKeys } from '../../../lib/query-keys.ts';
import { type Submission, useSubmission } from '../../../lib/submission.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { paymentKeys } from './keys.ts';

export function getPayLink(body: PayLinkRequest, submission?: Submission) {
  return api.post<PayLinkResult>('Alipay/getPayLink', body, submission ? { submission } : {});
}

/**
 * Asks for the page-pay address and sends the browser there (the 收银台): `start` once at a time
 * (a double click is one order), `busy` from the click until the browser has left.
 */
export function usePay() {
  const submission = useSubmission();
  const once = useSubmitOnce();
  const mutation = useMutation({
    mutationFn: (body: PayLinkRequest) => getPayLink(body, submission),
    onSuccess: (link) => {
      window.location.assign(link.payUrl);
    },
  });
  return {
    busy: once.busy || mutation.isSuccess,
    // a refusal is shown by the shared handler (the QueryClient's mutation hook)
    start: (body: PayLinkRequest) => void once.run(() => mutation.mutateAsync(body).catch(() => undefined)),
  };
}

/** How long the return page keeps asking before it says the payment is still on its way. */
export const POLL_MS = 1500;
export const POLL_TRIES = 20;

/**
 * POST Alipay/orderStatus for the order the browser came back with, polled while it is pending
 * (Alipay's notification may arrive a moment after the browser). Once paid, the member (balance)
 * and the customer's project views and its payment plan are read again.
 */
export function orderStatusQuery(qc: QueryClient, outTradeNo: string | null) {
  return queryOptions({
    queryKey: paymentKeys.order(outTradeNo ?? ''),
    enabled: Boolean(outTradeNo),
    queryFn: async () => {
      const r = await api.post<OrderStatusResult>('Alipay/orderStatus', { outTradeNo });
      if (r.status === 'paid') {
        // the new balance and the project's state
        void qc.invalidateQueries({ queryKey: memberKeys.all });
        void qc.invalidateQueries({ queryKey: customerKeys.all });
        if (r.projectId !== null) void qc.invalidateQueries({ queryKey: projectKeys.payPlan(r.projectId) });
      }
      return r;
    },
    refetchInterval: (q) => {
      const data = q.state.data;
      if (data && data.status !== 'pending') return false;
      return q.state.dataUpdateCount < POLL_TRIES ? POLL_MS : false;
    },
  });
}

/** The polled order and how many answers it has had. */
export function useOrderStatus(outTradeNo: string | null) {
  const qc = useQueryClient();
  const query = useQuery(orderStatusQuery(qc, outTradeNo));
  const polls = qc.getQueryState(paymentKeys.order(outTradeNo ?? ''))?.dataUpdateCount ?? 0;
  return { ...query, polls };
}

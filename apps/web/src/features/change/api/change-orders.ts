/** Change orders (变更单 增项 / 减项): Projectcenter/changeOrderList, changeOrderAdd; Customer/changeOrderReview. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeOrder,
  ChangeOrderAddInput,
  ChangeOrderListResult,
  ChangeOrderReviewInput,
  ChangeOrderReviewResult,
} from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys, projectKeys, reportKeys } from '../../../lib/query-keys.ts';
import { useSubmission } from '../../../lib/submission.ts';
import { changeKeys } from './keys.ts';

/**
 * One project's change orders, to its customer and its winner. Before the award, or to anyone
 * else, the server answers NOT_FOUND: a side panel, it then stays away quietly (no shared error
 * handling, which would go to the not-found page).
 */
export function changeOrdersQuery(projectId: number, enabled = true) {
  return queryOptions({
    queryKey: changeKeys.list(projectId),
    queryFn: ({ signal }) =>
      api.post<ChangeOrderListResult>(
        'Projectcenter/changeOrderList',
        { id: projectId },
        { signal, skipErrorHandler: true },
      ),
    enabled: enabled && projectId > 0,
    meta: { skipErrorHandler: true },
    retry: false,
  });
}

export function useChangeOrders(projectId: number, enabled = true) {
  return useQuery(changeOrdersQuery(projectId, enabled));
}

/** The bodies, with the project's id as the number the web sends (the schema's input takes anything). */
export type ChangeAddBody = ChangeOrderAddInput & { id: number };
export type ChangeReviewBody = ChangeOrderReviewInput & { id: number };

/** 提出变更 (the winning supplier): sent with its Idempotency-Key; the form shows a refusal itself. */
export function useAddChangeOrder() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: ChangeAddBody) =>
      api.post<ChangeOrder>('Projectcenter/changeOrderAdd', body, { skipErrorHandler: true, submission }),
    meta: { skipErrorHandler: true },
    onSuccess: (_r, body) => qc.invalidateQueries({ queryKey: changeKeys.list(body.id) }),
  });
}

/**
 * 同意 / 拒绝 a pending order (the project's customer), with its Idempotency-Key. An approval moves
 * the contract amount, the payment stages (付款计划) and, for a 增项, the acceptance checklist (验收):
 * those are read again with the list; the customer's project (its 预付款) too.
 */
export function useReviewChangeOrder() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: ChangeReviewBody) =>
      api.post<ChangeOrderReviewResult>('Customer/changeOrderReview', body, {
        skipErrorHandler: true,
        submission,
      }),
    meta: { skipErrorHandler: true },
    onSuccess: (r, body) => {
      const done = qc.invalidateQueries({ queryKey: changeKeys.list(body.id) });
      if (r.order.status === 'approved') {
        void qc.invalidateQueries({ queryKey: projectKeys.payPlan(body.id) });
        void qc.invalidateQueries({ queryKey: reportKeys.info(body.id) });
        void qc.invalidateQueries({ queryKey: customerKeys.project(body.id) });
      }
      return done;
    },
  });
}

/** After a refusal that says the order or the project moved on (INVALID_STATE): the list again. */
export function useRefreshChangeOrders() {
  const qc = useQueryClient();
  return (projectId: number) => qc.invalidateQueries({ queryKey: changeKeys.list(projectId) });
}

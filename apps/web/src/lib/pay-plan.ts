import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PayPlanResult, stageKindLabels } from '@zl/shared';
import { api } from './api-client.ts';
import { projectKeys } from './query-keys.ts';

/**
 * POST Projectcenter/payPlan: a project's payment plan, its stages and what is in escrow
 * (docs/staged-escrow.md). Only the project's customer and its winner may read it; anyone else is
 * answered NOT_FOUND, so a refusal stays quiet and the section using it is simply not shown.
 * Here, not in a feature: the customer's 付款计划 and 验收 and the winner's order detail read it.
 */
export function payPlanQuery(id: number, enabled = true) {
  return queryOptions({
    queryKey: projectKeys.payPlan(id),
    queryFn: ({ signal }) =>
      api.post<PayPlanResult>('Projectcenter/payPlan', { id }, { signal, skipErrorHandler: true }),
    enabled: enabled && id > 0,
    retry: false,
    meta: { skipErrorHandler: true },
  });
}

/** The next stage after the prepayment that may be paid now, for deliveryStep's `dueStage`. */
export function dueStageOf(plan: PayPlanResult | undefined): { label: string; overdue: boolean } | null {
  const s = plan?.stages.find((x) => x.payable && x.kind !== 'prepay');
  return s ? { label: stageKindLabels[s.kind], overdue: s.overdue } : null;
}

export function usePayPlan(id: number, enabled = true) {
  return useQuery(payPlanQuery(id, enabled));
}

import { type PayPlan, stageKindLabels } from '@zl/shared';

/**
 * A project's payment plan in words (docs/staged-escrow.md), for the views that show a project
 * before its award, when `prepay` is still 0: 「预付款 30% · 进场款 40% · 尾款 30%」, 「… 尾款 30%（含质保金
 * 5%）」, or 「全额预付（100%）」.
 */
export function payPlanText(plan: PayPlan): string {
  if (plan.prepay === 100) return '全额预付（100%）';
  return (['prepay', 'progress', 'final'] as const)
    .filter((k) => plan[k] > 0)
    .map((k) => {
      const text = `${stageKindLabels[k]} ${plan[k]}%`;
      return k === 'final' && plan.retention > 0
        ? `${text}（含${stageKindLabels.retention} ${plan.retention}%）`
        : text;
    })
    .join(' · ');
}

import { PAY_PLAN_DEFAULT, PAY_PLAN_FULL_PREPAY } from '@zl/shared';
import { describe, expect, it } from 'vitest';
import { payPlanText } from './pay-plan.ts';

describe('payPlanText', () => {
  it('names each share of the plan, 质保金 inside 尾款, and 全额预付 as one', () => {
    expect(payPlanText(PAY_PLAN_DEFAULT)).toBe('预付款 30% · 进场款 40% · 尾款 30%');
    expect(payPlanText({ prepay: 20, progress: 50, final: 30, retention: 5 })).toBe(
      '预付款 20% · 进场款 50% · 尾款 30%（含质保金 5%）',
    );
    expect(payPlanText({ prepay: 0, progress: 60, final: 40, retention: 0 })).toBe('进场款 60% · 尾款 40%');
    expect(payPlanText(PAY_PLAN_FULL_PREPAY)).toBe('全额预付（100%）');
  });
});

import type { PayPlanResult, PayStage } from '@zl/shared';

/** One stage as Projectcenter/payPlan answers it (a released 预付款 unless told). */
export function stageFixture(over: Partial<PayStage> = {}): PayStage {
  return {
    id: 1,
    kind: 'prepay',
    percent: 25,
    amount: 250_000,
    due: '2026-11-27T16:00:00.000Z',
    status: 'released',
    overdue: false,
    payable: false,
    paidAt: '2026-11-20T02:00:00.000Z',
    releasedAt: '2026-11-28T03:30:00.000Z',
    releaseRule: '确认进场后结算给供应商',
    ...over,
  };
}

/**
 * A payment plan for page and component tests (docs/staged-escrow.md): ¥10,000 in four stages —
 * 预付款 25% released, 进场款 35% held, 尾款 30% overdue and payable now, 质保金 10% due — so each
 * of the escrow's sums is a different amount.
 */
export function payPlanFixture(over: Partial<PayPlanResult> = {}): PayPlanResult {
  return {
    contractAmount: 1_000_000,
    plan: { prepay: 25, progress: 35, final: 40, retention: 10 },
    stages: [
      stageFixture(),
      stageFixture({
        id: 2,
        kind: 'progress',
        percent: 35,
        amount: 350_000,
        status: 'paid',
        paidAt: '2026-11-26T01:00:00.000Z',
        releasedAt: null,
      }),
      stageFixture({
        id: 3,
        kind: 'final',
        percent: 30,
        amount: 300_000,
        due: '2026-12-03T16:00:00.000Z',
        status: 'due',
        overdue: true,
        payable: true,
        paidAt: null,
        releasedAt: null,
        releaseRule: '验收通过后结算给供应商',
      }),
      stageFixture({
        id: 4,
        kind: 'retention',
        percent: 10,
        amount: 100_000,
        due: '2026-12-03T16:00:00.000Z',
        status: 'due',
        paidAt: null,
        releasedAt: null,
        releaseRule: '撤展后质保期满、无投诉时结算给供应商',
      }),
    ],
    escrow: { held: 350_000, released: 250_000, due: 400_000, overdue: 300_000 },
    buildInConfirmed: true,
    buildInStart: '2026-11-27T16:00:00.000Z',
    complaintOpen: false,
    ...over,
  };
}

import { describe, expect, it } from 'vitest';
import {
  buildInStartOf,
  PAY_PLAN_DEFAULT,
  PAY_PLAN_FULL_PREPAY,
  payPlanSchema,
  showEndOf,
  splitPlan,
  stageDueAt,
} from './pay-plan.ts';

const sum = (xs: Array<{ amount: number }>) => xs.reduce((t, x) => t + x.amount, 0);

describe('splitPlan', () => {
  it('the default plan on a round total', () => {
    expect(splitPlan(1_000_000, PAY_PLAN_DEFAULT)).toEqual([
      { kind: 'prepay', percent: 30, amount: 300_000 },
      { kind: 'progress', percent: 40, amount: 400_000 },
      { kind: 'final', percent: 30, amount: 300_000 },
    ]);
  });

  it('awkward totals sum exactly, the remainder on the last stage', () => {
    const plans = [
      PAY_PLAN_DEFAULT,
      { prepay: 33, progress: 33, final: 34, retention: 10 },
      { prepay: 1, progress: 1, final: 98, retention: 7 },
      { prepay: 0, progress: 50, final: 50, retention: 0 },
      PAY_PLAN_FULL_PREPAY,
    ];
    for (const total of [1, 2, 3, 7, 97, 101, 999_983, 1_000_003, 7_777_777, 2 ** 31 - 1])
      for (const plan of plans) {
        const s = splitPlan(total, plan);
        expect(sum(s), `${total} ${JSON.stringify(plan)}`).toBe(total);
        for (const x of s) expect(Number.isInteger(x.amount) && x.amount >= 0).toBe(true);
      }
    // 1 分: everything rounds to 0 but the last stage
    expect(splitPlan(1, PAY_PLAN_DEFAULT).map((s) => s.amount)).toEqual([0, 0, 1]);
  });

  it('质保金 10 % comes out of the final stage', () => {
    expect(splitPlan(100_001, { prepay: 30, progress: 40, final: 30, retention: 10 })).toEqual([
      { kind: 'prepay', percent: 30, amount: 30_000 },
      { kind: 'progress', percent: 40, amount: 40_000 },
      { kind: 'final', percent: 20, amount: 20_000 },
      { kind: 'retention', percent: 10, amount: 10_001 },
    ]);
  });

  it('100 % prepay is one stage', () => {
    expect(splitPlan(12_345, PAY_PLAN_FULL_PREPAY)).toEqual([
      { kind: 'prepay', percent: 100, amount: 12_345 },
    ]);
  });
});

describe('payPlanSchema', () => {
  const issues = (v: unknown) => {
    const r = payPlanSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('takes the defaults and 100 % prepay', () => {
    expect(payPlanSchema.parse(PAY_PLAN_DEFAULT)).toEqual(PAY_PLAN_DEFAULT);
    expect(payPlanSchema.parse(PAY_PLAN_FULL_PREPAY)).toEqual(PAY_PLAN_FULL_PREPAY);
  });
  it('says in Chinese what is wrong, on the field', () => {
    expect(issues({ prepay: 30, progress: 40, final: 20, retention: 0 })).toEqual({
      final: '预付款、进场款、尾款比例之和须为 100%（现为 90%）',
    });
    expect(issues({ prepay: 30, progress: 40, final: 30, retention: 11 })).toEqual({
      retention: '质保金比例最多 10%',
    });
    expect(issues({ prepay: 90, progress: 5, final: 5, retention: 6 })).toEqual({
      retention: '质保金从尾款中扣留，不能超过尾款比例',
    });
    expect(issues({ prepay: -1, progress: 51, final: 50, retention: 0 })).toEqual({
      prepay: '预付款比例不能为负数',
    });
    expect(issues({ prepay: 30.5, progress: 39.5, final: 30, retention: 0 })).toMatchObject({
      prepay: '预付款比例须为整数百分比',
    });
    expect(Object.keys(issues({ prepay: 30, progress: 40, final: 30, retention: 0, extra: 1 }))).toHaveLength(
      1,
    );
  });
});

describe('dates', () => {
  it('build-in two days before the show, Asia/Shanghai; the show ends the day after edate', () => {
    expect(buildInStartOf('2026-12-10').toISOString()).toBe('2026-12-07T16:00:00.000Z');
    expect(showEndOf('2026-12-12').toISOString()).toBe('2026-12-12T16:00:00.000Z');
    const now = new Date('2026-12-01T00:00:00Z');
    const d = { sdate: '2026-12-10', edate: '2026-12-12' };
    expect(stageDueAt('prepay', d, now)).toEqual(buildInStartOf(d.sdate));
    expect(stageDueAt('progress', d, now)).toEqual(buildInStartOf(d.sdate));
    expect(stageDueAt('final', d, now)).toEqual(showEndOf(d.edate));
    expect(stageDueAt('retention', d, now)).toEqual(showEndOf(d.edate));
    expect(stageDueAt('change', d, now)).toEqual(now);
  });
});

import { type PayPlan, payPlanSchema, projectSaveSchema } from '@zl/shared';
import type { Rule as FormRule, RuleObject } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { zodRule } from '../../../lib/zod-rule.ts';
import { biddlProblem, type PublishValues, periodProblem, planOf } from './publish-values.ts';

const S = projectSaveSchema.shape;

/**
 * Rules of the publish form: the shared zod schema of Customer/projectSave field by field (through
 * the one zod → antd adapter), plus what the form holds differently (date pickers, the region path,
 * the plan's shares checked together). The whole body is checked once more against the schema on submit
 * (publish-page).
 */
export const publishRules = {
  title: [zodRule(S.title)] as FormRule[],
  groupid: [zodRule(S.groupid)] as FormRule[],
  length: [zodRule(S.length)] as FormRule[],
  width: [zodRule(S.width)] as FormRule[],
  height: [zodRule(S.height)] as FormRule[],
  opens: [zodRule(S.opens)] as FormRule[],
  period: [
    {
      validator: async (_r: RuleObject, v: [Dayjs | null, Dayjs | null] | null) => {
        const p = periodProblem(v);
        if (p) throw new Error(p);
      },
    },
  ] as FormRule[],
  region: [
    {
      validator: async (_r: RuleObject, v: string[] | undefined) => {
        if (!v || v.length < 2) throw new Error('请选择展会所在的省、市');
      },
    },
  ] as FormRule[],
  addr: [{ required: true, whitespace: true, message: '请输入展馆地址' }, zodRule(S.addr)] as FormRule[],
  pictures: [zodRule(S.picture, { optional: true })] as FormRule[],
  attach: [zodRule(S.attach, { optional: true })] as FormRule[],
  conts: [zodRule(S.conts, { optional: true })] as FormRule[],
};

/**
 * The first message the shared plan schema gives for one share of the plan, or null: its own
 * checks (asked for, whole, 0–100, 质保金 0–10) and the cross-field ones the schema puts on it (the
 * sum of 预付款 + 进场款 + 尾款 on 尾款, 质保金 ≤ 尾款 on 质保金).
 */
export function planProblem(values: Pick<PublishValues, 'payMode' | 'payPlan'>, share: keyof PayPlan) {
  const r = payPlanSchema.safeParse(planOf(values));
  if (r.success) return null;
  return r.error.issues.find((i) => i.path[0] === share)?.message ?? null;
}

/** A share of the staged plan, checked with the whole plan (the other shares read from the form). */
export function planRule(share: keyof PayPlan): FormRule {
  return ({ getFieldValue }) => ({
    validator: async () => {
      const p = planProblem({ payMode: 'staged', payPlan: getFieldValue('payPlan') }, share);
      if (p) throw new Error(p);
    },
  });
}

/** 竞标截止 depends on the exhibition dates: re-checked whenever they change. */
export function biddlRule(getPeriod: () => [Dayjs | null, Dayjs | null] | null | undefined): FormRule {
  return {
    validator: async (_r: RuleObject, v: Dayjs | null) => {
      const p = biddlProblem(v, getPeriod()?.[0] ?? null);
      if (p) throw new Error(p);
    },
  };
}

/** The whole body against the shared schema: its issues as {path, message} for the form. */
export function schemaIssues(body: unknown): Array<{ path: string; message: string }> {
  const r = projectSaveSchema.safeParse(body);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

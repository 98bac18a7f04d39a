import { type PayPlan, payPlanSchema, projectSaveSchema, showDateIssues } from '@zl/shared';
import type { Rule as FormRule, RuleObject } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { isNegativeAmount, parseYuanToFen } from '../../../lib/money.ts';
import { fromChinaPicker } from '../../../lib/time.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import {
  biddlProblem,
  type PublishValues,
  periodProblem,
  planOf,
  SHOW_DATE_FIELDS,
  type ShowDateField,
  showDateDefaults,
} from './publish-values.ts';

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
  hall: [zodRule(S.hall, { optional: true })] as FormRule[],
  booth: [zodRule(S.booth, { optional: true })] as FormRule[],
  deposit: [
    {
      validator: async (_r: RuleObject, v: string | undefined) => {
        const p = depositProblem(v);
        if (p) throw new Error(p);
      },
    },
  ] as FormRule[],
};

/** The largest 施工押金 the schema takes, in 分. */
const DEPOSIT_MAX = 100_000_000_00;

/** 施工押金 typed in 元: optional, not negative, at most two decimals and 1 亿元. */
export function depositProblem(text: string | undefined): string | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  if (isNegativeAmount(t)) return '施工押金不能为负数';
  const fen = parseYuanToFen(t);
  if (fen === null) return '施工押金格式不正确，最多两位小数';
  if (fen > DEPOSIT_MAX) return '施工押金最多 1 亿元';
  return null;
}

/** 请选择进场布展开始时间 …: the schema's own message for an empty picker. */
const asked = (k: ShowDateField) => {
  const r = S[k].unwrap().safeParse('');
  return r.success ? '' : (r.error.issues[0]?.message ?? '');
};

/**
 * The first message for one of the show's hard dates (docs/show-dates.md), the form's values
 * read as the server reads the body: each build-in / teardown picker is asked for; the order
 * (报馆截止 ≤ 布展开始 < 布展结束 ≤ 开展当天; 撤场 from the last day, within 3 days) is the shared
 * showDateIssues once 展会日期 are chosen (an empty picker counts as its default there, so only
 * its own field complains).
 */
export function showDateProblem(
  values: Pick<PublishValues, 'period' | ShowDateField | 'filingDeadline'>,
  field: ShowDateField | 'filingDeadline',
  now = new Date(),
): string | null {
  if (field !== 'filingDeadline' && !values[field]) return asked(field);
  const defaults = showDateDefaults(values.period);
  const [s, e] = values.period ?? [null, null];
  if (!defaults || !s || !e) return null;
  const at = (d: Dayjs | null | undefined) =>
    d ? new Date(fromChinaPicker(d.second(0).millisecond(0))) : null;
  const pick = (k: ShowDateField) => at(values[k]) ?? (at(defaults[k]) as Date);
  const issues = showDateIssues(
    {
      sdate: s.format('YYYY-MM-DD'),
      edate: e.format('YYYY-MM-DD'),
      buildStart: pick('buildStart'),
      buildEnd: pick('buildEnd'),
      teardownStart: pick('teardownStart'),
      teardownEnd: pick('teardownEnd'),
      filingDeadline: at(values.filingDeadline),
    },
    now,
  );
  return issues.find((i) => i.path === field)?.message ?? null;
}

/** One of the show's hard dates, checked with the others and 展会日期 (all read from the form). */
export function showDateRule(field: ShowDateField | 'filingDeadline'): FormRule {
  return ({ getFieldValue }) => ({
    validator: async () => {
      const values = Object.fromEntries(
        ['period', ...SHOW_DATE_FIELDS, 'filingDeadline'].map((k) => [k, getFieldValue(k)]),
      );
      const p = showDateProblem(values, field);
      if (p) throw new Error(p);
    },
  });
}

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

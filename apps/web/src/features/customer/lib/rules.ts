import { projectSaveSchema } from '@zl/shared';
import type { Rule as FormRule, RuleObject } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { parseYuanToFen } from '../../../lib/money.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { biddlProblem, periodProblem, prepayProblem } from './publish-values.ts';

const S = projectSaveSchema.shape;

/**
 * Rules of the publish form: the shared zod schema of Customer/projectSave field by field (through
 * the one zod → antd adapter), plus what the form holds differently (元 text, date pickers, the
 * region path). The whole body is checked once more against the schema on submit (publish-page).
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
  prepay: [
    {
      validator: async (_r: RuleObject, v: string | undefined) => {
        const p = prepayProblem(v);
        if (p) throw new Error(p);
        const r = S.prepay.safeParse(parseYuanToFen(v ?? ''));
        if (!r.success) throw new Error(r.error.issues[0]?.message ?? '预付款金额不正确');
      },
    },
  ] as FormRule[],
};

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

import { z } from 'zod';
import { isRealDate } from '../date/date.ts';
import { pageSchema, pageSizeSchema } from '../project/search.schema.ts';
import { textSchema } from '../text/text.schema.ts';
import { BILL_ACCOUNT_KEYS, LEDGER_TYPES } from './ledger-types.ts';

/**
 * 收支明细 (docs/bills.md): `Bills/transaction`, `GET /api/Bills/export` and `Bills/monthly`.
 * Dates are calendar days `YYYY-MM-DD` in Asia/Shanghai, both ends included.
 */
export const BILLS_MIN_DATE = '2000-01-01';
export const BILLS_MAX_DATE = '2099-12-31';

function optionalDate(label: string) {
  return textSchema({
    max: 10,
    maxError: `${label}格式应为 YYYY-MM-DD`,
    label,
    error: `${label}格式应为 YYYY-MM-DD`,
  })
    .refine((v) => v === '' || isRealDate(v), { error: `${label}格式应为 YYYY-MM-DD` })
    .refine((v) => v === '' || (v >= BILLS_MIN_DATE && v <= BILLS_MAX_DATE), {
      error: `${label}应在 2000-01-01 至 2099-12-31 之间`,
    })
    .default('');
}

/** The filter the list and the export share; '' (or missing) means "all". */
export const billsFilterShape = {
  /** a movement type of LEDGER_TYPE_LABELS (the seed's field) */
  type: textSchema({ max: 24, label: '收支类型', error: '收支类型不正确', maxError: '收支类型不正确' })
    .refine((v) => v === '' || (LEDGER_TYPES as string[]).includes(v), { error: '收支类型不正确' })
    .default(''),
  /** one of the member's accounts: cash 现金 · frozen 冻结 · coins 金币 */
  account: z.enum(['', ...BILL_ACCOUNT_KEYS], { error: '账户应为 现金、冻结 或 金币' }).default(''),
  from: optionalDate('开始日期'),
  to: optionalDate('结束日期'),
};

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.from && v.to && v.from > v.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
  }
}

export const billsFilterSchema = z.strictObject(billsFilterShape).superRefine(checkRange);
export type BillsFilter = z.output<typeof billsFilterSchema>;
export type BillsFilterInput = z.input<typeof billsFilterSchema>;

/** Bills/transaction */
export const billsListSchema = z
  .strictObject({ ...billsFilterShape, page: pageSchema, pageSize: pageSizeSchema })
  .superRefine(checkRange);
export type BillsListInput = z.input<typeof billsListSchema>;

export const billItemSchema = z.object({
  /** the posting's id */
  id: z.number().int(),
  /** `YYYY-MM-DD HH:mm:ss` Asia/Shanghai */
  created: z.string(),
  type: z.string(),
  typeText: z.string(),
  /** which of the member's accounts: cash · frozen · coins */
  account: z.enum(BILL_ACCOUNT_KEYS),
  currency: z.enum(['CNY', 'COIN']),
  /** signed: + in, − out (分 or 金币) */
  amount: z.number().int(),
  /** the account's balance right after this entry (分 or 金币) */
  balance: z.number().int(),
  memo: z.string(),
  refType: z.string(),
  refId: z.string(),
});
export type BillItem = z.infer<typeof billItemSchema>;

export const billsListResultSchema = z.object({
  listItem: z.array(billItemSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type BillsListResult = z.infer<typeof billsListResultSchema>;

/** Bills/monthly: the last `months` months (this one included) of ¥ or 金币. */
export const billsMonthlySchema = z.strictObject({
  months: z.coerce
    .number({ error: '月份数应为 1–24' })
    .int({ error: '月份数应为 1–24' })
    .min(1, { error: '月份数应为 1–24' })
    .max(24, { error: '月份数应为 1–24' })
    .default(12),
  currency: z.enum(['CNY', 'COIN'], { error: '币种应为 CNY 或 COIN' }).default('CNY'),
});
export type BillsMonthlyInput = z.input<typeof billsMonthlySchema>;

export const billsMonthlyResultSchema = z.object({
  currency: z.enum(['CNY', 'COIN']),
  /** oldest first; a month with nothing has 0 and 0 */
  listItem: z.array(
    z.object({
      /** `YYYY-MM` Asia/Shanghai */
      month: z.string(),
      /** money or 金币 that came in (≥ 0) */
      in: z.number().int(),
      /** money or 金币 that went out (≥ 0) */
      out: z.number().int(),
    }),
  ),
});
export type BillsMonthlyResult = z.infer<typeof billsMonthlyResultSchema>;

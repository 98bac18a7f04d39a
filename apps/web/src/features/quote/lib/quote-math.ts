import type { PriceTableInput, QuoteView, RequirementItem } from '@zl/shared';
import { REQUIREMENT_CATEGORIES, type RequirementCategory } from '@zl/shared';
import { fenToYuanInput, isNegativeAmount, parseYuanToFen } from '../../../lib/money.ts';

/** Highest unit price the server takes: 100,000,000 分 = ¥1,000,000. */
export const MAX_PRICE_FEN = 100_000_000;

/** A form line: the requirement as given, plus the unit price as the supplier typed it (元). */
export interface LineDraft extends RequirementItem {
  price: string;
}
export type LinesDraft = Partial<Record<RequirementCategory, LineDraft[]>>;

export interface QuoteTotals {
  /** per line, 分 (null while the price is not a valid amount) */
  amounts: Partial<Record<RequirementCategory, Array<number | null>>>;
  subtotals: Partial<Record<RequirementCategory, number>>;
  total: number;
}

/** qty × unit price in 分: integers in, integer out (qty ≤ 100,000 × price ≤ 1e8 < 2^53). */
export function lineAmount(qty: number, priceFen: number): number {
  return qty * priceFen;
}

/** Live totals of the form; a line without a valid price counts 0 until it gets one. */
export function computeTotals(lines: LinesDraft | undefined): QuoteTotals {
  const out: QuoteTotals = { amounts: {}, subtotals: {}, total: 0 };
  for (const [key] of REQUIREMENT_CATEGORIES) {
    const list = lines?.[key];
    if (!list || list.length === 0) continue;
    let sub = 0;
    out.amounts[key] = list.map((l) => {
      const fen = parseYuanToFen(l?.price);
      if (fen === null || !Number.isSafeInteger(l?.qty)) return null;
      const amount = lineAmount(l.qty, fen);
      sub += amount;
      return amount;
    });
    out.subtotals[key] = sub;
    out.total += sub;
  }
  return out;
}

/** The template (getPriceTable categories) merged with an existing quote's prices, for the form. */
export function draftFrom(
  categories: Array<{ key: RequirementCategory; items: RequirementItem[] }>,
  quote: Pick<QuoteView, 'lines'> | null,
): LinesDraft {
  const draft: LinesDraft = {};
  for (const c of categories) {
    if (c.items.length === 0) continue;
    const priced = quote?.lines?.[c.key] ?? [];
    draft[c.key] = c.items.map((item, i) => {
      const same =
        priced[i] && priced[i].name === item.name ? priced[i] : priced.find((q) => q.name === item.name);
      return { ...item, price: same ? fenToYuanInput(same.price) : '' };
    });
  }
  return draft;
}

/** The priceTable/editPriceTable body. */
export type PriceTablePayload = PriceTableInput;

/** The priceTable/editPriceTable body: prices as integer 分, never a float; amounts left to the server. */
export function toPayload(
  id: number,
  values: { lines?: LinesDraft; days: number; remark?: string; attachments?: Array<string | undefined> },
): PriceTablePayload {
  const lines: PriceTablePayload['lines'] = {};
  for (const [key] of REQUIREMENT_CATEGORIES) {
    const list = values.lines?.[key];
    if (!list || list.length === 0) continue;
    lines[key] = list.map((l) => {
      const price = parseYuanToFen(l.price);
      if (price === null) throw new Error(`invalid price in ${key}`);
      return { name: l.name, spec: l.spec, unit: l.unit, qty: l.qty, price, remark: l.remark };
    });
  }
  return {
    id,
    lines,
    days: values.days,
    remark: (values.remark ?? '').trim(),
    attachments: (values.attachments ?? []).filter((a): a is string => typeof a === 'string' && a !== ''),
  };
}

/** Form rule for a unit price: required, a 元 amount with ≤ 2 decimals, ≤ ¥1,000,000. */
export function priceProblem(value: unknown): string | null {
  if (value === undefined || value === null || String(value).trim() === '') return '请输入单价';
  if (isNegativeAmount(String(value))) return '单价不能为负数';
  const fen = parseYuanToFen(String(value));
  if (fen === null) return '请输入正确的金额（最多两位小数）';
  if (fen > MAX_PRICE_FEN) return '单价不能超过 ¥1,000,000.00';
  return null;
}

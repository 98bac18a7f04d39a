import { CHANGE_AMOUNT_MAX, type ChangeKind, QUOTE_PRICE_MAX, type RequirementCategory } from '@zl/shared';
import { fieldErrorsOf, isBizError } from '../../../lib/biz-error.ts';
import { formatFen, isNegativeAmount, parseYuanToFen } from '../../../lib/money.ts';
import type { ChangeAddBody } from '../api/change-orders.ts';

/** One line as the supplier types it: quantity and unit price (元) are the texts of the inputs. */
export interface LineValues {
  category?: RequirementCategory | undefined;
  name?: string;
  spec?: string;
  unit?: string;
  qty?: string;
  price?: string;
}

/** The 提出变更 form. */
export interface ChangeValues {
  kind: ChangeKind;
  lines: LineValues[];
  reason: string;
  photos: string[];
}

export const QTY_MAX = 100_000;

export function emptyLine(): LineValues {
  return { category: undefined, name: '', spec: '', unit: '', qty: '1', price: '' };
}

export function initialChangeValues(): ChangeValues {
  return { kind: 'add', lines: [emptyLine()], reason: '', photos: [] };
}

/** '12' → 12; anything but a whole number 1–100000 → null. */
export function parseQty(text: string | number | null | undefined): number | null {
  const t = String(text ?? '').trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= QTY_MAX ? n : null;
}

/** What is wrong with a typed quantity, or null. */
export function qtyProblem(value: unknown): string | null {
  const t = String(value ?? '').trim();
  if (!t) return '请输入数量';
  return parseQty(t) === null ? `数量为 1–${QTY_MAX} 的整数` : null;
}

/** What is wrong with a typed unit price (元, two decimals at most, ¥0–¥1,000,000), or null. */
export function priceProblem(value: unknown): string | null {
  const t = String(value ?? '').trim();
  if (!t) return '请输入单价';
  if (isNegativeAmount(t)) return '单价不能为负数';
  const fen = parseYuanToFen(t);
  if (fen === null) return '请输入正确的金额（最多两位小数）';
  if (fen > QUOTE_PRICE_MAX) return `单价不能超过 ${formatFen(QUOTE_PRICE_MAX)}`;
  return null;
}

/** A line's amount in 分 (quantity × unit price, integers), or null while either is not valid. */
export function lineAmount(line: LineValues | undefined): number | null {
  const qty = parseQty(line?.qty);
  const price = parseYuanToFen(line?.price);
  if (qty === null || price === null) return null;
  return qty * price;
}

/** The live 合计 in 分: the lines that can be counted yet. */
export function totalOf(lines: readonly (LineValues | undefined)[] | undefined): number {
  return (lines ?? []).reduce((t, l) => t + (lineAmount(l) ?? 0), 0);
}

/** What is wrong with the order's total, or null (the server says the same). */
export function totalProblem(kind: ChangeKind, total: number, reducible: number): string | null {
  if (total <= 0) return '变更金额须大于 0';
  if (total > CHANGE_AMOUNT_MAX) return `一张变更单最多 ${formatFen(CHANGE_AMOUNT_MAX)}`;
  if (kind === 'reduce' && total > reducible)
    return reducible > 0
      ? `减项金额 ${formatFen(total)} 超过可减的 ${formatFen(reducible)}`
      : '没有可以减少的款项：合同款已全部结算';
  return null;
}

/** The form's values as Projectcenter/changeOrderAdd's body: trimmed texts, quantities and prices as integers (分). */
export function toAddBody(projectId: number, v: ChangeValues): ChangeAddBody {
  const t = (s: string | undefined) => (s ?? '').trim();
  return {
    id: projectId,
    kind: v.kind,
    lines: v.lines.map((l) => {
      const qty = parseQty(l.qty);
      const price = parseYuanToFen(l.price);
      if (!l.category || qty === null || price === null) throw new Error('an unchecked line');
      return { category: l.category, name: t(l.name), spec: t(l.spec), unit: t(l.unit), qty, price };
    }),
    reason: t(v.reason),
    photos: v.photos ?? [],
  };
}

type NamePath = Array<string | number>;

const LINE_FIELDS = new Set(['category', 'name', 'spec', 'unit', 'qty', 'price']);

/**
 * Where the server's field name goes on the form: `lines.0.price` on that line's price,
 * `lines` (the total) and `lines.N` under the list, `photos.N` on the photos, `reason`, `kind`;
 * anything else (null) is said above the buttons.
 */
export function formNameOf(field: string): NamePath | null {
  const parts = field.split('.');
  const head = parts[0];
  if (head === 'reason' || head === 'kind') return [head];
  if (head === 'photos') return ['photos'];
  if (head === 'lines') {
    const i = Number(parts[1]);
    if (parts.length >= 3 && Number.isInteger(i) && LINE_FIELDS.has(parts[2]!))
      return ['lines', i, parts[2]!];
    return ['lines'];
  }
  return null;
}

/** A refusal's messages, per field of the form and the rest (`other`). */
export function placeErrors(err: unknown): {
  fields: Array<{ name: NamePath; errors: string[] }>;
  other: string[];
} {
  const fields: Array<{ name: NamePath; errors: string[] }> = [];
  const other: string[] = [];
  const put = (field: string, message: string) => {
    const name = formNameOf(field);
    if (!name) {
      other.push(message);
      return;
    }
    const same = fields.find((f) => f.name.join('.') === name.join('.'));
    if (same) same.errors.push(message);
    else fields.push({ name, errors: [message] });
  };
  const byField = fieldErrorsOf(err);
  if (byField) for (const [k, m] of Object.entries(byField)) put(k, m);
  else if (isBizError(err) && (err.code === 'FILE_NOT_FOUND' || err.code === 'FILE_TYPE_NOT_ALLOWED')) {
    const field = (err.data as { field?: unknown } | null)?.field;
    if (typeof field === 'string') put(field, err.message);
  }
  return { fields, other };
}

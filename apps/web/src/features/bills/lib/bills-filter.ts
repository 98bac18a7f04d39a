import {
  BILL_ACCOUNT_KEYS,
  type BillAccount,
  type BillItem,
  type BillsFilter,
  LEDGER_TYPES,
  type LedgerType,
} from '@zl/shared';
import { formatCoins, formatFen } from '../../../lib/money.ts';

/**
 * 收支明细's filter lives in the address (so a reload, a shared link and 导出 CSV keep it):
 * ?account=coins&type=quote_fee&from=2026-01-01&to=2026-03-31&page=2 — anything unreadable is dropped.
 */
export interface BillsView extends BillsFilter {
  page: number;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function readBillsParams(params: URLSearchParams): BillsView {
  const type = params.get('type') ?? '';
  const account = params.get('account') ?? '';
  let from = params.get('from') ?? '';
  let to = params.get('to') ?? '';
  if (!DATE_RE.test(from)) from = '';
  if (!DATE_RE.test(to)) to = '';
  if (from && to && from > to) [from, to] = [to, from];
  const page = Number(params.get('page'));
  return {
    type: (LEDGER_TYPES as string[]).includes(type) ? (type as LedgerType) : '',
    account: (BILL_ACCOUNT_KEYS as string[]).includes(account) ? (account as BillAccount) : '',
    from,
    to,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function writeBillsParams(v: BillsView): URLSearchParams {
  const out = new URLSearchParams();
  if (v.account) out.set('account', v.account);
  if (v.type) out.set('type', v.type);
  if (v.from) out.set('from', v.from);
  if (v.to) out.set('to', v.to);
  if (v.page > 1) out.set('page', String(v.page));
  return out;
}

/** GET /api/Bills/export with the filter shown (no page: the export is every matching row). */
export function exportHref(v: BillsFilter): string {
  const q = writeBillsParams({ ...v, page: 1 }).toString();
  return `/api/Bills/export${q ? `?${q}` : ''}`;
}

/** ¥ with two decimals or whole 金币, signed when `signed` (+¥12.00 · −3 金币). */
export function formatBillAmount(currency: BillItem['currency'], n: number, signed = false): string {
  const sign = signed ? (n > 0 ? '+' : n < 0 ? '−' : '') : n < 0 ? '−' : '';
  const abs = Math.abs(n);
  return currency === 'CNY' ? `${sign}${formatFen(abs)}` : `${sign}${formatCoins(abs)} 金币`;
}

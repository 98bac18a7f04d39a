import { formatFen } from '@zl/shared';

/** 分 ↔ Alipay's 元 strings ("12.30"), without floating point (docs/payments.md). */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`bad amount ${fen}`);
  return formatFen(fen, { symbol: false, grouping: false });
}

/** "12.30" → 1230; anything but digits with exactly two decimals (or none) → null. */
export function yuanToFen(yuan: unknown): number | null {
  if (typeof yuan !== 'string') return null;
  const m = /^(\d{1,12})(?:\.(\d{2}))?$/.exec(yuan);
  if (!m) return null;
  return Number(m[1]) * 100 + Number(m[2] ?? '0');
}

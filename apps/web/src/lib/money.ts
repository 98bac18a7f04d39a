/**
 * Money in the web app (docs/product.md § Money): the API speaks integer 分; the UI shows ¥ with two
 * decimals. No floating point touches an amount: formatting and parsing work on digits only.
 */

// The 分 → 元 formatter is shared with the server (packages/shared/src/money.ts).
export { formatFen } from '@zl/shared';

const YUAN_RE = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whole 金币 with thousands separators: 12345 → '12,345'. Not an integer → '—'. */
export function formatCoins(coins: number | null | undefined): string {
  if (typeof coins !== 'number' || !Number.isSafeInteger(coins)) return '—';
  return `${coins < 0 ? '-' : ''}${group(String(Math.abs(coins)))}`;
}

/** 123456 → '1234.56', 10 → '0.1' (for an input the member edits; no grouping, no trailing zeros). */
export function fenToYuanInput(fen: number | null | undefined): string {
  if (typeof fen !== 'number' || !Number.isSafeInteger(fen) || fen < 0) return '';
  const yuan = Math.floor(fen / 100);
  const cents = fen % 100;
  if (cents === 0) return String(yuan);
  return `${yuan}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * A 元 amount typed by a person → integer 分, exactly: '1234.56' → 123456, '0.1' → 10, '12' → 1200.
 * Commas and spaces are ignored; a sign, more than two decimals or anything else → null.
 */
/** '-5', '−12.5', '¥-3': a minus sign before the digits (the amount parser refuses it as a whole). */
export function isNegativeAmount(input: string | number | null | undefined): boolean {
  if (input === null || input === undefined) return false;
  if (typeof input === 'number') return input < 0;
  return /^[-−－]\s*\d/.test(input.replace(/[\s,，]/g, '').replace(/^¥/, ''));
}

export function parseYuanToFen(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const text = String(input)
    .replace(/[\s,，]/g, '')
    .replace(/^¥/, '');
  const m = YUAN_RE.exec(text);
  if (!m) return null;
  const yuan = m[1] ?? '0';
  const cents = (m[2] ?? '').padEnd(2, '0');
  const fen = Number(yuan) * 100 + Number(cents);
  return Number.isSafeInteger(fen) ? fen : null;
}

/**
 * The one 分 → 元 formatter (docs/product.md § Money): amounts are integer 分 everywhere; text shows
 * 元 with two decimals. Digits only, no floating point, so 0.29 never prints as 0.28. The web's
 * amounts, the server's tips and messages, the contract PDF, the bills CSV and Alipay's
 * `total_amount` strings all come from here.
 */

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * 123450 → '¥1,234.50'; -5 → '-¥0.05'. `symbol: false` leaves out the ¥, `grouping: false` the
 * thousands separators (a CSV number cell, Alipay's '1234.50'). Not a safe integer → '—'.
 */
export function formatFen(
  fen: number | null | undefined,
  opts: { symbol?: boolean; grouping?: boolean } = {},
): string {
  if (typeof fen !== 'number' || !Number.isSafeInteger(fen)) return '—';
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = String(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${opts.symbol === false ? '' : '¥'}${opts.grouping === false ? yuan : group(yuan)}.${cents}`;
}

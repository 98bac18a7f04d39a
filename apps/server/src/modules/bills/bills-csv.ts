import { BILL_ACCOUNTS, type BillItem, formatFen } from '@zl/shared';

/**
 * The CSV of the bills (docs/bills.md "Export"): UTF-8 with a BOM and CRLF so Excel opens it in
 * Chinese; ¥ with two decimals, 金币 as integers; text cells that a spreadsheet could read as a
 * formula (= + - @ tab CR first) get a leading apostrophe.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_HEADER = ['流水号', '时间', '类型', '账户', '币种', '金额', '余额', '说明', '关联'];

/** Integer 分 as a number cell: -1234 → '-12.34' (no ¥, no thousands separators). */
export function yuan(fen: number): string {
  return formatFen(fen, { symbol: false, grouping: false });
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell: guarded against formula injection, quoted when it holds , " CR or LF. */
export function textCell(v: string): string {
  const guarded = FORMULA_START.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A number we formatted ourselves (digits, a sign, two decimals): written as a number. */
function numberCell(v: string): string {
  if (!/^-?\d+(\.\d{2})?$/.test(v)) throw new Error(`not a number cell: ${v}`);
  return v;
}

const amountText = (currency: 'CNY' | 'COIN', n: number) => (currency === 'CNY' ? yuan(n) : String(n));

export function csvLine(cells: string[]): string {
  return `${cells.join(',')}\r\n`;
}

export function csvHeader(): string {
  return CSV_BOM + csvLine(CSV_HEADER.map(textCell));
}

export function csvRow(b: BillItem): string {
  const ref = b.refType && b.refId ? `${b.refType}:${b.refId}` : '';
  return csvLine([
    numberCell(String(b.id)),
    textCell(b.created),
    textCell(b.typeText),
    textCell(BILL_ACCOUNTS[b.account].label),
    textCell(b.currency === 'CNY' ? '人民币' : '金币'),
    numberCell(amountText(b.currency, b.amount)),
    numberCell(amountText(b.currency, b.balance)),
    textCell(b.memo),
    textCell(ref),
  ]);
}

/** `收支明细-20261123.csv` for Content-Disposition, with an ASCII fallback (RFC 6266 / 5987). */
export function contentDisposition(today: string): string {
  const day = today.replaceAll('-', '');
  return `attachment; filename="bills-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`收支明细-${day}.csv`)}`;
}

import { describe, expect, it } from 'vitest';
import { exportHref, formatBillAmount, readBillsParams, writeBillsParams } from './bills-filter.ts';

describe('收支明细 filter in the address', () => {
  it('reads what it wrote, and drops what it cannot read', () => {
    const v = { type: 'quote_fee', account: 'coins', from: '2026-01-01', to: '2026-03-31', page: 3 } as const;
    expect(readBillsParams(writeBillsParams(v))).toEqual(v);
    expect(readBillsParams(new URLSearchParams('type=drop&account=bank&from=2026-13&to=x&page=-2'))).toEqual({
      type: '',
      account: '',
      from: '',
      to: '',
      page: 1,
    });
    // a reversed range is put right rather than refused
    expect(readBillsParams(new URLSearchParams('from=2026-05-01&to=2026-04-01'))).toMatchObject({
      from: '2026-04-01',
      to: '2026-05-01',
    });
  });

  it('exports the shown filter without the page', () => {
    expect(exportHref({ type: '', account: '', from: '', to: '' })).toBe('/api/Bills/export');
    expect(exportHref({ type: 'quote_fee', account: 'coins', from: '2026-01-01', to: '' })).toBe(
      '/api/Bills/export?account=coins&type=quote_fee&from=2026-01-01',
    );
  });

  it('shows ¥ with two decimals and 金币 as whole numbers, signed', () => {
    expect(formatBillAmount('CNY', 123_456, true)).toBe('+¥1,234.56');
    expect(formatBillAmount('CNY', -5, true)).toBe('−¥0.05');
    expect(formatBillAmount('CNY', 0, true)).toBe('¥0.00');
    expect(formatBillAmount('COIN', -12, true)).toBe('−12 金币');
    expect(formatBillAmount('COIN', 1200)).toBe('1,200 金币');
  });
});

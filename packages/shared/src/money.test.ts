import { describe, expect, it } from 'vitest';
import { formatFen } from './money.ts';

describe('formatFen', () => {
  it('writes 分 as 元 with two decimals, grouped, with ¥ unless told otherwise', () => {
    expect(formatFen(123450)).toBe('¥1,234.50');
    expect(formatFen(-5)).toBe('-¥0.05');
    expect(formatFen(29)).toBe('¥0.29');
    expect(formatFen(100000000, { symbol: false })).toBe('1,000,000.00');
  });

  it('writes a plain decimal for a CSV cell or Alipay: no ¥, no separators', () => {
    expect(formatFen(123456, { symbol: false, grouping: false })).toBe('1234.56');
    expect(formatFen(-123456, { symbol: false, grouping: false })).toBe('-1234.56');
    expect(formatFen(0, { symbol: false, grouping: false })).toBe('0.00');
  });

  it('answers — for what is not a whole number of 分', () => {
    expect(formatFen(1.5)).toBe('—');
    expect(formatFen(Number.NaN)).toBe('—');
    expect(formatFen(null)).toBe('—');
  });
});

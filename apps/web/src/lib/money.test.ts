import { describe, expect, it } from 'vitest';
import { fenToYuanInput, formatCoins, formatFen, parseYuanToFen } from './money.ts';

describe('money', () => {
  it('formats 分 as ¥ with grouping and two decimals', () => {
    expect(formatFen(123450)).toBe('¥1,234.50');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(-123456789)).toBe('-¥1,234,567.89');
    expect(formatFen(100000000, { symbol: false })).toBe('1,000,000.00');
    expect(formatFen(1.5)).toBe('—');
    expect(formatFen(undefined)).toBe('—');
  });

  it('parses 元 text to integer 分 exactly', () => {
    expect(parseYuanToFen('1234.56')).toBe(123456);
    expect(parseYuanToFen('0.1')).toBe(10);
    expect(parseYuanToFen('0.29')).toBe(29); // 0.29 * 100 is 28.999… in floating point
    expect(parseYuanToFen('1,000')).toBe(100000);
    expect(parseYuanToFen('12')).toBe(1200);
    expect(parseYuanToFen(' 3.3 ')).toBe(330);
  });

  it('refuses three decimals, signs and junk', () => {
    for (const bad of ['1.234', '-1', '1e3', '', '.5', 'abc', '1.', null, undefined]) {
      expect(parseYuanToFen(bad)).toBeNull();
    }
  });

  it('round-trips for the edit form', () => {
    expect(fenToYuanInput(123456)).toBe('1234.56');
    expect(fenToYuanInput(10)).toBe('0.1');
    expect(fenToYuanInput(1200)).toBe('12');
    expect(parseYuanToFen(fenToYuanInput(98765))).toBe(98765);
  });
});

describe('formatCoins', () => {
  it('groups whole 金币 by thousands and refuses non-integers', () => {
    expect(formatCoins(0)).toBe('0');
    expect(formatCoins(12_345)).toBe('12,345');
    expect(formatCoins(-1_000_000)).toBe('-1,000,000');
    expect(formatCoins(1.5)).toBe('—');
    expect(formatCoins(undefined)).toBe('—');
  });
});

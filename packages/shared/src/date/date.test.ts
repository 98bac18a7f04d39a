import { describe, expect, it } from 'vitest';
import { shanghaiClock, shanghaiIso, shanghaiMidnight, shanghaiToday } from './date.ts';

describe('the Asia/Shanghai clock', () => {
  // 2026-11-26 16:30 UTC is 00:30 the next day in Shanghai
  const lateUtc = Date.UTC(2026, 10, 26, 16, 30, 5, 7);

  it('reads the wall clock of an instant or of epoch ms, across the UTC date line', () => {
    expect(shanghaiIso(lateUtc)).toBe('2026-11-27T00:30:05.007');
    expect(shanghaiIso(new Date(lateUtc))).toBe('2026-11-27T00:30:05.007');
    expect(shanghaiToday(lateUtc)).toBe('2026-11-27');
    expect(shanghaiToday(new Date(Date.UTC(2026, 10, 26, 15, 59, 59)))).toBe('2026-11-26');
    expect(shanghaiClock(lateUtc).getUTCHours()).toBe(0);
  });

  it('turns a calendar day into its Shanghai midnight', () => {
    expect(shanghaiMidnight('2026-11-27').toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(shanghaiToday(shanghaiMidnight('2024-02-29'))).toBe('2024-02-29');
  });
});

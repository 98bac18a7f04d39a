import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaHour, formatDatesTimes, formatTime, fromChinaPicker, toChinaPicker } from './time.ts';

// A viewer far from China: every time must still be shown in China time.
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('formatTime: one formatter, Asia/Shanghai', () => {
  it('an instant is shown in China time whatever the viewer zone', () => {
    expect(formatTime('2026-03-01T16:30:05Z')).toBe('2026-03-02 00:30');
    expect(formatTime('2026-03-01T16:30:05.000Z', 'MM-DD HH:mm')).toBe('03-02 00:30');
    expect(formatTime(new Date('2026-03-01T16:30:05Z'))).toBe('2026-03-02 00:30');
  });

  it('a server text already in China time is only re-cut', () => {
    expect(formatTime('2026-03-02 00:30:05')).toBe('2026-03-02 00:30');
    expect(formatDatesTimes('2026-03-02', '00:30:05')).toBe('2026-03-02 00:30');
    expect(formatDatesTimes('2026-03-02', '')).toBe('2026-03-02');
  });

  it('empty → —, unreadable → as given', () => {
    expect(formatTime('')).toBe('—');
    expect(formatTime(null)).toBe('—');
    expect(formatTime('不是时间')).toBe('不是时间');
  });

  it('pickers show and take China wall-clock time', () => {
    const iso = '2026-11-22T10:00:00.000Z'; // 18:00 in China
    const picked = toChinaPicker(iso);
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-11-22 18:00');
    expect(fromChinaPicker(picked)).toBe(iso);
    expect(chinaHour(new Date(iso))).toBe(18);
  });
});

describe('no other time formatting in the web app', () => {
  const root = join(__dirname, '..');
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  }

  it('times are formatted only in lib/time.ts (date-only YYYY-MM-DD values excepted)', () => {
    const offenders: string[] = [];
    for (const path of files(root)) {
      const rel = relative(root, path);
      if (rel === join('lib', 'time.ts')) continue;
      const text = readFileSync(path, 'utf8');
      for (const m of text.matchAll(/\.format\(\s*'([^']*)'/g)) {
        if (m[1] !== 'YYYY-MM-DD') offenders.push(`${rel}: .format('${m[1]}')`);
      }
      for (const m of text.matchAll(
        /\b(getHours|getMinutes|toLocaleString|toLocaleTimeString|toLocaleDateString)\(/g,
      )) {
        offenders.push(`${rel}: ${m[1]}()`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

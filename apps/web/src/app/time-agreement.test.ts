import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmtTime } from '../features/admin/labels.tsx';
import { formatDateTime } from '../lib/project-dates.ts';

// The features' time helpers are lib/time.ts underneath (lib/ itself may not import features).
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('one time formatter across features', () => {
  it('lists and drawers agree: the admin tables and the project pages use it', () => {
    const iso = '2026-11-22T02:05:00.000Z';
    expect(fmtTime(iso)).toBe('2026-11-22 10:05');
    expect(formatDateTime(iso)).toBe('2026-11-22 10:05');
    expect(formatDateTime('2026-11-22 10:05:00')).toBe('2026-11-22 10:05');
  });
});

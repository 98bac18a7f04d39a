import { shanghaiClock, shanghaiMidnight, shanghaiToday } from '@zl/shared';

// The quiet hours of everything the platform sends outside the site (docs/notices.md "Quiet
// hours"): nothing between 22:00 and 08:00 Asia/Shanghai.

const HOUR = 3_600_000;

/** 22:00–08:00 Asia/Shanghai. */
export function quietHour(now: Date): boolean {
  const h = shanghaiClock(now).getUTCHours();
  return h >= 22 || h < 8;
}

/** When something asked for at `now` may be sent: now, or 08:00 Asia/Shanghai after the quiet hours. */
export function sendableAt(now: Date): Date {
  if (!quietHour(now)) return now;
  const h = shanghaiClock(now).getUTCHours();
  const day = shanghaiToday(h >= 22 ? now.getTime() + 12 * HOUR : now);
  return new Date(shanghaiMidnight(day).getTime() + 8 * HOUR);
}

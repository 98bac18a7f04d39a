import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Every time on the platform is China time, whatever the viewer's computer says. */
export const PLATFORM_TZ = 'Asia/Shanghai';

/** A server text that is already China wall-clock time: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss]'. */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)?$/;

/**
 * THE time formatter of the web app: every time shown goes through it.
 * An instant (ISO text with Z or an offset, a Date, epoch ms) is shown in Asia/Shanghai; a server
 * text already in China time ('YYYY-MM-DD HH:mm:ss', the seed's `dates` + `times`) is only
 * re-cut to `pattern`. Empty → '—'; unreadable → the text itself.
 */
export function formatTime(
  value: string | number | Date | null | undefined,
  pattern = 'YYYY-MM-DD HH:mm',
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && WALL_CLOCK.test(value)) {
    // parsed and printed in the same (local) zone: the wall clock stays as the server wrote it
    return dayjs(value).format(pattern);
  }
  const d = dayjs(value);
  if (!d.isValid()) return String(value);
  return d.tz(PLATFORM_TZ).format(pattern);
}

/** The seed's `dates` + `times` pair (China time) as one 'YYYY-MM-DD HH:mm'. */
export function formatDatesTimes(dates: string, times: string): string {
  return dates
    ? formatTime(times ? `${dates} ${times}` : dates, times ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD')
    : '—';
}

/** The current hour in China. */
export function chinaHour(now: Date = new Date()): number {
  return dayjs(now).tz(PLATFORM_TZ).hour();
}

/**
 * For antd pickers, which work in the viewer's zone: an instant → a dayjs showing its China
 * wall-clock time, and back. A deadline picked as 18:00 means 18:00 in China everywhere.
 */
export function toChinaPicker(iso: string): Dayjs {
  return dayjs(dayjs(iso).tz(PLATFORM_TZ).format('YYYY-MM-DDTHH:mm:ss'));
}

export function fromChinaPicker(d: Dayjs): string {
  return dayjs.tz(d.format('YYYY-MM-DDTHH:mm:ss'), PLATFORM_TZ).toISOString();
}

/** Now, as a picker value (China wall-clock time): for "not in the past" checks of picked dates. */
export function chinaNow(): Dayjs {
  return toChinaPicker(new Date().toISOString());
}

/** A picker value as text, kept as its wall clock (a form draft stores it; `dayjs(text)` reads it back). */
export function pickerText(d: Dayjs): string {
  return d.format('YYYY-MM-DD HH:mm');
}

/** A month picker's value as `YYYY-MM` (its wall clock: the China month the picker shows). */
export function pickerMonth(d: Dayjs): string {
  return d.format('YYYY-MM');
}

/** Whole days from an instant to `now` (0 within the first day; never negative): 「逾期 N 天」. */
export function daysSince(iso: string, now: number = Date.now()): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : Math.max(0, Math.floor((now - t) / 86_400_000));
}

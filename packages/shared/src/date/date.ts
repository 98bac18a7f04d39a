/** Calendar dates as the forms and the API write them: `YYYY-MM-DD`, Asia/Shanghai. */

const SHANGHAI = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** 'YYYY-MM-DD' and 'HH:mm:ss' of an instant in Asia/Shanghai (the seed's dates/times). */
export function shanghaiDateTime(at: Date = new Date()): { dates: string; times: string } {
  const [dates = '', times = ''] = SHANGHAI.format(at).split(' ');
  return { dates, times };
}

/** `YYYY-MM-DD HH:mm` of an instant in Asia/Shanghai (contract dates, reminders). */
export function shanghaiMinute(at: Date | number): string {
  return shanghaiIso(at).slice(0, 16).replace('T', ' ');
}

/**
 * The platform's clock is Asia/Shanghai's, and this module is its one place (docs/product.md §
 * Time). China has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact, and
 * much cheaper per row than Intl with a time zone.
 */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The instant moved by the offset: its UTC fields (`getUTCHours`, `toISOString`) read Shanghai's wall clock. */
export function shanghaiClock(at: Date | number = new Date()): Date {
  return new Date((typeof at === 'number' ? at : at.getTime()) + SHANGHAI_OFFSET_MS);
}

/** `YYYY-MM-DDTHH:mm:ss.sss` of an instant on Shanghai's wall clock (no zone letter). */
export function shanghaiIso(at: Date | number = new Date()): string {
  return shanghaiClock(at).toISOString().slice(0, 23);
}

/** Today's calendar date in Asia/Shanghai, `YYYY-MM-DD` (of `now`, an instant or epoch ms). */
export function shanghaiToday(now: Date | number = new Date()): string {
  return shanghaiIso(now).slice(0, 10);
}

/** 00:00 of a `YYYY-MM-DD` in Asia/Shanghai, as an instant. */
export function shanghaiMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A `YYYY-MM-DD` that names a day of the calendar. */
export function isRealDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

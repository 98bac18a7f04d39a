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

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** Today's calendar date in Asia/Shanghai, `YYYY-MM-DD`. */
export function shanghaiToday(now: Date = new Date()): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
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

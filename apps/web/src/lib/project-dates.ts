import { formatTime } from './time.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DeadlineInfo {
  text: string;
  /** under 24 hours left (shown red) */
  urgent: boolean;
  closed: boolean;
}

/** 「还剩 3 天截止」; under a day in hours, under an hour in minutes; past → 已截止. */
export function deadlineInfo(biddl: string, now = Date.now()): DeadlineInfo {
  const at = Date.parse(biddl);
  if (Number.isNaN(at)) return { text: '截止时间待定', urgent: false, closed: false };
  const left = at - now;
  if (left <= 0) return { text: '已截止', urgent: false, closed: true };
  if (left < HOUR)
    return { text: `还剩 ${Math.max(1, Math.floor(left / 60_000))} 分钟截止`, urgent: true, closed: false };
  if (left < DAY) return { text: `还剩 ${Math.floor(left / HOUR)} 小时截止`, urgent: true, closed: false };
  return { text: `还剩 ${Math.floor(left / DAY)} 天截止`, urgent: false, closed: false };
}

/** → 'YYYY-MM-DD HH:mm' in China time: the one formatter of lib/time.ts. */
export function formatDateTime(iso: string): string {
  return formatTime(iso);
}

/** '2026-05-01' + '2026-05-03' → '2026-05-01 至 05-03' (same year shortened). */
export function formatDateRange(sdate: string, edate: string): string {
  if (!sdate) return '—';
  if (!edate || edate === sdate) return sdate;
  return sdate.slice(0, 4) === edate.slice(0, 4) ? `${sdate} 至 ${edate.slice(5)}` : `${sdate} 至 ${edate}`;
}

/** 6 × 4 m → '6×4m'; trailing zeros dropped. */
export function formatSize(length: number, width: number, height?: number): string {
  const n = (v: number) => String(Number(v));
  return height ? `${n(length)}×${n(width)}×${n(height)}m` : `${n(length)}×${n(width)}m`;
}

/**
 * Two instants as one China-time span: the end cut to what differs from the start —
 * '2026-05-06 08:00 – 05-07 22:00', '2026-05-09 17:00 – 23:00'; '—' without a start.
 */
export function formatInstantRange(startIso: string, endIso: string): string {
  if (!startIso) return '—';
  const start = formatTime(startIso);
  if (!endIso) return start;
  const end = formatTime(endIso);
  if (end.slice(0, 10) === start.slice(0, 10)) return `${start} – ${end.slice(11)}`;
  if (end.slice(0, 4) === start.slice(0, 4)) return `${start} – ${end.slice(5)}`;
  return `${start} – ${end}`;
}

/** The show's days as a span: '2026-05-08 – 05-11' (one day: the day). */
export function formatDaySpan(sdate: string, edate: string): string {
  if (!sdate) return '—';
  if (!edate || edate === sdate) return sdate;
  return sdate.slice(0, 4) === edate.slice(0, 4) ? `${sdate} – ${edate.slice(5)}` : `${sdate} – ${edate}`;
}

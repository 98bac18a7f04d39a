import {
  type CalendarConflict,
  type CalendarEvent,
  type CalendarKind,
  calendarKindLabels,
  shanghaiToday,
} from '@zl/shared';
import { formatTime } from '../../../lib/time.ts';

/**
 * Calendar days as the page works with them: `YYYY-MM-DD` of Asia/Shanghai, weeks from Monday
 * (docs/calendar.md). Plain calendar arithmetic on the date text; an event's instants become
 * days through shanghaiToday, whatever the viewer's computer zone.
 */
const DAY = 86_400_000;

export const WEEKDAY_LABELS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

export const KIND_ORDER: readonly CalendarKind[] = ['build', 'show', 'teardown', 'filing', 'due'];

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return dayOf(utc(day) + n * DAY);
}

/** 0 Monday … 6 Sunday. */
export function weekdayOf(day: string): number {
  return (new Date(utc(day)).getUTCDay() + 6) % 7;
}

export function weekStart(day: string): string {
  return addDays(day, -weekdayOf(day));
}

/** The first day of the month before (-1) or after (+1) the month of `day`. */
export function shiftMonth(day: string, n: number): string {
  const d = new Date(utc(day));
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}

/** The weeks (Monday first) that show the month of `day`: 4 to 6 rows of 7 days. */
export function monthWeeks(day: string): string[][] {
  const first = `${day.slice(0, 7)}-01`;
  const last = addDays(shiftMonth(first, 1), -1);
  const weeks: string[][] = [];
  for (let w = weekStart(first); w <= last; w = addDays(w, 7)) weeks.push(weekDays(w));
  return weeks;
}

export function weekDays(day: string): string[] {
  const start = weekStart(day);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

export const todayInChina = () => shanghaiToday();

/** The days an event covers: a window to the day of its last instant, a point its own day. */
export function eventDays(e: Pick<CalendarEvent, 'start' | 'end'>): { first: string; last: string } {
  const start = Date.parse(e.start);
  const end = Date.parse(e.end);
  const first = shanghaiToday(start);
  return { first, last: end > start ? shanghaiToday(end - 1) : first };
}

/** Each day's events, in the order given (the server's: by start). */
export function eventsByDay(events: CalendarEvent[], days: string[]): Map<string, CalendarEvent[]> {
  const out = new Map<string, CalendarEvent[]>(days.map((d) => [d, []]));
  for (const e of events) {
    const { first, last } = eventDays(e);
    for (const d of days) if (d >= first && d <= last) out.get(d)!.push(e);
  }
  return out;
}

/** What a chip says of the time on `day`: 08:00–22:00, 08:00 起, 至 22:00, 全天, or the point's 18:00. */
export function timeOnDay(e: Pick<CalendarEvent, 'start' | 'end'>, day: string): string {
  const { first, last } = eventDays(e);
  const from = formatTime(e.start, 'HH:mm');
  const to = formatTime(e.end, 'HH:mm');
  if (e.start === e.end) return from;
  if (first === last) return `${from}–${to}`;
  if (day === first) return from === '00:00' ? '全天' : `${from} 起`;
  if (day === last) return to === '00:00' ? '全天' : `至 ${to}`;
  return '全天';
}

/** The chip's label: 进场布展, …, and for a stage due its name (进场款到期). */
export function kindText(e: Pick<CalendarEvent, 'kind' | 'note'>): string {
  return e.kind === 'due' && e.note ? `${e.note}到期` : calendarKindLabels[e.kind];
}

/** `12月16日` of a day. */
export function monthDayText(day: string): string {
  return `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;
}

/** The conflicts by day, each with its projects' titles (from the events; the id when none is loaded). */
export function conflictTitles(
  conflicts: CalendarConflict[],
  events: CalendarEvent[],
): Map<string, string[]> {
  const titles = new Map(events.map((e) => [e.projectId, e.title]));
  return new Map(conflicts.map((c) => [c.date, c.projectIds.map((id) => titles.get(id) ?? `项目 ${id}`)]));
}

/** Consecutive conflict days with the same projects as one span: 「12月26日 – 12月27日」. */
export function conflictSpans(byDay: Array<[string, string[]]>): Array<{ text: string; titles: string[] }> {
  const spans: Array<{ first: string; last: string; titles: string[] }> = [];
  for (const [day, titles] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const prev = spans[spans.length - 1];
    if (prev && addDays(prev.last, 1) === day && prev.titles.join('\n') === titles.join('\n'))
      prev.last = day;
    else spans.push({ first: day, last: day, titles });
  }
  return spans.map((s) => ({
    text: s.first === s.last ? monthDayText(s.first) : `${monthDayText(s.first)} – ${monthDayText(s.last)}`,
    titles: s.titles,
  }));
}

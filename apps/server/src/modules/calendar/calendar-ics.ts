import { calendarKindLabels, maskContacts } from '@zl/shared';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { CalendarItem } from './calendar.service.ts';

/**
 * The iCalendar text of a member's project calendar (RFC 5545, docs/calendar.md § Feed), made by
 * ical-generator: one VEVENT per event, its UID the event's stable id, times in UTC. What leaves
 * the platform here is read by calendar servers we do not run, so it carries the project's
 * title, number, place and link only: no phone or ID number (masked even when a member typed one
 * into a title), no amount (a 付款到期 names the stage, not the money).
 */

/** An 18-character resident ID number (the last character may be X). */
const ID_NUMBER_RE = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g;

/** A member's own text as the feed shows it: contacts and ID numbers masked. */
export function feedText(text: string): string {
  return maskContacts(text).text.replace(ID_NUMBER_RE, (m) => '＊'.repeat(m.length));
}

export function feedSummary(e: Pick<CalendarItem, 'kind' | 'title' | 'note'>): string {
  const what = e.kind === 'due' && e.note ? `${e.note}到期` : calendarKindLabels[e.kind];
  return `${what} · ${feedText(e.title)}`;
}

export function feedLocation(e: Pick<CalendarItem, 'city' | 'hall' | 'booth'>): string {
  return [e.city, e.hall, e.booth ? `展位 ${e.booth}` : ''].filter(Boolean).map(feedText).join(' · ');
}

export function feedIcs(items: CalendarItem[], opts: { base: string; now: Date }): string {
  const calendar = ical({
    name: '展台项目日历',
    description: '我的展台项目：进场布展、开展、撤场、报馆截止与付款到期',
    prodId: { company: 'zl', product: 'project-calendar', language: 'ZH' },
    method: ICalCalendarMethod.PUBLISH,
    // clients that honour it read the feed again after an hour
    ttl: 3600,
  });
  for (const e of items) {
    const link = `${opts.base}${e.link}`;
    const point = e.start === e.end;
    calendar.createEvent({
      id: `${e.id}@zl`,
      stamp: opts.now,
      start: new Date(e.start),
      // a point (报馆截止, 付款到期) has no DTEND: it ends when it starts (RFC 5545 § 3.6.1)
      ...(point ? {} : { end: new Date(e.end) }),
      summary: feedSummary(e),
      location: feedLocation(e) || null,
      description: `项目编号 ${e.orders}\n${calendarKindLabels[e.kind]}：${feedText(e.title)}\n${link}`,
      url: link,
    });
  }
  return calendar.toString();
}

import { randomBytes } from 'node:crypto';
import {
  CALENDAR_TOKEN_RE,
  type CalendarConflict,
  type CalendarEvent,
  type CalendarEventsInput,
  type CalendarKind,
  type CardType,
  shanghaiMidnight,
  shanghaiToday,
  stageKindLabels,
} from '@zl/shared';
import type { Config } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  type CalendarOwner,
  type CalendarProjectRow,
  type CalendarSide,
  type CalendarStageRow,
  calendarDueStages,
  calendarProjects,
  findFeedOwner,
  findFeedToken,
  insertFeedToken,
  replaceFeedToken,
} from './calendar.repo.ts';
import { feedIcs } from './calendar-ics.ts';

/** The project calendar (docs/calendar.md): events of the caller's own projects, conflicts, the feed. */
const DAY = 86_400_000;

/** An event with what only the feed shows besides: the project's order number. */
export interface CalendarItem extends CalendarEvent {
  orders: string;
}

export const sideOf = (cardtype: CardType): CalendarSide =>
  cardtype === 'workshop' ? 'supplier' : 'customer';

/** The caller's own page of the project (the web's routes). */
export function projectLink(side: CalendarSide, projectId: number): string {
  return side === 'customer' ? `/customer/project?id=${projectId}` : `/orderDetail?id=${projectId}`;
}

interface Range {
  start: Date;
  end: Date;
}

const overlaps = (s: Date, e: Date, r: Range) =>
  s.getTime() === e.getTime()
    ? s.getTime() >= r.start.getTime() && s.getTime() < r.end.getTime()
    : s.getTime() < r.end.getTime() && e.getTime() > r.start.getTime();

function item(
  p: CalendarProjectRow,
  side: CalendarSide,
  kind: CalendarKind,
  start: Date,
  end: Date,
  extra: { id?: string; note?: string } = {},
): CalendarItem {
  return {
    id: extra.id ?? `p${p.id}-${kind}`,
    projectId: p.id,
    title: p.title,
    kind,
    note: extra.note ?? '',
    start: start.toISOString(),
    end: end.toISOString(),
    city: p.city,
    hall: p.hall,
    booth: p.booth,
    link: projectLink(side, p.id),
    orders: p.orders,
  };
}

/** The show's days as instants: 00:00 of sdate to 24:00 of edate, Asia/Shanghai. */
function showWindow(p: Pick<CalendarProjectRow, 'sdate' | 'edate'>): { start: Date; end: Date } {
  return {
    start: shanghaiMidnight(p.sdate),
    end: new Date(shanghaiMidnight(p.edate).getTime() + DAY),
  };
}

/**
 * The events of the projects and stages that fall in the range (a window that overlaps it, a
 * point inside it), in time order.
 */
export function eventsIn(
  projectRows: CalendarProjectRow[],
  stageRows: CalendarStageRow[],
  side: CalendarSide,
  range: Range,
): CalendarItem[] {
  const out: CalendarItem[] = [];
  for (const p of projectRows) {
    const show = showWindow(p);
    const candidates = [
      item(p, side, 'build', p.buildStart, p.buildEnd),
      item(p, side, 'show', show.start, show.end),
      item(p, side, 'teardown', p.teardownStart, p.teardownEnd),
      ...(p.filingDeadline ? [item(p, side, 'filing', p.filingDeadline, p.filingDeadline)] : []),
    ];
    for (const e of candidates) if (overlaps(new Date(e.start), new Date(e.end), range)) out.push(e);
  }
  for (const s of stageRows) {
    if (!overlaps(s.dueAt, s.dueAt, range)) continue;
    out.push(
      item(s, side, 'due', s.dueAt, s.dueAt, {
        id: `p${s.id}-due-${s.stageId}`,
        note: stageKindLabels[s.stageKind] ?? '',
      }),
    );
  }
  return out.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
}

/**
 * 同期进场冲突: the Asia/Shanghai days (within fromDay … toDay) on which two of the build-in
 * windows overlap in time while their projects are in different cities (province and city
 * compared) — one crew cannot be in both. Per day, every project in such a pair, ascending.
 */
export function conflictsOf(
  projectRows: Array<Pick<CalendarProjectRow, 'id' | 'prov' | 'city' | 'buildStart' | 'buildEnd'>>,
  fromDay: string,
  toDay: string,
): CalendarConflict[] {
  const builds = [...projectRows]
    .filter((p) => p.buildEnd.getTime() > p.buildStart.getTime())
    .sort((a, b) => a.buildStart.getTime() - b.buildStart.getTime());
  const byDay = new Map<string, Set<number>>();
  for (let i = 0; i < builds.length; i++) {
    const a = builds[i]!;
    for (let j = i + 1; j < builds.length; j++) {
      const b = builds[j]!;
      // sorted by start: once b starts after a ends, no later one overlaps a either
      if (b.buildStart.getTime() >= a.buildEnd.getTime()) break;
      if (a.prov === b.prov && a.city === b.city) continue;
      const start = Math.max(a.buildStart.getTime(), b.buildStart.getTime());
      const end = Math.min(a.buildEnd.getTime(), b.buildEnd.getTime());
      if (start >= end) continue;
      const last = shanghaiToday(end - 1);
      for (let d = shanghaiToday(start); d <= last; d = shanghaiToday(shanghaiMidnight(d).getTime() + DAY)) {
        if (d < fromDay || d > toDay) continue;
        const ids = byDay.get(d) ?? new Set<number>();
        ids.add(a.id).add(b.id);
        byDay.set(d, ids);
      }
    }
  }
  return [...byDay.entries()]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([date, ids]) => ({ date, projectIds: [...ids].sort((x, y) => x - y) }));
}

const publicEvent = ({ orders: _, ...e }: CalendarItem): CalendarEvent => e;

/** The owner's events and conflicts between two Asia/Shanghai days, both included. */
async function calendarOf(db: DbOrTx, owner: CalendarOwner, fromDay: string, toDay: string) {
  const range = {
    start: shanghaiMidnight(fromDay),
    end: new Date(shanghaiMidnight(toDay).getTime() + DAY),
  };
  const [projectRows, stageRows] = await Promise.all([
    calendarProjects(db, owner, { ...range, fromDay, toDay }),
    calendarDueStages(db, owner, range),
  ]);
  return {
    items: eventsIn(projectRows, stageRows, owner.side, range),
    conflicts: conflictsOf(projectRows, fromDay, toDay),
  };
}

/** Calendar/events: the caller's own projects' events in the range (≤ 62 days, checked by the schema). */
export async function events(
  db: DbOrTx,
  caller: { memberId: number; cardtype: CardType },
  input: Required<CalendarEventsInput>,
) {
  const owner = { memberId: caller.memberId, side: sideOf(caller.cardtype) };
  const { items, conflicts } = await calendarOf(db, owner, input.from, input.to);
  return { listItem: items.map(publicEvent), conflicts };
}

/** 32 random bytes, base64url: the feed address's only secret. */
export const newFeedToken = () => randomBytes(32).toString('base64url');

export const FEED_PATH = '/api/Calendar/feed';
export const feedUrlOf = (base: string, token: string) => `${base}${FEED_PATH}/${token}.ics`;

/**
 * The site's origin for absolute addresses: PUBLIC_BASE_URL when it is set, else the origin the
 * request came to (config's default, http://127.0.0.1:PORT, is no address a phone can reach).
 */
export function siteBase(config: Pick<Config, 'server'>, requestOrigin: string | null): string {
  const fallback = `http://127.0.0.1:${config.server.port}`;
  if (config.server.publicBaseUrl !== fallback || !requestOrigin) return config.server.publicBaseUrl;
  return requestOrigin;
}

/** Calendar/feedUrl: the member's address, its token made on the first ask. */
export async function feedUrl(db: DbOrTx, memberId: number, base: string) {
  const token = (await findFeedToken(db, memberId)) ?? (await insertFeedToken(db, memberId, newFeedToken()));
  return { url: feedUrlOf(base, token) };
}

/** Calendar/resetFeed: a new token replaces the old one; the old address answers 404 from now on. */
export async function resetFeed(db: DbOrTx, memberId: number, base: string) {
  return { url: feedUrlOf(base, await replaceFeedToken(db, memberId, newFeedToken())) };
}

/** What the feed spans: from 30 days ago to a year ahead. */
export const FEED_PAST_DAYS = 30;
export const FEED_AHEAD_DAYS = 365;

/**
 * GET Calendar/feed/<token>.ics: the iCalendar text of the token's member, or null for a token
 * that is malformed (refused before any query) or unknown.
 */
export async function feedCalendar(
  db: DbOrTx,
  token: string,
  base: string,
  now = new Date(),
): Promise<string | null> {
  if (!CALENDAR_TOKEN_RE.test(token)) return null;
  const owner = await findFeedOwner(db, token);
  if (!owner) return null;
  const fromDay = shanghaiToday(now.getTime() - FEED_PAST_DAYS * DAY);
  const toDay = shanghaiToday(now.getTime() + FEED_AHEAD_DAYS * DAY);
  const { items } = await calendarOf(
    db,
    { memberId: owner.memberId, side: sideOf(owner.cardtype) },
    fromDay,
    toDay,
  );
  return feedIcs(items, { base, now });
}

import { type CalendarEventsResult, shanghaiMidnight, shanghaiToday } from '@zl/shared';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { projectStages, projects, quotes } from '../src/db/schema/index.ts';
import { conflictsOf, feedCalendar } from '../src/modules/calendar/calendar.service.ts';
import { Client, expectError, expectFields, expectOk, makeTestApp, type TestContext } from './helpers.ts';
import { makeProject, makeQuote, type ProjectInsert } from './project-fixtures.ts';
import { type Member, memberClient, verifiedSupplier } from './projectcenter-fixtures.ts';

/** The project calendar (docs/calendar.md): Calendar/events, feedUrl, resetFeed and the iCalendar feed. */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dayAfter = (day: string, n: number) => shanghaiToday(shanghaiMidnight(day).getTime() + n * DAY);
const at = (day: string, hour: number) => new Date(shanghaiMidnight(day).getTime() + hour * HOUR);

let ctx: TestContext;
/** the show's opening day of the fixtures, 20 days ahead */
let D: string;
let custA: Member;
let custB: Member;
let stranger: Member;
let winner: Member;
let loser: Member;
/** A's 上海 project won by `winner`, B's 北京 project won by `winner`, A's 上海 bidding project, winner's 广州 one later */
let p1: typeof projects.$inferSelect;
let p2: typeof projects.$inferSelect;
let p3: typeof projects.$inferSelect;
let p4: typeof projects.$inferSelect;
const STAGE_AMOUNT = 261_600;
const WINNER_ID_NUMBER = '11010119900307451X';

/** Dates of a show opening on `sdate` for three days: the defaults of docs/show-dates.md. */
function showDates(sdate: string): Partial<ProjectInsert> {
  return {
    sdate,
    edate: dayAfter(sdate, 2),
    buildStart: at(dayAfter(sdate, -2), 8),
    buildEnd: at(dayAfter(sdate, -1), 22),
    teardownStart: at(dayAfter(sdate, 2), 17),
    teardownEnd: at(dayAfter(sdate, 2), 23),
  };
}

/** A project of `customerId` in 施工中 (4) won by `supplierId`; `other` quoted and lost. */
async function wonProject(
  customerId: number,
  supplierId: number,
  values: Partial<ProjectInsert>,
  other?: number,
) {
  const p = await makeProject(ctx, customerId, { status: 4, ...values });
  const q = await makeQuote(ctx, p.id, supplierId, 1);
  if (other) await makeQuote(ctx, p.id, other, 1);
  await ctx.database.db.update(quotes).set({ status: 1 }).where(eq(quotes.id, q.id));
  await ctx.database.db.update(projects).set({ winnerQuoteId: q.id }).where(eq(projects.id, p.id));
  return p;
}

async function eventsOf(m: Member, from = dayAfter(D, -10), to = dayAfter(D, 10)) {
  const r = await m.c.post<CalendarEventsResult>('Calendar/events', { from, to });
  expectOk(r);
  return r.body.data;
}

function feedGet(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
}

beforeAll(async () => {
  ctx = await makeTestApp();
  D = shanghaiToday(Date.now() + 20 * DAY);
  custA = await memberClient(ctx, { cardtype: 'customer' });
  custB = await memberClient(ctx, { cardtype: 'customer' });
  stranger = await memberClient(ctx, { cardtype: 'customer' });
  winner = await memberClient(ctx, {
    cardtype: 'workshop',
    personauth: 1,
    realname: '张三',
    idcard: WINNER_ID_NUMBER,
  });
  loser = await verifiedSupplier(ctx);
  p1 = await wonProject(
    custA.id,
    winner.id,
    {
      ...showDates(D),
      orders: 'P202612010001',
      title: '上海车展特装展台',
      city: '上海市',
      prov: '上海市',
      hall: 'N1馆',
      booth: '1A01',
      filingDeadline: at(dayAfter(D, -6), 18),
      mobile: '13912345678',
    },
    loser.id,
  );
  p2 = await wonProject(custB.id, winner.id, {
    ...showDates(D),
    title: '北京家具展展台 联系13987654321',
    prov: '北京市',
    city: '北京市',
  });
  p3 = await makeProject(ctx, custA.id, { ...showDates(D), title: '上海车展标准展位', status: 1 });
  p4 = await wonProject(custA.id, winner.id, {
    ...showDates(dayAfter(D, 6)),
    title: '广州建博会展台',
    prov: '广东省',
    city: '广州市',
  });
  // A's closed and pending projects in the same days: never on a calendar
  await makeProject(ctx, custA.id, { ...showDates(D), title: '已关闭的项目', status: 7 });
  await makeProject(ctx, custA.id, { ...showDates(D), title: '待审核的项目', status: 0 });
  // p1's payment stages: 预付款 paid (not shown), 进场款 due at the build-in start (shown)
  await ctx.database.db.insert(projectStages).values([
    {
      projectId: p1.id,
      seq: 1,
      kind: 'prepay',
      amount: 100_000,
      dueAt: at(dayAfter(D, -8), 12),
      status: 'paid',
      paidAt: new Date(),
    },
    { projectId: p1.id, seq: 2, kind: 'progress', amount: STAGE_AMOUNT, dueAt: p1.buildStart },
  ]);
});
afterAll(() => ctx.close());

describe('Calendar/events', () => {
  it("a customer sees its own projects' build-in, show, teardown, filing and stages due", async () => {
    const data = await eventsOf(custA);
    const ids = data.listItem.map((e) => e.id).sort();
    const stage = (
      await ctx.database.db.select().from(projectStages).where(eq(projectStages.projectId, p1.id))
    ).find((s) => s.seq === 2)!;
    expect(ids).toEqual(
      [
        `p${p1.id}-build`,
        `p${p1.id}-show`,
        `p${p1.id}-teardown`,
        `p${p1.id}-filing`,
        `p${p1.id}-due-${stage.id}`,
        `p${p3.id}-build`,
        `p${p3.id}-show`,
        `p${p3.id}-teardown`,
        // p4 (won by the supplier, A's own) is later: its build-in starts D+4, inside the range
        `p${p4.id}-build`,
        `p${p4.id}-show`,
        `p${p4.id}-teardown`,
      ].sort(),
    );
    const byId = new Map(data.listItem.map((e) => [e.id, e]));
    expect(byId.get(`p${p1.id}-build`)).toEqual({
      id: `p${p1.id}-build`,
      projectId: p1.id,
      title: '上海车展特装展台',
      kind: 'build',
      note: '',
      start: p1.buildStart.toISOString(),
      end: p1.buildEnd.toISOString(),
      city: '上海市',
      hall: 'N1馆',
      booth: '1A01',
      link: `/customer/project?id=${p1.id}`,
    });
    expect(byId.get(`p${p1.id}-show`)).toMatchObject({
      start: shanghaiMidnight(D).toISOString(),
      end: shanghaiMidnight(dayAfter(D, 3)).toISOString(),
    });
    expect(byId.get(`p${p1.id}-filing`)).toMatchObject({
      start: at(dayAfter(D, -6), 18).toISOString(),
      end: at(dayAfter(D, -6), 18).toISOString(),
    });
    expect(byId.get(`p${p1.id}-due-${stage.id}`)).toMatchObject({
      kind: 'due',
      note: '进场款',
      start: p1.buildStart.toISOString(),
    });
    // in time order
    const starts = data.listItem.map((e) => e.start);
    expect([...starts].sort()).toEqual(starts);
    // two build-ins in the same city at once: no conflict
    expect(data.conflicts).toEqual([]);
  });

  it('the winner sees the projects it won, linked to its order detail; the loser and strangers see nothing', async () => {
    const data = await eventsOf(winner);
    const projectIds = [...new Set(data.listItem.map((e) => e.projectId))].sort((a, b) => a - b);
    expect(projectIds).toEqual([p1.id, p2.id, p4.id]);
    expect(data.listItem.find((e) => e.id === `p${p1.id}-build`)?.link).toBe(`/orderDetail?id=${p1.id}`);
    // the stage due is the winner's to see too
    expect(data.listItem.some((e) => e.kind === 'due' && e.projectId === p1.id)).toBe(true);
    for (const m of [loser, stranger]) {
      expect(await eventsOf(m)).toEqual({ listItem: [], conflicts: [] });
    }
    // B sees its own project only
    const b = await eventsOf(custB);
    expect([...new Set(b.listItem.map((e) => e.projectId))]).toEqual([p2.id]);
  });

  it('flags the days two build-ins overlap in different cities', async () => {
    const data = await eventsOf(winner);
    const both = [p1.id, p2.id].sort((a, b) => a - b);
    // p1 上海 and p2 北京 both build D-2 08:00 → D-1 22:00; p4 广州 builds later (no overlap)
    expect(data.conflicts).toEqual([
      { date: dayAfter(D, -2), projectIds: both },
      { date: dayAfter(D, -1), projectIds: both },
    ]);
    // only the days inside the range asked
    const narrow = await eventsOf(winner, dayAfter(D, -1), dayAfter(D, 0));
    expect(narrow.conflicts).toEqual([{ date: dayAfter(D, -1), projectIds: both }]);
  });

  it('conflictsOf: an overlap of hours on one day is that day; touching windows are no overlap', () => {
    const w = (id: number, city: string, s: string, e: string) => ({
      id,
      prov: city,
      city,
      buildStart: new Date(s),
      buildEnd: new Date(e),
    });
    expect(
      conflictsOf(
        [
          w(1, '上海市', '2027-03-01T00:00:00Z', '2027-03-01T06:00:00Z'),
          w(2, '北京市', '2027-03-01T05:00:00Z', '2027-03-01T09:00:00Z'),
          w(3, '天津市', '2027-03-01T09:00:00Z', '2027-03-01T12:00:00Z'),
        ],
        '2027-02-01',
        '2027-03-31',
      ),
    ).toEqual([{ date: '2027-03-01', projectIds: [1, 2] }]);
  });

  it('answers a 62-day range; refuses a longer one, a reversed one and bad dates field by field', async () => {
    expectOk(await custA.c.post('Calendar/events', { from: D, to: dayAfter(D, 61) }));
    const long = expectFields(await custA.c.post('Calendar/events', { from: D, to: dayAfter(D, 62) }), [
      'to',
    ]);
    expect(long.to).toBe('一次最多查看 62 天');
    const reversed = expectFields(await custA.c.post('Calendar/events', { from: D, to: dayAfter(D, -1) }), [
      'to',
    ]);
    expect(reversed.to).toBe('结束日期不能早于开始日期');
    const bad = expectFields(await custA.c.post('Calendar/events', { from: '2026-13-01', to: 'x' }), [
      'from',
      'to',
    ]);
    expect(bad).toEqual({ from: '开始日期格式为 YYYY-MM-DD', to: '结束日期格式为 YYYY-MM-DD' });
    const missing = expectFields(await custA.c.post('Calendar/events', {}), ['from', 'to']);
    expect(missing).toEqual({ from: '请选择开始日期', to: '请选择结束日期' });
    expectError(await new Client(ctx.app).post('Calendar/events', { from: D, to: D }), 'NOT_LOGGED_IN');
  });
});

describe('the iCalendar feed', () => {
  it("lists exactly the member's own events with their times, as RFC 5545 that ical.js reads", async () => {
    const r = await winner.c.post<{ url: string }>('Calendar/feedUrl', {});
    expectOk(r);
    const url = r.body.data.url;
    expect(url).toMatch(/^http:\/\/[^/]+\/api\/Calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    // the same address on the next ask
    expect((await winner.c.post<{ url: string }>('Calendar/feedUrl', {})).body.data.url).toBe(url);

    // no cookie, and a client that accepts compression gets it plain
    const res = await feedGet(url, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['content-encoding']).toBeUndefined();
    // content lines end in CRLF (RFC 5545 § 3.1)
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);

    const cal = new ICAL.Component(ICAL.parse(res.body) as unknown as unknown[]);
    const vevents = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const api = await eventsOf(winner);
    // the feed spans 30 days back to a year ahead: here the same events as the range around D
    expect(vevents.map((e) => e.uid).sort()).toEqual(api.listItem.map((e) => `${e.id}@zl`).sort());
    for (const e of api.listItem) {
      const v = vevents.find((x) => x.uid === `${e.id}@zl`)!;
      expect(v.startDate.toJSDate().toISOString(), e.id).toBe(e.start);
      expect(v.endDate.toJSDate().toISOString(), e.id).toBe(e.end);
    }
    const build = vevents.find((x) => x.uid === `p${p1.id}-build@zl`)!;
    expect(build.summary).toBe('进场布展 · 上海车展特装展台');
    expect(build.location).toBe('上海市 · N1馆 · 展位 1A01');
    expect(build.description).toContain('项目编号 P202612010001');
    expect(build.description).toContain(`/orderDetail?id=${p1.id}`);
    const due = vevents.find((x) => x.uid.startsWith(`p${p1.id}-due-`))!;
    expect(due.summary).toBe('进场款到期 · 上海车展特装展台');
  });

  it('carries no phone number, ID number or amount', async () => {
    const url = (await winner.c.post<{ url: string }>('Calendar/feedUrl', {})).body.data.url;
    const text = (await feedGet(url)).body;
    expect(text).not.toMatch(/(?<!\d)1[3-9]\d{9}(?!\d)/);
    for (const secret of [
      winner.mobile,
      custA.mobile,
      custB.mobile,
      '13912345678',
      '13987654321',
      WINNER_ID_NUMBER,
      String(STAGE_AMOUNT),
      '2616',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/[¥￥]|元|金额/);
    // the title's number is masked, the rest of the title kept
    expect(text).toContain('北京家具展展台 联系');
  });

  it('resetFeed: the old address answers 404 from then on, the new one works', async () => {
    const old = (await custA.c.post<{ url: string }>('Calendar/feedUrl', {})).body.data.url;
    expect((await feedGet(old)).statusCode).toBe(200);
    const r = await custA.c.post<{ url: string }>('Calendar/resetFeed', {});
    expectOk(r);
    const fresh = r.body.data.url;
    expect(fresh).not.toBe(old);
    const gone = await feedGet(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^text\/plain/);
    const now = await feedGet(fresh);
    expect(now.statusCode).toBe(200);
    expect(now.body).toContain(`UID:p${p1.id}-build@zl`);
    // the customer's feed links to its own project page and has nothing of B's
    expect(now.body).toContain(`/customer/project?id=${p1.id}`);
    expect(now.body).not.toContain(`p${p2.id}-`);
    // feedUrl now answers the new address
    expect((await custA.c.post<{ url: string }>('Calendar/feedUrl', {})).body.data.url).toBe(fresh);
  });

  it('a token of the wrong form is 404 before any query; an unknown one 404 too', async () => {
    const untouchable = new Proxy(
      {},
      {
        get() {
          throw new Error('the database was touched');
        },
      },
    ) as Db;
    for (const bad of ['abc', 'x'.repeat(44), `${'a'.repeat(42)}!`, `${'a'.repeat(42)}.`]) {
      expect(await feedCalendar(untouchable, bad, 'http://x')).toBeNull();
    }
    for (const path of ['abc.ics', `${'a'.repeat(42)}%21.ics`, `${'a'.repeat(43)}.ics`]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/Calendar/feed/${path}` });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('订阅地址无效或已重置');
    }
  });

  it('feedUrl and resetFeed need a signed-in member', async () => {
    const anon = new Client(ctx.app);
    expectError(await anon.post('Calendar/feedUrl', {}), 'NOT_LOGGED_IN');
    expectError(await anon.post('Calendar/resetFeed', {}), 'NOT_LOGGED_IN');
  });
});

import { PROJECT_STATUS, type ProjectSummary, type SearchListResult } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateProjects } from '../../../scripts/gen-projects.mjs';
import { projects } from '../src/db/schema/index.ts';
import { searchProjects } from '../src/modules/projectcenter/search.repo.ts';
import { Client, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { isoDate } from './project-fixtures.ts';
import { memberClient } from './projectcenter-fixtures.ts';

const ctx = useTestApp({ members: { customer: { row: { cardtype: 'customer' } }, sup: { session: {} } } });
const { customer, sup } = ctx.members;
const DAY = 86_400_000;
const base = Date.now() - 10 * DAY;

type Row = typeof projects.$inferInsert;
function row(i: number, v: Partial<Row> = {}): Row {
  const w = 3 + (i % 5);
  const l = 3 + (i % 7);
  return {
    orders: `S${String(i).padStart(6, '0')}`,
    customerId: customer.id,
    mobile: '13900000000',
    groupid: 1 + (i % 3),
    title: `第${i}号 上海国际车展 特装展台`,
    length: l,
    width: w,
    height: 3,
    // repeated areas, deadlines and creation times: the id must break ties
    areas: l * w,
    opens: 1,
    prepay: 100_000,
    coins: 5,
    sdate: isoDate(Date.now() + (30 + (i % 9)) * DAY),
    edate: isoDate(Date.now() + (33 + (i % 9)) * DAY),
    biddl: new Date(Date.now() + (5 + (i % 4)) * DAY),
    prov: i % 2 ? '上海市' : '广东省',
    city: i % 2 ? '上海市' : i % 4 ? '广州市' : '深圳市',
    status: 1,
    checked: 1,
    createdAt: new Date(base + Math.floor(i / 3) * 60_000),
    ...v,
  };
}

async function search(body: Record<string, unknown>, c: Client = sup.c) {
  return c.post<SearchListResult>('Projectcenter/searchList', body);
}

/** Every page of a search by cursor. */
async function walk(body: Record<string, unknown>): Promise<ProjectSummary[]> {
  const all: ProjectSummary[] = [];
  let cursor: string | null | undefined;
  for (let n = 0; n < 100; n++) {
    const r = await search({ ...body, ...(cursor ? { cursor } : {}) });
    expectOk(r);
    all.push(...r.body.data.listItem);
    cursor = r.body.data.nextCursor;
    if (!cursor) return all;
  }
  throw new Error('no last page');
}

const OPEN = 45;
beforeAll(async () => {
  const values: Row[] = [];
  for (let i = 0; i < OPEN; i++) values.push(row(i));
  values.push(
    row(100, { status: 0, checked: 0, title: '待审核的车展项目' }),
    row(101, { status: 7, checked: 2, closedBy: 'rejected', title: '被驳回的车展项目' }),
    row(102, { biddl: new Date(Date.now() - 60_000), title: '已过截止时间的车展项目' }),
    row(103, { status: 2, title: '已选标 100%_满意 展台' }),
    row(104, { title: '含 100%_折扣 字样的标题' }),
    row(105, { picture: ['AAAAAAAAAAAAAAAAAAAAAA'], title: '带图片的项目' }),
  );
  await ctx.database.db.insert(projects).values(values);
});

async function expected(orderBy: string, where = 'true'): Promise<number[]> {
  const r = await rows<{ id: number }>(
    ctx,
    sql.raw(`select id from projects where status = 1 and biddl > now() and (${where}) order by ${orderBy}`),
  );
  return r.map((x) => Number(x.id));
}

describe('Projectcenter/searchList', () => {
  it('lists only open approved projects, newest first, by default', async () => {
    const r = await search({});
    expectOk(r);
    const ids = (await walk({})).map((p) => p.id);
    expect(ids).toEqual(await expected('created_at desc, id desc'));
    expect(ids).toHaveLength(OPEN + 2);
    expect(r.body.data.total).toBe(OPEN + 2);
    expect(r.body.data.totalCapped).toBe(false);
    expect(r.body.data.listItem).toHaveLength(20);
    const titles = (await walk({})).map((p) => p.title);
    for (const hidden of ['待审核', '被驳回', '已过截止', '已选标']) {
      expect(titles.some((t) => t.includes(hidden))).toBe(false);
    }
  });

  it.each([
    ['newest', 'desc', 'created_at desc, id desc'],
    ['newest', 'asc', 'created_at asc, id asc'],
    ['deadline', 'asc', 'biddl asc, id asc'],
    ['deadline', 'desc', 'biddl desc, id desc'],
    ['area', 'desc', 'areas desc, id desc'],
    ['area', 'asc', 'areas asc, id asc'],
  ])('walks every page of sort %s %s without duplicates or gaps', async (sort, order, orderBy) => {
    const got = (await walk({ sort, order, pageSize: 7 })).map((p) => p.id);
    expect(new Set(got).size).toBe(got.length);
    expect(got).toEqual(await expected(orderBy));
  });

  it('numbered pages agree with the cursor walk; deep numbers are refused', async () => {
    const all = (await walk({ sort: 'area', pageSize: 5 })).map((p) => p.id);
    const p3 = await search({ sort: 'area', pageSize: 5, page: 3 });
    expect(p3.body.data.listItem.map((p) => p.id)).toEqual(all.slice(10, 15));
    // a cursor continues from any numbered page
    const next = await search({ sort: 'area', pageSize: 5, cursor: p3.body.data.nextCursor });
    expect(next.body.data.listItem.map((p) => p.id)).toEqual(all.slice(15, 20));
    // a cursor page is not counted again: the numbered page's count stands
    expect(p3.body.data.total).toBe(all.length);
    expect(next.body.data).toMatchObject({ total: null, totalCapped: false });
    expectFields(await search({ page: 11 }), ['page']);
    expectFields(await search({ page: 2, cursor: p3.body.data.nextCursor }), ['page']);
  });

  it('filters by type, region, area range, start dates and status', async () => {
    const g = await walk({ groupid: 2 });
    expect(g.length).toBeGreaterThan(0);
    expect(g.every((p) => p.groupid === 2 && p.groupname === '标准展位')).toBe(true);
    const sz = await walk({ prov: '广东省', city: '深圳市' });
    expect(sz.map((p) => p.id)).toEqual(await expected('created_at desc, id desc', "city = '深圳市'"));
    const area = await walk({ areaMin: 20, areaMax: 30, sort: 'area', order: 'asc' });
    expect(area.map((p) => p.id)).toEqual(await expected('areas asc, id asc', 'areas >= 20 and areas <= 30'));
    const from = isoDate(Date.now() + 35 * DAY);
    const dates = await walk({ sdateFrom: from });
    expect(dates.map((p) => p.id)).toEqual(await expected('created_at desc, id desc', `sdate >= '${from}'`));
    // by build-in start (docs/show-dates.md): a range of Asia/Shanghai days, and sorted by it
    const bFrom = isoDate(Date.now() + 32 * DAY);
    const bTo = isoDate(Date.now() + 34 * DAY);
    const built = await walk({ buildFrom: bFrom, buildTo: bTo, sort: 'build' });
    expect(built.map((p) => p.id)).toEqual(
      await expected(
        'build_start asc, id asc',
        `build_start >= '${bFrom}T00:00:00+08:00' and build_start < '${bTo}T00:00:00+08:00'::timestamptz + interval '1 day'`,
      ),
    );
    expect(built.length).toBeGreaterThan(0);
    expect(built.every((p) => p.buildStart >= new Date(`${bFrom}T00:00:00+08:00`).toISOString())).toBe(true);
    const awarded = await search({ status: 2 });
    expect(awarded.body.data.listItem.map((p) => p.title)).toEqual(['已选标 100%_满意 展台']);
    expect(awarded.body.data.listItem[0]!.statusText).toBe('已选标');
  });

  it('matches keywords literally: % and _ are not wildcards', async () => {
    const r = await search({ keyword: '车展' });
    expect(r.body.data.total).toBe(OPEN);
    expect((await search({ keyword: '0%_折' })).body.data.listItem.map((p) => p.title)).toEqual([
      '含 100%_折扣 字样的标题',
    ]);
    expect((await search({ keyword: '%%' })).body.data.total).toBe(0);
    expect((await search({ keyword: '__' })).body.data.total).toBe(0);
    expect((await search({ keyword: '  ' })).body.data.total).toBe(OPEN + 2); // empty: no filter
    expectFields(await search({ keyword: '车' }), ['keyword']);
  });

  it('answers the list shape: cover thumbnail, Shanghai creation time, favourite flag', async () => {
    const all = await walk({ keyword: '带图片' });
    expect(all).toHaveLength(1);
    const p = all[0]!;
    expect(p.cover).toBe('/files/AAAAAAAAAAAAAAAAAAAAAA/thumb');
    expect(p.dates).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.times).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(p.favorite).toBe(false);
    expectOk(await sup.c.post('Myfavorite/bPrjctFvr', { id: p.id }));
    expect((await walk({ keyword: '带图片' }))[0]!.favorite).toBe(true);
    // another member's favourite is not mine
    const other = await memberClient(ctx);
    expect((await search({ keyword: '带图片' }, other.c)).body.data.listItem[0]!.favorite).toBe(false);
  });

  it('refuses bad input with field messages', async () => {
    expectFields(await search({ pageSize: 0 }), ['pageSize']);
    expectFields(await search({ pageSize: 51 }), ['pageSize']);
    expectFields(await search({ sort: 'price' }), ['sort']);
    expectFields(await search({ order: 'up' }), ['order']);
    expectFields(await search({ status: 0 }), ['status']);
    expectFields(await search({ status: 8 }), ['status']);
    expectFields(await search({ groupid: 9 }), ['groupid']);
    expectFields(await search({ areaMin: 50, areaMax: 10 }), ['areaMax']);
    expectFields(await search({ areaMin: -1 }), ['areaMin']);
    expectFields(await search({ prov: '火星' }), ['prov']);
    expectFields(await search({ prov: '上海市', city: '广州市' }), ['city']);
    expectFields(await search({ sdateFrom: '2026-13-45' }), ['sdateFrom']);
    expectFields(await search({ sdateFrom: '2027-02-01', sdateTo: '2027-01-01' }), ['sdateTo']);
    expectFields(await search({ buildFrom: '2027-02-01', buildTo: '2027-01-01' }), ['buildTo']);
    expectFields(await search({ buildFrom: '明天' }), ['buildFrom']);
    expectFields(await search({ keyword: 'x'.repeat(51) }), ['keyword']);
    expectError(await search({ extra: 1 }), 'VALIDATION_FAILED');
  });

  it('refuses forged, foreign and malformed cursors', async () => {
    const first = await search({ pageSize: 3 });
    const cursor = first.body.data.nextCursor!;
    expectFields(await search({ cursor: 'not-a-cursor' }), ['cursor']);
    // a cursor of another sort or direction would skip rows
    expectFields(await search({ cursor, sort: 'area' }), ['cursor']);
    expectFields(await search({ cursor, order: 'asc' }), ['cursor']);
    const forge = (k: unknown, i: unknown = 1) =>
      Buffer.from(JSON.stringify({ s: 'newest', o: 'desc', k, i })).toString('base64url');
    expectFields(await search({ cursor: forge("2026-01-01'); drop table projects; --") }), ['cursor']);
    expectFields(await search({ cursor: forge('2026-01-01 00:00:00+00', -5) }), ['cursor']);
    expectFields(await search({ cursor: 'x'.repeat(201) }), ['cursor']);
    // a well-formed cursor from far in the past simply has nothing after it
    const empty = await search({ cursor: forge('2000-01-01 00:00:00+00', 1) });
    expectOk(empty);
    expect(empty.body.data.listItem).toEqual([]);
    expect(empty.body.data.nextCursor).toBeNull();
  });

  it('needs a login', async () => {
    expectError(await search({}, new Client(ctx.app)), 'NOT_LOGGED_IN');
  });
});

describe('count cap (generated projects)', () => {
  it('counts at most 1000 and says so; the generator makes valid open projects', async () => {
    const client = (ctx.database.db as unknown as { $client: Parameters<typeof generateProjects>[0] })
      .$client;
    await generateProjects(client, { count: 1500, batch: 750 });
    const r = await search({ pageSize: 50 });
    expectOk(r);
    expect(r.body.data.total).toBe(1000);
    expect(r.body.data.totalCapped).toBe(true);
    const [n] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from projects where status = 1`);
    expect(Number(n!.n)).toBeGreaterThan(900);
    // generated rows answer the list shape like any other (numbers, region names, dates)
    for (const p of r.body.data.listItem) {
      expect(p.areas).toBeGreaterThanOrEqual(9);
      expect(p.areas).toBeLessThanOrEqual(600);
      expect(p.sdate < p.edate).toBe(true);
      expect(new Date(p.biddl).getTime()).toBeGreaterThan(Date.now());
    }
    const [dups] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from (select orders from projects group by orders having count(*) > 1) d`,
    );
    expect(Number(dups!.n)).toBe(0);
    const narrow = await search({ keyword: '第1号' });
    expect(narrow.body.data.totalCapped).toBe(false);
    // a 2-character keyword counts exactly whichever way it goes (bigram index first, or the probe)
    await rows(ctx, sql`analyze projects`);
    for (const keyword of ['搭建', '展台', '宁夏']) {
      const [m] = await rows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from projects where status = 1 and biddl > now() and (title ilike ${`%${keyword}%`} or city ilike ${`%${keyword}%`} or addr ilike ${`%${keyword}%`})`,
      );
      const got = await search({ keyword });
      expect({ keyword, total: got.body.data.total, capped: got.body.data.totalCapped }).toEqual({
        keyword,
        total: Math.min(Number(m!.n), 1000),
        capped: Number(m!.n) > 1000,
      });
      // a frequent pair's page is read without the pair condition (ILIKE alone): the same rows
      const page = (frequentPair: boolean, sort: 'newest' | 'deadline') =>
        searchProjects(
          ctx.database.db,
          sup.id,
          { status: PROJECT_STATUS.BIDDING, keyword },
          { sort, order: sort === 'newest' ? 'desc' : 'asc', limit: 21, offset: 0, frequentPair },
        ).then((r) => r.map((x) => x.id));
      for (const sort of ['newest', 'deadline'] as const) {
        const walked = await page(true, sort);
        expect(walked).toEqual(await page(false, sort));
        expect(walked.length).toBe(Math.min(Number(m!.n), 21));
      }
    }
  });
});

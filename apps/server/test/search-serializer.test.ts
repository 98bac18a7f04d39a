// searchList's answer is written from the rows' text by search.view.ts, its envelope by a
// serializer compiled from its schema (docs/adr/0008-precompiled-response-serializer.md): the text
// must be what the zod serializer wrote — every field, nulls, the favourite flag — and the items
// what projectSummary gives of Drizzle's mapping elsewhere.
import {
  PROJECT_STATUS,
  type ProjectSummary,
  projectSummarySchema,
  type SearchListResult,
  searchListResultSchema,
} from '@zl/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../src/lib/errors.ts';
import { compileZodSerializer, toSerializerSchema } from '../src/lib/precompiled-serializer.ts';
import {
  isoOf,
  projectSummary,
  shanghaiDateTime,
  shanghaiParts,
} from '../src/modules/project/project-view.ts';
import {
  pgTimestamp,
  type SearchTextRow,
  searchProjectText,
  toRow,
} from '../src/modules/projectcenter/search.repo.ts';
import { listItemJson } from '../src/modules/projectcenter/search.view.ts';
import { Client, expectError, expectFields, expectOk } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';

const ctx = useTestApp({
  env: { SEARCH_COUNT_CACHE_SECONDS: '60' },
  members: { customer: { row: { cardtype: 'customer' } }, sup: { session: {} } },
});
const { customer, sup } = ctx.members;

const answerSchema = envelope(searchListResultSchema);
/** The text fastify-type-provider-zod's serializer wrote for an answer: zod's output, stringified. */
const zodText = (body: unknown) => JSON.stringify(answerSchema.parse(body));

const compile = compileZodSerializer;

describe('the precompiled serializer', () => {
  it('writes what zod and JSON.stringify write: nulls, numbers, nested arrays, declared keys only', () => {
    const schema = z.object({
      s: z.string(),
      n: z.number(),
      i: z.number().int().nullable(),
      c: z.string().nullable(),
      b: z.boolean(),
      list: z.array(z.object({ x: z.number(), t: z.string() })),
    });
    const stringify = compile(schema);
    const samples = [
      { s: '中文 "quoted" \\ \n', n: 12.5, i: null, c: null, b: false, list: [] },
      { s: '', n: 0, i: 7, c: '/files/x/thumb', b: true, list: [{ x: 1.25, t: '\u2028' }] },
    ];
    for (const v of samples) expect(stringify(v)).toBe(JSON.stringify(schema.parse(v)));
    // a key the schema does not declare is left out, as zod's parse left it out
    expect(stringify({ ...samples[0], secret: 'x' })).toBe(JSON.stringify(schema.parse(samples[0])));
  });

  it('turns a nullable primitive into a type list, not an anyOf decided at run time', () => {
    const json = z.toJSONSchema(z.object({ n: z.number().int().nullable() }), { io: 'output' });
    expect(toSerializerSchema(json)).toMatchObject({ properties: { n: { type: ['integer', 'null'] } } });
  });

  it('refuses an answer that misses a required field (a programming error, as with zod)', () => {
    const stringify = compile(z.object({ a: z.string(), b: z.number() }));
    expect(() => stringify({ a: 'x' })).toThrow();
  });
});

describe("the list rows' time formatting (arithmetic, not toISOString)", () => {
  it('writes what toISOString writes, in UTC and in Asia/Shanghai, across years, leap days and midnights', () => {
    const instants = [
      0,
      -1,
      951_782_400_000 - 1, // 2000-02-28T23:59:59.999Z, a leap year's February
      951_868_800_000, // 2000-03-01
      4_107_542_399_999, // 2100-02-28T23:59:59.999Z (not a leap year)
      Date.UTC(2026, 11, 31, 15, 59, 59, 999), // Shanghai's New Year minus 1 ms
      Date.UTC(2026, 11, 31, 16, 0, 0, 0), // Shanghai's New Year
      Date.UTC(1000, 0, 1),
      Date.UTC(9999, 11, 31, 15, 59, 59, 999),
      Date.UTC(999, 11, 31, 23, 59, 59, 999), // outside 1000–9999: toISOString itself
      Date.UTC(-5, 0, 1),
      Date.UTC(10_000, 0, 1),
    ];
    for (let ms = Date.UTC(1969, 0, 1); ms < Date.UTC(2101, 0, 1); ms += 86_399_997 * 7 + 123)
      instants.push(ms);
    for (const ms of instants) {
      const iso = new Date(ms).toISOString();
      expect(isoOf(new Date(ms))).toBe(iso);
      const sh = new Date(ms + 8 * 3600_000).toISOString();
      expect(shanghaiParts(new Date(ms))).toEqual({ date: sh.slice(0, 10), time: sh.slice(11, 19) });
      expect(shanghaiDateTime(iso)).toBe(`${sh.slice(0, 10)} ${sh.slice(11, 19)}`);
    }
    expect(() => isoOf(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("reads PostgreSQL's text of a timestamptz as Date's own parser does", () => {
    const texts = [
      '2026-11-24 03:31:05.123456+00',
      '2026-11-24 03:31:05+08',
      '2026-11-24 03:31:05.1-03',
      '2026-02-28 23:59:59.999999+05:30',
      '2024-02-29 00:00:00.000001-09:30',
      '1999-12-31 16:00:00.5+08',
      '2026-11-24 03:31:05.29+00',
      '2026-11-24 03:31:05+05:53:28', // an offset with seconds: Date's parser
      '0099-01-01 00:00:00+00', // a year below 1000: Date's parser
      'infinity',
    ];
    for (let ms = Date.UTC(1970, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 86_399_997 * 13 + 7_777) {
      const iso = new Date(ms).toISOString();
      texts.push(`${iso.slice(0, 10)} ${iso.slice(11, 23)}${String(ms % 1000).padStart(3, '0')}+00`);
    }
    for (const text of texts) {
      const expected = new Date(text).getTime();
      const got = pgTimestamp(text).getTime();
      if (Number.isNaN(expected)) expect(got).toBeNaN();
      else expect(got, text).toBe(expected);
    }
  });
});

describe("the list item writer (a row's text straight to its JSON)", () => {
  const itemText = compileZodSerializer(projectSummarySchema);
  // the id, orders, title, groupid, areas, length, width, height, opens, prov, city, sdate, edate,
  // biddl, coins, peoples, prepay, status, picture, created_at, build_start, favorite, sort key, kept count
  const row = (over: Partial<Record<number, string | null>> = {}): SearchTextRow => {
    const r: (string | null)[] = [
      '1234567',
      'ZL202611240001',
      '华南国际车展 特装展台',
      '1',
      '120.50',
      '12.00',
      '10.04',
      '4.50',
      '2',
      '广东省',
      '深圳市',
      '2026-12-01',
      '2026-12-05',
      '2026-11-30 18:00:00+08',
      '30',
      '5',
      '500000',
      '1',
      '["AAAAAAAAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBBBBBBBB"]',
      '2026-11-24 03:31:05.123456+08',
      '2026-11-29 00:00:00+00',
      'f',
      '2026-11-24 03:31:05.123456+08',
      null,
    ];
    for (const [i, v] of Object.entries(over)) r[Number(i)] = v ?? null;
    return r;
  };
  const cases: SearchTextRow[] = [
    row(),
    row({ 21: 't', 18: '[]' }),
    // what a title may hold: quotes, backslashes, control characters, an emoji, U+2028
    row({ 2: '"引号" \\ 反斜杠 \n\t \u0001 😀 \u2028 </script>', 1: 'ZL-"x"' }),
    row({ 2: 'a\ud800b' }), // a lone surrogate
    row({ 4: '0.00', 5: '0.10', 6: '99999.99', 7: '100.00', 16: '0', 3: '7', 17: '5' }),
    row({ 4: '-0.50', 5: '-0.00', 6: '10', 7: '1234567890123.45' }),
    row({ 4: '0.1234', 5: '1e3', 6: '00012.50', 7: '12345678901234567.5' }), // not numeric(10,2)'s text
    // instants: UTC and other offsets, fractions of every length, around Shanghai's midnight
    row({ 13: '2026-12-31 15:59:59.999999+00', 19: '2026-12-31 16:00:00+00' }),
    row({ 13: '2026-02-28 23:59:59.5+05:30', 19: '2024-02-29 00:00:00.000001-09:30' }),
    row({ 13: '2026-11-24 03:31:05.29-03', 19: '1999-12-31 16:00:00.5+08' }),
    // a picture list jsonb did not write as the fast path expects, and an unknown group and status
    row({ 18: '["a b", "c"]', 3: '99', 17: '42' }),
    row({ 18: '["\\u0041x"]' }),
  ];
  it('writes, key for key and character for character, what projectSummary and the schema write', () => {
    for (const r of cases) {
      const mapped = toRow(r);
      const expected = itemText(projectSummary(mapped, mapped.favorite));
      expect(listItemJson(r), JSON.stringify(r)).toBe(expected);
    }
  });

  it("reads every fraction and both deployment offsets (UTC, +08) as Date does, across Shanghai's midnight", () => {
    const fmt = (ms: number, offsetHours: number, fraction: number) => {
      const iso = new Date(ms + offsetHours * 3600_000).toISOString();
      const micros = `${iso.slice(20, 23)}${String((ms * 7) % 1000).padStart(3, '0')}`;
      const frac = fraction ? `.${micros.slice(0, fraction)}` : '';
      return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${frac}+${String(offsetHours).padStart(2, '0')}`;
    };
    for (let ms = Date.UTC(1999, 11, 31, 10); ms < Date.UTC(2001, 0, 2); ms += 3_599_999 * 5 + 77) {
      for (const offset of [0, 8])
        for (let fraction = 0; fraction <= 6; fraction++) {
          const r = row({ 13: fmt(ms, offset, fraction), 19: fmt(ms + 123_456, offset, 6 - fraction) });
          const mapped = toRow(r);
          expect(listItemJson(r), r[13]!).toBe(itemText(projectSummary(mapped, mapped.favorite)));
        }
    }
  });

  it('refuses a column that is not what the list selects (a programming error, as a schema mismatch)', () => {
    expect(() => listItemJson(row({ 0: null }))).toThrow();
    expect(() => listItemJson(row({ 4: 'abc' }))).toThrow();
    expect(() => listItemJson(row({ 17: null }))).toThrow();
  });
});

describe('Projectcenter/searchList answers', () => {
  it('the same text as the zod serializer, and the rows Drizzle maps elsewhere', async () => {
    const pictured = await makeProject(ctx, customer.id, {
      title: '序列化 带图片 展台',
      picture: ['AAAAAAAAAAAAAAAAAAAAAA'],
      areas: 40.5,
      length: 7.25,
      width: 5.5,
    });
    for (let i = 0; i < 4; i++) await makeProject(ctx, customer.id, { title: `序列化 第${i}号展台` });
    expectOk(await sup.c.post('Myfavorite/bPrjctFvr', { id: pictured.id }));

    // a first page (counted, a cursor), a page by cursor (total null), the last page (no cursor)
    const first = await sup.c.post<SearchListResult>('Projectcenter/searchList', {
      keyword: '序列化',
      pageSize: 2,
    });
    expectOk(first);
    expect(first.res.payload).toBe(zodText(first.body));
    expect(first.body.data.total).toBe(5);
    const next = await sup.c.post<SearchListResult>('Projectcenter/searchList', {
      keyword: '序列化',
      pageSize: 2,
      cursor: first.body.data.nextCursor,
    });
    expectOk(next);
    expect(next.res.payload).toBe(zodText(next.body));
    expect(next.body.data.total).toBeNull();
    expect(next.body.data.totalCapped).toBe(false);
    const all = await sup.c.post<SearchListResult>('Projectcenter/searchList', { keyword: '序列化' });
    expect(all.res.payload).toBe(zodText(all.body));
    expect(all.body.data.nextCursor).toBeNull();
    const none = await sup.c.post<SearchListResult>('Projectcenter/searchList', { keyword: '没有这个词' });
    expect(none.res.payload).toBe(zodText(none.body));
    expect(none.body.data).toEqual({ listItem: [], nextCursor: null, total: 0, totalCapped: false });

    const items = all.body.data.listItem;
    expect(items).toHaveLength(5);
    const withCover = items.find((p) => p.id === pictured.id)!;
    expect(withCover).toMatchObject({ favorite: true, cover: '/files/AAAAAAAAAAAAAAAAAAAAAA/thumb' });
    expect(withCover).toMatchObject({ areas: 40.5, length: 7.25, width: 5.5 });
    for (const p of items.filter((q) => q.id !== pictured.id)) {
      expect(p).toMatchObject({ favorite: false, cover: null });
    }
    // the favourites list reads the same columns through Drizzle's mapping
    const favs = await sup.c.post<{ listItem: (ProjectSummary & { favoritedAt: string })[] }>(
      'Myfavorite/bPrjctList',
      { page: 1, pageSize: 20 },
    );
    const { favoritedAt: _at, ...fromDrizzle } = favs.body.data.listItem.find((p) => p.id === pictured.id)!;
    expect(withCover).toEqual(fromDrizzle);
    expect(Object.keys(withCover)).toEqual(Object.keys(fromDrizzle));

    // inside a transaction the rows come through Drizzle's mapping and back to text: the same items
    const read = (db: Parameters<typeof searchProjectText>[0]) =>
      searchProjectText(
        db,
        sup.id,
        { status: PROJECT_STATUS.BIDDING, keyword: '序列化' },
        { sort: 'newest', order: 'desc', limit: 21, offset: 0 },
      );
    const direct = await read(ctx.database.db);
    const inTx = await ctx.database.db.transaction((tx) => read(tx));
    expect(direct).toHaveLength(5);
    expect(inTx.map(listItemJson)).toEqual(direct.map(listItemJson));
    expect(inTx.map((r) => r[21])).toEqual(direct.map((r) => r[21])); // the sort key, exact
  });

  it('errors keep their envelope: bad input is VALIDATION_FAILED in Chinese, no login NOT_LOGGED_IN', async () => {
    const bad = await sup.c.post('Projectcenter/searchList', { pageSize: 0 });
    expect(expectFields(bad, ['pageSize']).pageSize).toBe('每页条数为 1–50');
    expect(bad.body.errMsg).toBe('每页条数为 1–50');
    expectFields(await sup.c.post('Projectcenter/searchList', { cursor: 'x' }), ['cursor']);
    expectError(await new Client(ctx.app).post('Projectcenter/searchList', {}), 'NOT_LOGGED_IN');
  });
});

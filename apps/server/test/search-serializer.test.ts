// searchList's answer is written by a serializer compiled from its schema
// (docs/adr/0008-precompiled-response-serializer.md) and its rows come from the driver by
// position (docs/marketplace.md § searchList): the text must be what the zod serializer wrote —
// every field, nulls, the favourite flag — and the rows what Drizzle's mapping gives elsewhere.
import { type ProjectSummary, type SearchListResult, searchListResultSchema } from '@zl/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../src/lib/errors.ts';
import { precompiledSerializer, toSerializerSchema } from '../src/lib/precompiled-serializer.ts';
import { isoOf, shanghaiDateTime, shanghaiParts } from '../src/modules/project/project-view.ts';
import { pgTimestamp } from '../src/modules/projectcenter/search.repo.ts';
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

function compile(schema: z.ZodType) {
  return precompiledSerializer({ schema, method: 'POST', url: '/x' } as Parameters<
    typeof precompiledSerializer
  >[0]);
}

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
  });

  it('errors keep their envelope: bad input is VALIDATION_FAILED in Chinese, no login NOT_LOGGED_IN', async () => {
    const bad = await sup.c.post('Projectcenter/searchList', { pageSize: 0 });
    expect(expectFields(bad, ['pageSize']).pageSize).toBe('每页条数为 1–50');
    expect(bad.body.errMsg).toBe('每页条数为 1–50');
    expectFields(await sup.c.post('Projectcenter/searchList', { cursor: 'x' }), ['cursor']);
    expectError(await new Client(ctx.app).post('Projectcenter/searchList', {}), 'NOT_LOGGED_IN');
  });
});

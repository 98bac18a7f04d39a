import type { SearchListResult } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema/index.ts';
import { searchProjects } from '../src/modules/projectcenter/search.repo.ts';
import { expectFields, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { isoDate } from './project-fixtures.ts';

const ctx = useTestApp({ members: { customer: { row: { cardtype: 'customer' } }, sup: { session: {} } } });
const { customer, sup } = ctx.members;
const DAY = 86_400_000;

type Row = typeof projects.$inferInsert;
function row(i: number, v: Partial<Row>): Row {
  return {
    orders: `W${String(i).padStart(6, '0')}`,
    customerId: customer.id,
    mobile: '13900000000',
    groupid: 1,
    title: `项目${i}`,
    length: 6,
    width: 6,
    height: 3,
    areas: 36,
    opens: 1,
    prepay: 100_000,
    coins: 5,
    sdate: isoDate(Date.now() + 30 * DAY),
    edate: isoDate(Date.now() + 33 * DAY),
    biddl: new Date(Date.now() + 5 * DAY),
    prov: '上海市',
    city: '上海市',
    addr: '',
    status: 1,
    checked: 1,
    createdAt: new Date(Date.now() - (100 - i) * 60_000),
    ...v,
  };
}

async function titles(keyword: string): Promise<string[]> {
  const r = await sup.c.post<SearchListResult>('Projectcenter/searchList', { keyword });
  expectOk(r);
  expect(r.body.data.total).toBe(r.body.data.listItem.length);
  return r.body.data.listItem.map((p) => p.title).sort();
}

beforeAll(async () => {
  await ctx.database.db.insert(projects).values([
    row(1, { title: '福州海峡会展 特装展台搭建', prov: '福建省', city: '福州市' }),
    row(2, { title: '2026 福州茶博会 标准展位', prov: '福建省', city: '福州市' }),
    row(3, { title: '厦门石材展 特装展台', prov: '福建省', city: '厦门市', addr: '厦门国际会展中心 B3 馆' }),
    row(4, {
      title: '汽车配件展 特装',
      prov: '上海市',
      city: '上海市',
      addr: '国家会展中心（上海）7.1 号馆',
    }),
    row(5, { title: '电池展 100%_满意 特装', addr: '上海新国际博览中心 W3 馆' }),
    row(6, { title: '电池展 1000 满意 特装', addr: '上海新国际博览中心 W4 馆' }),
    // a word must not match across two fields: title ends 在上海, city starts 新国
    row(7, { title: '展会在上海', city: '新国市', addr: '' }),
  ]);
});

describe('searchList keyword: words, title, city and venue', () => {
  it('「福州 特装」 finds a title holding both words, in any order, whatever the spacing', async () => {
    expect(await titles('福州 特装')).toEqual(['福州海峡会展 特装展台搭建']);
    expect(await titles('特装　福州')).toEqual(['福州海峡会展 特装展台搭建']); // full-width space
    expect(await titles('  福州   特装展台 ')).toEqual(['福州海峡会展 特装展台搭建']);
  });

  it('a word may be in the city: 福州 matches 福州市 projects whose title does not say it', async () => {
    expect(await titles('福州市')).toEqual(['2026 福州茶博会 标准展位', '福州海峡会展 特装展台搭建']);
    expect(await titles('厦门市 石材')).toEqual(['厦门石材展 特装展台']);
  });

  it('the venue (展馆地址) is searched: a hall name finds its projects', async () => {
    expect(await titles('国家会展中心')).toEqual(['汽车配件展 特装']);
    expect(await titles('B3 馆')).toEqual(['厦门石材展 特装展台']);
    expect(await titles('新国际博览中心 特装')).toEqual(['电池展 100%_满意 特装', '电池展 1000 满意 特装']);
    // 2-character words go through the bigram index: a venue word too
    expect(await titles('会展 厦门')).toEqual(['厦门石材展 特装展台']);
  });

  it('every word must match (AND), each in any of the three fields', async () => {
    expect(await titles('福州 石材')).toEqual([]);
    expect(await titles('厦门 7.1')).toEqual([]);
  });

  it('% and _ are searched literally, alone or among words, and the list follows', async () => {
    expect(await titles('100%_')).toEqual(['电池展 100%_满意 特装']);
    expect(await titles('%_ 电池展')).toEqual(['电池展 100%_满意 特装']);
    expect(await titles('0% 特装')).toEqual(['电池展 100%_满意 特装']);
    expect(await titles('%%')).toEqual([]);
    expect(await titles('__ 特装')).toEqual([]);
  });

  it('a word never matches across two fields', async () => {
    expect(await titles('在上海新国')).toEqual([]);
    expect(await titles('展会在上海')).toEqual(['展会在上海']);
  });

  it('refuses a keyword with no word of 2 characters, or too many words, on the field', async () => {
    for (const keyword of ['a b', '福 州', '一 二 三 四 五 六七']) {
      expectFields(await sup.c.post('Projectcenter/searchList', { keyword }), ['keyword']);
    }
    // a 1-character word beside a longer one narrows the search
    expect(await titles('特装 厦')).toEqual(['厦门石材展 特装展台']);
  });

  it("a frequent pair's page (no pair condition) and the indexed one list the same rows", async () => {
    const page = (frequentPair: boolean) =>
      searchProjects(
        ctx.database.db,
        sup.id,
        { status: 1, keyword: '会展 特装' },
        { sort: 'newest', order: 'desc', limit: 21, offset: 0, frequentPair },
      ).then((r) => r.map((x) => x.title));
    expect(await page(true)).toEqual(await page(false));
    // 会展 in a title (福州海峡会展) or a venue (厦门国际会展中心, 国家会展中心)
    expect((await page(false)).sort()).toEqual([
      '厦门石材展 特装展台',
      '汽车配件展 特装',
      '福州海峡会展 特装展台搭建',
    ]);
  });

  it('the words are answered by the keyword indexes on title, city and venue (migration 0017)', async () => {
    const plan = async (where: ReturnType<typeof sql>) => {
      const out = await rows<{ 'QUERY PLAN': string }>(
        ctx,
        sql`explain select id from projects where ${where}`,
      );
      return out.map((r) => r['QUERY PLAN']).join('\n');
    };
    // a table this small is read whole unless told otherwise: the question is whether the index fits
    await rows(ctx, sql`set enable_seqscan = off`);
    try {
      expect(await plan(sql`zl_search_text(title, city, addr) ilike '%博览中心%'`)).toContain(
        'projects_search_trgm_idx',
      );
      expect(await plan(sql`zl_bigrams(zl_search_text(title, city, addr)) @> zl_bigrams('福州')`)).toContain(
        'projects_search_bigram_idx',
      );
    } finally {
      await rows(ctx, sql`reset enable_seqscan`);
    }
  });
});

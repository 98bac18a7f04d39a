// The shared search count (docs/marketplace.md § searchList): a numbered page's count made by any
// process for the same filters within SEARCH_COUNT_CACHE_SECONDS is reused; other filters count
// afresh; an expired count is made again.
import type { SearchListResult } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';

const ctx = useTestApp({
  env: { SEARCH_COUNT_CACHE_SECONDS: '60' },
  members: { customer: { row: { cardtype: 'customer' } }, sup: { session: {} } },
});
const { customer, sup } = ctx.members;

async function total(body: Record<string, unknown>): Promise<number | null> {
  const r = await sup.c.post<SearchListResult>('Projectcenter/searchList', body);
  expectOk(r);
  return r.body.data.total;
}

describe('the search count cache', () => {
  it('reuses a count for the same filters in any sort, counts other filters afresh, and counts again once expired', async () => {
    for (let i = 0; i < 3; i++)
      await makeProject(ctx, customer.id, {
        title: `成都家具展 第${i}号展台`,
        prov: '四川省',
        city: '成都市',
      });
    const filters = { prov: '四川省', city: '成都市' };
    expect(await total(filters)).toBe(3);
    await makeProject(ctx, customer.id, { title: '成都家具展 第3号展台', prov: '四川省', city: '成都市' });
    // the list shows the new project at once; the count is the shared one (same filters, any sort)
    const page = await sup.c.post<SearchListResult>('Projectcenter/searchList', filters);
    expect(page.body.data.listItem).toHaveLength(4);
    expect(page.body.data.total).toBe(3);
    expect(await total({ ...filters, sort: 'area' })).toBe(3);
    // other filters are another key
    expect(await total({ ...filters, keyword: '家具展' })).toBe(4);
    // expired: counted again
    await rows(ctx, sql`update search_counts set counted_at = now() - interval '61 seconds'`);
    expect(await total(filters)).toBe(4);
    const [kept] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from search_counts`);
    expect(kept?.n).toBe(2);
  });

  it('an empty first page answers 0 whatever was kept; an empty later page answers the kept count', async () => {
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(
        await makeProject(ctx, customer.id, {
          title: `兰州机械展 第${i}号展台`,
          prov: '甘肃省',
          city: '兰州市',
        }),
      );
    const filters = { prov: '甘肃省', city: '兰州市' };
    expect(await total(filters)).toBe(3);
    // page 2 of 2 rows: one row, counted from the kept count
    expect(await total({ ...filters, pageSize: 2, page: 2 })).toBe(3);
    await rows(ctx, sql`update projects set status = 7, closed_by = 'cancelled' where prov = '甘肃省'`);
    const first = await sup.c.post<SearchListResult>('Projectcenter/searchList', filters);
    expect(first.body.data).toEqual({ listItem: [], nextCursor: null, total: 0, totalCapped: false });
    // an empty later page: the count kept for these filters (made within the minute) stands
    expect(await total({ ...filters, page: 2 })).toBe(3);
  });
});

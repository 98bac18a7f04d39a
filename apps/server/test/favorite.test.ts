import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toggle } from '../src/modules/favorite/favorite.service.ts';
import { makeMember } from './admin-helpers.ts';
import { Client, expectError, expectFields, expectOk, makeTestApp, type TestContext } from './helpers.ts';
import { makeProject } from './project-fixtures.ts';
import { memberClient } from './projectcenter-fixtures.ts';

let ctx: TestContext;
let customerId: number;
beforeAll(async () => {
  ctx = await makeTestApp();
  customerId = (await makeMember(ctx, { cardtype: 'customer' })).id;
});
afterAll(() => ctx.close());

interface FavList {
  listItem: Array<{ id: number; favorite: boolean; favoritedAt: string; title: string }>;
  total: number;
  page: number;
}

describe('Myfavorite/bPrjctFvr and bPrjctList', () => {
  it('toggles, lists newest favourite first, per member', async () => {
    const s = await memberClient(ctx);
    const other = await memberClient(ctx);
    const p1 = await makeProject(ctx, customerId, { title: '项目一' });
    const p2 = await makeProject(ctx, customerId, { title: '项目二' });
    const on = await s.c.post<{ favorite: boolean }>('Myfavorite/bPrjctFvr', { id: p1.id });
    expectOk(on);
    expect(on.body.data).toEqual({ favorite: true });
    // favourited in the same instant or later: the newer favourite (the later project) comes first either way
    expect((await s.c.post('Myfavorite/bPrjctFvr', { id: p2.id })).body.data).toEqual({ favorite: true });
    const list = await s.c.post<FavList>('Myfavorite/bPrjctList', {});
    expectOk(list);
    expect(list.body.data.listItem.map((x) => x.title)).toEqual(['项目二', '项目一']);
    expect(
      list.body.data.listItem.every((x) => x.favorite && /^\d{4}-\d{2}-\d{2} /.test(x.favoritedAt)),
    ).toBe(true);
    expect(list.body.data).toMatchObject({ total: 2, page: 1 });
    const paged = await s.c.post<FavList>('Myfavorite/bPrjctList', { page: 2, pageSize: 1 });
    expect(paged.body.data.listItem.map((x) => x.title)).toEqual(['项目一']);
    // another member's list is their own
    expect((await other.c.post<FavList>('Myfavorite/bPrjctList', {})).body.data.total).toBe(0);
    const off = await s.c.post('Myfavorite/bPrjctFvr', { id: p1.id });
    expect(off.body.data).toEqual({ favorite: false });
    expect((await s.c.post<FavList>('Myfavorite/bPrjctList', {})).body.data.total).toBe(1);
  });

  it('a double click racing itself ends as a consistent state', async () => {
    const s = await memberClient(ctx);
    const p = await makeProject(ctx, customerId);
    const rs = await Promise.all([1, 2].map(() => s.c.post('Myfavorite/bPrjctFvr', { id: p.id })));
    for (const r of rs) expectOk(r);
    const listed = (await s.c.post<FavList>('Myfavorite/bPrjctList', {})).body.data.total;
    expect([0, 1]).toContain(listed);
  });

  it('N toggles at once alternate strictly: half answer added, half removed, final state N mod 2', async () => {
    const s = await memberClient(ctx);
    const p = await makeProject(ctx, customerId);
    const fire = async (n: number) => {
      const rs = await Promise.all(
        Array.from({ length: n }, () =>
          s.c.post<{ favorite: boolean }>('Myfavorite/bPrjctFvr', { id: p.id }),
        ),
      );
      for (const r of rs) expectOk(r);
      return rs.filter((r) => r.body.data.favorite).length;
    };
    const listed = async () => (await s.c.post<FavList>('Myfavorite/bPrjctList', {})).body.data.total;
    expect(await fire(50)).toBe(25);
    expect(await listed()).toBe(0);
    expect(await fire(7)).toBe(4);
    expect(await listed()).toBe(1);
    // the service called at once, without the request pipeline spacing the calls out (on PGlite
    // the HTTP calls above rarely interleave; these always do)
    const direct = await Promise.all(Array.from({ length: 20 }, () => toggle(ctx.database.db, s.id, p.id)));
    expect(direct.filter((r) => r.favorite).length).toBe(10);
    expect(await listed()).toBe(1);
  });

  it('only approved projects; bad input; login required', async () => {
    const s = await memberClient(ctx);
    const pending = await makeProject(ctx, customerId, { status: 0, checked: 0 });
    const rejected = await makeProject(ctx, customerId, { status: 7, checked: 2, closedBy: 'rejected' });
    expectError(await s.c.post('Myfavorite/bPrjctFvr', { id: pending.id }), 'NOT_FOUND');
    expectError(await s.c.post('Myfavorite/bPrjctFvr', { id: rejected.id }), 'NOT_FOUND');
    expectError(await s.c.post('Myfavorite/bPrjctFvr', { id: 99_999_999 }), 'NOT_FOUND');
    expectFields(await s.c.post('Myfavorite/bPrjctFvr', {}), ['id']);
    expectFields(await s.c.post('Myfavorite/bPrjctList', { pageSize: 51 }), ['pageSize']);
    expectFields(await s.c.post('Myfavorite/bPrjctList', { page: 0 }), ['page']);
    expectError(await s.c.post('Myfavorite/bPrjctList', { x: 1 }), 'VALIDATION_FAILED');
    expectError(await new Client(ctx.app).post('Myfavorite/bPrjctList', {}), 'NOT_LOGGED_IN');
    expect((await s.c.post<FavList>('Myfavorite/bPrjctList', {})).body.data.total).toBe(0);
  });
});

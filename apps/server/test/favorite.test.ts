import { describe, expect, it } from 'vitest';
import { Client, expectError, expectFields, expectOk } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';
import { memberClient } from './projectcenter-fixtures.ts';

const ctx = useTestApp({ members: { customer: { row: { cardtype: 'customer' } } } });
const { customer } = ctx.members;

interface FavList {
  listItem: Array<{ id: number; favorite: boolean; favoritedAt: string; title: string }>;
  total: number;
  page: number;
}

describe('Myfavorite/bPrjctFvr and bPrjctList', () => {
  it('toggles, lists newest favourite first, per member', async () => {
    const s = await memberClient(ctx);
    const other = await memberClient(ctx);
    const p1 = await makeProject(ctx, customer.id, { title: '项目一' });
    const p2 = await makeProject(ctx, customer.id, { title: '项目二' });
    const on = await s.c.post<{ favorite: boolean }>('Myfavorite/bPrjctFvr', { id: p1.id });
    expectOk(on);
    expect(on.body.data).toEqual({ favorite: true });
    await new Promise((r) => setTimeout(r, 5));
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
    const p = await makeProject(ctx, customer.id);
    const rs = await Promise.all([1, 2].map(() => s.c.post('Myfavorite/bPrjctFvr', { id: p.id })));
    for (const r of rs) expectOk(r);
    const listed = (await s.c.post<FavList>('Myfavorite/bPrjctList', {})).body.data.total;
    expect([0, 1]).toContain(listed);
  });

  it('only approved projects; bad input; login required', async () => {
    const s = await memberClient(ctx);
    const pending = await makeProject(ctx, customer.id, { status: 0, checked: 0 });
    const rejected = await makeProject(ctx, customer.id, { status: 7, checked: 2, closedBy: 'rejected' });
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

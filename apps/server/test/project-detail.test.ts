import type { ProjectInfo } from '@zl/shared';
import { describe, expect, it } from 'vitest';
import { insertAudit } from '../src/modules/audit/audit.repo.ts';
import { Client, expectError, expectFields, expectOk } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';
import { memberClient, quoteBody, REQUIREMENTS, verifiedSupplier } from './projectcenter-fixtures.ts';

const ctx = useTestApp({ members: { poster: { row: { cardtype: 'customer' } } } });
const { poster } = ctx.members;

const info = (c: Client, id: unknown) => c.post<ProjectInfo>('Projectcenter/getInfo', { id });

describe('Projectcenter/getInfo', () => {
  it('a published project lists 待审核 once: the publish audit row is the creation, not a second step', async () => {
    const p = await makeProject(ctx, poster.id, {
      ...REQUIREMENTS,
      createdAt: new Date('2026-03-01T16:30:05Z'),
    });
    const audit = {
      actorType: 'member' as const,
      actorId: poster.id,
      targetType: 'project',
      targetId: p.id,
    };
    await insertAudit(ctx.database.db, { ...audit, action: 'project.publish', detail: { to: 0 } });
    await insertAudit(ctx.database.db, { ...audit, action: 'project.edit', detail: { status: 0 } });
    await insertAudit(ctx.database.db, {
      ...audit,
      actorType: 'admin',
      actorId: 1,
      action: 'project.approve',
      detail: { from: 0, to: 1 },
    });
    const r = await info((await verifiedSupplier(ctx)).c, p.id);
    expectOk(r);
    expect(r.body.data.orbits.map((o) => o.statusText)).toEqual(['待审核', '竞标中']);
    expect(r.body.data.orbits[0]!.at).toBe('2026-03-02 00:30:05');
  });

  it('answers the seed detail fields with the timeline, contact hidden', async () => {
    const p = await makeProject(ctx, poster.id, {
      ...REQUIREMENTS,
      mobile: '13911112222',
      picture: ['BBBBBBBBBBBBBBBBBBBBBB'],
      contract: [],
      createdAt: new Date('2026-03-01T16:30:05Z'),
    });
    await insertAudit(ctx.database.db, {
      actorType: 'admin',
      actorId: 1,
      action: 'project.approve',
      targetType: 'project',
      targetId: p.id,
      detail: { from: 0, to: 1 },
    });
    const s = await verifiedSupplier(ctx);
    const r = await info(s.c, p.id);
    expectOk(r);
    const d = r.body.data;
    for (const k of 'id mobile orders groupid title length width height areas opens prepay coins peoples picture workpic attach attachname conts sdate edate prov city strt addr dates times status checked checkdate contract contctck contctckdt reports reportck reportdate prepayp ispaid dimian beiban mentou zhanshi jiedai meigong zulin'.split(
      ' ',
    )) {
      expect(d).toHaveProperty(k);
    }
    expect(d.mobile).toBe('');
    expect(r.res.body).not.toContain('13911112222');
    expect(d.dates).toBe('2026-03-02'); // 00:30 next day in Shanghai
    expect(d.times).toBe('00:30:05');
    expect(d.contract).toBe('[]');
    expect(d.ispaid).toBe(false);
    expect(d.picture).toEqual([
      {
        id: 'BBBBBBBBBBBBBBBBBBBBBB',
        url: '/files/BBBBBBBBBBBBBBBBBBBBBB',
        thumbUrl: '/files/BBBBBBBBBBBBBBBBBBBBBB/thumb',
      },
    ]);
    expect(d.dimian).toEqual(REQUIREMENTS.dimian);
    expect(d.orbits.map((o) => [o.status, o.statusText])).toEqual([
      [0, '待审核'],
      [1, '竞标中'],
    ]);
    expect(d).toMatchObject({
      favorite: false,
      myQuote: null,
      canQuote: true,
      whyNot: null,
      statusText: '竞标中',
    });
  });

  it('tells each caller why they cannot quote', async () => {
    const p = await makeProject(ctx, poster.id, { ...REQUIREMENTS, coins: 10 });
    const unverified = await memberClient(ctx);
    expect((await info(unverified.c, p.id)).body.data.whyNot).toBe('NOT_VERIFIED');
    const customer = await memberClient(ctx, { cardtype: 'customer' });
    expect((await info(customer.c, p.id)).body.data.whyNot).toBe('NOT_WORKSHOP');
    const poor = await verifiedSupplier(ctx, 9);
    const rp = (await info(poor.c, p.id)).body.data;
    expect([rp.canQuote, rp.whyNot, rp.whyNotText]).toEqual([
      false,
      'INSUFFICIENT_COINS',
      '金币不足，请先充值',
    ]);
    const s = await verifiedSupplier(ctx, 10);
    expectOk(await s.c.post('Projectcenter/priceTable', quoteBody(p.id)));
    const mine = (await info(s.c, p.id)).body.data;
    expect(mine.whyNot).toBe('ALREADY_QUOTED');
    expect(mine.myQuote).toMatchObject({ total: 85_400, status: 0 });
    expect(mine.peoples).toBe(1);
    // sealed: another supplier sees the count, not the quote
    const other = await info(poor.c, p.id);
    expect(other.body.data.myQuote).toBeNull();
    expect(other.res.body).not.toContain('85400');
    const late = await makeProject(ctx, poster.id, { biddl: new Date(Date.now() - 1000) });
    expect((await info(s.c, late.id)).body.data.whyNot).toBe('BIDDING_CLOSED');
  });

  it('unapproved projects do not exist for suppliers; bad ids are refused', async () => {
    const s = await verifiedSupplier(ctx);
    const pending = await makeProject(ctx, poster.id, { status: 0, checked: 0 });
    const rejected = await makeProject(ctx, poster.id, { status: 7, checked: 2, closedBy: 'rejected' });
    expectError(await info(s.c, pending.id), 'NOT_FOUND');
    expectError(await info(s.c, rejected.id), 'NOT_FOUND');
    expectError(await info(s.c, 99_999_999), 'NOT_FOUND');
    expectFields(await info(s.c, 0), ['id']);
    expectFields(await info(s.c, 'abc'), ['id']);
    expectFields(await info(s.c, 1.5), ['id']);
    expectError(await info(new Client(ctx.app), pending.id), 'NOT_LOGGED_IN');
    // the owner still sees their own posting, with their contact
    const owner = await memberClient(ctx, { cardtype: 'customer' });
    const own = await makeProject(ctx, owner.id, { status: 0, checked: 0, mobile: '13933334444' });
    const r = await info(owner.c, own.id);
    expectOk(r);
    expect(r.body.data.mobile).toBe('13933334444');
  });
});

import { PROJECT_PARTY_FIELDS, type ProjectInfo } from '@zl/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema/index.ts';
import { insertAudit } from '../src/modules/audit/audit.repo.ts';
import { Client, expectError, expectFields, expectOk } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject, makeQuote } from './project-fixtures.ts';
import { memberClient, quoteBody, REQUIREMENTS, verifiedSupplier } from './projectcenter-fixtures.ts';

const ctx = useTestApp({ members: { poster: { row: { cardtype: 'customer' } } } });
const { poster } = ctx.members;

const info = (c: Client, id: unknown) => c.post<ProjectInfo>('Projectcenter/getInfo', { id });

describe('Projectcenter/getInfo', () => {
  it('a published project lists 待审核 once: the publish audit row is the creation, not a second step', async () => {
    const owner = await memberClient(ctx, { cardtype: 'customer' });
    const p = await makeProject(ctx, owner.id, {
      ...REQUIREMENTS,
      createdAt: new Date('2026-03-01T16:30:05Z'),
    });
    const audit = {
      actorType: 'member' as const,
      actorId: owner.id,
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
    const r = await info(owner.c, p.id);
    expectOk(r);
    expect(r.body.data.orbits!.map((o) => o.statusText)).toEqual(['待审核', '竞标中']);
    expect(r.body.data.orbits![0]!.at).toBe('2026-03-02 00:30:05');
  });

  it('answers a bidder the public seed detail fields, contact hidden; the owner all of them with the timeline', async () => {
    const owner = await memberClient(ctx, { cardtype: 'customer' });
    const p = await makeProject(ctx, owner.id, {
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
    const publicFields =
      'id mobile orders groupid title length width height areas opens prepay coins peoples picture attach attachname conts sdate edate prov city strt addr dates times status checked checkdate dimian beiban mentou zhanshi jiedai meigong zulin';
    for (const k of publicFields.split(' ')) expect(d).toHaveProperty(k);
    for (const k of PROJECT_PARTY_FIELDS) expect(d).not.toHaveProperty(k);
    expect(d.mobile).toBe('');
    expect(r.res.body).not.toContain('13911112222');
    expect(d.dates).toBe('2026-03-02'); // 00:30 next day in Shanghai
    expect(d.times).toBe('00:30:05');
    expect(d.picture).toEqual([
      {
        id: 'BBBBBBBBBBBBBBBBBBBBBB',
        url: '/files/BBBBBBBBBBBBBBBBBBBBBB',
        thumbUrl: '/files/BBBBBBBBBBBBBBBBBBBBBB/thumb',
      },
    ]);
    expect(d.dimian).toEqual(REQUIREMENTS.dimian);
    expect(d).toMatchObject({
      favorite: false,
      myQuote: null,
      canQuote: true,
      whyNot: null,
      statusText: '竞标中',
    });

    const mine = await info(owner.c, p.id);
    expectOk(mine);
    const o = mine.body.data;
    for (const k of `${publicFields} workpic contract contctck contctckdt reports reportck reportdate prepayp ispaid`.split(
      ' ',
    ))
      expect(o).toHaveProperty(k);
    expect(o.mobile).toBe('13911112222');
    expect(o.contract).toBe('[]');
    expect(o.ispaid).toBe(false);
    expect(o.orbits!.map((x) => [x.status, x.statusText])).toEqual([
      [0, '待审核'],
      [1, '竞标中'],
    ]);
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

/** Every object in an answer that stands for the project `id` (its detail, a list row, a nested ref). */
function projectObjects(value: unknown, id: number, out: Array<Record<string, unknown>> = []) {
  if (Array.isArray(value)) for (const v of value) projectObjects(v, id, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.id === id) out.push(o);
    for (const v of Object.values(o)) projectObjects(v, id, out);
  }
  return out;
}

describe('only the parties see the delivery (docs/delivery.md § Who sees the delivery)', () => {
  const CONTRACT = 'CCCCCCCCCCCCCCCCCCCCCC';
  const REPORT = 'RRRRRRRRRRRRRRRRRRRRRR';
  const WORKPIC = 'WWWWWWWWWWWWWWWWWWWWWW';
  const PREPAYP = 777_777;

  /** A project in 待验收 with a winner, a losing bidder, a paid prepayment and a timeline. */
  async function inDelivery() {
    const owner = await memberClient(ctx, { cardtype: 'customer' });
    const winner = await verifiedSupplier(ctx);
    const loser = await verifiedSupplier(ctx);
    const p = await makeProject(ctx, owner.id, { ...REQUIREMENTS });
    const won = await makeQuote(ctx, p.id, winner.id);
    await makeQuote(ctx, p.id, loser.id);
    await ctx.database.db
      .update(projects)
      .set({
        status: 5,
        winnerQuoteId: won.id,
        contract: [CONTRACT],
        contctck: 2,
        contctckdt: new Date(),
        reports: [REPORT],
        workpic: [WORKPIC],
        reportck: 1,
        reportdate: new Date(),
        prepayp: PREPAYP,
        ispaid: true,
      })
      .where(eq(projects.id, p.id));
    await insertAudit(ctx.database.db, {
      actorType: 'member',
      actorId: winner.id,
      action: 'project.uploadReport',
      targetType: 'project',
      targetId: p.id,
      detail: { from: 4, to: 5, actorRole: 'supplier' },
    });
    return { p, owner, winner, loser };
  }

  it('getInfo: the customer and the winner get delivery, money and timeline', async () => {
    const { p, owner, winner } = await inDelivery();
    for (const c of [owner.c, winner.c]) {
      const r = await info(c, p.id);
      expectOk(r);
      expect(r.body.data).toMatchObject({
        contract: JSON.stringify([CONTRACT]),
        reports: [REPORT],
        prepayp: PREPAYP,
        ispaid: true,
        reportck: 1,
      });
      expect(r.body.data.workpic!.map((f) => f.id)).toEqual([WORKPIC]);
      expect(r.body.data.orbits!.map((o) => o.action)).toContain('上传完工报告');
    }
  });

  it('every call that answers a project gives a stranger no delivery, money or timeline field', async () => {
    const { p, loser } = await inDelivery();
    const strangers = {
      'new unverified customer': (await memberClient(ctx, { cardtype: 'customer' })).c,
      'verified supplier': (await verifiedSupplier(ctx)).c,
      'losing bidder': loser.c,
    };
    for (const [who, c] of Object.entries(strangers)) {
      // a stranger may favourite a public project: the favourites list then names it
      await c.post('Myfavorite/bPrjctFvr', { id: p.id });
      const calls: Array<[string, unknown]> = [
        ['Projectcenter/getInfo', { id: p.id }],
        ['Projectcenter/searchList', { status: 5 }],
        ['Projectcenter/searchList', {}],
        ['Projectcenter/projectFee', { id: p.id }],
        ['Projectcenter/getPriceTable', { id: p.id }],
        ['Projectcenter/winnerInfo', { id: p.id }],
        ['Projectcenter/factoryPrjctList', {}],
        ['Projectcenter/reportInfo', { id: p.id }],
        ['Projectcenter/contractPdf', { id: p.id }],
        ['Myfavorite/bPrjctList', {}],
        ['Member/homeInfo', {}],
        ['Customer/projectInfo', { id: p.id }],
        ['Customer/quoteList', { id: p.id }],
      ];
      let seen = 0;
      for (const [path, body] of calls) {
        const r = await c.post(path, body);
        const where = `${who} ${path}`;
        expect(r.status, where).toBeLessThan(500);
        const text = r.res.body;
        for (const secret of [
          CONTRACT,
          REPORT,
          WORKPIC,
          String(PREPAYP / 100),
          String(PREPAYP),
          '上传完工报告',
        ])
          expect(text.includes(secret), `${where} shows ${secret}`).toBe(false);
        const objects = r.body.success ? projectObjects(r.body.data, p.id) : [];
        seen += objects.length;
        for (const o of objects)
          for (const k of PROJECT_PARTY_FIELDS) expect(Object.keys(o), `${where} has ${k}`).not.toContain(k);
      }
      // the walk did meet the project (the detail, the hall, the favourites at least)
      expect(seen, who).toBeGreaterThanOrEqual(3);
    }
  });
});

import type { HomeInfo } from '@zl/shared';
import { shanghaiIso } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildMemberMonths } from '../src/modules/ledger/ledger.service.ts';
import { demoCash, escrowRelease, prepayIn } from '../src/modules/ledger/movements.ts';
import { insertTips } from '../src/modules/tip/tip.repo.ts';
import { Client, expectError, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { completedProject, makeProject, makeQuote } from './project-fixtures.ts';
import { memberClient } from './projectcenter-fixtures.ts';

/** Member/homeInfo (docs/home.md) against a seeded scenario: every figure counted by hand. */
const ctx = useTestApp({
  members: {
    supplier: { session: { cardtype: 'workshop', personauth: 1, prov: '上海市', city: '上海市' } },
    other: { session: { cardtype: 'workshop', personauth: 1 } },
    customer: { session: { cardtype: 'customer' } },
  },
});

const DAY = 86_400_000;
const db = () => ctx.database.db;
const exec = (q: ReturnType<typeof sql>) => db().execute(q);

/** `YYYY-MM` of an instant in Asia/Shanghai. */
const month = (t: number) => shanghaiIso(t).slice(0, 7);

let trade = 0;
/** The customer's prepayment into the project's escrow, then released to the winner (real movements). */
async function release(projectId: number, winnerId: number, amountFen: number, commissionFen: number) {
  const customerId = ctx.members.customer.id;
  return db().transaction(async (tx) => {
    await prepayIn(
      tx,
      { outTradeNo: `T${++trade}${Date.now()}`, customerId, projectId, amountFen, orders: `P${projectId}` },
      true,
    );
    return escrowRelease(tx, { projectId, winnerId, amountFen, commissionFen, orders: `P${projectId}` });
  });
}

async function won(projectId: number, supplierId: number, status: number, extra = sql``) {
  const q = await makeQuote(ctx, projectId, supplierId, 1);
  await exec(sql`update quotes set status = 1 where id = ${q.id}`);
  await exec(
    sql`update projects set status = ${status}, winner_quote_id = ${q.id} ${extra} where id = ${projectId}`,
  );
  return q.id;
}

const home = async (c = ctx.members.supplier.c) => {
  const r = await c.post<HomeInfo>('Member/homeInfo', {});
  expectOk(r);
  return r.body.data!;
};

describe('Member/homeInfo', () => {
  type Key =
    | 'closing'
    | 'elsewhere'
    | 'favourite'
    | 'othersFavourite'
    | 'quoted'
    | 'pastDeadline'
    | 'awarded'
    | 'contractRejected'
    | 'reportBack'
    | 'contractWaiting'
    | 'othersAwarded'
    | 'lost'
    | 'doneNow'
    | 'doneBefore'
    | 'othersDone';
  const ids = {} as Record<Key, number>;
  let olderRelease = 0;

  // The scenario is set up once before the checks, so each check can run on its own (`-t`).
  beforeAll(async () => {
    const s = ctx.members.supplier.id;
    const o = ctx.members.other.id;
    const c = ctx.members.customer.id;
    const now = Date.now();
    const open = (title: string, prov: string, biddlDays: number) =>
      makeProject(ctx, c, { title, prov, city: prov, biddl: new Date(now + biddlDays * DAY) });
    // to quote: closes in a day in the supplier's province
    ids.closing = (await open('上海即将截止', '上海市', 1)).id;
    // not its province: closes soon but is no to-do
    ids.elsewhere = (await open('广州即将截止', '广东省', 1)).id;
    // favourited by the supplier: a to-do however far its deadline
    ids.favourite = (await open('广州收藏项目', '广东省', 10)).id;
    // favourited by the other supplier only
    ids.othersFavourite = (await open('上海他人收藏', '上海市', 10)).id;
    // quoted already: no to-do even though it closes soon
    ids.quoted = (await open('上海已报价', '上海市', 1)).id;
    // past its deadline (the expiry job has not run): favourited but no longer open
    ids.pastDeadline = (await open('上海已截止', '上海市', -1)).id;
    await exec(sql`insert into favorites (member_id, project_id) values
      (${s}, ${ids.favourite}), (${o}, ${ids.othersFavourite}), (${s}, ${ids.pastDeadline})`);
    await makeQuote(ctx, ids.quoted, s, 1);

    // delivery: awarded (contract to sign), contract rejected, building with the report sent back,
    // building with nothing sent back (report to upload), signing waiting for review (no to-do)
    const p = async (title: string) => (await makeProject(ctx, c, { title, status: 1 })).id;
    ids.awarded = await p('待签合同项目');
    await won(ids.awarded, s, 2);
    ids.contractRejected = await p('合同被驳回项目');
    await won(ids.contractRejected, s, 3, sql`, contctck = 3`);
    ids.reportBack = await p('报告被退回项目');
    await won(ids.reportBack, s, 4, sql`, contctck = 2, ispaid = true, reportck = 3`);
    ids.contractWaiting = await p('合同待审核项目');
    await won(ids.contractWaiting, s, 3, sql`, contctck = 1`);
    // the other supplier's awarded project: never the supplier's to-do
    ids.othersAwarded = await p('他人中标项目');
    await won(ids.othersAwarded, o, 2);

    // a lost quote
    ids.lost = await p('未中标项目');
    const lq = await makeQuote(ctx, ids.lost, s, 1);
    await exec(sql`update quotes set status = 2 where id = ${lq.id}`);

    // two completed projects with released escrow: this month, and about two months ago
    ids.doneNow = await completedProject(ctx, c, s, { title: '本月完成' });
    await exec(sql`update quotes set status = 1 where project_id = ${ids.doneNow}`);
    await release(ids.doneNow, s, 1_000_000, 50_000);
    ids.doneBefore = await completedProject(ctx, c, s, { title: '往月完成' });
    await exec(sql`update quotes set status = 1 where project_id = ${ids.doneBefore}`);
    const r = await release(ids.doneBefore, s, 200_000, 10_000);
    olderRelease = now - 62 * DAY;
    await exec(
      sql`update ledger_postings set created_at = ${new Date(olderRelease).toISOString()} where transaction_id = ${r.id}`,
    );
    await rebuildMemberMonths(ctx.database.db);
    // the other supplier's money and the supplier's non-earning cash never count
    ids.othersDone = await completedProject(ctx, c, o, { title: '他人完成' });
    await exec(sql`update quotes set status = 1 where project_id = ${ids.othersDone}`);
    await release(ids.othersDone, o, 500_000, 25_000);
    await db().transaction((tx) => demoCash(tx, s, 12_345));

    // tips: two unread and one read for the supplier, three unread for the other
    const tip = (memberId: number, eventId: number, isRead = false) => ({
      memberId,
      type: 'system' as const,
      title: '通知',
      content: '',
      link: '',
      eventId,
      isRead,
    });
    await insertTips(db(), [
      tip(s, -9001),
      tip(s, -9002),
      tip(s, -9003, true),
      tip(o, -9004),
      tip(o, -9005),
      tip(o, -9006),
    ]);
  });

  it('lists the projects to quote: favourites and its province closing soon, soonest first', async () => {
    const h = await home();
    expect(h.todos.quote.map((t) => [t.id, t.reason])).toEqual([
      [ids.closing, 'closing'],
      [ids.favourite, 'favorite'],
    ]);
    expect(Date.parse(h.todos.quote[0]!.biddl)).toBeGreaterThan(Date.now());
  });

  it("lists the won projects waiting on the supplier, with the step's action and due day", async () => {
    const h = await home();
    const byId = new Map(h.todos.delivery.map((t) => [t.id, t]));
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual(
      [ids.awarded, ids.contractRejected, ids.reportBack].sort((a, b) => a - b),
    );
    expect(byId.get(ids.awarded)).toMatchObject({
      action: '下载并签订合同',
      href: `/signContract?id=${ids.awarded}`,
    });
    expect(byId.get(ids.contractRejected)).toMatchObject({
      action: '重新上传合同',
      href: `/uploadContract?id=${ids.contractRejected}`,
    });
    const report = byId.get(ids.reportBack)!;
    expect(report).toMatchObject({ step: '报告被退回', action: '修改完工报告' });
    // the report is due by the show's first day, the contract by the day before it
    const [sdate] = await rows<{ d: string }>(
      ctx,
      sql`select sdate::text as d from projects where id = ${ids.reportBack}`,
    );
    expect(report.due).toBe(sdate!.d);
    expect(byId.get(ids.awarded)!.due < report.due).toBe(true);
    expect(report.overdue).toBe(false);
  });

  it("counts the supplier's own quotes, wins and unread tips only", async () => {
    const h = await home();
    // quotes: quoted, awarded, contractRejected, reportBack, contractWaiting, lost, doneNow, doneBefore
    expect(h.figures).toMatchObject({ quotes: 8, won: 6, completed: 2, winRate: 86 });
    expect(h.todos.unreadTips).toBe(2);
  });

  it('sums the escrow released to the supplier per month, less the commission', async () => {
    const h = await home();
    expect(h.earnings).toHaveLength(12);
    expect(h.earnings.at(-1)).toEqual({ month: month(Date.now()), amount: 950_000 });
    expect(h.earnings.find((e) => e.month === month(olderRelease))?.amount).toBe(190_000);
    expect(h.earnings.reduce((n, e) => n + e.amount, 0)).toBe(1_140_000);
    expect(h.figures.earningsMonth).toBe(950_000);
    expect(h.figures.earningsYear).toBe(1_140_000);
  });

  it("shows the newest open projects of the supplier's province", async () => {
    const h = await home();
    expect(h.region).toBe('上海市');
    expect(h.projects.length).toBeGreaterThan(0);
    expect(h.projects.length).toBeLessThanOrEqual(6);
    for (const p of h.projects) {
      expect(p.prov).toBe('上海市');
      expect(p.status).toBe(1);
      expect(Date.parse(p.biddl)).toBeGreaterThan(Date.now());
    }
    const created = h.projects.map((p) => `${p.dates} ${p.times}`);
    expect([...created].sort().reverse()).toEqual(created);
    expect(h.projects.find((p) => p.id === ids.favourite)).toBeUndefined();
  });

  it('another supplier sees its own figures; without a province, the newest anywhere', async () => {
    const h = await home(ctx.members.other.c);
    expect(h.figures).toMatchObject({
      quotes: 2,
      won: 2,
      completed: 1,
      winRate: 100,
      earningsMonth: 475_000,
    });
    expect(h.todos.unreadTips).toBe(3);
    expect(h.todos.delivery.map((t) => t.id)).toEqual([ids.othersAwarded]);
    // no province: every open project closing soon it has not quoted on, then its favourite
    expect(h.todos.quote.map((t) => [t.id, t.reason])).toEqual([
      [ids.closing, 'closing'],
      [ids.elsewhere, 'closing'],
      [ids.quoted, 'closing'],
      [ids.othersFavourite, 'favorite'],
    ]);
    expect(h.region).toBe('');
    expect(h.projects.some((p) => p.prov === '广东省')).toBe(true);
  });

  it('a new supplier gets empty lists and zeros, win rate null', async () => {
    const fresh = await memberClient(ctx, { cardtype: 'workshop' });
    const h = await home(fresh.c);
    expect(h.figures).toEqual({
      quotes: 0,
      won: 0,
      winRate: null,
      completed: 0,
      earningsMonth: 0,
      earningsYear: 0,
    });
    expect(h.todos.delivery).toEqual([]);
    expect(h.earnings.every((e) => e.amount === 0)).toBe(true);
  });

  it("keeps every supplier's figures equal to a recount of its quotes, whatever changed them, 20 at once too", async () => {
    const recount = sql`select q.supplier_id::int as id, count(*)::int as quotes,
          (count(*) filter (where q.status = 1))::int as won, (count(*) filter (where q.status = 2))::int as lost,
          (count(*) filter (where q.status = 1 and p.status = 6))::int as completed
        from quotes q join projects p on p.id = q.project_id group by 1 order by 1`;
    const kept = sql`select member_id::int as id, quotes, won, lost, completed from supplier_quote_counts
        where quotes > 0 order by 1`;
    expect(await rows(ctx, kept)).toEqual(await rows(ctx, recount));
    // a project leaving and entering 已完成 moves its winner's completed count
    await exec(sql`update projects set status = 5 where id = ${ids.doneBefore}`);
    expect(await rows(ctx, kept)).toEqual(await rows(ctx, recount));
    await exec(sql`update projects set status = 6 where id = ${ids.doneBefore}`);
    expect(await rows(ctx, kept)).toEqual(await rows(ctx, recount));
    // 20 changes of one supplier's quotes in 20 transactions at once: each counted once
    const s = ctx.members.supplier.id;
    const mine = await rows<{ id: number }>(
      ctx,
      sql`select id from quotes where supplier_id = ${s} limit 20`,
    );
    await Promise.all(
      mine.map((q) =>
        ctx.database.db.transaction((tx) => tx.execute(sql`update quotes set status = 2 where id = ${q.id}`)),
      ),
    );
    expect(await rows(ctx, kept)).toEqual(await rows(ctx, recount));
  });

  it('refuses customers and strangers, and unknown fields', async () => {
    expectError(await ctx.members.customer.c.post('Member/homeInfo', {}), 'FORBIDDEN');
    expectError(await new Client(ctx.app).post('Member/homeInfo', {}), 'NOT_LOGGED_IN');
    const r = await ctx.members.supplier.c.post('Member/homeInfo', { memberId: ctx.members.other.id });
    expect(r.body.success).toBe(false);
  });
});

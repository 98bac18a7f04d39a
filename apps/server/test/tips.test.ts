import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fundDemoEscrow } from '../src/demo/demo-complaint.ts';
import { revealEndedWindows } from '../src/modules/evaluation/evaluation.service.ts';
import { insertEvent } from '../src/modules/outbox/outbox.repo.ts';
import { insertTips, tipsOfEvent } from '../src/modules/tip/tip.repo.ts';
import { makeMember, submitBusiness, submitPerson } from './admin-helpers.ts';
import { expectFields, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { completedProject, makeProject, makeQuote } from './project-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers in assertions
type Any = any;

const ctx = useTestApp({
  members: {
    cust: { session: { cardtype: 'customer', personauth: 1, realname: '陈立华' } },
    s1: { session: { cardtype: 'workshop', personauth: 1 } },
    s2: { session: { cardtype: 'workshop', personauth: 1 } },
    reviewer: 'reviewer',
  },
});
const { cust, s1, s2, reviewer } = ctx.members;

let seq = 1_000_000;
/** Tips written directly (as the handler does), under made-up event ids. */
async function giveTips(memberId: number, n: number, type: 'system' | 'project' = 'system') {
  await insertTips(
    ctx.database.db,
    Array.from({ length: n }, (_, i) => ({
      memberId,
      type,
      title: `测试消息 ${i + 1}`,
      content: '内容',
      link: '',
      eventId: seq++,
    })),
  );
}

async function unreadOf(memberId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from tips where member_id = ${memberId} and is_read = false`,
  );
  return r!.n;
}

async function snapshot(memberId: number) {
  return rows(ctx, sql`select id, is_read from tips where member_id = ${memberId} order by id`);
}

describe('tips from project events', () => {
  it('an award tells the winner and the other bidders, once each, even when redelivered', async () => {
    const p = await makeProject(ctx, cust.id, { status: 1, coins: 5, title: '上海车展特装展台' });
    const q1 = await makeQuote(ctx, p.id, s1.id);
    await makeQuote(ctx, p.id, s2.id);
    expectOk(await cust.c.post('Customer/award', { id: p.id, quoteId: q1.id }));
    await ctx.app.outbox.drain();

    const [ev] = await rows<{ id: number }>(
      ctx,
      sql`select id from outbox_events where type = 'project.award' and aggregate_id = ${String(p.id)}`,
    );
    const eventId = Number(ev!.id);
    const written = await tipsOfEvent(ctx.database.db, eventId);
    expect(written.map((t) => [t.memberId, t.title, t.link])).toEqual(
      expect.arrayContaining([
        [s1.id, '恭喜中标：上海车展特装展台', `/orderDetail?id=${p.id}`],
        [s2.id, '未中标：上海车展特装展台', `/orderDetail?id=${p.id}`],
      ]),
    );
    expect(written).toHaveLength(2);

    // the outbox delivers at least once: a redelivery of the same event writes nothing new
    await ctx.database.db.execute(
      sql`update outbox_deliveries set status = 'pending', next_attempt_at = now(), attempts = 0
          where event_id = ${eventId} and handler = 'tips'`,
    );
    await ctx.app.outbox.drain();
    const [d] = await rows<{ status: string }>(
      ctx,
      sql`select status from outbox_deliveries where event_id = ${eventId} and handler = 'tips'`,
    );
    expect(d!.status).toBe('done');
    expect(await tipsOfEvent(ctx.database.db, eventId)).toHaveLength(2);

    const list = await s1.c.post<Any>('Tipcenter/getList', { type: 'project' });
    expectOk(list);
    expect(list.body.data.listItem.map((t: Any) => t.title)).toContain('恭喜中标：上海车展特装展台');
    const info = await s1.c.post<Any>('Member/userInfo', {});
    expect(info.body.data.hastips).toBe(true);
    expect(info.body.data.unread).toBe(await unreadOf(s1.id));
  });

  it('an operator review tells the customer, with the reason of a rejection', async () => {
    const a = await makeProject(ctx, cust.id, { status: 0, checked: 0, title: '医博会展台' });
    const b = await makeProject(ctx, cust.id, { status: 0, checked: 0, title: '茶博会展台' });
    expectOk(await reviewer.c.post('Admin/projectReview', { id: a.id, approve: true, coins: 8 }));
    expectOk(
      await reviewer.c.post('Admin/projectReview', {
        id: b.id,
        approve: false,
        reason: '展台尺寸与图片不符',
      }),
    );
    await ctx.app.outbox.drain();
    const got = await rows<{ type: string; title: string; content: string; link: string }>(
      ctx,
      sql`select type, title, content, link from tips where member_id = ${cust.id} and link in
          (${`/customer/project?id=${a.id}`}, ${`/customer/project?id=${b.id}`}) order by id`,
    );
    expect(got.map((t) => [t.type, t.title, t.link])).toEqual([
      ['review', '您的项目已通过审核', `/customer/project?id=${a.id}`],
      ['review', '您的项目未通过审核', `/customer/project?id=${b.id}`],
    ]);
    expect(got[1]!.content).toContain('展台尺寸与图片不符');
    const info = await cust.c.post<Any>('Member/userInfo', {});
    expect(info.body.data).toMatchObject({ hastips: true, unread: await unreadOf(cust.id) });
  });

  it("the customer's own award tells the customer nothing", async () => {
    const p = await makeProject(ctx, cust.id, { status: 1, coins: 5, title: '广交会标摊' });
    const q = await makeQuote(ctx, p.id, s1.id);
    expectOk(await cust.c.post('Customer/award', { id: p.id, quoteId: q.id }));
    await ctx.app.outbox.drain();
    const byEvent = await rows<{ type: string; title: string }>(
      ctx,
      sql`select e.type, t.title from tips t join outbox_events e on e.id = t.event_id
          where t.member_id = ${cust.id} and t.link = ${`/customer/project?id=${p.id}`} order by t.id`,
    );
    // the quote (its fee) told the customer; the award, the customer's own step, did not
    expect(byEvent).toEqual([{ type: 'ledger.quote_fee', title: '收到新报价：广交会标摊' }]);
  });
});

describe('tips from ledger events', () => {
  it('an escrow release tells the supplier the amount, once, linked to the bills', async () => {
    const eventId = await ctx.database.db.transaction((tx) =>
      insertEvent(tx, {
        type: 'ledger.escrow_release',
        aggregateType: 'ledger_transaction',
        aggregateId: 1,
        payload: {
          type: 'escrow_release',
          memo: '',
          members: [{ memberId: s2.id, kind: 'member_cash', currency: 'CNY', amount: 123_45 }],
        },
      }),
    );
    await ctx.app.outbox.drain();
    const t = await tipsOfEvent(ctx.database.db, eventId);
    expect(t.map((r) => [r.memberId, r.type, r.title, r.link])).toEqual([
      [s2.id, 'finance', '项目款已到账', '/personCenter/businessList'],
    ]);
    expect(t[0]!.content).toContain('¥123.45');
  });
});

describe('a new quote', () => {
  it("tells the project's customer, not the supplier who paid", async () => {
    const p = await makeProject(ctx, cust.id, { status: 1, coins: 5, title: '家博会展台' });
    await makeQuote(ctx, p.id, s2.id, 5);
    // the fixture pays the quote fee as Projectcenter/priceTable does (ledger.quote_fee, ref quote)
    await ctx.app.outbox.drain();
    const got = await rows<{ member_id: number; title: string; link: string }>(
      ctx,
      sql`select t.member_id, t.title, t.link from tips t join outbox_events e on e.id = t.event_id
          where e.type = 'ledger.quote_fee' and t.link = ${`/customer/project?id=${p.id}`}`,
    );
    expect(got.map((t) => [Number(t.member_id), t.title])).toEqual([[cust.id, '收到新报价：家博会展台']]);
    const toSupplier = await rows(
      ctx,
      sql`select t.id from tips t join outbox_events e on e.id = t.event_id
          where e.type = 'ledger.quote_fee' and t.member_id = ${s2.id}`,
    );
    expect(toSupplier).toEqual([]);
  });
});

describe('Tipcenter calls', () => {
  it('lists, filters by read state and marks read only my own tips', async () => {
    await giveTips(s2.id, 3);
    const before1 = await snapshot(s1.id);
    const mine = await s2.c.post<Any>('Tipcenter/getList', { read: 0, page: 1, pageSize: 50 });
    expectOk(mine);
    const ids: number[] = mine.body.data.listItem.map((t: Any) => t.id);
    expect(ids.length).toBe(mine.body.data.unread);
    // someone else's ids change nothing
    const s1Ids = before1.map((r) => Number(r.id));
    const e = await s2.c.post<Any>('Tipcenter/editMsg', { ids: s1Ids });
    expectOk(e);
    expect(e.body.data.changed).toBe(0);
    const del = await s2.c.post<Any>('Tipcenter/delMsg', { ids: s1Ids });
    expectOk(del);
    expect(del.body.data.changed).toBe(0);
    expect(await snapshot(s1.id)).toEqual(before1);
    // nor can they be listed by anyone else
    const all2 = await s2.c.post<Any>('Tipcenter/getList', { pageSize: 50 });
    expect(all2.body.data.listItem.some((t: Any) => s1Ids.includes(t.id))).toBe(false);

    const one = await s2.c.post<Any>('Tipcenter/editMsg', { ids: [ids[0]] });
    expect(one.body.data).toEqual({ changed: 1, unread: ids.length - 1 });
    const read = await s2.c.post<Any>('Tipcenter/getList', { read: 1 });
    expect(read.body.data.listItem.map((t: Any) => t.id)).toEqual([ids[0]]);
    const gone = await s2.c.post<Any>('Tipcenter/delMsg', { ids: [ids[1]] });
    expect(gone.body.data).toEqual({ changed: 1, unread: ids.length - 2 });
    expect((await s2.c.post<Any>('Tipcenter/getList', {})).body.data.total).toBe(ids.length - 1);
  });

  it('refuses bad input with VALIDATION_FAILED and changes nothing', async () => {
    await giveTips(s1.id, 2);
    const before = await snapshot(s1.id);
    expectFields(await s1.c.post('Tipcenter/getList', { page: 1e9 }), ['page']);
    expectFields(await s1.c.post('Tipcenter/getList', { pageSize: 100_000 }), ['pageSize']);
    expectFields(await s1.c.post('Tipcenter/getList', { type: 'project\u0000' }), ['type']);
    expectFields(await s1.c.post('Tipcenter/getList', { read: 2 }), ['read']);
    expectFields(await s1.c.post('Tipcenter/editMsg', { ids: [-1] }), ['ids.0']);
    expectFields(await s1.c.post('Tipcenter/editMsg', { ids: ['1\u0007'] }), ['ids.0']);
    expectFields(await s1.c.post('Tipcenter/editMsg', {}), ['ids']);
    expectFields(await s1.c.post('Tipcenter/editMsg', { all: 'yes' }), ['all']);
    expectFields(await s1.c.post('Tipcenter/delMsg', { ids: [] }), ['ids']);
    expectFields(await s1.c.post('Tipcenter/delMsg', { ids: [0, -5] }), ['ids.0', 'ids.1']);
    expectFields(await s1.c.post('Tipcenter/delMsg', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }), [
      'ids',
    ]);
    expect(await snapshot(s1.id)).toEqual(before);
  });

  it('20 concurrent "mark all read" leave a consistent unread count of 0', async () => {
    await giveTips(s1.id, 30, 'project');
    const n = await unreadOf(s1.id);
    expect(n).toBeGreaterThanOrEqual(30);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => s1.c.post<Any>('Tipcenter/editMsg', { all: true })),
    );
    for (const a of answers) expectOk(a);
    expect(answers.reduce((sum, a) => sum + a.body.data.changed, 0)).toBe(n);
    expect(answers.every((a) => a.body.data.unread === 0)).toBe(true);
    expect(await unreadOf(s1.id)).toBe(0);
    const info = await s1.c.post<Any>('Member/userInfo', {});
    expect(info.body.data).toMatchObject({ hastips: false, unread: 0 });
  });
});

interface TipOf {
  member_id: number;
  type: string;
  title: string;
  content: string;
  link: string;
  event_type: string;
}

/** The tips made from the events of `eventType` about one aggregate, oldest first. */
async function tipsFrom(eventType: string, aggregateId: number): Promise<TipOf[]> {
  const got = await rows<TipOf>(
    ctx,
    sql`select t.member_id, t.type, t.title, t.content, t.link, e.type as event_type
        from tips t join outbox_events e on e.id = t.event_id
        where e.type like ${eventType} and e.aggregate_id = ${String(aggregateId)} order by t.id`,
  );
  return got.map((t) => ({ ...t, member_id: Number(t.member_id) }));
}

/** Drains, then delivers every event of `handler` once more (the outbox delivers at least once). */
async function drainTwice(handler: string) {
  await ctx.app.outbox.drain();
  await ctx.database.db.execute(
    sql`update outbox_deliveries set status = 'pending', next_attempt_at = now(), attempts = 0
        where handler = ${handler}`,
  );
  await ctx.app.outbox.drain();
  const [left] = await rows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from outbox_deliveries where handler = ${handler} and status <> 'done'`,
  );
  expect(left!.n).toBe(0);
}

describe('tips from verification reviews', () => {
  it('tell the member the result once, with the reason of a rejection, linked to their verification page', async () => {
    const sup = await makeMember(ctx);
    const buyer = await makeMember(ctx, { cardtype: 'customer' });
    const person = await submitPerson(ctx, sup.id);
    const business = await submitBusiness(ctx, sup.id);
    const buyerPerson = await submitPerson(ctx, buyer.id);
    expectOk(await reviewer.c.post('Admin/authReview', { kind: 'person', id: person.id, approve: true }));
    expectOk(
      await reviewer.c.post('Admin/authReview', {
        kind: 'business',
        id: business.id,
        approve: false,
        reason: '营业执照已过期',
      }),
    );
    expectOk(
      await reviewer.c.post('Admin/authReview', {
        kind: 'person',
        id: buyerPerson.id,
        approve: false,
        reason: '身份证照片模糊',
      }),
    );
    await drainTwice('tips.member');
    const supTips = await tipsFrom('member.authReviewed', sup.id);
    expect(supTips.map((t) => [t.member_id, t.type, t.title, t.link])).toEqual([
      [sup.id, 'review', '实名认证已通过', '/personCenter/security_person'],
      [sup.id, 'review', '企业认证未通过：营业执照已过期', '/personCenter/security_person?tab=business'],
    ]);
    expect(supTips[1]!.content).toContain('营业执照已过期');
    const buyerTips = await tipsFrom('member.authReviewed', buyer.id);
    expect(buyerTips.map((t) => [t.member_id, t.type, t.title, t.link])).toEqual([
      [buyer.id, 'review', '实名认证未通过：身份证照片模糊', '/customer/securitySetting'],
    ]);
  });
});

/** A completed (status 6) project of `cust` won by `s1`, accepted yesterday (its audit row). */
const completed = (title: string) => completedProject(ctx, cust.id, s1.id, { title });

/** The tips of one member about one project's evaluations (events evaluation.*), oldest first. */
async function evaluationTipsOf(memberId: number, projectId: number) {
  const got = await rows<TipOf>(
    ctx,
    sql`select t.member_id, t.type, t.title, t.content, t.link, e.type as event_type
        from tips t join outbox_events e on e.id = t.event_id
        where e.type like 'evaluation.%' and t.member_id = ${memberId}
          and (e.payload->>'projectId')::bigint = ${projectId} order by t.id`,
  );
  return got;
}

describe('tips from evaluations', () => {
  it('the first evaluation tells the other side without its content, the second reveals both; replies and revisions tell the other side', async () => {
    const id = await completed('秋季糖酒会展台');
    const secret = '搭建质量差强人意，地毯有污渍';
    const first = await cust.c.post<Any>('Customer/evaluate', {
      id,
      quality: 2,
      service: 3,
      punctuality: 2,
      content: secret,
    });
    expectOk(first);
    const evaluationId: number = first.body.data.mine.id;
    await drainTwice('tips.evaluation');
    const told = await evaluationTipsOf(s1.id, id);
    expect(told.map((t) => [t.event_type, t.title, t.link])).toEqual([
      ['evaluation.submitted', '对方已评价，评价后双方可见', `/orderDetail?id=${id}`],
    ]);
    // double-blind: neither the text nor the marks (2, 3, 2) of the hidden evaluation
    const text = `${told[0]!.title} ${told[0]!.content}`;
    expect(text).not.toContain(secret);
    expect(text).not.toContain('污渍');
    expect(text).not.toMatch(/[23２３]|分/);
    expect(await evaluationTipsOf(cust.id, id)).toEqual([]);

    // the supplier evaluates second: both are public, both are told
    expectOk(await s1.c.post('Projectcenter/factoryCmt', { id, score: 4, content: '参展商沟通顺畅' }));
    expectOk(
      await s1.c.post('Projectcenter/evaluateReply', { id: evaluationId, content: '感谢评价，已整改' }),
    );
    expectOk(await s1.c.post('Projectcenter/evaluateChange', { id: evaluationId, reason: '污渍系场馆原因' }));
    expectOk(
      await cust.c.post('Customer/evaluateEdit', {
        id,
        quality: 4,
        service: 4,
        punctuality: 4,
        content: '了解原因后修改评价',
      }),
    );
    await drainTwice('tips.evaluation');
    expect((await evaluationTipsOf(cust.id, id)).map((t) => [t.event_type, t.title, t.link])).toEqual([
      ['evaluation.submitted', '评价已公开', `/customer/project?id=${id}`],
      ['evaluation.replied', '供应商回复了您的评价', `/customer/project?id=${id}`],
      ['evaluation.changeRequested', '供应商申请修改评价', `/customer/project?id=${id}`],
    ]);
    expect((await evaluationTipsOf(s1.id, id)).map((t) => [t.event_type, t.title, t.link])).toEqual([
      ['evaluation.submitted', '对方已评价，评价后双方可见', `/orderDetail?id=${id}`],
      ['evaluation.submitted', '评价已公开', '/personCenter/evaluateList'],
      ['evaluation.revised', '参展商已修改评价', '/personCenter/evaluateList'],
    ]);
  });

  it('a window that ends with one evaluation reveals it, once, and tells both parties', async () => {
    const id = await completed('冬季车展展台');
    expectOk(await s1.c.post('Projectcenter/factoryCmt', { id, score: 5, content: '付款及时，沟通顺畅' }));
    await drainTwice('tips.evaluation');
    // the job before the window ends reveals nothing
    expect(await revealEndedWindows(ctx.database.db)).toBe(0);
    await rows(
      ctx,
      sql`update evaluations set window_ends_at = now() - interval '1 minute' where project_id = ${id}`,
    );
    const runs = await Promise.all(Array.from({ length: 5 }, () => revealEndedWindows(ctx.database.db)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const [row] = await rows<{ same: boolean }>(
      ctx,
      sql`select revealed_at = window_ends_at as same from evaluations where project_id = ${id}`,
    );
    expect(row?.same).toBe(true);
    await drainTwice('tips.evaluation');
    const closed = (t: TipOf) => t.event_type === 'evaluation.windowClosed';
    expect(
      (await evaluationTipsOf(cust.id, id)).filter(closed).map((t) => [t.title, t.content, t.link]),
    ).toEqual([
      [
        '评价已公开',
        '项目「冬季车展展台」的评价期已结束，供应商对您的评价已公开。',
        `/customer/project?id=${id}`,
      ],
    ]);
    expect((await evaluationTipsOf(s1.id, id)).filter(closed).map((t) => [t.title, t.link])).toEqual([
      ['评价已公开', '/personCenter/evaluateList'],
    ]);
    // the public answer shows it to the customer now
    const info = await cust.c.post<Any>('Customer/evaluateInfo', { id });
    expect(info.body.data.theirs).toMatchObject({ revealed: true, content: '付款及时，沟通顺畅' });
  });
});

describe('tips from complaints', () => {
  /** A project of `cust` won by `s2`, building (4), with `escrowFen` prepaid into escrow. */
  async function awarded(title: string, escrowFen: number) {
    const p = await makeProject(ctx, cust.id, { status: 1, prepay: escrowFen, title });
    const q = await makeQuote(ctx, p.id, s2.id, 5);
    await ctx.database.db.execute(
      sql`update projects set status = 4, contctck = 2, winner_quote_id = ${q.id},
          ispaid = true, prepayp = ${escrowFen} where id = ${p.id}`,
    );
    await ctx.database.db.transaction((tx) =>
      fundDemoEscrow(tx, { projectId: p.id, customerId: cust.id, orders: p.orders, amountFen: escrowFen }),
    );
    return p;
  }
  const CONTENT = '搭建进度严重滞后，开展前一天仍未完工。';

  it('filed tells the respondent, answered the complainant, a split ruling both parties with the amounts', async () => {
    const p = await awarded('建博会特装展台', 960_000);
    const filed = await cust.c.post<Any>('Complain/complainAdd', {
      id: p.id,
      type: '工期延误',
      content: CONTENT,
    });
    expectOk(filed);
    const cid: number = filed.body.data.id;
    // the complainant adds to it before the answer: the respondent hears of it
    expectOk(
      await cust.c.post('Complain/complainEdit', { id: cid, content: `${CONTENT}现场照片见附件说明。` }),
    );
    expectOk(await s2.c.post('Complain/complainEdit', { id: cid, content: '材料物流延误一天，明日完工。' }));
    expectOk(
      await reviewer.c.post('Admin/complaintRule', {
        id: cid,
        decision: 'split',
        refundFen: 300_000,
        reason: '供应商延误属实',
      }),
    );
    await drainTwice('tips.complaint');
    const got = await tipsFrom('complaint.%', cid);
    expect(got.map((t) => [t.event_type, t.member_id, t.type, t.link])).toEqual([
      ['complaint.filed', s2.id, 'project', `/personCenter/complaint?id=${cid}`],
      ['complaint.edited', s2.id, 'project', `/personCenter/complaint?id=${cid}`],
      ['complaint.answered', cust.id, 'project', `/customer/complaint?id=${cid}`],
      ['complaint.ruled', cust.id, 'review', `/customer/complaint?id=${cid}`],
      ['complaint.ruled', s2.id, 'review', `/personCenter/complaint?id=${cid}`],
    ]);
    expect(got[0]!.title).toMatch(/^您收到一条投诉，请在 \d{1,2}月\d{1,2}日 \d{2}:\d{2} 前答复$/);
    expect(got[1]!.title).toBe('对方修改了投诉内容');
    expect(got[2]!.title).toBe('对方已答复您的投诉');
    const [c] = await rows<{ released_fen: number; commission_fen: number }>(
      ctx,
      sql`select released_fen::int as released_fen, commission_fen::int as commission_fen from complaints where id = ${cid}`,
    );
    const yuan = (fen: number) =>
      `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const t of got.slice(3)) {
      expect(t.title).toBe('投诉已裁决：关闭项目并分配托管款');
      expect(t.content).toContain('¥3,000.00');
      expect(t.content).toContain(yuan(c!.released_fen - c!.commission_fen));
      expect(t.content).toContain('供应商延误属实');
    }
  });

  it('a dismissal tells both parties the decision, once', async () => {
    const p = await awarded('婚博会展台', 100_000);
    const filed = await s2.c.post<Any>('Complain/complainAdd', {
      id: p.id,
      type: '付款纠纷',
      content: CONTENT,
    });
    expectOk(filed);
    const cid: number = filed.body.data.id;
    expectOk(
      await reviewer.c.post('Admin/complaintRule', { id: cid, decision: 'dismiss', reason: '证据不足' }),
    );
    await drainTwice('tips.complaint');
    const got = await tipsFrom('complaint.%', cid);
    expect(got.map((t) => [t.event_type, t.member_id, t.title])).toEqual([
      ['complaint.filed', cust.id, expect.stringMatching(/^您收到一条投诉/)],
      ['complaint.ruled', s2.id, '投诉已裁决：驳回投诉'],
      ['complaint.ruled', cust.id, '投诉已裁决：驳回投诉'],
    ]);
    expect(got[0]!.link).toBe(`/customer/complaint?id=${cid}`);
    expect(got[1]!.content).toContain('证据不足');
  });
});

import type { EvaluationListPage, EvaluationView, ProjectEvaluations as PE } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scoresOf } from '../src/modules/evaluation/evaluation.service.ts';
import { Client, count, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { completedProject, makeQuote, makeUpload } from './project-fixtures.ts';

const ctx = useTestApp({
  members: { cust: 'customer', other: 'customer', sup: 'supplier', rival: 'supplier' },
});
const { cust, other, sup, rival } = ctx.members;

const good = { quality: 5, service: 4, punctuality: 3, content: '搭建质量很好，按时交付' };
const factory = { score: 4, content: '参展商沟通顺畅，付款及时' };

/** A completed (status 6) project of `cust` won by `sup`, accepted `acceptedDaysAgo` days ago (audit row). */
const completed = (opts: { status?: number; acceptedDaysAgo?: number; audit?: boolean } = {}) =>
  completedProject(ctx, cust.id, sup.id, opts);

const evalCount = (projectId: number) => count(ctx, 'evaluations', sql`project_id = ${projectId}`);

describe('double-blind evaluations', () => {
  it('hides each side until both submitted, then reveals both', async () => {
    const id = await completed();
    // supplier first
    let r = await sup.c.post<PE>('Projectcenter/factoryCmt', { id, ...factory });
    expectOk(r);
    expect(r.body.data).toMatchObject({
      canSubmit: false,
      canEdit: true,
      theirs: null,
      theirsSubmitted: false,
    });
    // the customer sees that the supplier evaluated, but not what
    r = await cust.c.post<PE>('Customer/evaluateInfo', { id });
    expectOk(r);
    expect(r.body.data.theirsSubmitted).toBe(true);
    expect(r.body.data.theirs).toMatchObject({ hidden: true, revealed: false, score: null, content: '' });
    expect(r.body.data.canSubmit).toBe(true);
    // the supplier cannot see the customer's (none yet)
    r = await sup.c.post<PE>('Projectcenter/factoryCmtItem', { id });
    expect(r.body.data.theirs).toBeNull();
    // no score yet
    expect((await scoresOf(ctx.database.db, [sup.id])).get(sup.id)).toBeUndefined();
    // the customer submits second: both revealed
    r = await cust.c.post<PE>('Customer/evaluate', { id, ...good });
    expectOk(r);
    expect(r.body.data.theirs).toMatchObject({
      hidden: false,
      revealed: true,
      score: 4,
      content: factory.content,
    });
    expect(r.body.data.mine).toMatchObject({ revealed: true, quality: 5, service: 4, punctuality: 3 });
    r = await sup.c.post<PE>('Projectcenter/factoryCmtItem', { id });
    expect(r.body.data.theirs).toMatchObject({
      quality: 5,
      service: 4,
      punctuality: 3,
      content: good.content,
    });
    expect(r.body.data.canEdit).toBe(false);
    // once only, each side
    expectError(await sup.c.post<PE>('Projectcenter/factoryCmt', { id, ...factory }), 'INVALID_STATE');
    r = await cust.c.post<PE>('Customer/evaluate', { id, ...good });
    expectError(r, 'INVALID_STATE');
    expect(r.body.errorMessage).toContain('不能重复评价');
    // no edit after the reveal
    expectError(
      await sup.c.post('Projectcenter/factoryCmtEdit', { id, ...factory, score: 1 }),
      'INVALID_STATE',
    );
    expectError(await cust.c.post<PE>('Customer/evaluateEdit', { id, ...good, quality: 1 }), 'INVALID_STATE');
    expect(await evalCount(id)).toBe(2);
  });

  it('customer first: the supplier sees nothing until it evaluates', async () => {
    const id = await completed();
    expectOk(await cust.c.post<PE>('Customer/evaluate', { id, ...good }));
    let r = await sup.c.post<PE>('Projectcenter/factoryCmtItem', { id });
    expect(r.body.data.theirs).toMatchObject({ hidden: true, quality: null, content: '', pictures: [] });
    const l = await sup.c.post<EvaluationListPage>('Projectcenter/evaluateList', { page: 1, pageSize: 50 });
    const hidden = l.body.data.listItem.find((e) => e.projectId === id);
    expect(hidden).toMatchObject({ hidden: true, content: '' });
    // edit before the reveal is allowed
    r = await cust.c.post<PE>('Customer/evaluateEdit', { id, ...good, quality: 2, content: '改了一下评价' });
    expectOk(r);
    expect(r.body.data.mine).toMatchObject({ quality: 2, content: '改了一下评价' });
    expectOk(await sup.c.post<PE>('Projectcenter/factoryCmt', { id, ...factory }));
    r = await sup.c.post<PE>('Projectcenter/factoryCmtItem', { id });
    expect(r.body.data.theirs).toMatchObject({ hidden: false, quality: 2 });
  });

  it('reveals a lone evaluation when the 14-day window closes, and refuses late ones', async () => {
    const id = await completed({ acceptedDaysAgo: 10 });
    expectOk(await cust.c.post<PE>('Customer/evaluate', { id, ...good }));
    // the window closes: move acceptance and the copied window end back
    await ctx.database.db.execute(
      sql`update audit_log set created_at = now() - interval '15 days' where target_id = ${String(id)} and action = 'project.accept'`,
    );
    await ctx.database.db.execute(
      sql`update evaluations set window_ends_at = now() - interval '1 day' where project_id = ${id}`,
    );
    const r = await sup.c.post<PE>('Projectcenter/factoryCmtItem', { id });
    expect(r.body.data).toMatchObject({ open: false, canSubmit: false });
    expect(r.body.data.theirs).toMatchObject({ hidden: false, revealed: true, quality: 5 });
    const late = await sup.c.post<PE>('Projectcenter/factoryCmt', { id, ...factory });
    expectError(late, 'INVALID_STATE');
    expect(late.body.errorMessage).toContain('评价期已结束');
  });

  it('uses the project update time when no acceptance row exists (window expired)', async () => {
    const id = await completed({ acceptedDaysAgo: 15, audit: false });
    expectError(await cust.c.post<PE>('Customer/evaluate', { id, ...good }), 'INVALID_STATE');
    expect(await evalCount(id)).toBe(0);
  });
});

describe('reply and revision request', () => {
  it('reply once, revision once, then one customer edit', async () => {
    const id = await completed();
    expectOk(await cust.c.post<PE>('Customer/evaluate', { id, ...good }));
    const [e] = await rows<{ id: number }>(
      ctx,
      sql`select id from evaluations where project_id = ${id} and side = 'customer'`,
    );
    const eid = Number(e!.id);
    // not public yet: no reply, no change request
    expectError(
      await sup.c.post<EvaluationView>('Projectcenter/evaluateReply', { id: eid, content: '感谢评价' }),
      'INVALID_STATE',
    );
    expectError(
      await sup.c.post<EvaluationView>('Projectcenter/evaluateChange', { id: eid, reason: '工期延误因场馆' }),
      'INVALID_STATE',
    );
    expectOk(await sup.c.post<PE>('Projectcenter/factoryCmt', { id, ...factory }));
    // another supplier: not found
    expectError(
      await rival.c.post<EvaluationView>('Projectcenter/evaluateReply', { id: eid, content: '感谢评价' }),
      'NOT_FOUND',
    );
    let r = await sup.c.post<EvaluationView>('Projectcenter/evaluateReply', {
      id: eid,
      content: '感谢您的评价',
    });
    expectOk(r);
    expect(r.body.data).toMatchObject({ reply: '感谢您的评价' });
    expectError(
      await sup.c.post<EvaluationView>('Projectcenter/evaluateReply', { id: eid, content: '再回复一次' }),
      'INVALID_STATE',
    );
    // the customer cannot edit before a request
    expectError(
      await cust.c.post<PE>('Customer/evaluateEdit', { id, ...good, punctuality: 5 }),
      'INVALID_STATE',
    );
    r = await sup.c.post<EvaluationView>('Projectcenter/evaluateChange', {
      id: eid,
      reason: '延误是场馆原因',
    });
    expectOk(r);
    expect(r.body.data).toMatchObject({ changeRequested: true, changeReason: '延误是场馆原因' });
    expectError(
      await sup.c.post<EvaluationView>('Projectcenter/evaluateChange', { id: eid, reason: '再申请一次' }),
      'INVALID_STATE',
    );
    let c = await cust.c.post<PE>('Customer/evaluateInfo', { id });
    expect(c.body.data.canEdit).toBe(true);
    expect(c.body.data.mine?.changeReason).toBe('延误是场馆原因');
    c = await cust.c.post<PE>('Customer/evaluateEdit', { id, ...good, punctuality: 5 });
    expectOk(c);
    expect(c.body.data.mine).toMatchObject({ punctuality: 5, changeUsed: true });
    expect(c.body.data.canEdit).toBe(false);
    expectError(
      await cust.c.post<PE>('Customer/evaluateEdit', { id, ...good, punctuality: 4 }),
      'INVALID_STATE',
    );
  });
});

describe('who may evaluate', () => {
  it('other supplier, other customer, logged out, wrong status', async () => {
    const id = await completed();
    await makeQuote(ctx, id, rival.id, 1); // a losing bidder
    expectError(await rival.c.post<PE>('Projectcenter/factoryCmt', { id, ...factory }), 'NOT_FOUND');
    expectError(await rival.c.post<PE>('Projectcenter/factoryCmtItem', { id }), 'NOT_FOUND');
    expectError(await other.c.post<PE>('Customer/evaluate', { id, ...good }), 'NOT_FOUND');
    expectError(await other.c.post<PE>('Customer/evaluateInfo', { id }), 'NOT_FOUND');
    expectError(await new Client(ctx.app).post('Customer/evaluate', { id, ...good }), 'NOT_LOGGED_IN');
    expectError(await cust.c.post<PE>('Projectcenter/factoryCmt', { id, ...factory }), 'FORBIDDEN');
    expectError(await sup.c.post<PE>('Customer/evaluate', { id, ...good }), 'FORBIDDEN');
    expectError(await cust.c.post<PE>('Customer/evaluate', { id: 99_999_999, ...good }), 'NOT_FOUND');
    for (const status of [4, 5, 7]) {
      const p = await completed({ status });
      expectError(await cust.c.post<PE>('Customer/evaluate', { id: p, ...good }), 'INVALID_STATE');
      expectError(await sup.c.post<PE>('Projectcenter/factoryCmt', { id: p, ...factory }), 'INVALID_STATE');
    }
    expect(await evalCount(id)).toBe(0);
  });

  it('bad input: marks, text, pictures', async () => {
    const id = await completed();
    for (const score of [0, 6, 2.5]) {
      expectFields(await sup.c.post<PE>('Projectcenter/factoryCmt', { id, ...factory, score }), ['score']);
      expectFields(await cust.c.post<PE>('Customer/evaluate', { id, ...good, quality: score }), ['quality']);
    }
    expectFields(await cust.c.post<PE>('Customer/evaluate', { id, ...good, content: '好\u0007' }), [
      'content',
    ]);
    expectFields(await cust.c.post<PE>('Customer/evaluate', { id, ...good, content: '好'.repeat(501) }), [
      'content',
    ]);
    expectFields(await cust.c.post<PE>('Customer/evaluate', { id, ...good, content: '好' }), ['content']);
    const notMine = await makeUpload(ctx, other.id, 'project');
    expectError(
      await cust.c.post<PE>('Customer/evaluate', { id, ...good, pictures: [notMine] }),
      'FILE_NOT_FOUND',
    );
    const mine = await makeUpload(ctx, cust.id, 'project');
    expectFields(
      await cust.c.post<PE>('Customer/evaluate', { id, ...good, pictures: Array(10).fill(mine) }),
      ['pictures'],
    );
    expect(await evalCount(id)).toBe(0);
    const r = await cust.c.post<PE>('Customer/evaluate', { id, ...good, pictures: [mine] });
    expectOk(r);
    expect(r.body.data.mine?.pictures[0]?.id).toBe(mine);
  });

  it('20 concurrent submits of each side make one row per side', async () => {
    const id = await completed();
    const all = await Promise.all([
      ...Array.from({ length: 20 }, () => cust.c.post<PE>('Customer/evaluate', { id, ...good })),
      ...Array.from({ length: 20 }, () => sup.c.post<PE>('Projectcenter/factoryCmt', { id, ...factory })),
    ]);
    expect(all.filter((r) => r.body.success === true)).toHaveLength(2);
    for (const r of all.filter((x) => x.body.success !== true)) expectError(r, 'INVALID_STATE');
    expect(await evalCount(id)).toBe(2);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from evaluations where project_id = ${id} and revealed_at is not null`,
    );
    expect(n!.n).toBe(2);
  });
});

describe('score', () => {
  it('is the mean of revealed customer evaluations, one decimal; none → null', async () => {
    // sup has revealed evaluations from the tests above (5/4/3, 2/4/3, 5/4/5 …); the SQL below restates the rule
    const s = await scoresOf(ctx.database.db, [sup.id, rival.id]);
    const [expected] = await rows<{ v: string }>(
      ctx,
      sql`select round(avg((quality + service + punctuality)::numeric / 3), 1) as v from evaluations
          where side = 'customer' and target_id = ${sup.id} and (revealed_at is not null or window_ends_at <= now())`,
    );
    expect(s.get(sup.id)).toBe(Number(expected!.v));
    expect(s.has(rival.id)).toBe(false);
    const r = await sup.c.post<{ score: number | null }>('Member/userInfo', {});
    expect(r.body.data.score).toBe(Number(expected!.v));
    // the winner card of a project answers the same score
    const id = await completed();
    const w = await sup.c.post<{ winner: { score: number | null } }>('Projectcenter/winnerInfo', { id });
    expect(w.body.data.winner.score).toBe(Number(expected!.v));
  });
});

describe('Projectcenter/evaluateItem', () => {
  it('answers a received evaluation to its supplier only', async () => {
    const id = await completed();
    expectOk(await cust.c.post('Customer/evaluate', { id, ...good }));
    const [e] = await rows<{ id: number }>(
      ctx,
      sql`select id from evaluations where project_id = ${id} and side = 'customer'`,
    );
    const r = await sup.c.post<EvaluationView>('Projectcenter/evaluateItem', { id: Number(e!.id) });
    expectOk(r);
    expect(r.body.data).toMatchObject({ hidden: true, content: '' });
    expectError(await rival.c.post('Projectcenter/evaluateItem', { id: Number(e!.id) }), 'NOT_FOUND');
  });
});

// Notices outside the site (docs/notices.md): which events queue an SMS (or WeChat) notice, by the
// member's choice per kind; the quiet hours; two schedulers send each once; no names, amounts or
// content; failures retried, then visible to operators and re-queued; the settings calls.
import { NOTICE_DEFAULTS, noticeSmsText } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { queueNotices } from '../src/modules/notice/notice-queue.ts';
import { type NoticeRoundDeps, noticeRound } from '../src/modules/notice/notice-send.ts';
import { quietHour, sendableAt } from '../src/modules/notice/quiet-hours.ts';
import { DevSmsSender, type SmsNotice, type SmsSender } from '../src/modules/user/sms-sender.ts';
import { WechatMpClient } from '../src/modules/wechat/mp-client.ts';
import { adminClient } from './admin-helpers.ts';
import { startFakeWechatMp } from './fakes/wechat-mp-server.ts';
import { count, expectError, expectFields, expectOk, rows, type TestContext } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject, makeQuote } from './project-fixtures.ts';
import { type Member, memberClient, verifiedSupplier } from './projectcenter-fixtures.ts';

const ctx: TestContext = useTestApp();
let customer: Member;
let sms: DevSmsSender;
const DAY = new Date('2026-11-28T03:00:00Z'); // 11:00 in Shanghai
const deps = (over: Partial<NoticeRoundDeps> = {}): NoticeRoundDeps => ({
  db: ctx.database.db,
  sms,
  wechat: null,
  log: ctx.app.log,
  ...over,
});
/** The queued notices are due now (as at 08:00 after a night). */
const dueNow = () => rows(ctx, sql`update notices set send_after = now() where status = 'pending'`);
const smsOf = (mobile: string) =>
  rows<{ purpose: string; text: string }>(
    ctx,
    sql`select purpose, text from dev_sms_outbox where mobile = ${mobile} and purpose like 'notice.%' order by id`,
  );

beforeAll(async () => {
  customer = await memberClient(ctx, { cardtype: 'customer', personauth: 1, realname: '李参展' });
  sms = new DevSmsSender(ctx.database.db, ctx.app.log);
});

async function awardTo(winner: Member, losers: Member[]) {
  const p = await makeProject(ctx, customer.id, { status: 1, biddl: new Date(Date.now() + 86_400_000) });
  const q = await makeQuote(ctx, p.id, winner.id);
  for (const l of losers) await makeQuote(ctx, p.id, l.id);
  expectOk(await customer.c.post('Customer/award', { id: p.id, quoteId: q.id }));
  await ctx.app.outbox.drain();
  return p;
}

describe('the quiet hours', () => {
  it('22:00–08:00 Asia/Shanghai; what comes then waits for 08:00', () => {
    expect(quietHour(new Date('2026-11-28T13:59:00Z'))).toBe(false); // 21:59
    expect(quietHour(new Date('2026-11-28T14:00:00Z'))).toBe(true); // 22:00
    expect(quietHour(new Date('2026-11-28T23:59:00Z'))).toBe(true); // 07:59
    expect(quietHour(new Date('2026-11-29T00:00:00Z'))).toBe(false); // 08:00
    expect(sendableAt(new Date('2026-11-28T15:30:00Z')).toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(sendableAt(new Date('2026-11-28T20:00:00Z')).toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(sendableAt(DAY)).toBe(DAY);
  });
});

describe('what goes out, by the member’s choice', () => {
  it('award: in-app only by default; a bidder that chose SMS gets one, with the project number and nothing else', async () => {
    expect(NOTICE_DEFAULTS.award).toBe('app');
    const winner = await verifiedSupplier(ctx, 0);
    const loser = await verifiedSupplier(ctx, 0);
    const chose = await loser.c.post('Member/notifySetting', { kinds: { award: 'sms' } });
    expectOk(chose);
    const p = await awardTo(winner, [loser]);
    const queued = await rows<{ member_id: number; kind: string; channel: string }>(
      ctx,
      sql`select member_id, kind, channel from notices where project_id = ${p.id}`,
    );
    expect(queued.map((n) => [Number(n.member_id), n.kind, n.channel])).toEqual([[loser.id, 'award', 'sms']]);
    await dueNow();
    const [a, b] = await Promise.all([noticeRound(deps(), DAY), noticeRound(deps(), DAY)]);
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(1);
    const got = await smsOf(loser.mobile);
    expect(got).toEqual([{ purpose: 'notice.award', text: noticeSmsText('award', p.orders) }]);
    expect(got[0]!.text).not.toMatch(/张三|李参展|¥/);
    expect(await smsOf(winner.mobile)).toEqual([]);
    // a second round sends nothing again
    await noticeRound(deps(), DAY);
    expect(await smsOf(loser.mobile)).toHaveLength(1);
  });

  it('a redelivered event queues nothing twice; in-app only queues nothing; WeChat only when bound', async () => {
    const s = await verifiedSupplier(ctx, 0);
    const bound = await memberClient(ctx, { cardtype: 'workshop', openid: `o${Date.now()}` });
    expectOk(await bound.c.post('Member/notifySetting', { kinds: { payment: 'wechat' } }));
    expectOk(await s.c.post('Member/notifySetting', { kinds: { payment: 'wechat', release: 'app' } }));
    const drafts = [
      { memberId: s.id, kind: 'payment' as const, projectId: null },
      { memberId: s.id, kind: 'release' as const, projectId: null },
      { memberId: bound.id, kind: 'payment' as const, projectId: null },
    ];
    const eventId = 9_100_000 + (Date.now() % 100_000);
    await ctx.database.db.transaction((tx) => queueNotices(tx, drafts, eventId, DAY));
    await ctx.database.db.transaction((tx) => queueNotices(tx, drafts, eventId, DAY));
    const q = await rows<{ member_id: number; kind: string; channel: string }>(
      ctx,
      sql`select member_id, kind, channel from notices where event_id = ${eventId} order by member_id, channel`,
    );
    expect(q.map((n) => [Number(n.member_id), n.kind, n.channel])).toEqual([
      [s.id, 'payment', 'sms'],
      [bound.id, 'payment', 'sms'],
      [bound.id, 'payment', 'wechat'],
    ]);
    // without a 服务号 the WeChat notice is skipped, the SMS goes
    await dueNow();
    await noticeRound(deps(), DAY);
    const [w] = await rows<{ status: string; last_error: string }>(
      ctx,
      sql`select status, last_error from notices where event_id = ${eventId} and channel = 'wechat'`,
    );
    expect(w).toEqual({ status: 'skipped', last_error: '服务号未配置' });
    // queued at night: due at 08:00, and a round at night sends nothing
    const night = new Date('2026-11-28T16:00:00Z');
    await ctx.database.db.transaction((tx) =>
      queueNotices(tx, [{ memberId: s.id, kind: 'payment', projectId: null }], eventId + 1, night),
    );
    const [n] = await rows<{ send_after: Date }>(
      ctx,
      sql`select send_after from notices where event_id = ${eventId + 1}`,
    );
    expect(new Date(n!.send_after).toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(await noticeRound(deps(), night)).toMatchObject({ quiet: true, sent: 0 });
  });
});

describe('failures', () => {
  it('a provider that fails is retried with back-off, then failed: operators see it and re-queue it', async () => {
    const s = await verifiedSupplier(ctx, 0);
    const eventId = 9_300_000 + (Date.now() % 100_000);
    await ctx.database.db.transaction((tx) =>
      queueNotices(tx, [{ memberId: s.id, kind: 'withdraw', projectId: null }], eventId, DAY),
    );
    let calls = 0;
    const failing: SmsSender = {
      name: 'failing',
      send: async () => {},
      notify: async (_n: SmsNotice) => {
        calls++;
        throw new Error('isv.BUSINESS_LIMIT_CONTROL 触发流控');
      },
    };
    const id = Number(
      (await rows<{ id: number }>(ctx, sql`select id from notices where event_id = ${eventId}`))[0]!.id,
    );
    for (let i = 1; i <= 5; i++) {
      await rows(ctx, sql`update notices set send_after = now() where id = ${id}`);
      const r = await noticeRound(deps({ sms: failing }), DAY);
      expect(r[i < 5 ? 'retry' : 'failed']).toBeGreaterThanOrEqual(1);
    }
    expect(calls).toBeGreaterThanOrEqual(5);
    const [row] = await rows<{ status: string; attempts: number; last_error: string }>(
      ctx,
      sql`select status, attempts, last_error from notices where id = ${id}`,
    );
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    expect(row!.last_error).toContain('BUSINESS_LIMIT_CONTROL');

    const ops = await adminClient(ctx, 'finance');
    const list = await ops.c.post<{
      listItem: Array<{ id: number; cardno: string; lastError: string }>;
      counts: Record<string, number>;
    }>('Admin/noticeList', { status: 'failed' });
    expectOk(list);
    expect(list.body.data.listItem.find((n) => n.id === id)).toMatchObject({ cardno: s.cardno });
    expect(list.body.data.counts.failed).toBeGreaterThanOrEqual(1);
    expectOk(await ops.c.post('Admin/noticeRetry', { id }));
    expectError(await ops.c.post('Admin/noticeRetry', { id }), 'INVALID_STATE');
    expect(await count(ctx, 'audit_log', sql`action = 'notice.retry' and target_id = ${String(id)}`)).toBe(1);
    await noticeRound(deps(), DAY);
    const [again] = await rows<{ status: string }>(ctx, sql`select status from notices where id = ${id}`);
    expect(again!.status).toBe('sent');
    // members and logged-out callers do not see the list
    expectError(await s.c.post('Admin/noticeList', {}), 'ADMIN_NOT_LOGGED_IN');
  });
});

describe('通知设置', () => {
  it('defaults: money and deadlines by SMS; a partial change keeps the rest; bad input is a field message', async () => {
    const m = await memberClient(ctx, { cardtype: 'workshop' });
    const info = await m.c.post<{ kinds: Record<string, string>; messageSms: boolean; wechatBound: boolean }>(
      'Member/notifyInfo',
      {},
    );
    expectOk(info);
    expect(info.body.data).toMatchObject({ kinds: NOTICE_DEFAULTS, messageSms: true, wechatBound: false });
    const r = await m.c.post<{ kinds: Record<string, string>; messageSms: boolean }>('Member/notifySetting', {
      kinds: { answer: 'sms' },
      messageSms: false,
    });
    expectOk(r);
    expect(r.body.data.kinds).toEqual({ ...NOTICE_DEFAULTS, answer: 'sms' });
    expect(r.body.data.messageSms).toBe(false);
    for (const body of [
      { kinds: { answer: 'email' } },
      { kinds: { lottery: 'sms' } },
      { kinds: 'sms' },
      { messageSms: 1 },
    ]) {
      const bad = await m.c.post('Member/notifySetting', body);
      expect(bad.body.success).toBe(false);
      expect(bad.status).toBe(400);
    }
    expectFields(await m.c.post('Member/notifySetting', { messageSms: 'yes' }), ['messageSms']);
    const after = await m.c.post<{ kinds: Record<string, string> }>('Member/notifyInfo', {});
    expect(after.body.data.kinds.answer).toBe('sms');
  });
});

describe('WeChat (against a local 服务号)', () => {
  it('a member at + WeChat gets the template message too; a refusal that cannot be mended fails at once', async () => {
    const fake = await startFakeWechatMp();
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        WECHAT_MP_APPID: fake.appid,
        WECHAT_MP_SECRET: fake.secret,
        WECHAT_MP_API_BASE: `${fake.url}/`,
        WECHAT_MP_TEMPLATE_PAYMENT: 'tpl-payment',
        PUBLIC_BASE_URL: 'https://zl.example.com/',
      }).wechatMp!;
      const wechat = new WechatMpClient(ctx.database.db, config, ctx.app.log);
      const openid = `oWx${Date.now()}`;
      const m = await memberClient(ctx, { cardtype: 'customer', openid });
      expectOk(await m.c.post('Member/notifySetting', { kinds: { payment: 'wechat' } }));
      const p = await makeProject(ctx, customer.id, {});
      const eventId = 9_500_000 + (Date.now() % 100_000);
      await ctx.database.db.transaction((tx) =>
        queueNotices(tx, [{ memberId: m.id, kind: 'payment', projectId: p.id }], eventId, DAY),
      );
      await dueNow();
      await noticeRound(deps({ wechat }), DAY);
      expect(fake.messages).toHaveLength(1);
      expect(fake.messages[0]).toMatchObject({ touser: openid, template_id: 'tpl-payment' });
      expect(fake.messages[0]!.url).toBe(`https://zl.example.com/customer/project?id=${p.id}`);
      expect(JSON.stringify(fake.messages[0]!.data)).toContain(p.orders);
      expect(await smsOf(m.mobile)).toHaveLength(1);
      // WeChat says the member unsubscribed: failed at once, not retried
      fake.failNext(43004, 1, 'require subscribe');
      await ctx.database.db.transaction((tx) =>
        queueNotices(tx, [{ memberId: m.id, kind: 'payment', projectId: p.id }], eventId + 1, DAY),
      );
      await dueNow();
      await noticeRound(deps({ wechat }), DAY);
      const [row] = await rows<{ status: string; attempts: number; last_error: string }>(
        ctx,
        sql`select status, attempts, last_error from notices where event_id = ${eventId + 1} and channel = 'wechat'`,
      );
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.last_error).toContain('43004');
    } finally {
      await fake.close();
    }
  });
});

// The project conversation (docs/conversation.md): threads between a project's customer and the
// winner (from the award) or a bidder the customer contacted; who may read and write; masking
// before the award; read receipts and unread counts under concurrency; withdrawal; files; live
// events; the complaint operator's audited read-only view; bad input.
import type { AddressInfo } from 'node:net';
import type { Thread, ThreadList, ThreadMessage, ThreadMessages } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUDGE_TEXT, nudgeRound } from '../src/modules/conversation/conversation-nudge.ts';
import { quietHour } from '../src/modules/notice/quiet-hours.ts';
import { adminClient } from './admin-helpers.ts';
import { Client, count, expectError, expectFields, expectOk, rows, type TestContext } from './helpers.ts';
import { cookieOf, useTestApp } from './member-fixtures.ts';
import { makeProject, makeQuote, makeUpload } from './project-fixtures.ts';
import { type Member, memberClient, verifiedSupplier } from './projectcenter-fixtures.ts';
import { buildingProject } from './report-fixtures.ts';
import { openSse, type SseStream } from './sse-client.ts';

type Sent = { message: ThreadMessage; thread: Thread; maskedKinds: string[] };

const ctx: TestContext = useTestApp();
let customer: Member;
let otherCustomer: Member;
let base = '';
const streams: SseStream[] = [];

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  customer = await memberClient(ctx, { cardtype: 'customer', personauth: 1, realname: '李参展' });
  otherCustomer = await memberClient(ctx, { cardtype: 'customer' });
});
afterAll(() => {
  for (const s of streams) s.close();
});

const future = (days: number) => new Date(Date.now() + days * 86_400_000);
const send = (m: Member, body: Record<string, unknown>) => m.c.post<Sent>('Conversation/send', body);
const list = async (m: Member) => {
  const r = await m.c.post<ThreadList>('Conversation/list', {});
  expectOk(r);
  return r.body.data;
};
const messages = async (m: Member, threadId: number, before?: number) => {
  const r = await m.c.post<ThreadMessages>('Conversation/messages', {
    threadId,
    ...(before ? { before } : {}),
  });
  expectOk(r);
  return r.body.data;
};
const unreadOf = async (m: Member) => (await list(m)).unread;

/** A project in 施工中 won by a fresh supplier, and their thread (opened by the supplier's first message). */
async function awardedThread() {
  const winner = await verifiedSupplier(ctx, 0);
  const p = await buildingProject(ctx, customer.id, winner.id);
  const r = await send(winner, { projectId: p.id, content: '您好，我们明早 6:00 进场' });
  expectOk(r);
  return { winner, p, thread: r.body.data.thread, first: r.body.data.message };
}

describe('the award thread', () => {
  it('either party writes; the other reads it with the project and the counterpart; 已读 follows the read position', async () => {
    const { winner, p, thread, first } = await awardedThread();
    expect(thread).toMatchObject({ projectId: p.id, role: 'supplier', awarded: true, open: true });
    expect(first).toMatchObject({ mine: true, sender: 'supplier', read: false, masked: false });

    // the customer sends to the project: the same thread
    const back = await send(customer, { projectId: p.id, content: '好的，电话 13812345678 随时联系' });
    expectOk(back);
    expect(back.body.data.thread.id).toBe(thread.id);
    // after the award nothing is masked
    expect(back.body.data.message.content).toContain('13812345678');
    // replying reads what came before it; the supplier's next message is unread
    expect(back.body.data.thread.unread).toBe(0);
    expectOk(await send(winner, { threadId: thread.id, content: '收到，明早见' }));

    const cl = await list(customer);
    const mine = cl.listItem.find((t) => t.id === thread.id)!;
    expect(mine).toMatchObject({
      role: 'customer',
      counterpart: '张三',
      counterpartCardno: winner.cardno,
      unread: 1,
    });
    expect(mine.last?.content).toBe('收到，明早见');

    const page = await messages(customer, thread.id);
    expect(page.listItem.map((m) => [m.sender, m.mine])).toEqual([
      ['supplier', false],
      ['customer', true],
      ['supplier', false],
    ]);
    // the customer reads: its unread count goes to 0, the supplier sees 已读 on its message
    const before = await unreadOf(customer);
    const read = await customer.c.post<{ upTo: number; unread: number }>('Conversation/read', {
      threadId: thread.id,
      upTo: page.listItem.at(-1)!.id,
    });
    expectOk(read);
    expect(read.body.data.unread).toBe(before - 1);
    const seen = await messages(winner, thread.id);
    expect(seen.listItem[0]).toMatchObject({ mine: true, read: true });
    expect(seen.listItem[1]).toMatchObject({ mine: false });
    expect(seen.listItem[2]).toMatchObject({ mine: true, read: true });
    expect(seen.thread.unread).toBe(0);
    // a read position never goes back, nor past the newest message
    expectOk(await customer.c.post('Conversation/read', { threadId: thread.id, upTo: 1 }));
    expectOk(
      await winner.c.post('Conversation/read', { threadId: thread.id, upTo: Number.MAX_SAFE_INTEGER }),
    );
    const [t] = await rows<{ c: number; s: number; last: number }>(
      ctx,
      sql`select customer_read_up_to::int as c, supplier_read_up_to::int as s, last_message_id::int as last
          from threads where id = ${thread.id}`,
    );
    expect(t).toEqual({ c: t!.last, s: t!.last, last: t!.last });
  });

  it('the award itself opens the winner’s thread (the outbox handler), once', async () => {
    const p = await makeProject(ctx, customer.id, { status: 1, biddl: future(3) });
    const s = await verifiedSupplier(ctx, 0);
    const q = await makeQuote(ctx, p.id, s.id);
    expectOk(await customer.c.post('Customer/award', { id: p.id, quoteId: q.id }));
    await ctx.app.outbox.drain();
    await ctx.app.outbox.drain();
    expect(await count(ctx, 'threads', sql`project_id = ${p.id}`)).toBe(1);
    const t = (await list(s)).listItem.find((x) => x.projectId === p.id);
    expect(t).toMatchObject({ awarded: true, open: true, last: null, unread: 0 });
  });

  it('older pages: 30 at a time, newest last, `before` the first id', async () => {
    const { winner, thread } = await awardedThread();
    for (let i = 0; i < 34; i++)
      expectOk(await send(winner, { threadId: thread.id, content: `第 ${i + 2} 条` }));
    const last = await messages(customer, thread.id);
    expect(last.listItem).toHaveLength(30);
    expect(last.hasMore).toBe(true);
    expect(last.listItem.at(-1)!.content).toBe('第 35 条');
    const older = await messages(customer, thread.id, last.listItem[0]!.id);
    expect(older.listItem).toHaveLength(5);
    expect(older.hasMore).toBe(false);
    expect(older.listItem[0]!.content).toContain('6:00');
  });
});

describe('before the award', () => {
  it('the customer opens a thread with a bidder; contacts are masked and the sender told; a bidder cannot start one', async () => {
    const p = await makeProject(ctx, customer.id, { status: 1, biddl: future(3) });
    const a = await verifiedSupplier(ctx, 0);
    const b = await verifiedSupplier(ctx, 0);
    await makeQuote(ctx, p.id, a.id);
    await makeQuote(ctx, p.id, b.id);
    // a bidder cannot start a conversation, by the project nor by the customer's call
    expectError(await send(a, { projectId: p.id, content: '您好' }), 'NOT_FOUND');
    expectError(await a.c.post('Customer/openThread', { id: p.id, supplierCardno: a.cardno }), 'FORBIDDEN');
    // nor can the customer message the project before choosing a bidder
    expectError(await send(customer, { projectId: p.id, content: '您好' }), 'INVALID_STATE');
    expect(await count(ctx, 'threads', sql`project_id = ${p.id}`)).toBe(0);

    const opened = await customer.c.post<Thread>('Customer/openThread', {
      id: p.id,
      supplierCardno: a.cardno,
    });
    expectOk(opened);
    expect(opened.body.data).toMatchObject({ awarded: false, open: true, counterpartCardno: a.cardno });
    // opening again answers the same thread
    const again = await customer.c.post<Thread>('Customer/openThread', {
      id: p.id,
      supplierCardno: a.cardno,
    });
    expect(again.body.data.id).toBe(opened.body.data.id);
    // a stranger's number, or a supplier that did not quote
    const stranger = await verifiedSupplier(ctx, 0);
    const notBidder = await customer.c.post('Customer/openThread', {
      id: p.id,
      supplierCardno: stranger.cardno,
    });
    expectError(notBidder, 'NOT_FOUND');
    expect(JSON.stringify(notBidder.body)).toContain('该供应商未对此项目报价');
    expectError(
      await otherCustomer.c.post('Customer/openThread', { id: p.id, supplierCardno: a.cardno }),
      'NOT_FOUND',
    );

    const threadId = opened.body.data.id;
    const r = await send(customer, { threadId, content: '加我微信 abc_12345 或打 138-1234-5678 细聊' });
    expectOk(r);
    expect(r.body.data.message.masked).toBe(true);
    expect(r.body.data.message.content).not.toMatch(/abc_12345|5678/);
    expect(r.body.data.maskedKinds).toEqual(['手机号', '微信号']);
    const reply = await send(a, { threadId, content: '我的邮箱 a.b@example.com，QQ 12345678' });
    expect(reply.body.data.message.content).not.toMatch(/example|12345678/);
    const [stored] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from thread_messages where thread_id = ${threadId}
          and (content like '%5678%' or content like '%example%' or content like '%abc_12345%')`,
    );
    expect(stored!.n).toBe(0);

    // the award to b closes a's thread; b's thread is the award's, unmasked
    const qb = await rows<{ id: number }>(
      ctx,
      sql`select id::int from quotes where project_id = ${p.id} and supplier_id = ${b.id}`,
    );
    expectOk(await customer.c.post('Customer/award', { id: p.id, quoteId: qb[0]!.id }));
    await ctx.app.outbox.drain();
    const closed = await messages(a, threadId);
    expect(closed.thread.open).toBe(false);
    expectError(await send(a, { threadId, content: '还在吗' }), 'INVALID_STATE');
    expectError(
      await customer.c.post('Customer/openThread', { id: p.id, supplierCardno: stranger.cardno }),
      'NOT_FOUND',
    );
    const won = await send(b, { projectId: p.id, content: '微信 abc_12345' });
    expectOk(won);
    expect(won.body.data.message.content).toBe('微信 abc_12345');
    expect(won.body.data.thread.awarded).toBe(true);
  });
});

describe('who may do what', () => {
  it('the other supplier, another customer, a logged-out caller and an operator are refused every call', async () => {
    const { p, thread, first } = await awardedThread();
    const other = await verifiedSupplier(ctx, 0);
    const anon = { c: new Client(ctx.app) } as Member;
    const op = await adminClient(ctx, 'super');
    const calls: Array<[string, Record<string, unknown>]> = [
      ['Conversation/messages', { threadId: thread.id }],
      ['Conversation/send', { threadId: thread.id, content: '你好' }],
      ['Conversation/send', { projectId: p.id, content: '你好' }],
      ['Conversation/read', { threadId: thread.id, upTo: first.id }],
      ['Conversation/withdraw', { threadId: thread.id, messageId: first.id }],
    ];
    for (const [path, body] of calls) {
      expectError(await other.c.post(path, body), 'NOT_FOUND');
      expectError(await otherCustomer.c.post(path, body), 'NOT_FOUND');
      expectError(await anon.c.post(path, body), 'NOT_LOGGED_IN');
      expectError(await op.c.post(path, body), 'NOT_LOGGED_IN');
    }
    expectError(await anon.c.post('Conversation/list', {}), 'NOT_LOGGED_IN');
    expect((await list(other)).listItem.some((t) => t.id === thread.id)).toBe(false);
    // nothing was written by any of them
    expect(await count(ctx, 'thread_messages', sql`thread_id = ${thread.id}`)).toBe(1);
    const [row] = await rows<{ w: string | null }>(
      ctx,
      sql`select withdrawn_at as w from thread_messages where id = ${first.id}`,
    );
    expect(row!.w).toBeNull();
  });
});

describe('concurrency', () => {
  it('20 sends at once keep their order and the counts exact', async () => {
    const { winner, thread } = await awardedThread();
    const before = await unreadOf(customer);
    const rs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(winner, { threadId: thread.id, content: `并发 ${i}` })),
    );
    for (const r of rs) expectOk(r);
    const page = await messages(customer, thread.id);
    const ids = page.listItem.map((m) => m.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(page.listItem).toHaveLength(21);
    expect(await unreadOf(customer)).toBe(before + 20);
    const [t] = await rows<{ last: number }>(
      ctx,
      sql`select last_message_id::int as last from threads where id = ${thread.id}`,
    );
    expect(t!.last).toBe(Math.max(...ids));
  });

  it('reads and sends at once: the unread count is exactly what lies after the read position', async () => {
    const { winner, thread } = await awardedThread();
    const page = await messages(customer, thread.id);
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => send(winner, { threadId: thread.id, content: `再发 ${i}` })),
      ...Array.from({ length: 10 }, () =>
        customer.c.post('Conversation/read', { threadId: thread.id, upTo: Number.MAX_SAFE_INTEGER }),
      ),
    ]);
    const [t] = await rows<{ upto: number }>(
      ctx,
      sql`select customer_read_up_to::int as upto from threads where id = ${thread.id}`,
    );
    const after = await count(ctx, 'thread_messages', sql`thread_id = ${thread.id} and id > ${t!.upto}`);
    const fresh = await messages(customer, thread.id);
    expect(fresh.thread.unread).toBe(after);
    expect(page.thread.unread).toBe(1);
  });
});

describe('withdrawal (撤回)', () => {
  it('within two minutes, own messages only, once; the other side sees it withdrawn, the operator its text', async () => {
    const { winner, p, thread, first } = await awardedThread();
    expectError(
      await customer.c.post('Conversation/withdraw', { threadId: thread.id, messageId: first.id }),
      'NOT_FOUND',
    );
    const w = await winner.c.post<ThreadMessage>('Conversation/withdraw', {
      threadId: thread.id,
      messageId: first.id,
    });
    expectOk(w);
    expect(w.body.data).toMatchObject({ withdrawn: true, content: '' });
    expectError(
      await winner.c.post('Conversation/withdraw', { threadId: thread.id, messageId: first.id }),
      'INVALID_STATE',
    );
    const seen = await messages(customer, thread.id);
    expect(seen.listItem[0]).toMatchObject({ withdrawn: true, content: '', files: [] });
    // an old message can no longer be withdrawn
    const late = await send(winner, { threadId: thread.id, content: '三分钟前' });
    await rows(
      ctx,
      sql`update thread_messages set created_at = now() - interval '3 minutes' where id = ${late.body.data.message.id}`,
    );
    const tooLate = await winner.c.post('Conversation/withdraw', {
      threadId: thread.id,
      messageId: late.body.data.message.id,
    });
    expectError(tooLate, 'INVALID_STATE');
    expect(JSON.stringify(tooLate.body)).toContain('2 分钟');

    // the complaint operator sees both, the withdrawn one with its text; the read is audited
    const [c] = await rows<{ id: number }>(
      ctx,
      sql`insert into complaints (project_id, complainant_id, complainant_side, respondent_id, type, content)
          values (${p.id}, ${customer.id}, 'customer', ${winner.id}, '工期延误', '未按时进场')
          returning id::int`,
    );
    const reviewer = await adminClient(ctx, 'reviewer');
    const r = await reviewer.c.post<{
      listItem: Array<{ messages: Array<{ content: string; withdrawnAt: string | null }> }>;
    }>('Admin/complaintMessages', { id: c!.id });
    expectOk(r);
    const msgs = r.body.data.listItem[0]!.messages;
    expect(msgs[0]).toMatchObject({ content: '您好，我们明早 6:00 进场', withdrawnAt: expect.any(String) });
    expect(
      await count(ctx, 'audit_log', sql`action = 'complaint.read_messages' and target_id = ${String(c!.id)}`),
    ).toBe(1);
    // members and an unknown complaint are refused
    expectError(await customer.c.post('Admin/complaintMessages', { id: c!.id }), 'ADMIN_NOT_LOGGED_IN');
    expectError(await reviewer.c.post('Admin/complaintMessages', { id: 99_999_999 }), 'NOT_FOUND');
  });
});

describe('files', () => {
  it('the sender’s own attachments; the other party may open them, a stranger may not', async () => {
    const { winner, thread } = await awardedThread();
    const pic = await makeUpload(ctx, winner.id, 'attachment', '色板.jpg');
    const pdf = await makeUpload(ctx, winner.id, 'attachment', '施工图.pdf');
    const r = await send(winner, { threadId: thread.id, files: [pic, pdf] });
    expectOk(r);
    expect(r.body.data.message.files).toEqual([
      expect.objectContaining({ id: pic, name: '色板.jpg', thumbUrl: `/files/${pic}/thumb` }),
      expect.objectContaining({ id: pdf, name: '施工图.pdf', thumbUrl: null, mime: 'application/pdf' }),
    ]);
    const { memberMayReadPrivate } = await import('../src/modules/file/file-access.ts');
    const { messageFileReader } = await import('../src/modules/conversation/conversation-files.ts');
    const [row] = await rows<{ id: string; owner_member_id: number; purpose: string }>(
      ctx,
      sql`select id, owner_member_id, purpose from files where id = ${pic}`,
    );
    const fileRow = {
      id: row!.id,
      ownerMemberId: Number(row!.owner_member_id),
      purpose: row!.purpose,
    } as never;
    expect(await memberMayReadPrivate(ctx.database.db, customer.id, fileRow, [messageFileReader])).toBe(true);
    expect(await memberMayReadPrivate(ctx.database.db, otherCustomer.id, fileRow, [messageFileReader])).toBe(
      false,
    );
    // another member's file, an unknown id, a file of the wrong purpose: a field message, nothing stored
    const foreign = await makeUpload(ctx, customer.id, 'attachment');
    const showcase = await makeUpload(ctx, winner.id, 'project');
    const n = await count(ctx, 'thread_messages', sql`thread_id = ${thread.id}`);
    for (const files of [[foreign], ['AAAAAAAAAAAAAAAAAAAAAA'], [pic, showcase]]) {
      const bad = await send(winner, { threadId: thread.id, content: '看图', files });
      expect(bad.body.success).toBe(false);
      expect(Object.keys((bad.body.data as unknown as { fields: object }).fields)[0]).toMatch(/^files\.\d$/);
    }
    expect(await count(ctx, 'thread_messages', sql`thread_id = ${thread.id}`)).toBe(n);
  });
});

describe('bad input', () => {
  it('empty, too long, control characters, both or neither target, ten files: a field message, nothing stored', async () => {
    const { winner, thread } = await awardedThread();
    const n = await count(ctx, 'thread_messages', sql`thread_id = ${thread.id}`);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ threadId: thread.id, content: '   ' }, 'content'],
      [{ threadId: thread.id, content: 'x'.repeat(2001) }, 'content'],
      [{ threadId: thread.id, content: '你好\u0000' }, 'content'],
      [{ threadId: thread.id, content: '你好\u001b[31m' }, 'content'],
      [{ content: '你好' }, 'threadId'],
      [{ threadId: thread.id, projectId: 1, content: '你好' }, 'projectId'],
      [{ threadId: -1, content: '你好' }, 'threadId'],
      [{ threadId: thread.id, files: Array.from({ length: 10 }, () => 'AAAAAAAAAAAAAAAAAAAAAA') }, 'files'],
      [{ threadId: thread.id, content: 1 }, 'content'],
    ];
    for (const [body, field] of cases) {
      const fields = expectFields(await send(winner, body), [field]);
      expect(fields[field]).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await count(ctx, 'thread_messages', sql`thread_id = ${thread.id}`)).toBe(n);
    // a line break is a message's own
    expectOk(await send(winner, { threadId: thread.id, content: '第一行\n第二行' }));
  });

  it('a double click sends once (Idempotency-Key)', async () => {
    const { winner, thread } = await awardedThread();
    const key = `k-${Date.now()}`;
    const [a, b] = (await Promise.all(
      [1, 2].map(() =>
        winner.c.post<Sent>(
          'Conversation/send',
          { threadId: thread.id, content: '只发一次' },
          { 'idempotency-key': key },
        ),
      ),
    )) as [Awaited<ReturnType<typeof send>>, Awaited<ReturnType<typeof send>>];
    expectOk(a);
    expect(b.body.data?.message?.id ?? a.body.data.message.id).toBe(a.body.data.message.id);
    expect(await count(ctx, 'thread_messages', sql`thread_id = ${thread.id} and content = '只发一次'`)).toBe(
      1,
    );
  });
});

describe('live', () => {
  it('a message reaches the other party’s stream with its unread count; a read reaches the sender', async () => {
    const { winner, thread } = await awardedThread();
    const c = await openSse(`${base}/api/Tipcenter/stream`, { cookie: cookieOf(customer.c) });
    const s = await openSse(`${base}/api/Tipcenter/stream`, { cookie: cookieOf(winner.c) });
    streams.push(c, s);
    await c.next('unread');
    await s.next('unread');
    const sent = await send(winner, { threadId: thread.id, content: '到场了' });
    const e = JSON.parse((await c.next('thread')).data);
    expect(e).toEqual({ threadId: thread.id, what: 'message', messages: await unreadOf(customer) });
    await s.next('thread');
    expectOk(
      await customer.c.post('Conversation/read', { threadId: thread.id, upTo: sent.body.data.message.id }),
    );
    expect(JSON.parse((await s.next('thread')).data)).toMatchObject({ threadId: thread.id, what: 'read' });
    // userInfo counts the messages beside the tips
    const info = await customer.c.post<{ unreadMessages: number }>('Member/userInfo', {});
    expect(info.body.data.unreadMessages).toBe(await unreadOf(customer));
  });
});

describe('the offline nudge', () => {
  const smsTo = (mobile: string) =>
    count(ctx, 'dev_sms_outbox', sql`mobile = ${mobile} and purpose = 'messageNudge'`);
  const age = (threadId: number, minutes: number) =>
    rows(
      ctx,
      sql`update thread_messages set created_at = created_at - make_interval(mins => ${minutes})
          where thread_id = ${threadId}`,
    );
  // 10:00 in Shanghai, and 23:00 / 07:59
  const day = new Date('2026-11-28T02:00:00Z');

  it('a message unread for 10 minutes sends its recipient one SMS without content, once per thread per hour, with two schedulers', async () => {
    const { thread } = await awardedThread();
    // fresh: nothing yet
    expect((await nudgeRound(ctx.database.db, day)).nudged).toBe(0);
    await age(thread.id, 11);
    const [a, b] = await Promise.all([nudgeRound(ctx.database.db, day), nudgeRound(ctx.database.db, day)]);
    expect(a.nudged + b.nudged).toBe(1);
    await ctx.app.outbox.drain();
    expect(await smsTo(customer.mobile)).toBe(1);
    const [sms] = await rows<{ text: string }>(
      ctx,
      sql`select text from dev_sms_outbox where mobile = ${customer.mobile} and purpose = 'messageNudge' order by id desc limit 1`,
    );
    expect(sms!.text).toBe(NUDGE_TEXT);
    // the same unread message does not nudge again; a new one within the hour does not either
    expect((await nudgeRound(ctx.database.db, day)).nudged).toBe(0);
    await rows(
      ctx,
      sql`update threads set customer_nudged_at = now() - interval '30 minutes' where id = ${thread.id}`,
    );
    const w = (await list(customer)).listItem.find((t) => t.id === thread.id)!;
    expect(w).toBeDefined();
    expect((await nudgeRound(ctx.database.db, day)).nudged).toBe(0);
    // an hour after the last nudge, a newer unread message nudges again
    await rows(
      ctx,
      sql`update threads set customer_nudged_at = now() - interval '2 hours' where id = ${thread.id}`,
    );
    const winner = (
      await rows<{ s: number }>(ctx, sql`select supplier_id::int as s from threads where id = ${thread.id}`)
    )[0]!.s;
    expect(winner).toBeGreaterThan(0);
    await rows(
      ctx,
      sql`insert into thread_messages (thread_id, sender_id, content, created_at)
          values (${thread.id}, ${winner}, '还在吗', now() - interval '15 minutes')`,
    );
    expect((await nudgeRound(ctx.database.db, day)).nudged).toBe(1);
    await ctx.app.outbox.drain();
    expect(await smsTo(customer.mobile)).toBe(2);
  });

  it('never between 22:00 and 08:00 Asia/Shanghai; read messages and a member who switched it off get none', async () => {
    const { thread } = await awardedThread();
    await age(thread.id, 60);
    for (const night of ['2026-11-28T14:00:00Z', '2026-11-28T23:59:00Z']) {
      expect(await nudgeRound(ctx.database.db, new Date(night))).toEqual({ nudged: 0, quiet: true });
    }
    expect(quietHour(new Date('2026-11-29T00:00:00Z'))).toBe(false);
    // switched off in 账号安全: nothing
    const off = await customer.c.post<{ messageSms: boolean }>('Member/notifySetting', { messageSms: false });
    expectOk(off);
    expectFields(await customer.c.post('Member/notifySetting', { messageSms: 'no' }), ['messageSms']);
    const before = await smsTo(customer.mobile);
    expect((await nudgeRound(ctx.database.db, day)).nudged).toBe(0);
    const info = await customer.c.post<{ messageSms: boolean }>('Member/userInfo', {});
    expect(info.body.data.messageSms).toBe(false);
    expectOk(await customer.c.post('Member/notifySetting', { messageSms: true }));
    // read: nothing either
    const page = await messages(customer, thread.id);
    expectOk(
      await customer.c.post('Conversation/read', { threadId: thread.id, upTo: page.listItem.at(-1)!.id }),
    );
    expect((await nudgeRound(ctx.database.db, day)).nudged).toBe(0);
    await ctx.app.outbox.drain();
    expect(await smsTo(customer.mobile)).toBe(before);
  });
});

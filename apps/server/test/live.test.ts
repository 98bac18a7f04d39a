import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertTips } from '../src/modules/tip/tip.repo.ts';
import { expectError, expectOk, rows } from './helpers.ts';
import { cookieOf, useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';
import {
  type Member,
  memberClient,
  quoteBody,
  REQUIREMENTS,
  verifiedSupplier,
} from './projectcenter-fixtures.ts';
import { openSse, type SseStream } from './sse-client.ts';

// biome-ignore lint/suspicious/noExplicitAny: event payloads in assertions
type Any = any;

const ctx = useTestApp({ env: { LIVE_STREAMS_PER_MEMBER: '3' } });
let base = '';
let cust: Member;
let s1: Member;
let s2: Member;
const open: SseStream[] = [];

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  cust = await memberClient(ctx, { cardtype: 'customer' });
  s1 = await verifiedSupplier(ctx, 100);
  s2 = await verifiedSupplier(ctx, 100);
});
afterAll(() => {
  for (const s of open) s.close();
});

async function stream(who: Member | null, headers: Record<string, string> = {}): Promise<SseStream> {
  const s = await openSse(`${base}/api/Tipcenter/stream`, {
    ...(who ? { cookie: cookieOf(who.c) } : {}),
    ...headers,
  });
  open.push(s);
  return s;
}

const json = (e: { data: string }): Any => JSON.parse(e.data);

let seq = 9_000_000;
/** Tips written directly (as a handler does), without a notification: only a replay finds them. */
async function quietTips(memberId: number, n: number): Promise<number[]> {
  const written = await insertTips(
    ctx.database.db,
    Array.from({ length: n }, (_, i) => ({
      memberId,
      type: 'system' as const,
      title: `补发消息 ${i + 1}`,
      content: '',
      link: '',
      eventId: seq++,
    })),
  );
  return written.map((t) => t.id);
}

describe('GET /api/Tipcenter/stream: who may listen', () => {
  it('without a session answers 401 NOT_LOGGED_IN; from another site 403; a bad Last-Event-ID 400', async () => {
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/Tipcenter/stream' });
    expectError({ status: anon.statusCode, body: anon.json(), res: anon }, 'NOT_LOGGED_IN');
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: '/api/Tipcenter/stream',
      headers: { cookie: cookieOf(cust.c), origin: 'https://evil.example' },
    });
    expectError({ status: foreign.statusCode, body: foreign.json(), res: foreign }, 'CROSS_SITE_REFUSED');
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/Tipcenter/stream',
      headers: { cookie: cookieOf(cust.c), 'last-event-id': '12abc' },
    });
    expectError({ status: bad.statusCode, body: bad.json(), res: bad }, 'VALIDATION_FAILED');
    expect(bad.json().data.fields.lastEventId).toMatch(/Last-Event-ID/);
    expect(ctx.app.live.size).toBe(0);
  });
});

describe('live events', () => {
  it('starts with retry, the unread count and an id; is never compressed', async () => {
    const s = await stream(cust, { 'accept-encoding': 'gzip, br' });
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['content-encoding']).toBeUndefined();
    expect(s.headers['cache-control']).toBe('no-store');
    const first = await s.next();
    expect(first.event).toBe('unread');
    expect(json(first)).toEqual({ unread: 0 });
    expect(first.id).toBe('0');
    s.close();
  });

  it("a new quote reaches the customer's stream as a tip and a project change, the supplier's as a project change, another supplier's not at all", async () => {
    const c = await stream(cust);
    const a = await stream(s1);
    const b = await stream(s2);
    for (const s of [c, a, b]) expect((await s.next()).event).toBe('unread');
    const p = await makeProject(ctx, cust.id, {
      ...REQUIREMENTS,
      status: 1,
      coins: 10,
      title: '广州家具展展台',
    });

    expectOk(await s1.c.post('Projectcenter/priceTable', quoteBody(p.id)));
    await ctx.app.outbox.drain();

    const tip = await c.next('tip');
    const t = json(tip);
    expect(t.tip).toMatchObject({ title: '收到新报价：广州家具展展台', type: 'project', read: false });
    expect(t.unread).toBe(1);
    expect(tip.id).toBe(String(t.tip.id));
    expect(json(await c.next('project'))).toEqual({ id: p.id, what: 'quote', status: 1, quotes: 1 });
    expect(json(await a.next('project'))).toEqual({ id: p.id, what: 'quote', status: 1, quotes: 1 });
    // the customer's own tip went to nobody else: s2's next event is its own, written after
    const [mine] = await quietTips(s2.id, 1);
    await rows(ctx, sql`select pg_notify('zl_live', ${JSON.stringify({ k: 'tip', m: s2.id, ids: [mine] })})`);
    const other = await b.next();
    expect(other.event).toBe('tip');
    expect(json(other).tip.id).toBe(mine);
    expect(a.seen.map((e) => e.event)).toEqual(['unread', 'project']);

    // read in another tab: the count follows
    expectOk(await cust.c.post('Tipcenter/editMsg', { all: true }));
    expect(json(await c.next('unread'))).toEqual({ unread: 0 });
    for (const s of [c, a, b]) s.close();
  });

  it('a reconnect with Last-Event-ID gets the tips it missed, then the count; too many missed: resync', async () => {
    const first = await stream(s1);
    const hello = await first.next('unread');
    first.close();
    const missed = await quietTips(s1.id, 2);
    const again = await stream(s1, { 'last-event-id': hello.id! });
    const e1 = await again.next();
    const e2 = await again.next();
    expect([e1.event, e2.event]).toEqual(['tip', 'tip']);
    expect([json(e1).tip.id, json(e2).tip.id]).toEqual(missed);
    expect(e2.id).toBe(String(missed[1]));
    const count = await again.next();
    expect(count.event).toBe('unread');
    expect(json(count).unread).toBeGreaterThanOrEqual(2);
    expect(count.id).toBe(String(missed[1]));
    again.close();

    const many = await quietTips(s1.id, 51);
    const late = await stream(s1, { 'last-event-id': String(missed[1]) });
    const r = await late.next();
    expect(r.event).toBe('resync');
    expect(r.id).toBe(String(many.at(-1)));
    expect((await late.next()).event).toBe('unread');
    late.close();
  });

  it('holds at most LIVE_STREAMS_PER_MEMBER streams per member; a closed one frees its place', async () => {
    const m = await memberClient(ctx, { cardtype: 'customer' });
    const held = [await stream(m), await stream(m), await stream(m)];
    for (const s of held) await s.next('unread');
    expect(ctx.app.live.streamsOf(m.id)).toBe(3);
    const over = await stream(m);
    expect(over.status).toBe(429);
    const body = JSON.parse(await over.body());
    expect(body.errCode).toBe('RATE_LIMITED');
    expect(body.errMsg).toContain('3 个实时连接');
    held[0]!.close();
    await vi.waitFor(() => expect(ctx.app.live.streamsOf(m.id)).toBe(2));
    const next = await stream(m);
    expect(next.status).toBe(200);
    expect((await next.next()).event).toBe('unread');
    for (const s of [...held, next]) s.close();
  });

  it('six streams opened at once by one member: three are held, three answer RATE_LIMITED', async () => {
    const m = await memberClient(ctx, { cardtype: 'workshop' });
    const all = await Promise.all(Array.from({ length: 6 }, () => stream(m)));
    expect(all.map((s) => s.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(ctx.app.live.streamsOf(m.id)).toBe(3);
    for (const s of all) s.close();
  });

  it('a heartbeat round ends the streams whose session ended (logout); the others get the comment and stay', async () => {
    const leaving = await memberClient(ctx, { cardtype: 'customer' });
    const gone = await stream(leaving);
    const stays = await stream(s1);
    await gone.next('unread');
    await stays.next('unread');
    expectOk(await leaving.c.get('User/logout'));
    await ctx.app.live.tick();
    await gone.ended;
    expect(ctx.app.live.streamsOf(leaving.id)).toBe(0);
    expect(ctx.app.live.streamsOf(s1.id)).toBeGreaterThan(0);
    // still open: an event written now arrives
    const [id] = await quietTips(s1.id, 1);
    await rows(ctx, sql`select pg_notify('zl_live', ${JSON.stringify({ k: 'tip', m: s1.id, ids: [id] })})`);
    expect(json(await stays.next('tip')).tip.id).toBe(id);
    stays.close();
  });

  it('closing the app ends the open streams', async () => {
    const s = await stream(s2);
    await s.next('unread');
    expect(ctx.app.live.size).toBeGreaterThan(0);
    await ctx.app.live.stop();
    await s.ended;
    expect(ctx.app.live.size).toBe(0);
  });
});

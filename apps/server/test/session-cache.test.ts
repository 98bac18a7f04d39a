// The session cache (docs/members.md § Session cache): a live session read lately is answered
// without the database; logout, a password change and a password reset end it at once in this
// process (and, through NOTIFY, in every other — see multi-process.test.ts).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionContext } from '../src/modules/user/session.service.ts';
import { SessionCache } from '../src/modules/user/session-cache.ts';
import {
  Client,
  expectError,
  expectOk,
  login,
  makeTestApp,
  PASSWORD,
  register,
  rows,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  // a minute: within a test, only an eviction can make the cache read the database again
  ctx = await makeTestApp({ SESSION_CACHE_SECONDS: '60' });
});
afterAll(() => ctx.close());

async function signedIn() {
  const c = new Client(ctx.app);
  const { mobile } = await register(c);
  expectOk(await login(c, mobile));
  return { c, mobile };
}

/** Ends every session row of the member behind the app's back (no notification, no eviction). */
async function deleteRowsBehindTheCache(mobile: string) {
  await rows(
    ctx,
    sql`delete from sessions where member_id = (select id from members where mobile = ${mobile})`,
  );
}

describe('a cached session', () => {
  it('is answered from the cache once read: even a row deleted behind its back is still served', async () => {
    const a = await signedIn();
    expectOk(await a.c.post('Member/userInfo', {}));
    await deleteRowsBehindTheCache(a.mobile);
    // the proof that no database read happened: the row is gone, the request still passes
    expectOk(await a.c.post('Member/userInfo', {}));
  });

  it('logout ends it at once', async () => {
    const a = await signedIn();
    expectOk(await a.c.post('Member/userInfo', {}));
    const cookie = a.c.cookies.get('zl_sid')!.value;
    await a.c.get('User/logout');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Member/userInfo',
      payload: {},
      headers: { cookie: `zl_sid=${cookie}` },
    });
    expect(res.json().errCode).toBe('NOT_LOGGED_IN');
  });

  it('a new login in the same browser ends the old session at once, and tells the other processes', async () => {
    const a = await signedIn();
    expectOk(await a.c.post('Member/userInfo', {}));
    const old = a.c.cookies.get('zl_sid')!.value;
    const told: string[] = [];
    const unlisten = await ctx.database.listen('zl_session', (n) => told.push(n.payload ?? ''));
    try {
      expectOk(await login(a.c, a.mobile));
      expect(a.c.cookies.get('zl_sid')!.value).not.toBe(old);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Member/userInfo',
        payload: {},
        headers: { cookie: `zl_sid=${old}` },
      });
      expect(res.json().errCode).toBe('NOT_LOGGED_IN');
      await vi.waitFor(() => expect(told.length).toBeGreaterThan(0));
      expect(told).toEqual([`h:${createHash('sha256').update(old).digest('hex')}`]);
    } finally {
      await unlisten();
    }
    expectOk(await a.c.post('Member/userInfo', {}));
  });

  it('a password change ends the member’s other sessions at once; the current one stays', async () => {
    const a = await signedIn();
    const other = new Client(ctx.app);
    expectOk(await login(other, a.mobile));
    expectOk(await other.post('Member/userInfo', {}));
    expectOk(await a.c.post('Member/changePwd', { oldPassword: PASSWORD, password: 'Changed2026x' }));
    expectError(await other.post('Member/userInfo', {}), 'NOT_LOGGED_IN');
    expectOk(await a.c.post('Member/userInfo', {}));
  });
});

describe('SessionCache', () => {
  const ctxOf = (hash: string, memberId: number) => ({ sessionHash: hash, memberId }) as SessionContext;
  const listeningCache = (ttl: number, max?: number) => {
    const cache = new SessionCache(ttl, max);
    (cache as unknown as { listening: boolean }).listening = true;
    return cache;
  };

  it('serves nothing before it listens, or with a time of 0', () => {
    const idle = new SessionCache(5000);
    idle.set(ctxOf('a', 1));
    expect(idle.get('a')).toBeNull();
    const off = listeningCache(0);
    off.set(ctxOf('a', 1));
    expect(off.get('a')).toBeNull();
  });

  it('forgets an entry after its time; by hash, by member, and on an unknown message entirely', () => {
    const cache = listeningCache(1000);
    cache.set(ctxOf('a', 1), 0);
    cache.set(ctxOf('b', 1), 0);
    cache.set(ctxOf('c', 2), 0);
    expect(cache.get('a', 999)).not.toBeNull();
    expect(cache.get('a', 1000)).toBeNull();
    cache.apply('h:b');
    expect(cache.get('b', 10)).toBeNull();
    cache.set(ctxOf('d', 2), 0);
    cache.apply('m:2');
    expect([cache.get('c', 10), cache.get('d', 10)]).toEqual([null, null]);
    cache.set(ctxOf('e', 3), 0);
    cache.apply('m:not-a-number');
    expect(cache.get('e', 10)).not.toBeNull();
    cache.apply('?');
    expect(cache.size).toBe(0);
  });

  it('holds at most `max` entries, dropping the oldest', () => {
    const cache = listeningCache(1000, 2);
    cache.set(ctxOf('a', 1), 0);
    cache.set(ctxOf('b', 1), 0);
    cache.set(ctxOf('c', 1), 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('c', 1)).not.toBeNull();
  });
});

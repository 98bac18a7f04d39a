import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Client, count, expectError, expectOk, login, register, rows, setCookies } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

const ctx = useTestApp();

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

async function memberId(mobile: string): Promise<number> {
  const [m] = await rows<{ id: number }>(ctx, sql`select id from members where mobile = ${mobile}`);
  return Number(m!.id);
}

/** A member logged in on a fresh client (optionally with remember-me). */
async function loggedIn(remember = false) {
  const c = new Client(ctx.app);
  const { mobile, cardno } = await register(c);
  expectOk(await login(c, mobile, undefined, remember ? 1 : undefined));
  return { c, mobile, cardno, id: await memberId(mobile), sid: c.cookies.get('zl_sid')!.value };
}

/** A raw loginCheck with exactly this Cookie header. */
async function checkWithCookie(cookie: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/User/loginCheck', headers: { cookie } });
  return { status: res.statusCode, body: res.json(), res };
}

function expectSidCleared(res: { headers: Record<string, unknown> }) {
  const sid = setCookies(res as never).get('zl_sid');
  expect(sid).toBeDefined();
  expect(sid).toMatch(/^zl_sid=;/);
  expect(sid).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT|Max-Age=0/);
  expect(sid).toMatch(/Path=\//);
}

describe('cookies that are not a live session', () => {
  it('a tampered cookie (one character flipped) → NOT_LOGGED_IN 401 and zl_sid cleared', async () => {
    const { sid } = await loggedIn();
    const flipped = `${sid.slice(0, 10)}${sid[10] === 'A' ? 'B' : 'A'}${sid.slice(11)}`;
    expect(flipped).toHaveLength(sid.length);
    const r = await checkWithCookie(`zl_sid=${flipped}`);
    expectError(r, 'NOT_LOGGED_IN');
    expect(r.body.data).toBeNull();
    expectSidCleared(r.res);
    // the real cookie still works, and is not cleared
    const ok = await checkWithCookie(`zl_sid=${sid}`);
    expectOk(ok);
    expect(setCookies(ok.res).size).toBe(0);
  });

  it('a foreign cookie (random 43-character token) → NOT_LOGGED_IN and cleared', async () => {
    await loggedIn();
    const r = await checkWithCookie(`zl_sid=${randomBytes(32).toString('base64url')}`);
    expectError(r, 'NOT_LOGGED_IN');
    expectSidCleared(r.res);
  });

  it('a session id hash used as a cookie does not log in', async () => {
    const { id } = await loggedIn();
    const [s] = await rows<{ id_hash: string }>(
      ctx,
      sql`select id_hash from sessions where member_id = ${id}`,
    );
    expectError(await checkWithCookie(`zl_sid=${s!.id_hash}`), 'NOT_LOGGED_IN');
  });

  it.each([
    ['SQL-ish', encodeURIComponent("'; drop table sessions;--")],
    ['SQL-ish raw', "x' or '1'='1"],
    ['10 KB', 'A'.repeat(10 * 1024)],
    ['10 KB of 43-char tokens', `${'A'.repeat(43)}%00${'B'.repeat(10 * 1024)}`],
    ['non-ASCII', encodeURIComponent('会话令牌')],
    ['empty-ish', '%20'],
  ])('a garbage cookie (%s) → NOT_LOGGED_IN, cleared, tables intact', async (_name, value) => {
    const { id } = await loggedIn();
    const before = { sessions: await count(ctx, 'sessions'), members: await count(ctx, 'members') };
    const r = await checkWithCookie(`zl_sid=${value}`);
    expectError(r, 'NOT_LOGGED_IN');
    expectSidCleared(r.res);
    expect({ sessions: await count(ctx, 'sessions'), members: await count(ctx, 'members') }).toEqual(before);
    expect(await count(ctx, 'sessions', sql`member_id = ${id}`)).toBe(1);
  });

  it("a raw SQL-ish Cookie header (unencoded '; drop table sessions;--) → NOT_LOGGED_IN", async () => {
    await loggedIn();
    const before = await count(ctx, 'sessions');
    const r = await checkWithCookie("zl_sid='; drop table sessions;--");
    expectError(r, 'NOT_LOGGED_IN');
    expect(await count(ctx, 'sessions')).toBe(before);
  });

  it('only the session hash is stored: sessions.id_hash = sha256(cookie) ≠ cookie', async () => {
    const { id, sid } = await loggedIn();
    const all = await rows<Record<string, unknown>>(ctx, sql`select * from sessions where member_id = ${id}`);
    expect(all).toHaveLength(1);
    expect(all[0]!.id_hash).toBe(sha256(sid));
    for (const v of Object.values(all[0]!)) expect(String(v)).not.toContain(sid);
  });
});

describe('timeouts', () => {
  it('an idle session (last_seen_at older than SESSION_IDLE_MINUTES) → NOT_LOGGED_IN', async () => {
    const { c, id } = await loggedIn();
    expect(ctx.config.sessions.idleMs).toBe(120 * 60_000);
    await ctx.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '121 minutes' where member_id = ${id}`,
    );
    const r = await c.get('User/loginCheck');
    expectError(r, 'NOT_LOGGED_IN');
    expectSidCleared(r.res);
  });

  it('a session used within the idle limit lives on, and its last_seen_at is refreshed', async () => {
    const { c, id } = await loggedIn();
    await ctx.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '119 minutes' where member_id = ${id}`,
    );
    expectOk(await c.get('User/loginCheck'));
    const [s] = await rows<{ idle: number }>(
      ctx,
      sql`select extract(epoch from now() - last_seen_at) as idle from sessions where member_id = ${id}`,
    );
    expect(Number(s!.idle)).toBeLessThan(10);
    // and after 119 more minutes it is still alive
    await ctx.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '119 minutes' where member_id = ${id}`,
    );
    expectOk(await c.get('User/loginCheck'));
  });

  it('a session past its absolute expiry → NOT_LOGGED_IN even when active', async () => {
    const { c, id } = await loggedIn();
    const [s] = await rows<{ hours: number }>(
      ctx,
      sql`select extract(epoch from expires_at - created_at) / 3600 as hours from sessions where member_id = ${id}`,
    );
    expect(Math.round(Number(s!.hours))).toBe(24 * 7);
    await ctx.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second', last_seen_at = now() where member_id = ${id}`,
    );
    expectError(await c.get('User/loginCheck'), 'NOT_LOGGED_IN');
  });
});

describe('User/logout', () => {
  it('deletes the session and remember token rows and clears both cookies', async () => {
    const { c, id, sid } = await loggedIn(true);
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${id}`)).toBe(1);
    const r = await c.get('User/logout');
    expectOk(r);
    expect(r.body.data).toBeNull();
    const cookies = setCookies(r.res);
    expect(cookies.get('zl_sid')).toMatch(/^zl_sid=;.*Path=\//);
    expect(cookies.get('zl_rt')).toMatch(/^zl_rt=;.*Path=\/api\/User/);
    expect(cookies.get('zl_rt')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await count(ctx, 'sessions', sql`member_id = ${id}`)).toBe(0);
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${id}`)).toBe(0);
    expect(c.cookies.size).toBe(0);
    expectError(await checkWithCookie(`zl_sid=${sid}`), 'NOT_LOGGED_IN');
  });

  it('only ends this browser: another session of the member lives on', async () => {
    const a = await loggedIn();
    const b = new Client(ctx.app);
    expectOk(await login(b, a.mobile));
    expectOk(await a.c.get('User/logout'));
    expectError(await a.c.get('User/loginCheck'), 'NOT_LOGGED_IN');
    expectOk(await b.get('User/loginCheck'));
  });

  it('logout when not logged in still succeeds (no cookie, a foreign cookie, a garbage rt)', async () => {
    expectOk(await new Client(ctx.app).get('User/logout'));
    const foreign = new Client(ctx.app);
    foreign.cookies.set('zl_sid', { value: 'Z'.repeat(43), path: '/' });
    foreign.cookies.set('zl_rt', { value: `${'Q'.repeat(22)}.${'W'.repeat(43)}`, path: '/api/User' });
    const before = await count(ctx, 'remember_tokens');
    expectOk(await foreign.get('User/logout'));
    expect(await count(ctx, 'remember_tokens')).toBe(before);
  });
});

describe('remember me', () => {
  it('a new browser with only zl_rt: {autologin: 1} → success, a new zl_sid and a rotated zl_rt', async () => {
    const { c, id, cardno, sid } = await loggedIn(true);
    const rt1 = c.cookies.get('zl_rt')!.value;
    c.cookies.delete('zl_sid'); // the browser was closed
    const r = await c.post<{ cardno: string; remembered: boolean }>('User/login', { autologin: 1 });
    expectOk(r);
    expect(r.body.data.cardno).toBe(cardno);
    expect(r.body.data.remembered).toBe(true);
    const cookies = setCookies(r.res);
    expect(cookies.get('zl_sid')).toMatch(/HttpOnly/);
    expect(cookies.get('zl_rt')).toMatch(/Max-Age=2592000/);
    const sid2 = c.cookies.get('zl_sid')!.value;
    const rt2 = c.cookies.get('zl_rt')!.value;
    expect(sid2).not.toBe(sid);
    expect(rt2).not.toBe(rt1);
    expectOk(await c.get('User/loginCheck'));
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${id}`)).toBe(1);

    // the old rt value no longer works
    const thief = new Client(ctx.app);
    thief.cookies.set('zl_rt', { value: rt1, path: '/api/User' });
    expectError(await thief.post('User/login', { autologin: 1 }), 'REMEMBER_INVALID');
    expect(thief.cookies.has('zl_sid')).toBe(false);
  });

  it('replaying an old rt after rotation → REMEMBER_INVALID and ALL remember tokens of the member revoked', async () => {
    const { c, id, mobile } = await loggedIn(true);
    // a second remembered browser of the same member
    const other = new Client(ctx.app);
    expectOk(await login(other, mobile, undefined, 1));
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${id}`)).toBe(2);

    const stolen = c.cookies.get('zl_rt')!.value;
    c.cookies.delete('zl_sid');
    expectOk(await c.post('User/login', { autologin: 1 })); // the owner rotates
    const current = c.cookies.get('zl_rt')!.value;

    const thief = new Client(ctx.app);
    thief.cookies.set('zl_rt', { value: stolen, path: '/api/User' });
    const r = await thief.post('User/login', { autologin: 1 });
    expectError(r, 'REMEMBER_INVALID');
    expect(setCookies(r.res).get('zl_rt')).toMatch(/^zl_rt=;/);
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${id}`)).toBe(0);

    // the owner's current token is revoked too, and so is the other browser's
    const owner = new Client(ctx.app);
    owner.cookies.set('zl_rt', { value: current, path: '/api/User' });
    expectError(await owner.post('User/login', { autologin: 1 }), 'REMEMBER_INVALID');
    other.cookies.delete('zl_sid');
    expectError(await other.post('User/login', { autologin: 1 }), 'REMEMBER_INVALID');
  });

  it('a known selector with a forged validator → REMEMBER_INVALID and all tokens revoked', async () => {
    const { c, id } = await loggedIn(true);
    const [selector] = c.cookies.get('zl_rt')!.value.split('.');
    const forger = new Client(ctx.app);
    forger.cookies.set('zl_rt', { value: `${selector}.${'x'.repeat(43)}`, path: '/api/User' });
    expectError(await forger.post('User/login', { autologin: 1 }), 'REMEMBER_INVALID');
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${id}`)).toBe(0);
  });

  it('{autologin: 1} without any cookie → REMEMBER_INVALID 401', async () => {
    const c = new Client(ctx.app);
    const r = await c.post('User/login', { autologin: 1 });
    expectError(r, 'REMEMBER_INVALID');
    expect(r.body.data).toBeNull();
    expectError(await c.post('User/login', { autologin: '1' }), 'REMEMBER_INVALID');
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['SQL-ish', encodeURIComponent("x'; delete from remember_tokens;--")],
    ['10 KB', 'r'.repeat(10 * 1024)],
    ['unknown selector', `${'S'.repeat(22)}.${'V'.repeat(43)}`],
  ])('a %s zl_rt → REMEMBER_INVALID, nothing revoked', async (_n, value) => {
    await loggedIn(true);
    const before = await count(ctx, 'remember_tokens');
    const c = new Client(ctx.app);
    c.cookies.set('zl_rt', { value, path: '/api/User' });
    expectError(await c.post('User/login', { autologin: 1 }), 'REMEMBER_INVALID');
    expect(await count(ctx, 'remember_tokens')).toBe(before);
  });

  it('an expired remember token → REMEMBER_INVALID and its row is removed', async () => {
    const { c, id } = await loggedIn(true);
    await ctx.database.db.execute(
      sql`update remember_tokens set expires_at = now() - interval '1 second' where member_id = ${id}`,
    );
    c.cookies.delete('zl_sid');
    expectError(await c.post('User/login', { autologin: 1 }), 'REMEMBER_INVALID');
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${id}`)).toBe(0);
    expect(c.cookies.size).toBe(0);
  });

  it('only hashes are stored: remember_tokens.validator_hash = sha256(validator)', async () => {
    const { c, id } = await loggedIn(true);
    const [selector, validator] = c.cookies.get('zl_rt')!.value.split('.') as [string, string];
    const [t] = await rows<Record<string, unknown>>(
      ctx,
      sql`select * from remember_tokens where member_id = ${id}`,
    );
    expect(t!.selector).toBe(selector);
    expect(t!.validator_hash).toBe(sha256(validator));
    for (const v of Object.values(t!)) expect(String(v)).not.toContain(validator);
  });

  it('the remember cookie is sent only to /api/User calls (a path-aware browser)', async () => {
    const { c } = await loggedIn(true);
    expect(c.cookies.get('zl_rt')!.path).toBe('/api/User');
  });

  it('a remember login with a dead zl_sid in the same request still works and replaces it', async () => {
    const { c, id } = await loggedIn(true);
    await ctx.database.db.execute(sql`delete from sessions where member_id = ${id}`);
    const r = await c.post('User/login', { autologin: 1 });
    expectOk(r);
    expectOk(await c.get('User/loginCheck'));
    expect(await count(ctx, 'sessions', sql`member_id = ${id}`)).toBe(1);
  });
});

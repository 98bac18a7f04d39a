import { errorCatalogue } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  count,
  expectError,
  expectFields,
  expectOk,
  login,
  makeTestApp,
  newIp,
  newMobile,
  PASSWORD,
  register,
  rows,
  setCookies,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.close());

async function memberState(mobile: string) {
  const [m] = await rows<{
    id: number;
    failed_logins: number;
    locked: boolean | null;
    lock_minutes: number | null;
  }>(
    ctx,
    sql`select id, failed_logins, locked_until > now() as locked,
        extract(epoch from locked_until - now()) / 60 as lock_minutes
        from members where mobile = ${mobile}`,
  );
  return { ...m!, lock_minutes: m!.lock_minutes === null ? null : Number(m!.lock_minutes) };
}

describe('User/login: success', () => {
  it('sets an httpOnly SameSite=Strict browser-session zl_sid cookie and no remember cookie', async () => {
    const c = new Client(ctx.app);
    const { mobile, cardno } = await register(c);
    const r = await login(c, mobile);
    expectOk(r);
    expect(r.body.data).toEqual({
      cardno,
      cardtype: 'workshop',
      mobile,
      nickname: `用户${mobile.slice(-4)}`,
      remembered: false,
    });
    const cookies = setCookies(r.res);
    expect([...cookies.keys()]).toEqual(['zl_sid']);
    const sid = cookies.get('zl_sid')!;
    expect(sid).toMatch(/^zl_sid=[A-Za-z0-9_-]{43};/);
    expect(sid).toMatch(/; HttpOnly/);
    expect(sid).toMatch(/; SameSite=Strict/);
    expect(sid).toMatch(/; Path=\//);
    expect(sid).not.toMatch(/Max-Age|Expires/i);
    expect(sid).not.toMatch(/Secure/); // not production, no COOKIE_SECURE
    expectOk(await c.get('User/loginCheck'));
  });

  it.each([1, '1'])(
    'autologin %j also sets zl_rt: Path=/api/User, Max-Age 30 days, httpOnly, Strict',
    async (autologin) => {
      const c = new Client(ctx.app);
      const { mobile } = await register(c);
      const r = await c.post<{ remembered: boolean }>('User/login', {
        mobile,
        password: PASSWORD,
        autologin,
      });
      expectOk(r);
      expect(r.body.data.remembered).toBe(true);
      const rt = setCookies(r.res).get('zl_rt')!;
      expect(rt).toMatch(/^zl_rt=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/);
      expect(rt).toMatch(/; Max-Age=2592000(;|$)/);
      expect(rt).toMatch(/; Path=\/api\/User(;|$)/);
      expect(rt).toMatch(/; HttpOnly/);
      expect(rt).toMatch(/; SameSite=Strict/);
      const { id } = await memberState(mobile);
      expect(await count(ctx, 'remember_tokens', sql`member_id = ${id}`)).toBe(1);
      const [t] = await rows<{ days: number }>(
        ctx,
        sql`select extract(epoch from expires_at - now()) / 86400 as days from remember_tokens where member_id = ${id}`,
      );
      expect(Number(t!.days)).toBeGreaterThan(29.9);
      expect(Number(t!.days)).toBeLessThanOrEqual(30);
    },
  );

  it('autologin 0 is a plain login', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    const r = await c.post('User/login', { mobile, password: PASSWORD, autologin: 0 });
    expectOk(r);
    expect(setCookies(r.res).has('zl_rt')).toBe(false);
  });

  it('never answers password or hash fields', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    const responses = [
      await login(c, mobile, PASSWORD, 1),
      await c.get('User/loginCheck'),
      await c.post('User/login', { autologin: 1 }),
    ];
    for (const r of responses) {
      expect(r.res.body).not.toMatch(/password|hash|argon|failed_?logins|locked|memberId|session/i);
      expect(r.res.body).not.toContain(PASSWORD);
    }
  });

  it('a mobile with spaces around it logs in', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    expectOk(await c.post('User/login', { mobile: ` ${mobile} `, password: PASSWORD }));
  });

  it('missing password or mobile → VALIDATION_FAILED per field', async () => {
    const c = new Client(ctx.app);
    expect(expectFields(await c.post('User/login', { mobile: newMobile() }), ['password'])).toEqual({
      password: '请输入密码',
    });
    expectFields(await c.post('User/login', { password: PASSWORD }), ['mobile']);
    expectFields(await c.post('User/login', { mobile: newMobile(), password: '' }), ['password']);
    expectFields(await c.post('User/login', { mobile: newMobile(), password: PASSWORD, autologin: 2 }), [
      'autologin',
    ]);
    expectFields(await c.post('User/login', { mobile: '123', autologin: 0 }), ['mobile', 'password']);
  });
});

describe('User/login: failures and lockout', () => {
  it('a wrong password → LOGIN_FAILED 401 with the tries left; no cookie', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    const r = await login(c, mobile, 'wrong1234');
    expectError(r, 'LOGIN_FAILED');
    expect(r.body.errMsg).toBe('手机号或密码不正确，还可尝试 4 次');
    expect(r.body.data).toBeNull();
    expect(setCookies(r.res).has('zl_sid')).toBe(false);
    expect(c.cookies.size).toBe(0);
    expect((await memberState(mobile)).failed_logins).toBe(1);
  });

  it('an unknown mobile → LOGIN_FAILED with the same answer as a wrong password', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    const wrong = await login(c, mobile, 'wrong1234');
    const unknownMobile = newMobile();
    const unknown = await login(new Client(ctx.app), unknownMobile, 'wrong1234');
    expectError(unknown, 'LOGIN_FAILED');
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: wrong.status,
      body: wrong.body,
    });
    // and it stays alike: the second try says 3 left
    const wrong2 = await login(c, mobile, 'wrong1234');
    const unknown2 = await login(new Client(ctx.app), unknownMobile, 'wrong1234');
    expect(unknown2.body).toEqual(wrong2.body);
    expect(unknown2.body.errMsg).toBe('手机号或密码不正确，还可尝试 3 次');
    expect(await count(ctx, 'members', sql`mobile = ${unknownMobile}`)).toBe(0);
  });

  it('5 failures lock the account (ACCOUNT_LOCKED 429); even the right password is refused until locked_until passes', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    for (const left of [4, 3, 2, 1]) {
      const r = await login(c, mobile, 'wrong1234');
      expectError(r, 'LOGIN_FAILED');
      expect(r.body.errMsg).toBe(`手机号或密码不正确，还可尝试 ${left} 次`);
    }
    const fifth = await login(c, mobile, 'wrong1234');
    expectError(fifth, 'ACCOUNT_LOCKED');
    expect(fifth.body.errMsg).toBe(errorCatalogue.ACCOUNT_LOCKED.message);
    const state = await memberState(mobile);
    expect(state.locked).toBe(true);
    expect(state.lock_minutes).toBeGreaterThan(14.9);
    expect(state.lock_minutes).toBeLessThanOrEqual(15);

    const right = await login(c, mobile);
    expectError(right, 'ACCOUNT_LOCKED');
    expect(setCookies(right.res).has('zl_sid')).toBe(false);
    // from another network too: the lock is on the account
    expectError(await login(new Client(ctx.app), mobile), 'ACCOUNT_LOCKED');
    // a lock does not grow the member's counter or leak whether the password was right
    expectError(await login(c, mobile, 'wrong1234'), 'ACCOUNT_LOCKED');
    expect((await memberState(mobile)).lock_minutes).toBeLessThanOrEqual(15);

    await ctx.database.db.execute(
      sql`update members set locked_until = now() - interval '1 second' where mobile = ${mobile}`,
    );
    expectOk(await login(c, mobile));
    const after = await memberState(mobile);
    expect(after.failed_logins).toBe(0);
    expect(after.locked).toBeNull();
    // the counter starts over
    const again = await login(new Client(ctx.app), mobile, 'wrong1234');
    expect(again.body.errMsg).toBe('手机号或密码不正确，还可尝试 4 次');
  });

  it('a successful login resets the failure count', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    for (let i = 0; i < 3; i++) expectError(await login(c, mobile, 'wrong1234'), 'LOGIN_FAILED');
    expect((await memberState(mobile)).failed_logins).toBe(3);
    expectOk(await login(c, mobile));
    expect((await memberState(mobile)).failed_logins).toBe(0);
    const r = await login(c, mobile, 'wrong1234');
    expect(r.body.errMsg).toBe('手机号或密码不正确，还可尝试 4 次');
  });

  it('an unknown mobile locks like a real one after 5 tries', async () => {
    const mobile = newMobile();
    for (let i = 0; i < 4; i++)
      expectError(await login(new Client(ctx.app), mobile, 'wrong1234'), 'LOGIN_FAILED');
    expectError(await login(new Client(ctx.app), mobile, 'wrong1234'), 'ACCOUNT_LOCKED');
    expectError(await login(new Client(ctx.app), mobile, 'wrong1234'), 'ACCOUNT_LOCKED');
  });

  it('parallel wrong passwords cannot get more than 5 tries before the lock', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => login(new Client(ctx.app), mobile, 'wrong1234')),
    );
    const codes = results.map((r) => r.body.errCode);
    expect(codes.filter((x) => x === 'LOGIN_FAILED').length).toBeLessThanOrEqual(4);
    expect(codes.filter((x) => x === 'ACCOUNT_LOCKED').length).toBeGreaterThanOrEqual(4);
    expect((await memberState(mobile)).locked).toBe(true);
    expectError(await login(c, mobile), 'ACCOUNT_LOCKED');
  });
});

describe('User/login: sessions', () => {
  it('login regenerates the session: the pre-login cookie no longer works', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    expectOk(await login(c, mobile));
    const first = c.cookies.get('zl_sid')!.value;
    const { id } = await memberState(mobile);
    expect(await count(ctx, 'sessions', sql`member_id = ${id}`)).toBe(1);
    expectOk(await login(c, mobile));
    const second = c.cookies.get('zl_sid')!.value;
    expect(second).not.toBe(first);
    // the old session row is gone, the new one works
    expect(await count(ctx, 'sessions', sql`member_id = ${id}`)).toBe(1);
    expectOk(await c.get('User/loginCheck'));
    const old = new Client(ctx.app);
    old.cookies.set('zl_sid', { value: first, path: '/' });
    expectError(await old.get('User/loginCheck'), 'NOT_LOGGED_IN');
  });

  it('a cookie planted before login (session fixation) is replaced', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    const planted = 'A'.repeat(43);
    c.cookies.set('zl_sid', { value: planted, path: '/' });
    expectOk(await login(c, mobile));
    expect(c.cookies.get('zl_sid')!.value).not.toBe(planted);
    const attacker = new Client(ctx.app);
    attacker.cookies.set('zl_sid', { value: planted, path: '/' });
    expectError(await attacker.get('User/loginCheck'), 'NOT_LOGGED_IN');
  });

  it('two browsers logged in at once each keep their own session', async () => {
    const a = new Client(ctx.app);
    const b = new Client(ctx.app);
    const { mobile } = await register(a);
    expectOk(await login(a, mobile));
    expectOk(await login(b, mobile));
    expectOk(await a.get('User/loginCheck'));
    expectOk(await b.get('User/loginCheck'));
  });

  it('{autologin: 1} with a live session → ALREADY_LOGGED_IN (success, data.cardno), no new session', async () => {
    const c = new Client(ctx.app);
    const { mobile, cardno } = await register(c);
    expectOk(await login(c, mobile));
    const { id } = await memberState(mobile);
    const sid = c.cookies.get('zl_sid')!.value;
    const r = await c.post<{ cardno: string; remembered: boolean }>('User/login', { autologin: 1 });
    expectOk(r, 'ALREADY_LOGGED_IN');
    expect(r.body.errMsg).toBe(errorCatalogue.ALREADY_LOGGED_IN.message);
    expect(r.body.data).toEqual({
      cardno,
      cardtype: 'workshop',
      mobile,
      nickname: `用户${mobile.slice(-4)}`,
      remembered: false,
    });
    expect(setCookies(r.res).size).toBe(0);
    expect(c.cookies.get('zl_sid')!.value).toBe(sid);
    expect(await count(ctx, 'sessions', sql`member_id = ${id}`)).toBe(1);
  });
});

describe('per-IP failed-login limit', () => {
  // The limit is read from the config at each login; LOGIN_IP_FAILURE_LIMIT=3 parses to this
  // (test/database.test.ts), so one app serves with a lowered limit instead of a second app.
  let limited: TestContext;
  let saved: number;
  beforeAll(() => {
    limited = ctx;
    saved = ctx.config.sessions.loginIpFailureLimit;
    ctx.config.sessions.loginIpFailureLimit = 3;
  });
  afterAll(() => {
    ctx.config.sessions.loginIpFailureLimit = saved;
  });

  it('after the limit of failures from one IP, every login from it → RATE_LIMITED 429', async () => {
    expect(saved).toBe(300);
    const setup = new Client(limited.app);
    const a = await register(setup);
    const b = await register(setup);
    const attacker = new Client(limited.app);
    expectError(await login(attacker, a.mobile, 'wrong1234'), 'LOGIN_FAILED');
    expectError(await login(attacker, b.mobile, 'wrong1234'), 'LOGIN_FAILED');
    expectError(await login(attacker, newMobile(), 'wrong1234'), 'LOGIN_FAILED');
    const r = await login(attacker, a.mobile);
    expectError(r, 'RATE_LIMITED');
    expect(r.body.data).toEqual({ retryAfter: 900 });
    expect(r.body.errMsg).toBe('登录失败次数过多，请 15 分钟后再试');
    expect(setCookies(r.res).has('zl_sid')).toBe(false);
    // the refused tries did not count against the members
    const [m] = await rows<{ failed_logins: number }>(
      limited,
      sql`select failed_logins from members where mobile = ${b.mobile}`,
    );
    expect(m!.failed_logins).toBe(1);
    // another IP is not affected
    expectOk(await login(new Client(limited.app), a.mobile));
    // the window passes
    await limited.database.db.execute(
      sql`update rate_counters set window_start = now() - interval '16 minutes' where key = ${`loginfail:${attacker.ip}`}`,
    );
    expectOk(await login(attacker, a.mobile));
  });

  it('successful logins do not count toward the limit', async () => {
    const c = new Client(limited.app);
    const { mobile } = await register(c);
    for (let i = 0; i < 5; i++) expectOk(await login(c, mobile));
    expectError(await login(c, mobile, 'wrong1234'), 'LOGIN_FAILED');
    expectOk(await login(c, mobile));
  });
});

describe('per (address, account) limit: people behind one proxy', () => {
  it('30 failures from one address against other accounts do not refuse the right password of a member', async () => {
    const { mobile } = await register(new Client(ctx.app));
    const proxy = newIp();
    for (let i = 0; i < 6; i++) {
      const other = newMobile();
      for (let j = 0; j < 5; j++) await login(new Client(ctx.app, proxy), other, 'wrong1234');
    }
    expectOk(await login(new Client(ctx.app, proxy), mobile));
  });

  it('after LOGIN_IP_ACCOUNT_FAILURE_LIMIT (10) failures of one account from one address, that pair waits an hour', async () => {
    expect(ctx.config.sessions.loginIpAccountFailureLimit).toBe(10);
    const { mobile } = await register(new Client(ctx.app));
    const other = await register(new Client(ctx.app));
    const proxy = newIp();
    const unlock = () =>
      ctx.database.db.execute(
        sql`update members set locked_until = now() - interval '1 second' where mobile = ${mobile}`,
      );
    // two lock periods' worth of failures from one address
    for (let round = 0; round < 2; round++) {
      for (let j = 0; j < 4; j++)
        expectError(await login(new Client(ctx.app, proxy), mobile, 'wrong1234'), 'LOGIN_FAILED');
      expectError(await login(new Client(ctx.app, proxy), mobile, 'wrong1234'), 'ACCOUNT_LOCKED');
      await unlock();
    }
    const before = await memberState(mobile);
    const addressCount = () =>
      rows<{ count: number }>(ctx, sql`select count from rate_counters where key = ${`loginfail:${proxy}`}`);
    const addressBefore = await addressCount();
    const r = await login(new Client(ctx.app, proxy), mobile);
    expectError(r, 'RATE_LIMITED');
    // nothing of the refused try is counted against the address either
    expect(await addressCount()).toEqual(addressBefore);
    expect(r.body.errMsg).toMatch(/^该账号在当前网络登录失败次数过多，请 (59|60) 分钟后再试$/);
    const retryAfter = (r.body.data as unknown as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // not counted against the member
    const after = await memberState(mobile);
    expect([after.failed_logins, after.locked]).toEqual([before.failed_logins, before.locked]);
    // another member behind the same address, and this member from elsewhere, log in
    expectOk(await login(new Client(ctx.app, proxy), other.mobile));
    expectOk(await login(new Client(ctx.app), mobile));
  });
});

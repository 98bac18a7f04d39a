import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWechat, startFakeWechat } from './fakes/wechat-server.ts';
import {
  ageCodes,
  Client,
  count,
  expectError,
  expectFields,
  expectOk,
  latestCode,
  login,
  makeTestApp,
  newMobile,
  register,
  rows,
  setCookies,
} from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

let fake: FakeWechat;
const REDIRECT = 'http://127.0.0.1:4320/login';
// the fake starts before the app and closes after it (after-hooks run last-registered first)
beforeAll(async () => {
  fake = await startFakeWechat();
});
afterAll(() => fake.close());
const ctx = useTestApp({
  env: () => ({
    WECHAT_APPID: fake.appid,
    WECHAT_SECRET: fake.secret,
    WECHAT_REDIRECT_URI: REDIRECT,
    WECHAT_AUTHORIZE_URL: `${fake.url}/connect/qrconnect`,
    WECHAT_API_BASE: fake.url,
  }),
});

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const newOpenid = () => `o_${randomBytes(10).toString('hex')}`;

interface Bound {
  bound: true;
  cardno: string;
  cardtype: string;
  mobile: string;
  nickname: string;
}
interface Unbound {
  bound: false;
  ticket: string;
  nickname: string;
  expiresIn: number;
}
interface BindResult {
  isNew: boolean;
  cardno: string;
  mobile: string;
  cardtype: string;
  nickname: string;
  token?: string;
}

async function start(c: Client) {
  const r = await c.post<{ url: string; state: string }>('Wechat/login', {});
  expectOk(r);
  return r.body.data.state;
}

/** Wechat/login → a scan as `openid` → Wechat/wxLogin. */
async function wechatLogin(c: Client, openid: string, nickname = '微信昵称') {
  const state = await start(c);
  return c.post<Bound | Unbound>('Wechat/wxLogin', { code: fake.issueCode(openid, nickname), state });
}

async function ticketFor(c: Client, openid = newOpenid(), nickname = '微信昵称') {
  const r = await wechatLogin(c, openid, nickname);
  expectOk(r);
  const data = r.body.data as Unbound;
  expect(data.bound).toBe(false);
  return { openid, ticket: data.ticket };
}

async function bindCode(c: Client, mobile: string) {
  await ageCodes(ctx, mobile, 61);
  expectOk(await c.post('User/getCode', { mobile, type: 'bind' }));
  return latestCode(c, mobile);
}

async function openidOf(mobile: string) {
  const [m] = await rows<{ openid: string | null }>(
    ctx,
    sql`select openid from members where mobile = ${mobile}`,
  );
  return m?.openid;
}

describe('not configured', () => {
  it('without appid + secret every Wechat call answers WECHAT_NOT_CONFIGURED (503) and stores nothing', async () => {
    const bare = await makeTestApp({ WECHAT_APPID: 'wx123' });
    try {
      const c = new Client(bare.app);
      const r = await c.post('Wechat/login', {});
      expectError(r, 'WECHAT_NOT_CONFIGURED');
      expect(r.status).toBe(503);
      expect(setCookies(r.res).has('zl_wxstate')).toBe(false);
      expectError(await c.post('Wechat/wxLogin', { code: 'abc', state: 'def' }), 'WECHAT_NOT_CONFIGURED');
      expectError(
        await c.post('Wechat/bindMobile', { ticket: 't', mobile: newMobile(), code: '123456' }),
        'WECHAT_NOT_CONFIGURED',
      );
      expect(await count(bare, 'wechat_states')).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('the page tells the button before any click', () => {
  const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
  async function pageOf(env: Record<string, string>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    const app = await makeTestApp(env, { webDist: dir });
    try {
      const r = await app.app.inject({ method: 'GET', url: '/login' });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      return r.body;
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('not configured → <meta name="zl-wechat" content="off">; configured → on', async () => {
    expect(await pageOf({ WECHAT_APPID: 'wx123' })).toContain('<meta name="zl-wechat" content="off" />');
    expect(await pageOf({ WECHAT_APPID: 'wx123', WECHAT_SECRET: 's' })).toContain(
      '<meta name="zl-wechat" content="on" />',
    );
  });
});

describe('config', () => {
  it('appid + secret switch it on; production also needs an explicit redirect URI', async () => {
    const { loadConfig } = await import('../src/config/env.ts');
    expect(loadConfig({ WECHAT_APPID: 'wx1' }).wechat).toBeNull();
    expect(loadConfig({ WECHAT_APPID: 'wx1', WECHAT_SECRET: 's', PORT: '4500' }).wechat).toEqual({
      appid: 'wx1',
      secret: 's',
      redirectUri: 'http://127.0.0.1:4500/login',
      authorizeUrl: 'https://open.weixin.qq.com/connect/qrconnect',
      apiBase: 'https://api.weixin.qq.com',
    });
    expect(() => loadConfig({ NODE_ENV: 'production', WECHAT_APPID: 'wx1', WECHAT_SECRET: 's' })).toThrow(
      /WECHAT_REDIRECT_URI/,
    );
    expect(() =>
      loadConfig({ WECHAT_APPID: 'wx1', WECHAT_SECRET: 's', WECHAT_API_BASE: 'not a url' }),
    ).toThrow(/WECHAT_API_BASE/);
  });
});

describe('Wechat/login', () => {
  it('answers the authorize URL with a fresh state, stores only its hash, binds it to the browser', async () => {
    const c = new Client(ctx.app);
    const r = await c.post<{ url: string; state: string }>('Wechat/login', {});
    expectOk(r);
    const { url, state } = r.body.data;
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(
      `${fake.url}/connect/qrconnect?appid=${fake.appid}&redirect_uri=${encodeURIComponent(REDIRECT)}` +
        `&response_type=code&scope=snsapi_login&state=${state}#wechat_redirect`,
    );
    const cookie = setCookies(r.res).get('zl_wxstate')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/Wechat/);
    expect(cookie).toMatch(/Max-Age=600/);
    const binding = c.cookies.get('zl_wxstate')!.value;
    const [row] = await rows<{ minutes: number }>(
      ctx,
      sql`select extract(epoch from expires_at - now()) / 60 as minutes from wechat_states
          where state_hash = ${sha256(`${state}:${binding}`)}`,
    );
    expect(Number(row!.minutes)).toBeGreaterThan(9.9);
    expect(
      await count(ctx, 'wechat_states', sql`state_hash = ${sha256(state)} or state_hash = ${state}`),
    ).toBe(0);
    // a second start in the same browser keeps the binding (two tabs may each log in)
    const again = await c.post<{ state: string }>('Wechat/login', {});
    expect(again.body.data.state).not.toBe(state);
    expect(c.cookies.get('zl_wxstate')!.value).toBe(binding);
  });

  it('refuses a body with unknown fields', async () => {
    expectError(await new Client(ctx.app).post('Wechat/login', { state: 'mine' }), 'VALIDATION_FAILED');
  });
});

describe('Wechat/wxLogin: the state', () => {
  it('missing code or state → VALIDATION_FAILED on those fields', async () => {
    expectFields(await new Client(ctx.app).post('Wechat/wxLogin', {}), ['code', 'state']);
  });

  it('a forged state → WECHAT_STATE_INVALID, and WeChat is never asked', async () => {
    const c = new Client(ctx.app);
    await start(c);
    const before = fake.calls.length;
    const code = fake.issueCode(newOpenid());
    expectError(await c.post('Wechat/wxLogin', { code, state: 'forged-state' }), 'WECHAT_STATE_INVALID');
    expect(fake.calls.length).toBe(before);
  });

  it('a state from another browser (no cookie, or another cookie) → WECHAT_STATE_INVALID', async () => {
    const a = new Client(ctx.app);
    const state = await start(a);
    const code = fake.issueCode(newOpenid());
    expectError(await new Client(ctx.app).post('Wechat/wxLogin', { code, state }), 'WECHAT_STATE_INVALID');
    const b = new Client(ctx.app);
    await start(b);
    expectError(await b.post('Wechat/wxLogin', { code, state }), 'WECHAT_STATE_INVALID');
    // the refused attempts did not use it up for its own browser
    expectOk(await a.post('Wechat/wxLogin', { code, state }));
  });

  it('an expired state → WECHAT_STATE_INVALID', async () => {
    const c = new Client(ctx.app);
    const state = await start(c);
    const binding = c.cookies.get('zl_wxstate')!.value;
    await ctx.database.db.execute(
      sql`update wechat_states set expires_at = now() - interval '1 second'
          where state_hash = ${sha256(`${state}:${binding}`)}`,
    );
    expectError(
      await c.post('Wechat/wxLogin', { code: fake.issueCode(newOpenid()), state }),
      'WECHAT_STATE_INVALID',
    );
  });

  it('a state works once, also under concurrency', async () => {
    const c = new Client(ctx.app);
    const state = await start(c);
    const results = await Promise.all([
      c.post('Wechat/wxLogin', { code: fake.issueCode(newOpenid()), state }),
      c.post('Wechat/wxLogin', { code: fake.issueCode(newOpenid()), state }),
    ]);
    expect(results.map((r) => r.body.success).sort()).toEqual([false, true]);
    expectError(results.find((r) => !r.body.success)!, 'WECHAT_STATE_INVALID');
    expectError(
      await c.post('Wechat/wxLogin', { code: fake.issueCode(newOpenid()), state }),
      'WECHAT_STATE_INVALID',
    );
  });
});

describe('Wechat/wxLogin: the code', () => {
  it("a code WeChat refuses → WECHAT_AUTH_FAILED (502) without WeChat's errmsg; no ticket, no session", async () => {
    const c = new Client(ctx.app);
    const state = await start(c);
    const tickets = await count(ctx, 'wechat_bind_tickets');
    const r = await c.post('Wechat/wxLogin', { code: 'not-a-real-code', state });
    expectError(r, 'WECHAT_AUTH_FAILED');
    expect(r.status).toBe(502);
    expect(r.res.body).not.toMatch(/invalid code|40029|errmsg/);
    expect(await count(ctx, 'wechat_bind_tickets')).toBe(tickets);
    expect(setCookies(r.res).has('zl_sid')).toBe(false);
  });

  it('a code used twice is refused by WeChat the second time → WECHAT_AUTH_FAILED', async () => {
    const c = new Client(ctx.app);
    const code = fake.issueCode(newOpenid());
    expectOk(await c.post('Wechat/wxLogin', { code, state: await start(c) }));
    expectError(await c.post('Wechat/wxLogin', { code, state: await start(c) }), 'WECHAT_AUTH_FAILED');
  });

  it('a wrong secret makes every exchange fail → WECHAT_AUTH_FAILED', async () => {
    const other = await makeTestApp({
      WECHAT_APPID: fake.appid,
      WECHAT_SECRET: 'wrong-secret',
      WECHAT_API_BASE: fake.url,
    });
    try {
      const c = new Client(other.app);
      const { state } = (await c.post<{ state: string }>('Wechat/login', {})).body.data;
      expectError(
        await c.post('Wechat/wxLogin', { code: fake.issueCode(newOpenid()), state }),
        'WECHAT_AUTH_FAILED',
      );
    } finally {
      await other.close();
    }
  });

  it('an unbound openid → a bind ticket (only its hash stored, 15 min), the WeChat nickname, no session', async () => {
    const c = new Client(ctx.app);
    const openid = newOpenid();
    const r = await wechatLogin(c, openid, '展会小王');
    expectOk(r);
    const data = r.body.data as Unbound;
    expect(data).toEqual({ bound: false, ticket: expect.any(String), nickname: '展会小王', expiresIn: 900 });
    expect(data.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [t] = await rows<{ openid: string; minutes: number }>(
      ctx,
      sql`select openid, extract(epoch from expires_at - now()) / 60 as minutes from wechat_bind_tickets
          where ticket_hash = ${sha256(data.ticket)}`,
    );
    expect(t!.openid).toBe(openid);
    expect(Number(t!.minutes)).toBeGreaterThan(14.9);
    expect(setCookies(r.res).has('zl_sid')).toBe(false);
    expectError(await c.get('User/loginCheck'), 'NOT_LOGGED_IN');
  });
});

describe('Wechat/bindMobile', () => {
  it('bad input → VALIDATION_FAILED per field', async () => {
    const c = new Client(ctx.app);
    expectFields(await c.post('Wechat/bindMobile', {}), ['code', 'mobile', 'ticket']);
    expectFields(
      await c.post('Wechat/bindMobile', { ticket: 'x', mobile: '123', code: '12', cardtype: 'admin' }),
      ['cardtype', 'code', 'mobile'],
    );
  });

  it('an unknown or expired ticket → WECHAT_TICKET_INVALID, and the SMS code is not used up', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const code = await bindCode(c, mobile);
    expectError(
      await c.post('Wechat/bindMobile', { ticket: 'made-up', mobile, code }),
      'WECHAT_TICKET_INVALID',
    );
    const { ticket } = await ticketFor(c);
    await ctx.database.db.execute(
      sql`update wechat_bind_tickets set expires_at = now() - interval '1 second' where ticket_hash = ${sha256(ticket)}`,
    );
    expectError(await c.post('Wechat/bindMobile', { ticket, mobile, code }), 'WECHAT_TICKET_INVALID');
    expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile} and consumed_at is null`)).toBe(1);
    expect(await count(ctx, 'members', sql`mobile = ${mobile}`)).toBe(0);
  });

  it('a wrong SMS code → SMS_CODE_INVALID on code; the ticket stays usable', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const { ticket } = await ticketFor(c);
    const code = await bindCode(c, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const r = await c.post('Wechat/bindMobile', { ticket, mobile, code: wrong });
    expectError(r, 'SMS_CODE_INVALID');
    expect(Object.keys((r.body.data as { fields: object }).fields)).toEqual(['code']);
    expect(await count(ctx, 'members', sql`mobile = ${mobile}`)).toBe(0);
    expectOk(await c.post('Wechat/bindMobile', { ticket, mobile, code }));
  });

  it('a code of another purpose (regist) does not bind', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const { ticket } = await ticketFor(c);
    expectOk(await c.post('User/getCode', { mobile, type: 'regist' }));
    const code = await latestCode(c, mobile);
    expectError(await c.post('Wechat/bindMobile', { ticket, mobile, code }), 'SMS_CODE_INVALID');
  });

  it('a ticket works once', async () => {
    const c = new Client(ctx.app);
    const { ticket } = await ticketFor(c);
    const mobile = newMobile();
    expectOk(await c.post('Wechat/bindMobile', { ticket, mobile, code: await bindCode(c, mobile) }));
    const other = newMobile();
    const r = await c.post('Wechat/bindMobile', { ticket, mobile: other, code: await bindCode(c, other) });
    expectError(r, 'WECHAT_TICKET_INVALID');
    expect(await count(ctx, 'members', sql`mobile = ${other}`)).toBe(0);
  });

  it('a mobile already bound to another WeChat → WECHAT_ALREADY_BOUND on mobile; nothing changes', async () => {
    const c = new Client(ctx.app);
    const first = await ticketFor(c);
    const mobile = newMobile();
    expectOk(
      await c.post('Wechat/bindMobile', { ticket: first.ticket, mobile, code: await bindCode(c, mobile) }),
    );
    const d = new Client(ctx.app);
    const second = await ticketFor(d);
    const code = await bindCode(d, mobile);
    const r = await d.post('Wechat/bindMobile', { ticket: second.ticket, mobile, code });
    expectError(r, 'WECHAT_ALREADY_BOUND');
    expect(r.status).toBe(409);
    expect(Object.keys((r.body.data as { fields: object }).fields)).toEqual(['mobile']);
    expect(await openidOf(mobile)).toBe(first.openid);
    expect(
      await count(
        ctx,
        'wechat_bind_tickets',
        sql`ticket_hash = ${sha256(second.ticket)} and used_at is null`,
      ),
    ).toBe(1);
    expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile} and consumed_at is null`)).toBe(1);
    expectError(await d.get('User/loginCheck'), 'NOT_LOGGED_IN');
  });

  it('an existing member binds, is logged in, and later logs in directly with WeChat', async () => {
    const owner = new Client(ctx.app);
    const { mobile, cardno } = await register(owner);
    expect(await openidOf(mobile)).toBeNull();
    const c = new Client(ctx.app);
    const { ticket, openid } = await ticketFor(c, newOpenid(), '老会员');
    const r = await c.post<BindResult>('Wechat/bindMobile', {
      ticket,
      mobile,
      code: await bindCode(c, mobile),
      cardtype: 'customer',
    });
    expectOk(r);
    expect(r.body.data).toEqual({
      isNew: false,
      cardno,
      cardtype: 'workshop',
      mobile,
      nickname: `用户${mobile.slice(-4)}`,
    });
    expect(setCookies(r.res).get('zl_sid')).toMatch(/HttpOnly/);
    expect((await c.get('User/loginCheck')).body.data).toMatchObject({ cardno, mobile });
    expect(await openidOf(mobile)).toBe(openid);
    // the password still works, and the account type was not touched by the bind
    expectOk(await login(new Client(ctx.app), mobile));

    const later = new Client(ctx.app);
    const direct = await wechatLogin(later, openid);
    expectOk(direct);
    expect(direct.body.data).toEqual({
      bound: true,
      cardno,
      cardtype: 'workshop',
      mobile,
      nickname: `用户${mobile.slice(-4)}`,
    });
    expect((await later.get('User/loginCheck')).body.data).toMatchObject({ cardno });
  });

  it("a login replaces the browser's old session (fixation)", async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    await login(c, mobile);
    const oldSid = c.cookies.get('zl_sid')!.value;
    const { ticket } = await ticketFor(c);
    expectOk(await c.post('Wechat/bindMobile', { ticket, mobile, code: await bindCode(c, mobile) }));
    expect(c.cookies.get('zl_sid')!.value).not.toBe(oldSid);
    expect(await count(ctx, 'sessions', sql`id_hash = ${sha256(oldSid)}`)).toBe(0);
  });

  it('a new member: created with the WeChat nickname and openid, logged in, sets a password, keeps the session', async () => {
    const c = new Client(ctx.app);
    const { ticket, openid } = await ticketFor(c, newOpenid(), '展台搭建老李');
    const mobile = newMobile();
    const r = await c.post<BindResult & { token: string; expiresIn: number }>('Wechat/bindMobile', {
      ticket,
      mobile,
      code: await bindCode(c, mobile),
      cardtype: 'customer',
    });
    expectOk(r);
    const data = r.body.data;
    expect(data).toMatchObject({
      isNew: true,
      cardtype: 'customer',
      mobile,
      nickname: '展台搭建老李',
      expiresIn: 1800,
    });
    expect(data.cardno).toMatch(/^\d{8}$/);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await openidOf(mobile)).toBe(openid);
    expect((await c.get('User/loginCheck')).body.data).toMatchObject({ cardno: data.cardno });
    // no password yet: nothing logs in with a guess, and the token is no reset ticket for User/resetPwd
    expectError(await login(new Client(ctx.app), mobile, ''), 'VALIDATION_FAILED');
    expectError(await login(new Client(ctx.app), mobile, 'abc12345'), 'LOGIN_FAILED');
    expectError(
      await new Client(ctx.app).post('User/resetPwd', { mobile, token: data.token, password: 'hijack123' }),
      'RESET_TOKEN_INVALID',
    );

    expectFields(await c.post('Wechat/setPassword', { token: data.token, password: 'short' }), ['password']);
    expectOk(await c.post('Wechat/setPassword', { token: data.token, password: 'Wechat2026' }));
    expect((await c.get('User/loginCheck')).body.data).toMatchObject({ cardno: data.cardno });
    expectError(
      await c.post('Wechat/setPassword', { token: data.token, password: 'Another2026' }),
      'RESET_TOKEN_INVALID',
    );
    expectOk(await login(new Client(ctx.app), mobile, 'Wechat2026'));
    expectError(await login(new Client(ctx.app), mobile, 'Another2026'), 'LOGIN_FAILED');

    const again = await wechatLogin(new Client(ctx.app), openid);
    expect(again.body.data).toMatchObject({ bound: true, cardno: data.cardno });
  });

  it('a password-reset ticket from User/checkCode does not redeem Wechat/setPassword', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    await ageCodes(ctx, mobile, 61);
    expectOk(await c.post('User/getCode', { mobile, type: 'reset' }));
    const chk = await c.post<{ token: string }>('User/checkCode', {
      mobile,
      code: await latestCode(c, mobile),
    });
    expectError(
      await c.post('Wechat/setPassword', { token: chk.body.data.token, password: 'Sneaky2026' }),
      'RESET_TOKEN_INVALID',
    );
  });

  it('an openid bound meanwhile by another ticket is not bound twice', async () => {
    const openid = newOpenid();
    const a = new Client(ctx.app);
    const b = new Client(ctx.app);
    const t1 = await ticketFor(a, openid);
    const t2 = await ticketFor(b, openid);
    const m1 = newMobile();
    const m2 = newMobile();
    expectOk(
      await a.post('Wechat/bindMobile', { ticket: t1.ticket, mobile: m1, code: await bindCode(a, m1) }),
    );
    const r = await b.post('Wechat/bindMobile', {
      ticket: t2.ticket,
      mobile: m2,
      code: await bindCode(b, m2),
    });
    expectError(r, 'WECHAT_ALREADY_BOUND');
    expect(await count(ctx, 'members', sql`mobile = ${m2}`)).toBe(0);
  });

  it('concurrent binds with one ticket: exactly one wins', async () => {
    const c = new Client(ctx.app);
    const { ticket } = await ticketFor(c);
    const m1 = newMobile();
    const m2 = newMobile();
    const [c1, c2] = [await bindCode(c, m1), await bindCode(c, m2)];
    const results = await Promise.all([
      c.post('Wechat/bindMobile', { ticket, mobile: m1, code: c1 }),
      c.post('Wechat/bindMobile', { ticket, mobile: m2, code: c2 }),
    ]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(await count(ctx, 'members', sql`mobile in (${m1}, ${m2})`)).toBe(1);
  });
});

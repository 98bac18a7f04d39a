import { type ApiEnvelope, errorCatalogue } from '@zl/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAliyunSms, startFakeAliyunSms } from './fakes/aliyun-sms-server.ts';
import {
  ageCodes,
  Client,
  count,
  expectError,
  expectFields,
  expectNoInternals,
  expectOk,
  latestCode,
  login,
  makeTestApp,
  newIp,
  newMobile,
  PASSWORD,
  register,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await makeTestApp(
    {},
    {
      beforeReady: (app) => {
        app.get('/api/Test/boom', { config: { guard: 'public' } }, async () => {
          throw new Error('boom: secret detail at /srv/app/src/thing.ts:12');
        });
        app.get('/api/Test/typeError', { config: { guard: 'public' } }, async () => {
          const o = undefined as unknown as { x: { y: number } };
          return o.x.y;
        });
      },
    },
  );
});
afterAll(() => ctx.close());

type Injected = { status: number; body: ApiEnvelope<unknown>; res: LightMyRequestResponse };
async function raw(opts: {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}): Promise<Injected> {
  const res = await ctx.app.inject({
    method: opts.method ?? 'POST',
    url: opts.url,
    remoteAddress: newIp(),
    headers: opts.headers ?? {},
    ...(opts.payload === undefined ? {} : { payload: opts.payload }),
  });
  return { status: res.statusCode, body: res.json() as ApiEnvelope<unknown>, res };
}

const POST_CALLS = ['User/getCode', 'User/regist', 'User/login', 'User/checkCode', 'User/resetPwd'];

describe('request shape', () => {
  it.each(POST_CALLS)('malformed JSON on %s → BAD_JSON 400', async (call) => {
    const r = await raw({
      url: `/api/${call}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile": "13800000001",',
    });
    expectError(r, 'BAD_JSON');
    expect(r.body.data).toBeNull();
  });

  it('an empty body declared as JSON → BAD_JSON', async () => {
    const r = await raw({
      url: '/api/User/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectError(r, 'BAD_JSON');
  });

  it.each([
    ['text/plain', 'mobile=13800000001'],
    ['application/x-www-form-urlencoded', 'mobile=13800000001&password=abc12345'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
    ['application/xml', '<a/>'],
  ])('%s → UNSUPPORTED_MEDIA_TYPE 415', async (type, payload) => {
    const before = await count(ctx, 'sms_codes');
    const r = await raw({ url: '/api/User/getCode', headers: { 'content-type': type }, payload });
    expectError(r, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await count(ctx, 'sms_codes')).toBe(before);
  });

  it('a body over 256 KB → PAYLOAD_TOO_LARGE 413', async () => {
    const payload = JSON.stringify({ mobile: '13800000001', password: 'x'.repeat(256 * 1024) });
    const r = await raw({ url: '/api/User/login', headers: { 'content-type': 'application/json' }, payload });
    expectError(r, 'PAYLOAD_TOO_LARGE');
  });

  it('a body just under 256 KB is parsed (and then judged by the schema)', async () => {
    const payload = JSON.stringify({ mobile: '13800000001', password: 'x'.repeat(250 * 1024) });
    const r = await raw({ url: '/api/User/login', headers: { 'content-type': 'application/json' }, payload });
    expectFields(r, ['password']);
  });

  it('an unknown call → UNKNOWN_CALL 404 (GET and POST, nested, and /api itself)', async () => {
    for (const [method, url] of [
      ['POST', '/api/User/nope'],
      ['GET', '/api/Nothing/here'],
      ['POST', '/api/'],
      ['GET', '/api'],
      ['GET', `/api/${'x'.repeat(5000)}`],
    ] as const) {
      const r = await raw({ method, url });
      expectError(r, 'UNKNOWN_CALL');
      expect(r.body.errMsg.length).toBeLessThan(200);
    }
  });

  it('a page path outside /api without a built web app → UNKNOWN_CALL 404 envelope', async () => {
    const r = await raw({ method: 'GET', url: '/login' });
    expectError(r, 'UNKNOWN_CALL');
  });

  it.each(POST_CALLS)('GET on POST call %s → METHOD_NOT_ALLOWED 405', async (call) => {
    const r = await raw({ method: 'GET', url: `/api/${call}` });
    expectError(r, 'METHOD_NOT_ALLOWED');
    expect(r.body.errMsg).toContain('POST');
  });

  it('POST on GET call User/loginCheck → METHOD_NOT_ALLOWED 405', async () => {
    const r = await raw({ url: '/api/User/loginCheck' });
    expectError(r, 'METHOD_NOT_ALLOWED');
    expect(r.body.errMsg).toContain('GET');
  });

  it('PUT or DELETE on a known call → METHOD_NOT_ALLOWED 405 with an Allow header', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const r = await raw({ method, url: '/api/User/login' });
      expectError(r, 'METHOD_NOT_ALLOWED');
      expect(r.res.headers.allow).toBe('POST');
      const g = await raw({ method, url: '/api/User/logout' });
      expectError(g, 'METHOD_NOT_ALLOWED');
      expect(g.res.headers.allow).toBe('GET');
    }
    expectError(await raw({ method: 'PUT', url: '/api/User/nothing' }), 'UNKNOWN_CALL');
  });
});

describe('validation', () => {
  it('a POST with no body → a message per required field', async () => {
    const c = new Client(ctx.app);
    expectFields(await c.post('User/getCode'), ['mobile']);
    const regist = expectFields(await c.post('User/regist'), ['mobile', 'code', 'password']);
    expect(regist).toEqual({ mobile: '请输入手机号', code: '请输入验证码', password: '请输入密码' });
    expect(expectFields(await c.post('User/login'), ['mobile', 'password'])).toEqual({
      mobile: '请输入手机号',
      password: '请输入密码',
    });
    expectFields(await c.post('User/checkCode'), ['mobile', 'code']);
    expect(expectFields(await c.post('User/resetPwd'), ['mobile', 'token', 'password']).token).toBe(
      '重置凭证缺失',
    );
  });

  it('an empty JSON object → the same per-field messages', async () => {
    const c = new Client(ctx.app);
    const r = await c.post('User/regist', {});
    expectFields(r, ['mobile', 'code', 'password']);
    expect(r.body.errMsg).toBe(errorCatalogue.VALIDATION_FAILED.message);
  });

  it('one bad field → errMsg is that field message', async () => {
    const c = new Client(ctx.app);
    const r = await c.post('User/getCode', { mobile: '12345' });
    expect(expectFields(r, ['mobile'])).toEqual({ mobile: '请输入正确的 11 位手机号' });
    expect(r.body.errMsg).toBe('请输入正确的 11 位手机号');
  });

  it('an extra (unrecognised) field → VALIDATION_FAILED naming it', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const r = await c.post('User/getCode', { mobile, type: 'regist', isAdmin: true, __proto__x: 1 });
    const f = expectFields(r, ['isAdmin', '__proto__x']);
    expect(f.isAdmin).toBe('不支持的字段');
    expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(0);
  });

  it('a JSON array or scalar instead of an object → VALIDATION_FAILED for the whole body', async () => {
    for (const payload of ['[]', '"13800000001"', '42', 'null']) {
      const r = await raw({
        url: '/api/User/getCode',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectFields(r, ['_']);
    }
  });

  it('wrongly typed fields → VALIDATION_FAILED with Chinese messages per field', async () => {
    const c = new Client(ctx.app);
    const r = await c.post('User/regist', {
      mobile: 13800000001,
      code: 123456,
      password: ['abc12345'],
      cardtype: 1,
      invite: { $ne: null },
    });
    expectFields(r, ['mobile', 'code', 'password', 'cardtype', 'invite']);
    const l = await c.post('User/login', { mobile: '13800000001', password: { $gt: '' }, autologin: true });
    expectFields(l, ['password', 'autologin']);
    const g = await c.post('User/getCode', { mobile: '13800000001', type: 'admin' });
    expect(expectFields(g, ['type'])).toEqual({ type: '验证码用途不正确' });
  });

  const SQLISH = ["' or 1=1 --", "13800000001'; drop table members;--"];
  const HUGE = 'x'.repeat(100 * 1024);
  const HUGE_DIGITS = '1'.repeat(100 * 1024);

  it('SQL-ish and 100 KB strings in every field → VALIDATION_FAILED, nothing written, members intact', async () => {
    const c = new Client(ctx.app);
    const member = await register(c);
    const before = {
      members: await count(ctx, 'members'),
      sms: await count(ctx, 'sms_codes'),
      sessions: await count(ctx, 'sessions'),
      reset: await count(ctx, 'reset_tokens'),
    };
    const good = { mobile: newMobile(), code: '123456', password: 'abc12345', token: 'x'.repeat(43) };
    const cases: Array<[string, Record<string, unknown>, string]> = [];
    for (const bad of [...SQLISH, HUGE, HUGE_DIGITS]) {
      cases.push(['User/getCode', { mobile: bad }, 'mobile']);
      cases.push(['User/getCode', { mobile: good.mobile, type: bad }, 'type']);
      cases.push(['User/regist', { mobile: bad, code: good.code, password: good.password }, 'mobile']);
      cases.push(['User/regist', { mobile: good.mobile, code: bad, password: good.password }, 'code']);
      cases.push(['User/regist', { mobile: good.mobile, code: good.code, password: bad }, 'password']);
      cases.push([
        'User/regist',
        { mobile: good.mobile, code: good.code, password: good.password, cardtype: bad },
        'cardtype',
      ]);
      cases.push([
        'User/regist',
        { mobile: good.mobile, code: good.code, password: good.password, invite: bad },
        'invite',
      ]);
      cases.push(['User/login', { mobile: bad, password: good.password }, 'mobile']);
      cases.push(['User/checkCode', { mobile: bad, code: good.code }, 'mobile']);
      cases.push(['User/checkCode', { mobile: member.mobile, code: bad }, 'code']);
      cases.push(['User/resetPwd', { mobile: bad, token: good.token, password: good.password }, 'mobile']);
      cases.push(['User/resetPwd', { mobile: member.mobile, token: good.token, password: bad }, 'password']);
    }
    // login passwords are only bounded: a huge one is refused by the schema
    cases.push(['User/login', { mobile: member.mobile, password: HUGE }, 'password']);
    cases.push(['User/resetPwd', { mobile: member.mobile, token: HUGE, password: good.password }, 'token']);
    for (const [call, body, field] of cases) {
      const r = await c.post(call, body);
      expect(r.body.errCode, `${call} ${field}=${String(body[field]).slice(0, 40)}`).toBe(
        'VALIDATION_FAILED',
      );
      expectFields(r, [field]);
      expect(r.res.body.length).toBeLessThan(2000);
    }
    expect({
      members: await count(ctx, 'members'),
      sms: await count(ctx, 'sms_codes'),
      sessions: await count(ctx, 'sessions'),
      reset: await count(ctx, 'reset_tokens'),
    }).toEqual(before);
    const [m] = await ctx.database.db
      .execute(sql`select mobile from members where mobile = ${member.mobile}`)
      .then((r) => (r as unknown as { rows: Array<{ mobile: string }> }).rows);
    expect(m?.mobile).toBe(member.mobile);
  });

  it('a SQL-ish login password is just a wrong password (LOGIN_FAILED), never a way in', async () => {
    const c = new Client(ctx.app);
    const member = await register(c);
    for (const password of SQLISH) {
      const r = await c.post('User/login', { mobile: member.mobile, password });
      expectError(r, 'LOGIN_FAILED');
    }
    expect(c.cookies.has('zl_sid')).toBe(false);
    expect(await count(ctx, 'members')).toBeGreaterThan(0);
  });

  it('a mobile with surrounding spaces is trimmed, not refused', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const r = await c.post('User/getCode', { mobile: `  ${mobile} `, type: 'regist' });
    expectOk(r);
    expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(1);
  });
});

describe('the envelope and headers', () => {
  it('every success and failure carries the full envelope, fitting status and catalogue showType', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const sent = await c.post('User/getCode', { mobile, type: 'regist' });
    expectOk(sent);
    expect(sent.body.errMsg).toBe('操作成功');
    expect(sent.body.errorMessage).toBe('');
    expect(sent.body.data).toEqual({ resendIn: 60, expiresIn: 300 });
    expectError(await c.post('User/getCode', { mobile, type: 'regist' }), 'SMS_TOO_FREQUENT');
    expectError(
      await c.post('User/regist', { mobile, code: '000000', password: 'abc' }),
      'VALIDATION_FAILED',
    );
    const code = await latestCode(c, mobile);
    const wrong = code === '111111' ? '222222' : '111111';
    expectError(await c.post('User/regist', { mobile, code: wrong, password: PASSWORD }), 'SMS_CODE_INVALID');
    expectOk(await c.post('User/regist', { mobile, code, password: PASSWORD }));
    // a taken mobile is not told apart at getCode (docs/members.md § Who learns that a mobile is registered)
    await ageCodes(ctx, mobile, 61);
    expectOk(await c.post('User/getCode', { mobile, type: 'regist' }));
    // registering logged the new member in (docs/product.md "Register")
    expectOk(await c.get('User/loginCheck'));
    expectOk(await c.get('User/logout'));
    expectError(await c.get('User/loginCheck'), 'NOT_LOGGED_IN');
    expectError(await c.post('User/login', { mobile, password: 'wrong1234' }), 'LOGIN_FAILED');
    expectOk(await login(c, mobile));
    expectOk(await c.get('User/loginCheck'));
    expectOk(await c.post('User/login', { autologin: 1 }), 'ALREADY_LOGGED_IN');
    expectOk(await c.get('User/logout'));
    expectError(await c.post('User/login', { autologin: 1 }), 'REMEMBER_INVALID');
    expectOk(await c.post('User/getCode', { mobile: newMobile(), type: 'reset' }));
    expectError(
      await c.post('User/resetPwd', { mobile, token: 'x'.repeat(43), password: 'new12345' }),
      'RESET_TOKEN_INVALID',
    );
  });

  it('an unexpected exception → INTERNAL 500 without message, stack or path', async () => {
    for (const url of ['/api/Test/boom', '/api/Test/typeError']) {
      const r = await raw({ method: 'GET', url });
      expectError(r, 'INTERNAL');
      expect(r.body.errMsg).toBe(errorCatalogue.INTERNAL.message);
      expect(r.body.data).toBeNull();
      expect(r.res.body).not.toContain('boom');
      expect(r.res.body).not.toContain('undefined');
      expectNoInternals(r.res.body);
    }
  });

  it('x-request-id: generated when absent or invalid, echoed when valid', async () => {
    const a = await raw({ method: 'GET', url: '/api/User/loginCheck' });
    expect(a.res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const b = await raw({ method: 'GET', url: '/api/User/loginCheck' });
    expect(b.res.headers['x-request-id']).not.toBe(a.res.headers['x-request-id']);
    const mine = 'req-abc.123_XYZ';
    const c = await raw({ method: 'GET', url: '/api/User/loginCheck', headers: { 'x-request-id': mine } });
    expect(c.res.headers['x-request-id']).toBe(mine);
    const ok = await raw({ method: 'GET', url: '/healthz', headers: { 'x-request-id': mine } });
    expect(ok.res.headers['x-request-id']).toBe(mine);
    for (const bad of ['short', 'has space in it', `${'a'.repeat(65)}`, 'evil\u00e9value1', "x'; drop--"]) {
      const r = await ctx.app.inject({
        method: 'GET',
        url: '/api/User/loginCheck',
        headers: { 'x-request-id': bad },
      });
      expect(r.headers['x-request-id']).not.toBe(bad);
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('security headers on successes, failures and health; no-store on /api only', async () => {
    const responses = [
      await raw({ method: 'GET', url: '/api/User/loginCheck' }),
      await raw({ method: 'GET', url: '/api/Nope' }),
      await raw({ url: '/api/User/login', headers: { 'content-type': 'text/plain' }, payload: 'x' }),
      await raw({ method: 'GET', url: '/api/Dev/smsOutbox?mobile=13800000001' }),
      await raw({ method: 'GET', url: '/api/Test/boom' }),
    ];
    for (const r of responses) {
      expect(r.res.headers['x-content-type-options']).toBe('nosniff');
      expect(r.res.headers['x-frame-options']).toBe('DENY');
      expect(r.res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(r.res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(r.res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(r.res.headers['cache-control']).toBe('no-store');
      expect(r.res.headers['x-powered-by']).toBeUndefined();
    }
    const h = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(h.headers['x-content-type-options']).toBe('nosniff');
    expect(h.headers['cache-control']).not.toBe('no-store');
  });

  it('GET /healthz → {status: ok} with the database kind', async () => {
    const h = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(h.statusCode).toBe(200);
    expect(h.json()).toEqual({ status: 'ok', db: ctx.database.kind });
    expect(ctx.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('Dev/smsOutbox', () => {
  it('answers the codes of a mobile, latest first, only that mobile', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const other = newMobile();
    expectOk(await c.post('User/getCode', { mobile, type: 'regist' }));
    expectOk(await c.post('User/getCode', { mobile: other, type: 'regist' }));
    await ctx.database.db.execute(
      sql`update sms_codes set created_at = created_at - interval '61 seconds' where mobile = ${mobile}`,
    );
    expectOk(await c.post('User/getCode', { mobile, type: 'regist' }));
    const r = await c.get<{
      items: Array<{ mobile: string; code: string; purpose: string; created: string }>;
    }>('Dev/smsOutbox', { mobile });
    expectOk(r);
    const items = r.body.data.items;
    expect(items).toHaveLength(2);
    for (const it of items) {
      expect(it.mobile).toBe(mobile);
      expect(it.code).toMatch(/^\d{6}$/);
      expect(it.purpose).toBe('regist');
      expect(Number.isNaN(Date.parse(it.created))).toBe(false);
    }
    const ids = await ctx.database.db.execute(
      sql`select code from dev_sms_outbox where mobile = ${mobile} order by id desc`,
    );
    expect(items.map((i) => i.code)).toEqual(
      (ids as unknown as { rows: Array<{ code: string }> }).rows.map((x) => x.code),
    );
    expect(Date.parse(items[0]!.created)).toBeGreaterThanOrEqual(Date.parse(items[1]!.created));
    // the newest code is the one that works
    expectOk(await c.post('User/regist', { mobile, code: items[0]!.code, password: PASSWORD }));
  });

  it('an unknown mobile → an empty list', async () => {
    const c = new Client(ctx.app);
    const r = await c.get<{ items: unknown[] }>('Dev/smsOutbox', { mobile: newMobile() });
    expectOk(r);
    expect(r.body.data.items).toEqual([]);
  });

  it('validates the mobile query', async () => {
    const c = new Client(ctx.app);
    expectFields(await c.get('Dev/smsOutbox'), ['mobile']);
    expectFields(await c.get('Dev/smsOutbox', { mobile: "' or 1=1 --" }), ['mobile']);
    expectFields(await c.get('Dev/smsOutbox', { mobile: '1'.repeat(5000) }), ['mobile']);
    expectFields(await c.get('Dev/smsOutbox', { mobile: '13800000001', all: '1' }), ['all']);
    expectError(await raw({ url: '/api/Dev/smsOutbox' }), 'METHOD_NOT_ALLOWED');
  });
});

describe('production mode', () => {
  let prod: TestContext;
  let fakeSms: FakeAliyunSms;
  beforeAll(async () => {
    // Production refuses to start without a real SMS provider: here, a local dysmsapi.
    fakeSms = await startFakeAliyunSms();
    prod = await makeTestApp({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: fakeSms.accessKeyId,
      ALIYUN_ACCESS_KEY_SECRET: fakeSms.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: '展览供应商平台',
      ALIYUN_SMS_TEMPLATE: 'SMS_100000001',
      ALIYUN_SMS_ENDPOINT: fakeSms.url,
    });
  });
  afterAll(async () => {
    await prod.close();
    await fakeSms.close();
  });

  it('has no Dev/smsOutbox: it is an unknown call', async () => {
    expect(prod.config.isProduction).toBe(true);
    const c = new Client(prod.app);
    const r = await c.get('Dev/smsOutbox', { mobile: '13800000001' });
    expectError(r, 'UNKNOWN_CALL');
    expectError(await c.post('Dev/smsOutbox', {}), 'UNKNOWN_CALL');
  });

  it('sends codes through the SMS provider (never to the client, never to the outbox) and sets Secure cookies', async () => {
    const c = new Client(prod.app);
    const mobile = newMobile();
    const r = await c.post('User/getCode', { mobile, type: 'regist' });
    expectOk(r);
    expect(JSON.stringify(r.body)).not.toMatch(/\b\d{6}\b/);
    const sent = fakeSms.sent.filter((m) => m.phone === mobile);
    expect(sent).toHaveLength(1);
    const { rows: outbox } = (await prod.database.db.execute(
      sql`select code from dev_sms_outbox where mobile = ${mobile}`,
    )) as unknown as { rows: unknown[] };
    expect(outbox).toEqual([]);
    expectOk(await c.post('User/regist', { mobile, code: sent[0]!.param.code, password: PASSWORD }));
    const l = await login(c, mobile);
    expectOk(l);
    const cookie = String(l.res.headers['set-cookie']);
    expect(cookie).toMatch(/zl_sid=[^;]+;.*Secure/);
  });

  it('an internal error in production still says nothing about internals', async () => {
    const c = new Client(prod.app);
    const r = await c.post('User/login', '{"mobile":');
    expectError(r, 'BAD_JSON');
    expectNoInternals(r.res.body);
  });
});

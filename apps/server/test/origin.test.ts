import type { ApiEnvelope } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import {
  Client,
  count,
  expectError,
  expectOk,
  makeTestApp,
  newIp,
  register,
  rows,
  type TestContext,
} from './helpers.ts';
import {
  cookieOf,
  type LoggedIn,
  loggedIn,
  multipartBody,
  operatorCookie,
  png,
  storedFiles,
  tempUploadDir,
  useTestApp,
} from './member-fixtures.ts';

/** Cross-site request refusal (issue 8 §7): docs/api.md, "Cross-site requests". */

const SITE = 'zhanlan.example.com';
const FOREIGN = 'https://evil.example.net';
const ALLOWED = 'https://console.example.org';

const dir = tempUploadDir();
const ctx = useTestApp({ env: { UPLOAD_DIR: dir, ALLOWED_ORIGINS: `${ALLOWED}, http://localhost:5173` } });

type Answer = {
  status: number;
  body: ApiEnvelope<unknown>;
  res: Awaited<ReturnType<TestContext['app']['inject']>>;
};

/** A request as a browser on some page would send it to http://zhanlan.example.com. */
async function send(opts: {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  cookie?: string;
  body?: unknown;
  app?: TestContext['app'];
  remoteAddress?: string;
}): Promise<Answer> {
  const res = await (opts.app ?? ctx.app).inject({
    method: opts.method ?? 'POST',
    url: opts.url,
    remoteAddress: opts.remoteAddress ?? newIp(),
    headers: {
      host: SITE,
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { payload: JSON.stringify(opts.body) }),
  });
  return { status: res.statusCode, body: res.json() as ApiEnvelope<unknown>, res };
}

const nickname = async (m: LoggedIn) =>
  (await rows<{ nickname: string }>(ctx, sql`select nickname from members where id = ${m.id}`))[0]!.nickname;

describe('a state-changing call from another site is refused', () => {
  let a: LoggedIn;
  beforeAll(async () => {
    a = await loggedIn(ctx);
  });

  it('JSON POST with a foreign Origin and a valid session → 403 CROSS_SITE_REFUSED, nothing changed', async () => {
    const before = await nickname(a);
    const r = await send({
      url: '/api/Member/updateBaseInfo',
      cookie: cookieOf(a.c),
      headers: { origin: FOREIGN, 'sec-fetch-site': 'cross-site' },
      body: { nickname: '被改了' },
    });
    expectError(r, 'CROSS_SITE_REFUSED');
    expect(r.body.errMsg).toMatch(/[\u4e00-\u9fff]/);
    expect(await nickname(a)).toBe(before);
    // the session itself is untouched: the same cookie still works from the site's own page
    expectOk(
      await send({
        url: '/api/Member/userInfo',
        cookie: cookieOf(a.c),
        headers: { origin: `http://${SITE}` },
      }),
    );
  });

  it('a foreign Origin without Sec-Fetch-Site is refused too (older browsers)', async () => {
    const before = await nickname(a);
    const r = await send({
      url: '/api/Member/updateBaseInfo',
      cookie: cookieOf(a.c),
      headers: { origin: FOREIGN },
      body: { nickname: '被改了' },
    });
    expectError(r, 'CROSS_SITE_REFUSED');
    expect(await nickname(a)).toBe(before);
  });

  it('multipart File/upload with a foreign Origin → 403, nothing stored; from the site it uploads', async () => {
    const upload = async (origin: string) => {
      const { payload, contentType } = multipartBody([
        { name: 'purpose', value: 'avatar' },
        { name: 'file', filename: 'a.png', contentType: 'image/png', data: await png() },
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/File/upload',
        payload,
        headers: { host: SITE, 'content-type': contentType, cookie: cookieOf(a.c), origin },
      });
      return { status: res.statusCode, body: res.json() as ApiEnvelope<unknown>, res };
    };
    const before = { rows: await count(ctx, 'files'), bytes: storedFiles(dir).length };
    expectError(await upload(FOREIGN), 'CROSS_SITE_REFUSED');
    expect({ rows: await count(ctx, 'files'), bytes: storedFiles(dir).length }).toEqual(before);
    expectOk(await upload(`http://${SITE}`));
    expect(await count(ctx, 'files')).toBe(before.rows + 1);
  });

  it('no Origin but Sec-Fetch-Site: cross-site → 403', async () => {
    const before = await nickname(a);
    const r = await send({
      url: '/api/Member/updateBaseInfo',
      cookie: cookieOf(a.c),
      headers: { 'sec-fetch-site': 'cross-site' },
      body: { nickname: '被改了' },
    });
    expectError(r, 'CROSS_SITE_REFUSED');
    expect(await nickname(a)).toBe(before);
    // reading stays open: a cross-site GET of a read-only call is not refused
    expectOk(
      await send({
        method: 'GET',
        url: '/api/User/loginCheck',
        cookie: cookieOf(a.c),
        headers: { 'sec-fetch-site': 'cross-site' },
      }),
    );
  });

  it.each([
    ['Origin: null (sandboxed frame)', 'null'],
    ['an unparsable Origin', 'not an origin'],
    ['the site under another scheme', `https://${SITE}`],
    ['the site on another port', `http://${SITE}:8080`],
    ['a subdomain of the site', `http://www.${SITE}`],
    ['an allowed origin under another scheme', ALLOWED.replace('https:', 'http:')],
    ['a non-http scheme', `file://${SITE}`],
  ])('%s → 403', async (_label, origin) => {
    const r = await send({ url: '/api/Member/userInfo', cookie: cookieOf(a.c), headers: { origin } });
    expectError(r, 'CROSS_SITE_REFUSED');
  });

  it('logging in from another site (login CSRF) is refused before the password is checked', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    const r = await send({
      url: '/api/User/login',
      headers: { origin: FOREIGN },
      body: { mobile, password: 'abc12345' },
    });
    expectError(r, 'CROSS_SITE_REFUSED');
    expect(r.res.headers['set-cookie']).toBeUndefined();
  });

  it('a cross-site GET Admin/logout (a GET that changes state) is refused; the console session lives', async () => {
    const cookie = await operatorCookie(ctx);
    const r = await send({
      method: 'GET',
      url: '/api/Admin/logout',
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expectError(r, 'CROSS_SITE_REFUSED');
    expectOk(await send({ method: 'GET', url: '/api/Admin/me', cookie }));
    // from the console's own page it logs out
    expectOk(
      await send({
        method: 'GET',
        url: '/api/Admin/logout',
        cookie,
        headers: { 'sec-fetch-site': 'same-origin' },
      }),
    );
    expectError(await send({ method: 'GET', url: '/api/Admin/me', cookie }), 'ADMIN_NOT_LOGGED_IN');
  });

  it('GET User/logout keeps working as the seed names it (also where Admin/logout is refused)', async () => {
    const cookie = await operatorCookie(ctx);
    for (const headers of [
      {},
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'cross-site' },
    ] as Array<Record<string, string>>) {
      const m = await loggedIn(ctx);
      expectOk(await send({ method: 'GET', url: '/api/User/logout', cookie: cookieOf(m.c), headers }));
      expectError(
        await send({ method: 'GET', url: '/api/User/loginCheck', cookie: cookieOf(m.c) }),
        'NOT_LOGGED_IN',
      );
      const admin = await send({
        method: 'GET',
        url: '/api/Admin/logout',
        cookie,
        headers: { ...headers, origin: FOREIGN },
      });
      expectError(admin, 'CROSS_SITE_REFUSED');
    }
  });
});

describe("the site's own pages and allowed origins pass", () => {
  it.each([
    ['same origin', { origin: `http://${SITE}`, 'sec-fetch-site': 'same-origin' }],
    ['same origin, upper-case host', { origin: `http://${SITE.toUpperCase()}` }],
    ['same origin, explicit default port', { origin: `http://${SITE}:80` }],
    ['an ALLOWED_ORIGINS entry', { origin: ALLOWED, 'sec-fetch-site': 'cross-site' }],
    ['the Vite dev server allowed by ALLOWED_ORIGINS', { origin: 'http://localhost:5173' }],
    ['no Origin, Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no Origin, Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['no Origin, Sec-Fetch-Site none (typed in the address bar)', { 'sec-fetch-site': 'none' }],
    ['neither header (curl, server-to-server)', {}],
  ])('%s → the call runs', async (_label, headers) => {
    const a = await loggedIn(ctx);
    const r = await send({
      url: '/api/Member/updateBaseInfo',
      cookie: cookieOf(a.c),
      headers: headers as Record<string, string>,
      body: { nickname: '展览王' },
    });
    expectOk(r);
    expect(await nickname(a)).toBe('展览王');
    // the same call from a foreign page is refused
    const foreign = await send({
      url: '/api/Member/updateBaseInfo',
      cookie: cookieOf(a.c),
      headers: { ...(headers as Record<string, string>), origin: FOREIGN },
      body: { nickname: '被改了' },
    });
    expectError(foreign, 'CROSS_SITE_REFUSED');
    expect(await nickname(a)).toBe('展览王');
  });

  it('the Vite dev server proxy keeps the browser Host (changeOrigin: false), so its origin is the site', async () => {
    const a = await loggedIn(ctx);
    const r = await send({
      url: '/api/Member/updateBaseInfo',
      cookie: cookieOf(a.c),
      headers: { host: '127.0.0.1:5173', origin: 'http://127.0.0.1:5173' },
      body: { nickname: '开发者' },
    });
    expectOk(r);
    // a proxy that rewrote Host (changeOrigin: true) would make the dev page foreign
    const rewritten = await send({
      url: '/api/Member/updateBaseInfo',
      cookie: cookieOf(a.c),
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:5173' },
      body: { nickname: '开发者' },
    });
    expectError(rewritten, 'CROSS_SITE_REFUSED');
  });
});

describe('behind a reverse proxy', () => {
  const forwarded = { host: '127.0.0.1:3000', 'x-forwarded-host': SITE, 'x-forwarded-proto': 'https' };

  it('TRUST_PROXY: the public origin comes from X-Forwarded-Host / X-Forwarded-Proto', async () => {
    const proxied = await makeTestApp({ TRUST_PROXY: 'true' });
    try {
      const c = new Client(proxied.app);
      const { mobile } = await register(c);
      const ok = await send({
        app: proxied.app,
        url: '/api/User/login',
        headers: { ...forwarded, origin: `https://${SITE}` },
        body: { mobile, password: 'abc12345' },
      });
      expectOk(ok);
      const foreign = await send({
        app: proxied.app,
        url: '/api/User/login',
        headers: { ...forwarded, origin: FOREIGN },
        body: { mobile, password: 'abc12345' },
      });
      expectError(foreign, 'CROSS_SITE_REFUSED');
    } finally {
      await proxied.close();
    }
  });

  it('without TRUST_PROXY the forwarded headers are not believed', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    const r = await send({
      url: '/api/User/login',
      headers: { ...forwarded, origin: `https://${SITE}` },
      body: { mobile, password: 'abc12345' },
    });
    expectError(r, 'CROSS_SITE_REFUSED');
  });

  it('TRUST_PROXY=<addresses>: only the listed proxies are believed, for the origin and the client address', async () => {
    const proxied = await makeTestApp(
      { TRUST_PROXY: '127.0.0.1, 192.168.0.0/16' },
      {
        beforeReady: (app) =>
          void app.get('/api/Test/ip', { config: { guard: 'public' } }, async (request) => ({
            ip: request.ip,
          })),
      },
    );
    try {
      const ipSeen = async (remoteAddress: string) =>
        (
          await proxied.app.inject({
            url: '/api/Test/ip',
            remoteAddress,
            headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
          })
        ).json().ip;
      // through the proxy: the address the proxy saw, not the one the client wrote in front of it
      expect(await ipSeen('127.0.0.1')).toBe('203.0.113.9');
      // straight from a client: its own address, whatever it claims
      expect(await ipSeen('10.9.8.7')).toBe('10.9.8.7');

      const c = new Client(proxied.app);
      const { mobile } = await register(c);
      const login = (remoteAddress: string) =>
        send({
          app: proxied.app,
          remoteAddress,
          url: '/api/User/login',
          headers: { ...forwarded, origin: `https://${SITE}` },
          body: { mobile, password: 'abc12345' },
        });
      expectOk(await login('192.168.3.4'));
      expectError(await login('10.9.8.7'), 'CROSS_SITE_REFUSED');
    } finally {
      await proxied.close();
    }
  });

  it('TRUST_PROXY is parsed: true/false, or addresses and CIDRs; anything else is refused naming it', () => {
    expect(loadConfig({}).server.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).server.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).server.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).server.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).server.trustProxy).toBe(true);
    expect(
      loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback' }).server.trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    for (const value of ['yes', '300.1.1.1', '10.0.0.0/33', '10.0.0.0/8/1', 'proxy.example.com', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/配置错误[\s\S]*TRUST_PROXY/);
    }
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('is parsed into normalised origins', () => {
    expect(loadConfig({}).server.allowedOrigins).toEqual([]);
    expect(
      loadConfig({
        ALLOWED_ORIGINS: ' https://A.example.com/ ,http://localhost:5173,https://a.example.com:443',
      }).server.allowedOrigins,
    ).toEqual(['https://a.example.com', 'http://localhost:5173']);
  });

  it.each([
    '*',
    'a.example.com',
    'https://a.example.com/path',
    'ftp://a.example.com',
    'https://u:p@a.example.com',
  ])('%s is refused naming ALLOWED_ORIGINS', (value) => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: value })).toThrow(/配置错误[\s\S]*ALLOWED_ORIGINS/);
  });
});

describe('Strict-Transport-Security', () => {
  it('is absent outside production', async () => {
    const r = await send({ method: 'GET', url: '/livez' });
    expect(r.res.headers['strict-transport-security']).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).server.hsts).toBe(false);
  });

  it('production: on every answer, at least a year, with includeSubDomains', async () => {
    const prod = await makeTestApp({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'LTAIfakeKeyId0001',
      ALIYUN_ACCESS_KEY_SECRET: 'fakeAccessKeySecret0123456789',
      ALIYUN_SMS_SIGN_NAME: '展览供应商平台',
      ALIYUN_SMS_TEMPLATE: 'SMS_100000001',
      ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9',
    });
    try {
      for (const [method, url] of [
        ['GET', '/livez'],
        ['GET', '/api/User/loginCheck'],
        ['POST', '/api/Nope/nothing'],
      ] as const) {
        const res = await prod.app.inject({ method, url });
        const hsts = String(res.headers['strict-transport-security']);
        expect(hsts).toMatch(/includeSubDomains/);
        expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      }
    } finally {
      await prod.close();
    }
  });
});

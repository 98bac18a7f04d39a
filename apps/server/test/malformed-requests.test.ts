import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestContext } from './helpers.ts';
import { cookieOf, operatorCookie } from './member-fixtures.ts';
import { type Member, memberClient } from './projectcenter-fixtures.ts';

/**
 * A request the server cannot take is the client's mistake: 4xx with the envelope, never 500
 * (docs/api.md "Request bodies"). Every registered route is tried, in development and production
 * configuration, by callers that pass every guard (a supplier or a customer, each also holding a
 * super operator's console session), so what answers is the request's shape.
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: 'id',
  ALIYUN_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '签名',
  ALIYUN_SMS_TEMPLATE: 'SMS_1',
};

/** Content-Encodings no decoder knows: refused before the route reads anything. */
const UNKNOWN_ENCODINGS = ['xyz', 'compress', 'gzip, gzip'];
/** Methods the app does not answer: QUERY (which Fastify would parse as having a body), WebDAV, PUT … */
const UNKNOWN_METHODS = ['QUERY', 'PROPFIND', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** The body type a route reads: the payment notification a form, the upload multipart, the rest JSON. */
function acceptsType(url: string, type: string): boolean {
  const form = url === '/api/Alipay/notify' || url.startsWith('/sandbox/');
  const multipart = url === '/api/File/upload';
  if (type.startsWith('application/x-www-form-urlencoded')) return form;
  if (type.startsWith('multipart/form-data')) return multipart;
  return !form && !multipart;
}

interface Target {
  method: string;
  url: string;
}

for (const [mode, env] of [
  ['development', {}],
  ['production', PRODUCTION],
] as const) {
  describe(`malformed requests (${mode})`, () => {
    let ctx: TestContext;
    const routes: RouteOptions[] = [];
    let supplier: Member;
    let customer: Member;
    beforeAll(async () => {
      ctx = await makeTestApp(env, { onRoute: (r) => routes.push(r) });
      supplier = await memberClient(ctx, { cardtype: 'workshop', personauth: 1, realname: '张三' });
      customer = await memberClient(ctx, { cardtype: 'customer' });
      for (const m of [supplier, customer]) {
        const [name, value] = (await operatorCookie(ctx, 'super')).split('=') as [string, string];
        m.c.cookies.set(name, { value, path: '/' });
      }
    });
    afterAll(() => ctx.close());

    /** Every method of every registered route, its parameters filled in. */
    function targets(): Target[] {
      const out: Target[] = [];
      for (const r of routes) {
        const url = r.url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
        for (const method of [r.method].flat()) out.push({ method, url });
      }
      return out;
    }

    const cookieFor = (url: string) => cookieOf(url.startsWith('/api/Customer/') ? customer.c : supplier.c);

    async function send(t: Target, headers: Record<string, string>, payload?: string) {
      const res = await ctx.app.inject({
        method: t.method as 'POST',
        url: t.url,
        headers: { cookie: cookieFor(t.url), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
      return { ...t, status: res.statusCode, body: res.body };
    }

    it('the app registers GET, HEAD and POST routes only (the method hook answers every other)', () => {
      expect(routes.length).toBeGreaterThan(50);
      expect(new Set(targets().map((t) => t.method))).toEqual(new Set(['GET', 'HEAD', 'POST']));
    });

    it('an unknown Content-Encoding → 415 on every route and method', async () => {
      const wrong = [];
      for (const t of targets()) {
        for (const encoding of UNKNOWN_ENCODINGS) {
          const r = await send(
            t,
            { 'content-encoding': encoding, 'content-type': 'application/json' },
            t.method === 'POST' ? '{}' : undefined,
          );
          if (r.status !== 415) wrong.push({ ...r, encoding });
          else if (t.method !== 'HEAD') {
            expect(JSON.parse(r.body)).toMatchObject({ success: false, errCode: 'UNSUPPORTED_MEDIA_TYPE' });
          }
        }
      }
      expect(wrong).toEqual([]);
    }, 120_000);

    // Only the POST routes: a GET or HEAD body is never read, so never decoded.
    it('a body that is not what its Content-Encoding says → 400 on every POST route (415 for a type it does not take)', async () => {
      const wrong = [];
      for (const t of targets().filter((x) => x.method === 'POST')) {
        for (const [encoding, type, body] of [
          ['gzip', 'application/json', '{"id":1}'],
          ['deflate', 'application/json', '{"id":1}'],
          ['br', 'application/json', 'not brotli at all'],
          ['gzip', 'application/x-www-form-urlencoded', 'a=1&b=2'],
          ['gzip', 'multipart/form-data; boundary=zl', '--zl\r\n\r\nx\r\n--zl--\r\n'],
        ] as const) {
          const r = await send(t, { 'content-encoding': encoding, 'content-type': type }, body);
          const ok = r.status === 400 || (r.status === 415 && !acceptsType(t.url, type));
          if (!ok) wrong.push({ ...r, encoding, type });
        }
      }
      expect(wrong).toEqual([]);
    }, 120_000);

    it('an unknown method (QUERY without a body type, PROPFIND, PUT …) → 405 with Allow on every route', async () => {
      const wrong = [];
      const paths = [...new Set(targets().map((t) => t.url))];
      for (const url of paths) {
        for (const method of UNKNOWN_METHODS) {
          const res = await ctx.app.inject({
            method: method as 'GET',
            url,
            headers: { cookie: cookieFor(url) },
          });
          const allow = String(res.headers.allow ?? '');
          if (res.statusCode !== 405 || !/^(GET|POST)(, (GET|POST))*$/.test(allow)) {
            wrong.push({ method, url, status: res.statusCode, allow });
          } else {
            expect(res.json()).toMatchObject({ success: false, errCode: 'METHOD_NOT_ALLOWED' });
          }
        }
        // with a body and a body type too
        const q = await ctx.app.inject({
          method: 'QUERY' as 'GET',
          url,
          headers: { cookie: cookieFor(url), 'content-type': 'application/json', 'content-encoding': 'xyz' },
          payload: '{}',
        });
        if (q.statusCode !== 405) wrong.push({ method: 'QUERY+body', url, status: q.statusCode });
      }
      expect(wrong).toEqual([]);
    }, 120_000);
  });
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberOf, supplierOf } from '../src/plugins/guards.ts';
import { adminClient } from './admin-helpers.ts';
import { Client, expectError, expectOk, makeTestApp, rows, setCookies, type TestContext } from './helpers.ts';
import { type LoggedIn, loggedIn } from './member-fixtures.ts';

/** The guard plugin itself (plugins/guards.ts); each call's own guard is tested with the call. */
let ctx: TestContext;
let supplier: LoggedIn;
let customer: LoggedIn;
let unguarded: unknown;
beforeAll(async () => {
  ctx = await makeTestApp(
    {},
    {
      beforeReady: (app) => {
        try {
          app.get('/api/Test/unguarded', async () => 'open');
        } catch (err) {
          unguarded = err;
        }
        app.post(
          '/api/Test/supplier',
          {
            config: { guard: 'supplier' },
            schema: { body: z.strictObject({ n: z.number({ error: '请输入数字' }) }) },
          },
          async (request) => ({ cardtype: supplierOf(request).cardtype, n: request.body.n }),
        );
        // A handler reading a caller its route's guard does not provide is a programming error.
        app.get('/api/Test/misuse', { config: { guard: 'public' } }, async (request) => memberOf(request));
      },
    },
  );
  [supplier, customer] = await Promise.all([loggedIn(ctx), loggedIn(ctx, { cardtype: 'customer' })]);
});
afterAll(() => ctx.close());

describe('guards', () => {
  it('an /api route that declares no guard stops the server at startup', () => {
    expect(String(unguarded)).toMatch(/GET \/api\/Test\/unguarded declares no guard/);
  });

  it('supplier: 401 logged out, 403 for a customer, both before the body; then 400; then the handler', async () => {
    const bad = { n: 'x' };
    expectError(await new Client(ctx.app).post('Test/supplier', bad), 'NOT_LOGGED_IN');
    expectError(await customer.c.post('Test/supplier', bad), 'FORBIDDEN');
    expectError(await supplier.c.post('Test/supplier', bad), 'VALIDATION_FAILED');
    const ok = await supplier.c.post('Test/supplier', { n: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ cardtype: 'workshop', n: 1 });
  });

  it("withdrawals and their pay password are the supplier's: a customer is refused (docs/withdrawals.md)", async () => {
    const pay = {
      password: 'Abc12345',
      paycode: '135790',
      repaycode: '135790',
      payoutType: 'alipay',
      payoutName: '张三',
      payoutAccount: '13800000001',
      payoutBank: '',
    };
    expectError(await customer.c.post('Member/setPayment', pay), 'FORBIDDEN');
    expectError(await customer.c.post('Applycash/postNew', { amount: 1000, paypwd: '135790' }), 'FORBIDDEN');
    expectError(await customer.c.post('Applycash/list', {}), 'FORBIDDEN');
    const [m] = await rows<{ h: string | null }>(
      ctx,
      sql`select paycode_hash as h from members where id = ${customer.id}`,
    );
    expect(m!.h).toBeNull();
    // a supplier passes the guard (and meets the withdrawal's own rules)
    const own = await supplier.c.post('Applycash/postNew', { amount: 1000, paypwd: '135790' });
    expect(own.body.errCode).not.toBe('FORBIDDEN');
  });

  it('an accessor the route does not provide is a 500, never a silent pass', async () => {
    const r = await supplier.c.get('Test/misuse');
    expectError(r, 'INTERNAL');
  });

  it('admin: checked before the body is parsed (a broken body from a stranger is 401, not 400)', async () => {
    const stranger = new Client(ctx.app);
    const r = await stranger.post('Admin/memberList', '{not json');
    expectError(r, 'ADMIN_NOT_LOGGED_IN');
    const { c } = await adminClient(ctx, 'finance');
    expectError(await c.post('Admin/authQueue', '{not json'), 'FORBIDDEN');
  });

  it('20 requests at once through the hooks: each its own caller, refusal or error, none mixed up', async () => {
    // the session, operator-session and origin hooks and the guard are callbacks (docs/marketplace.md
    // § Benchmark, "Per request"): requests in flight together must not see each other's caller
    const stranger = new Client(ctx.app);
    const { c: op } = await adminClient(ctx, 'finance');
    const calls = Array.from({ length: 20 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return supplier.c.post('Test/supplier', { n: i }).then((r) => ['ok', r.body] as const);
        case 1:
          return customer.c.post('Test/supplier', { n: i }).then((r) => ['403', r.body] as const);
        case 2:
          return stranger.post('Test/supplier', { n: i }).then((r) => ['401', r.body] as const);
        case 3:
          return supplier.c
            .post('Test/supplier', { n: i }, { origin: 'https://evil.example' })
            .then((r) => ['cross', r.body] as const);
        default:
          return op.post('Admin/authQueue', '{not json').then((r) => ['admin', r.body] as const);
      }
    });
    const answers = await Promise.all(calls);
    answers.forEach(([kind, body], i) => {
      const b = body as { errCode?: string; cardtype?: string; n?: number };
      if (kind === 'ok') expect(b).toEqual({ cardtype: 'workshop', n: i });
      if (kind === '403') expect(b.errCode).toBe('FORBIDDEN');
      if (kind === '401') expect(b.errCode).toBe('NOT_LOGGED_IN');
      if (kind === 'cross') expect(b.errCode).toBe('CROSS_SITE_REFUSED');
      if (kind === 'admin') expect(b.errCode).toBe('FORBIDDEN');
    });
  });

  it('Admin/me drops a dead console cookie while refusing it', async () => {
    const c = new Client(ctx.app);
    c.cookies.set('zl_admin', { value: 'A'.repeat(43), path: '/' });
    const r = await c.get('Admin/me');
    expectError(r, 'ADMIN_NOT_LOGGED_IN');
    expect(setCookies(r.res).get('zl_admin')).toMatch(/^zl_admin=;/);
    // A live one is answered and kept.
    const { c: op } = await adminClient(ctx, 'reviewer');
    const me = await op.get('Admin/me');
    expectOk(me);
    expect(setCookies(me.res).has('zl_admin')).toBe(false);
  });
});

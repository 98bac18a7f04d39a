import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  loggerOptions,
  prettyMessage,
  prettyStream,
  requestChildLogger,
  requestLevel,
  serializeError,
  wantsPrettyLogs,
} from '../src/lib/logging.ts';
import { Client, expectError, makeTestApp, PASSWORD, type TestContext } from './helpers.ts';
import { creditCode, loggedIn, tempUploadDir, uploadId } from './member-fixtures.ts';

/**
 * Issue 8 item 2: a failed query never writes its parameters (or any secret) to the log, on PGlite
 * and on the PostgreSQL server alike (DATABASE_URL). The app logs into a stream read here.
 */

let out = '';
const stream = new Writable({
  write(chunk, _enc, done) {
    out += String(chunk);
    done();
  },
});

const SECRET = 'Zl-Secret-7319';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await makeTestApp(
    // debug: the one line of a request that ended well is written at debug (lib/logging.ts requestLevel)
    { LOG_LEVEL: 'debug', UPLOAD_DIR: tempUploadDir() },
    {
      logStream: stream,
      beforeReady: (app) => {
        // A query whose parameter lands in PostgreSQL's own message (invalid input syntax: "…").
        app.post('/api/Test/castSecret', { config: { guard: 'public' } }, async () => {
          await ctx.database.db.execute(sql`select ${SECRET}::int as n`);
          return null;
        });
        // A unique violation: PostgreSQL's `detail` names the duplicated value.
        app.post('/api/Test/duplicate', { config: { guard: 'public' } }, async () => {
          await ctx.database.db.execute(
            sql`create temporary table if not exists zl_dup (v text primary key) on commit preserve rows`,
          );
          await ctx.database.db.execute(
            sql`insert into zl_dup (v) values (${SECRET}) on conflict do nothing`,
          );
          await ctx.database.db.execute(sql`insert into zl_dup (v) values (${SECRET})`);
          return null;
        });
      },
    },
  );
  // Real calls made to fail inside the database after their parameters were bound.
  for (const statement of [
    `create function zl_test_fail() returns trigger language plpgsql as $$
     begin raise exception 'forced failure for a logging test'; end $$`,
    `create trigger zl_test_fail_members before update on members for each row
     when (new.payout_account is distinct from old.payout_account) execute function zl_test_fail()`,
    `create trigger zl_test_fail_business before insert on business_auths for each row
     execute function zl_test_fail()`,
  ])
    await ctx.database.db.execute(sql.raw(statement));
});
afterAll(() => ctx.close());
beforeEach(() => {
  out = '';
});

function logLines(): Array<Record<string, unknown>> {
  return out
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function expectAbsent(values: string[]): void {
  for (const v of values) expect(out).not.toContain(v);
}

describe('a failed query in the log', () => {
  it('a parameter PostgreSQL quotes in its message is not logged; the SQLSTATE is', async () => {
    const r = await new Client(ctx.app).post('Test/castSecret', {});
    expectError(r, 'INTERNAL');
    const errors = logLines().filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('22P02');
    expectAbsent([SECRET, 'select $1', '::int']);
  });

  it("a unique violation's detail (the duplicated value) is not logged", async () => {
    expectError(await new Client(ctx.app).post('Test/duplicate', {}), 'INTERNAL');
    expect(out).toContain('23505');
    expectAbsent([SECRET, 'already exists', 'Key (v)']);
  });

  it('Member/setPayment failing in the database logs no hash, name, account or password', async () => {
    const m = await loggedIn(ctx);
    // the payee must be the verified name (docs/withdrawals.md "The payee")
    await ctx.database.db.execute(
      sql`update members set personauth = 1, realname = '欧阳秘密' where id = ${m.id}`,
    );
    out = '';
    const body = {
      password: PASSWORD,
      paycode: '258013',
      repaycode: '258013',
      payoutType: 'bank',
      payoutName: '欧阳秘密',
      payoutAccount: '6222020200112233445',
      payoutBank: '中国工商银行',
    };
    const r = await m.c.post('Member/setPayment', body);
    expectError(r, 'INTERNAL');
    expect(out).toContain('P0001'); // the failure itself is in the log
    expectAbsent([body.payoutName, body.payoutAccount, body.paycode, PASSWORD, '$argon2', m.cardno]);
  });

  it('Member/businesAuth failing in the database logs no name, mobile, ID or bank number', async () => {
    const m = await loggedIn(ctx);
    const form = {
      name: '司马保密',
      mobile: '13712349876',
      tlphone: '0571-88886666',
      cardfrt: await uploadId(ctx, m.c, 'idcard'),
      cardrvs: await uploadId(ctx, m.c, 'idcard'),
      bstype: '有限责任公司',
      btitle: '杭州保密展览工程有限公司',
      bcerts: await uploadId(ctx, m.c, 'license'),
      bprov: '浙江省',
      bcity: '杭州市',
      taxorder: creditCode(4242),
      bkname: '中国工商银行杭州分行',
      bkorder: '1202020209000099887',
    };
    out = '';
    expectError(await m.c.post('Member/businesAuth', form), 'INTERNAL');
    expect(out).toContain('P0001');
    expectAbsent([form.name, form.mobile, form.taxorder, form.bkorder, form.btitle, m.cardno]);
  });
});

describe('requests in the log', () => {
  it('carry the path without its query string, and no cookie', async () => {
    const c = new Client(ctx.app);
    const mobile = '13598761234';
    await c.get('Dev/smsOutbox', { mobile });
    await ctx.app.inject({
      method: 'GET',
      url: `/api/User/loginCheck?token=${SECRET}`,
      headers: { cookie: `zl_sid=${SECRET}` },
    });
    const urls = logLines()
      .map((l) => (l.req as { url?: string } | undefined)?.url)
      .filter(Boolean);
    expect(urls).toEqual(expect.arrayContaining(['/api/Dev/smsOutbox', '/api/User/loginCheck']));
    expect(urls.every((u) => !u!.includes('?'))).toBe(true);
    expectAbsent([mobile, SECRET]);
  });

  it('one line per request, carrying its request id (the incoming one as sent), status and time', async () => {
    const id = 'trace-1234.abc_DEF';
    const before = logLines().length;
    await ctx.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': id } });
    await ctx.app.inject({ method: 'GET', url: '/livez' });
    const lines = logLines()
      .slice(before)
      .filter((l) => (l.req as { url?: string } | undefined)?.url === '/livez');
    expect(lines.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    expect(lines[0]!.reqId).toBe(id);
    expect(lines[1]!.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(lines.map((l) => [(l.res as { statusCode: number }).statusCode, typeof l.responseTime])).toEqual([
      [200, 'number'],
      [200, 'number'],
    ]);
    // the incoming line only at trace
    expect(logLines().some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it("names the route's pattern, never the ids or the query string of the path", async () => {
    const before = logLines().length;
    await ctx.app.inject({ method: 'GET', url: `/files/98765?token=${SECRET}&mobile=13598761234` });
    await ctx.app.inject({ method: 'GET', url: `/no-such-page/x?code=${SECRET}` });
    const lines = logLines().slice(before);
    expect(lines.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    expect(lines.map((l) => (l.req as { method: string; url: string }).method)).toEqual(['GET', 'GET']);
    expect(lines[0]!.route).toBe('/files/:id');
    expect((lines[0]!.req as { url: string }).url).toBe('/files/98765');
    // a path no route of its own has: the catch-all page's pattern, or none
    expect([undefined, '/*']).toContain(lines[1]!.route);
    expect(JSON.stringify(lines)).not.toContain('?');
    expectAbsent([SECRET, '13598761234']);
  });

  it('by level: a 2xx at debug, a refusal at info, a server error at warn', () => {
    expect([200, 302, 400, 404, 429, 500, 503].map(requestLevel)).toEqual([
      'debug',
      'debug',
      'info',
      'info',
      'info',
      'warn',
      'warn',
    ]);
  });

  it('readable lines only for a person at a terminal outside production; redaction runs first', () => {
    expect(wantsPrettyLogs(false, { isTTY: true })).toBe(true);
    expect(wantsPrettyLogs(false, { isTTY: false })).toBe(false);
    expect(wantsPrettyLogs(false, {})).toBe(false);
    expect(wantsPrettyLogs(true, { isTTY: true })).toBe(false);
    // `npm run dev`: concurrently pipes the server's output and sets FORCE_COLOR when it owns a terminal
    expect(wantsPrettyLogs(false, { isTTY: false }, '1')).toBe(true);
    expect(wantsPrettyLogs(false, { isTTY: false }, '0')).toBe(false);
    expect(wantsPrettyLogs(false, { isTTY: false }, '')).toBe(false);
    expect(wantsPrettyLogs(true, { isTTY: false }, '3')).toBe(false);
    let text = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        text += String(chunk);
        done();
      },
    });
    const log = pino(loggerOptions('info') as pino.LoggerOptions, prettyStream(sink));
    log.info({ mobile: '13598761234', detail: { password: SECRET } }, '展览供应商接单平台已启动');
    expect(text).toContain('展览供应商接单平台已启动');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain('13598761234');
    expect(text).not.toContain(SECRET);
    expect(text.trim().split('\n')).toHaveLength(1);
  });

  it("a request's readable line: method, route pattern, status and time, on one line", () => {
    let text = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        text += String(chunk);
        done();
      },
    });
    const log = pino(loggerOptions('info') as pino.LoggerOptions, prettyStream(sink));
    log.info(
      {
        req: { method: 'GET', url: '/files/98765' },
        route: '/files/:id',
        res: { statusCode: 404 },
        responseTime: 3,
      },
      'request completed',
    );
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).toContain('GET /files/:id 404 3ms');
    expect(text).not.toContain('98765');
    expect(prettyMessage({ msg: '已启动' }, 'msg')).toBe('已启动');
    expect(
      prettyMessage(
        { msg: 'request completed', req: { method: 'POST', url: '/x' }, res: { statusCode: 200 } },
        'msg',
      ),
    ).toBe('POST /x 200');
  });
});

describe("the request's child logger (requestChildLogger)", () => {
  /** The lines a logger of loggerOptions writes, without their time. */
  function linesOf(write: (log: pino.Logger) => void): string[] {
    let text = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        text += String(chunk);
        done();
      },
    });
    const options = loggerOptions('info') as pino.LoggerOptions;
    write(pino(options, sink));
    return text
      .split('\n')
      .filter(Boolean)
      .map((l) => l.replace(/"time":\d+,/, ''));
  }
  const ids = ['0b6f2c1e-8f0a-4c1b-9d7e-2a4b6c8d0e1f', 'trace-1234.abc_DEF', 'a'.repeat(64)];

  it("writes pino's own child's lines, secrets redacted as before", () => {
    for (const reqId of ids) {
      const write = (child: pino.Logger) => {
        child.info('plain');
        child.warn({ password: SECRET, nested: { token: SECRET }, n: 1 }, 'with fields');
        child.child({ step: 2 }).error({ mobile: SECRET }, 'grandchild');
      };
      const ours = linesOf((log) => write(requestChildLogger(log, { reqId }, {}) as pino.Logger));
      const pinos = linesOf((log) => write(log.child({ reqId }, {})));
      expect(ours).toEqual(pinos);
      expect(ours).toHaveLength(3);
      expect(ours.join('\n')).not.toContain(SECRET);
      expect(JSON.parse(ours[0]!).reqId).toBe(reqId);
    }
  });

  it("leaves other bindings and child options to pino's child", () => {
    const withLevel = linesOf((log) => {
      const child = requestChildLogger(log, { reqId: ids[0] }, { level: 'error' }) as pino.Logger;
      child.warn('not written');
      child.error('written');
    });
    expect(withLevel.map((l) => JSON.parse(l).msg)).toEqual(['written']);
    const more = linesOf((log) =>
      (requestChildLogger(log, { reqId: ids[0], other: { password: SECRET } }, {}) as pino.Logger).info('x'),
    );
    expect(more.join()).not.toContain(SECRET);
    expect(JSON.parse(more[0]!).other).toEqual({ password: '[redacted]' });
  });
});

describe('serializeError', () => {
  it('keeps type, message, code and frames; drops every other field of a driver error', () => {
    const cause = Object.assign(new Error(`invalid input syntax for type integer: "${SECRET}"`), {
      code: '22P02',
      severity: 'ERROR',
      detail: SECRET,
      where: `unnamed portal parameter $1 = '${SECRET}'`,
      hint: SECRET,
      internalQuery: SECRET,
      query: `select '${SECRET}'`,
      params: [SECRET],
      table: 'members',
    });
    const wrapped = Object.assign(new Error(`Failed query: select $1\nparams: ${SECRET}`), {
      query: 'select $1',
      params: [SECRET],
      cause,
    });
    const s = serializeError(wrapped) as Record<string, unknown>;
    const text = JSON.stringify(s);
    expect(text).not.toContain(SECRET);
    expect(s.message).toBe('Failed query');
    expect(s.stack).toMatch(/\n\s+at /);
    expect(s.cause).toMatchObject({ code: '22P02', table: 'members', severity: 'ERROR' });
  });
});

import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as crypto from '../src/lib/crypto.ts';
import { ADMIN_PASSWORD, makeAdmin } from './admin-helpers.ts';
import {
  ageCodes,
  Client,
  expectError,
  expectOk,
  latestCode,
  login,
  makeTestApp,
  newIp,
  newMobile,
  PASSWORD,
  register,
  rows,
  type TestContext,
} from './helpers.ts';
import { loggedIn } from './member-fixtures.ts';

/**
 * Parallel guesses against every password-like check (docs/members.md, "Login limits"): a try is
 * reserved before the hash is verified, so a burst gets no more checks than the rules allow. The
 * hash and code comparisons are counted by wrapping the real functions.
 */
vi.mock('../src/lib/crypto.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/crypto.ts')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword), safeEqualHex: vi.fn(real.safeEqualHex) };
});
const verifyPassword = vi.mocked(crypto.verifyPassword);
const safeEqualHex = vi.mocked(crypto.safeEqualHex);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => {
  verifyPassword.mockClear();
  safeEqualHex.mockClear();
});

/** How many argon2 verifications ran against this stored hash. */
const checksOf = (hash: string) => verifyPassword.mock.calls.filter(([h]) => h === hash).length;

async function memberRow(mobile: string) {
  const [m] = await rows<{ id: number; password_hash: string; locked: boolean }>(
    ctx,
    sql`select id, password_hash, coalesce(locked_until > now(), false) as locked
        from members where mobile = ${mobile}`,
  );
  return m!;
}

async function adminRow(id: number) {
  const [a] = await rows<{ password_hash: string; locked: boolean }>(
    ctx,
    sql`select password_hash, coalesce(locked_until > now(), false) as locked from admins where id = ${id}`,
  );
  return a!;
}

/** 19 wrong guesses and the right one (last), all sent at once, each from its own address. */
function burst<T>(send: (guess: string, i: number) => Promise<T>, right: string): Promise<T[]> {
  const guesses = [...Array.from({ length: 19 }, (_, i) => `wrong${1000 + i}`), right];
  return Promise.all(guesses.map((g, i) => send(g, i)));
}

interface Answer {
  body: { success: boolean; errCode: string };
  res: { headers: Record<string, unknown> };
}

/**
 * What a burst of 19 wrong guesses and the right one (last) may end in, with `left` tries left
 * before it. Normally the right one comes too late: only `left` guesses are checked, the row locks
 * and the right one is refused. If the right one was among the first checked (the order of
 * parallel requests is not fixed), it logs in and starts the count over; the guesses still
 * waiting then get at most one more round of 5 before the row locks again.
 */
function expectBurst(
  rs: Answer[],
  checks: number,
  left: number,
  lockedNow: boolean,
  lockedCode = 'ACCOUNT_LOCKED',
) {
  const right = rs[rs.length - 1]!;
  const oks = rs.filter((r) => r.body.success).length;
  expect(oks).toBeLessThanOrEqual(1);
  if (!right.body.success) {
    expect(right.body.errCode).toBe(lockedCode);
    expect(right.res.headers['set-cookie']).toBeUndefined();
    expect(checks).toBeLessThanOrEqual(left);
    expect(lockedNow).toBe(true);
  } else {
    expect(checks).toBeLessThanOrEqual(left + 5);
  }
  for (const r of rs.slice(0, -1)) expect(r.body.success).toBe(false);
}

describe('parallel guesses cannot pass the lockout', () => {
  it('User/login: 20 at once → at most 5 checked; the right one is refused once locked', async () => {
    const { mobile } = await register(new Client(ctx.app));
    const { password_hash: hash } = await memberRow(mobile);
    const rs = await burst((pw) => login(new Client(ctx.app), mobile, pw), PASSWORD);
    const { locked } = await memberRow(mobile);
    expectBurst(rs, checksOf(hash), 5, locked);
    if (locked) expectError(await login(new Client(ctx.app), mobile), 'ACCOUNT_LOCKED');
  });

  it('User/login: with one try left, 20 at once → exactly one checked', async () => {
    const { mobile } = await register(new Client(ctx.app));
    for (let i = 0; i < 4; i++)
      expectError(await login(new Client(ctx.app), mobile, 'wrong1234'), 'LOGIN_FAILED');
    const { password_hash: hash } = await memberRow(mobile);
    verifyPassword.mockClear();
    const rs = await burst((pw) => login(new Client(ctx.app), mobile, pw), PASSWORD);
    expectBurst(rs, checksOf(hash), 1, (await memberRow(mobile)).locked);
  });

  it('User/login: the right password from several tabs at once logs in every time', async () => {
    const { mobile } = await register(new Client(ctx.app));
    const rs = await Promise.all(Array.from({ length: 8 }, () => login(new Client(ctx.app), mobile)));
    for (const r of rs) expectOk(r);
    const [m] = await rows<{ failed_logins: number }>(
      ctx,
      sql`select failed_logins from members where mobile = ${mobile}`,
    );
    expect(m!.failed_logins).toBe(0);
  });

  it('tries left unanswered by a process that died count as failures, then start over like a lock', async () => {
    const { mobile } = await register(new Client(ctx.app));
    const orphans = (ago: string) =>
      ctx.database.db.execute(
        sql`update members set failed_logins = 5, locked_until = null,
            tries_at = now() - ${ago}::interval where mobile = ${mobile}`,
      );
    await orphans('0 seconds'); // still being checked: a new try waits for their verdicts
    const exec = vi.spyOn(ctx.database.db, 'execute');
    const dialect = new PgDialect();
    // the waiting try's look at the row (is it locked, are the tries on record stale?)
    const looks = () =>
      exec.mock.calls.filter(([q]) => dialect.sqlToQuery(q as SQL).sql.includes(' as stale')).length;
    try {
      const waiting = login(new Client(ctx.app), mobile);
      await vi.waitFor(() => expect(looks()).toBeGreaterThanOrEqual(2));
      // the verdicts come: a right password started the count over, so the waiting try is checked
      await ctx.database.db.execute(
        sql`update members set failed_logins = 0, tries_at = null where mobile = ${mobile}`,
      );
      expectOk(await waiting);
    } finally {
      exec.mockRestore();
    }
    await orphans('0 seconds'); // no verdict comes: the try gives up, unchecked
    verifyPassword.mockClear();
    expectError(await login(new Client(ctx.app), mobile), 'RATE_LIMITED');
    expect(verifyPassword).not.toHaveBeenCalled();
    await orphans('2 minutes'); // nobody is checking them any more: locked
    expectError(await login(new Client(ctx.app), mobile), 'ACCOUNT_LOCKED');
    await orphans('16 minutes'); // as long ago as a lock lasts: the count starts over
    expectOk(await login(new Client(ctx.app), mobile));
    const [m] = await rows<{ failed_logins: number }>(
      ctx,
      sql`select failed_logins from members where mobile = ${mobile}`,
    );
    expect(m!.failed_logins).toBe(0);
  });

  it('a verdict landing between a waiting try’s attempt and its look at the row: the try is checked, not refused as locked', async () => {
    const { mobile } = await register(new Client(ctx.app));
    await ctx.database.db.execute(
      sql`update members set failed_logins = 5, locked_until = null, tries_at = now() where mobile = ${mobile}`,
    );
    const db = ctx.database.db;
    const real = db.execute.bind(db);
    const dialect = new PgDialect();
    let landed = false;
    const exec = vi.spyOn(db, 'execute').mockImplementation(((q: SQL) => {
      // the right password of the tries being checked starts the count over, just before the look
      if (!landed && dialect.sqlToQuery(q).sql.includes(' as stale')) {
        landed = true;
        return real(sql`update members set failed_logins = 0, tries_at = null where mobile = ${mobile}`).then(
          () => real(q),
        );
      }
      return real(q);
    }) as typeof db.execute);
    try {
      expectOk(await login(new Client(ctx.app), mobile));
    } finally {
      exec.mockRestore();
    }
    expect(landed).toBe(true);
  });

  it('an unknown mobile: 20 at once → at most 5 checked, all refused', async () => {
    const mobile = newMobile();
    const dummy = await crypto.dummyPasswordHash();
    verifyPassword.mockClear();
    const rs = await burst((pw) => login(new Client(ctx.app), mobile, pw), PASSWORD);
    expect(checksOf(dummy)).toBeLessThanOrEqual(5);
    expect(rs.filter((r) => r.body.errCode === 'LOGIN_FAILED').length).toBe(4);
    expect(rs.filter((r) => r.body.errCode === 'ACCOUNT_LOCKED').length).toBe(16);
  });

  it('Admin/login: 20 at once → at most 5 checked; a lucky guess neither logs in on a lock nor lifts it', async () => {
    const a = await makeAdmin(ctx, 'super');
    const { password_hash: hash } = await adminRow(a.id);
    const rs = await burst(
      (pw) => new Client(ctx.app).post('Admin/login', { username: a.username, password: pw }),
      ADMIN_PASSWORD,
    );
    const { locked } = await adminRow(a.id);
    expectBurst(rs, checksOf(hash), 5, locked);
    if (locked) {
      expectError(
        await new Client(ctx.app).post('Admin/login', { username: a.username, password: ADMIN_PASSWORD }),
        'ACCOUNT_LOCKED',
      );
    }
  });

  it('Admin/login: with one try left, 20 at once → exactly one checked; the lock stays', async () => {
    const a = await makeAdmin(ctx, 'super');
    for (let i = 0; i < 4; i++) {
      expectError(
        await new Client(ctx.app).post('Admin/login', { username: a.username, password: 'wrong1234' }),
        'ADMIN_LOGIN_FAILED',
      );
    }
    const { password_hash: hash } = await adminRow(a.id);
    verifyPassword.mockClear();
    const rs = await burst(
      (pw) => new Client(ctx.app).post('Admin/login', { username: a.username, password: pw }),
      ADMIN_PASSWORD,
    );
    expectBurst(rs, checksOf(hash), 1, (await adminRow(a.id)).locked);
  });

  it('User/checkCode: 20 codes at once → at most 5 compared', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    await ageCodes(ctx, mobile, 61);
    expectOk(await c.post('User/getCode', { mobile, type: 'reset' }));
    const code = await latestCode(c, mobile);
    const [row] = await rows<{ code_hash: string }>(
      ctx,
      sql`select code_hash from sms_codes where mobile = ${mobile} and purpose = 'reset'`,
    );
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const rs = await Promise.all(
      [...Array.from({ length: 19 }, (_, i) => wrong(i)), code].map((x) =>
        new Client(ctx.app).post('User/checkCode', { mobile, code: x }),
      ),
    );
    expect(safeEqualHex.mock.calls.filter(([h]) => h === row!.code_hash).length).toBeLessThanOrEqual(5);
    expect(rs.filter((r) => r.body.success).length).toBeLessThanOrEqual(1);
  });

  it.each([
    ['Member/setPayment', 'password'],
    ['Member/changePwd', 'oldPassword'],
  ] as const)('%s: 20 password confirmations at once → at most 5 checked', async (call, field) => {
    const a = await loggedIn(ctx);
    // the payee must be the verified name (docs/withdrawals.md "The payee")
    await ctx.database.db.execute(
      sql`update members set personauth = 1, realname = '张三' where id = ${a.id}`,
    );
    const { password_hash: hash } = await memberRow(a.mobile);
    verifyPassword.mockClear();
    const body = (pw: string) =>
      call === 'Member/setPayment'
        ? {
            password: pw,
            paycode: '583920',
            repaycode: '583920',
            payoutType: 'alipay',
            payoutName: '张三',
            payoutAccount: '13912345678',
          }
        : { oldPassword: pw, password: 'newpass123' };
    const rs = await burst((pw) => a.c.post(call, body(pw)), PASSWORD);
    expectBurst(rs, checksOf(hash), 5, (await memberRow(a.mobile)).locked);
    for (const r of rs) {
      if (!r.body.success) expect(['PASSWORD_WRONG', 'ACCOUNT_LOCKED']).toContain(r.body.errCode);
      if (r.body.errCode === 'PASSWORD_WRONG') expect(r.body.data).toHaveProperty(['fields', field]);
    }
  });
});

describe('per-address limits hold under parallel requests', () => {
  let saved: number;
  beforeAll(() => {
    saved = ctx.config.sessions.loginIpFailureLimit;
    ctx.config.sessions.loginIpFailureLimit = 30;
  });
  afterAll(() => {
    ctx.config.sessions.loginIpFailureLimit = saved;
  });

  it('two bursts of 20 failures from one address → at most 30 checked', async () => {
    const ip = newIp();
    const dummy = await crypto.dummyPasswordHash();
    verifyPassword.mockClear();
    const send = () => {
      const c = new Client(ctx.app, ip);
      return login(c, newMobile(), 'wrong1234');
    };
    const rs = [
      ...(await Promise.all(Array.from({ length: 20 }, send))),
      ...(await Promise.all(Array.from({ length: 20 }, send))),
    ];
    expect(checksOf(dummy)).toBe(30);
    expect(rs.filter((r) => r.body.errCode === 'RATE_LIMITED').length).toBe(10);
  });
});

describe('the SMS per-address cap holds under parallel requests', () => {
  it('25 codes for 25 mobiles from one address at once → at most 20 sent', async () => {
    const ip = newIp();
    const rs = await Promise.all(
      Array.from({ length: 25 }, () =>
        new Client(ctx.app, ip).post('User/getCode', { mobile: newMobile(), type: 'regist' }),
      ),
    );
    expect(rs.filter((r) => r.body.success).length).toBe(20);
    for (const r of rs.filter((x) => !x.body.success)) expectError(r, 'RATE_LIMITED');
  });
});

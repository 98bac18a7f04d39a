import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCreateAdmin } from '../src/cli/create-admin.ts';
import { openDatabase } from '../src/db/client.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { insertAudit } from '../src/modules/audit/audit.repo.ts';
import { addressKey, pairKey } from '../src/modules/user/login-limits.ts';
import { ADMIN_PASSWORD, adminClient, approvedAuth, makeAdmin, makeMember } from './admin-helpers.ts';
import {
  Client,
  count,
  expectError,
  expectFields,
  expectOk,
  login,
  makeTestApp,
  register,
  rows,
  setCookies,
  type TestContext,
} from './helpers.ts';
import { makeProject } from './project-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.close());

/** The named statements a PGlite protocol message binds (messages: type byte, length, body). */
function boundNames(message: Uint8Array): string[] {
  const names: string[] = [];
  for (let at = 0; at < message.length; ) {
    const length = new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0);
    if (message[at] === 'B'.charCodeAt(0)) {
      // Bind: the portal's name, then the statement's
      const portalEnd = message.indexOf(0, at + 5);
      const name = new TextDecoder().decode(
        message.subarray(portalEnd + 1, message.indexOf(0, portalEnd + 1)),
      );
      if (name) names.push(name); // '': an unnamed statement (Drizzle's queries)
    }
    at += 1 + length;
  }
  return names;
}

/**
 * The named statements (db/named-statement.ts) run from now on, by name: on PGlite the Bind
 * messages sent to it, on the PostgreSQL server the named queries given to the pool.
 */
function namedRuns(): { names: () => string[]; restore: () => void } {
  const { pool, db } = ctx.database;
  if (pool) {
    const names: string[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const spy = vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
      const first = args[0] as { name?: string } | undefined;
      if (typeof first === 'object' && first?.name) names.push(first.name);
      return query(...args);
    }) as never);
    return { names: () => names, restore: () => spy.mockRestore() };
  }
  const spy = vi.spyOn((db as unknown as { $client: PGlite }).$client, 'execProtocolStream');
  return {
    names: () => spy.mock.calls.flatMap(([message]) => boundNames(message)),
    restore: () => spy.mockRestore(),
  };
}

const loginAs = (c: Client, username: string, password = ADMIN_PASSWORD) =>
  c.post<{ username: string; role: string }>('Admin/login', { username, password });

describe('Admin/login', () => {
  it('sets a 256-bit httpOnly SameSite=Strict session cookie; only its sha256 is stored', async () => {
    const a = await makeAdmin(ctx, 'reviewer');
    const c = new Client(ctx.app);
    const r = await loginAs(c, a.username);
    expectOk(r);
    expect(r.body.data).toEqual({ username: a.username, displayName: a.username, role: 'reviewer' });
    const cookie = setCookies(r.res).get('zl_admin')!;
    expect(cookie).toMatch(/^zl_admin=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Max-Age|Expires|Secure/i);
    const token = c.cookies.get('zl_admin')!.value;
    const [s] = await rows<{ id_hash: string; hours: number }>(
      ctx,
      sql`select id_hash, extract(epoch from expires_at - now()) / 3600 as hours from admin_sessions
          where admin_id = ${a.id}`,
    );
    expect(s!.id_hash).toBe(sha256(token));
    expect(Number(s!.hours)).toBeGreaterThan(11.9);
    expect(Number(s!.hours)).toBeLessThanOrEqual(12);
    const me = await c.get('Admin/me');
    expectOk(me);
    expect(me.body.data).toEqual({ username: a.username, displayName: a.username, role: 'reviewer' });
  });

  it('a login is two named statements besides the hash: places, try, session and audit as before', async () => {
    // docs/members.md § Login limits, "What a login writes" (modules/admin/admin-login.repo.ts)
    const a = await makeAdmin(ctx, 'finance');
    const c = new Client(ctx.app);
    const ran = namedRuns();
    expectError(await loginAs(c, a.username, 'wrong1234'), 'ADMIN_LOGIN_FAILED');
    const r = await loginAs(c, a.username);
    expectOk(r);
    expect(ran.names()).toEqual([
      'zl_admin_login_reserve',
      'zl_admin_login_reserve',
      'zl_admin_login_complete',
    ]);
    ran.restore();
    const [row] = await rows<{ failed_logins: number; tries: boolean; sessions: number; audits: string[] }>(
      ctx,
      sql`select failed_logins, tries_at is not null as tries,
            (select count(*)::int from admin_sessions where admin_id = ${a.id}) as sessions,
            (select array_agg(detail->>'ip' order by id) from audit_log
              where action = 'admin.login' and actor_type = 'admin' and actor_id = ${a.id}
                and target_type = 'admin' and target_id = ${String(a.id)}) as audits
          from admins where id = ${a.id}`,
    );
    expect(row).toEqual({ failed_logins: 0, tries: true, sessions: 1, audits: [expect.any(String)] });
    // the wrong password's places stay counted, the right one's went back
    const [counters] = await rows<{ address: number; pair: number }>(
      ctx,
      sql`select (select count from rate_counters where key = ${addressKey('adminloginfail', row!.audits[0]!)}) as address,
            (select count from rate_counters where key = ${pairKey('adminloginfail', row!.audits[0]!, a.username)}) as pair`,
    );
    expect(counters).toEqual({ address: expect.any(Number), pair: 1 });
  });

  it('Secure cookie when configured', async () => {
    const secure = await makeTestApp({ COOKIE_SECURE: 'true' });
    try {
      const a = await makeAdmin(secure, 'super');
      const r = await loginAs(new Client(secure.app), a.username);
      expect(setCookies(r.res).get('zl_admin')).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('regenerates the session on login (the old token dies)', async () => {
    const a = await makeAdmin(ctx, 'reviewer');
    const c = new Client(ctx.app);
    await loginAs(c, a.username);
    const first = c.cookies.get('zl_admin')!.value;
    await loginAs(c, a.username);
    const second = c.cookies.get('zl_admin')!.value;
    expect(second).not.toBe(first);
    expect(await count(ctx, 'admin_sessions', sql`id_hash = ${sha256(first)}`)).toBe(0);
    const old = new Client(ctx.app);
    old.cookies.set('zl_admin', { value: first, path: '/' });
    expectError(await old.get('Admin/me'), 'ADMIN_NOT_LOGGED_IN');
  });

  it('wrong password and unknown username answer the same ADMIN_LOGIN_FAILED', async () => {
    const a = await makeAdmin(ctx, 'reviewer');
    const wrong = await loginAs(new Client(ctx.app), a.username, 'nope12345');
    const unknown = await loginAs(new Client(ctx.app), 'nobody_here');
    expectError(wrong, 'ADMIN_LOGIN_FAILED');
    expectError(unknown, 'ADMIN_LOGIN_FAILED');
    expect(wrong.body.errMsg).toBe(unknown.body.errMsg);
    expect(setCookies(wrong.res).has('zl_admin')).toBe(false);
  });

  it('bad input is a field error; nothing else is accepted', async () => {
    const c = new Client(ctx.app);
    expectFields(await c.post('Admin/login', {}), ['username', 'password']);
    expectFields(await c.post('Admin/login', { username: 'a'.repeat(65), password: 'x' }), ['username']);
    expectError(
      await c.post('Admin/login', { username: 'a', password: 'b', role: 'super' }),
      'VALIDATION_FAILED',
    );
  });

  it('locks after 5 failures for 15 minutes, even for the right password; unknown names lock alike', async () => {
    const a = await makeAdmin(ctx, 'super');
    const c = new Client(ctx.app);
    for (let i = 0; i < 4; i++) expectError(await loginAs(c, a.username, 'wrong1234'), 'ADMIN_LOGIN_FAILED');
    expectError(await loginAs(c, a.username, 'wrong1234'), 'ACCOUNT_LOCKED');
    expectError(await loginAs(c, a.username), 'ACCOUNT_LOCKED');
    const [m] = await rows<{ minutes: number }>(
      ctx,
      sql`select extract(epoch from locked_until - now()) / 60 as minutes from admins where id = ${a.id}`,
    );
    expect(Number(m!.minutes)).toBeGreaterThan(14.5);
    await ctx.database.db.execute(
      sql`update admins set locked_until = now() - interval '1 second' where id = ${a.id}`,
    );
    expectOk(await loginAs(c, a.username));
    const [after] = await rows<{ failed_logins: number; locked_until: Date | null }>(
      ctx,
      sql`select failed_logins, locked_until from admins where id = ${a.id}`,
    );
    expect(after).toEqual({ failed_logins: 0, locked_until: null });

    const ghost = new Client(ctx.app);
    for (let i = 0; i < 4; i++)
      expectError(await loginAs(ghost, 'ghost_user', 'wrong1234'), 'ADMIN_LOGIN_FAILED');
    expectError(await loginAs(ghost, 'ghost_user', 'wrong1234'), 'ACCOUNT_LOCKED');
  });

  it('limits failures per IP', async () => {
    const limited = await makeTestApp({ LOGIN_IP_FAILURE_LIMIT: '3' });
    try {
      const a = await makeAdmin(limited, 'super');
      const c = new Client(limited.app);
      for (let i = 0; i < 3; i++) await loginAs(c, `nobody_${i}`);
      expectError(await loginAs(c, a.username), 'RATE_LIMITED');
      expectOk(await loginAs(new Client(limited.app), a.username)); // another IP
    } finally {
      await limited.close();
    }
  });

  it('a disabled operator cannot log in and their sessions end', async () => {
    const { c: boss } = await adminClient(ctx, 'super');
    const { c, id, username } = await adminClient(ctx, 'reviewer');
    expectOk(await boss.post('Admin/adminDisable', { id }));
    expectError(await c.get('Admin/me'), 'ADMIN_NOT_LOGGED_IN');
    expectError(await loginAs(new Client(ctx.app), username), 'ADMIN_LOGIN_FAILED');
    expectOk(await boss.post('Admin/adminDisable', { id, disabled: false }));
    expectOk(await loginAs(new Client(ctx.app), username));
  });
});

describe('console sessions', () => {
  it('end after 30 minutes idle and 12 hours absolute', async () => {
    const { c, id } = await adminClient(ctx, 'reviewer');
    expectOk(await c.get('Admin/me'));
    await ctx.database.db.execute(
      sql`update admin_sessions set last_seen_at = now() - interval '31 minutes' where admin_id = ${id}`,
    );
    expectError(await c.get('Admin/me'), 'ADMIN_NOT_LOGGED_IN');

    const second = await adminClient(ctx, 'reviewer');
    await ctx.database.db.execute(
      sql`update admin_sessions set last_seen_at = now() - interval '29 minutes' where admin_id = ${second.id}`,
    );
    expectOk(await second.c.get('Admin/me')); // activity keeps it alive
    await ctx.database.db.execute(
      sql`update admin_sessions set expires_at = now() - interval '1 second' where admin_id = ${second.id}`,
    );
    expectError(await second.c.get('Admin/me'), 'ADMIN_NOT_LOGGED_IN');
  });

  it('logout ends the session and clears the cookie', async () => {
    const { c, id } = await adminClient(ctx, 'reviewer');
    const token = c.cookies.get('zl_admin')!.value;
    const r = await c.get('Admin/logout');
    expectOk(r);
    expect(setCookies(r.res).get('zl_admin')).toMatch(/zl_admin=;/);
    expect(await count(ctx, 'admin_sessions', sql`admin_id = ${id}`)).toBe(0);
    const replay = new Client(ctx.app);
    replay.cookies.set('zl_admin', { value: token, path: '/' });
    expectError(await replay.get('Admin/me'), 'ADMIN_NOT_LOGGED_IN');
  });

  it('a member session never opens the console, and a console session is not a member', async () => {
    const member = new Client(ctx.app);
    const { mobile } = await register(member);
    expectOk(await login(member, mobile));
    const calls: Array<[string, unknown]> = [
      ['Admin/authQueue', { kind: 'person' }],
      ['Admin/authQueue', { kind: 'nonsense', page: -1 }], // refused before its input is judged
      ['Admin/authDetail', { kind: 'person', id: 1 }],
      ['Admin/authReview', { kind: 'person', id: 1, approve: true }],
      ['Admin/memberList', {}],
      ['Admin/auditList', {}],
      ['Admin/adminList', {}],
      ['Admin/adminCreate', { username: 'evil_op', password: 'abc12345', role: 'super' }],
      ['Admin/adminDisable', { id: 1 }],
    ];
    for (const [call, body] of calls) expectError(await member.post(call, body), 'ADMIN_NOT_LOGGED_IN');
    expectError(await member.get('Admin/me'), 'ADMIN_NOT_LOGGED_IN');
    expect(await count(ctx, 'admins', sql`username = 'evil_op'`)).toBe(0);

    const { c: op } = await adminClient(ctx, 'super');
    expectError(await op.get('User/loginCheck'), 'NOT_LOGGED_IN');
    // a member token put into the console cookie is not a console session
    const forged = new Client(ctx.app);
    forged.cookies.set('zl_admin', { value: member.cookies.get('zl_sid')!.value, path: '/' });
    expectError(await forged.get('Admin/me'), 'ADMIN_NOT_LOGGED_IN');
  });
});

describe('roles', () => {
  it('finance and reviewers cannot manage operators; super can', async () => {
    for (const role of ['reviewer', 'finance'] as const) {
      const { c } = await adminClient(ctx, role);
      expectError(await c.post('Admin/adminList', {}), 'FORBIDDEN');
      expectError(
        await c.post('Admin/adminCreate', {
          username: `made_by_${role}`,
          password: 'abc12345',
          role: 'super',
        }),
        'FORBIDDEN',
      );
      expectError(await c.post('Admin/adminDisable', { id: 1 }), 'FORBIDDEN');
      expect(await count(ctx, 'admins', sql`username = ${`made_by_${role}`}`)).toBe(0);
    }
    const { c, id } = await adminClient(ctx, 'super');
    const made = await c.post<{ id: number }>('Admin/adminCreate', {
      username: 'new_reviewer',
      password: 'abc12345',
      role: 'reviewer',
      displayName: '新审核员',
    });
    expectOk(made);
    const list = await c.post<{ listItem: Array<{ username: string; role: string; displayName: string }> }>(
      'Admin/adminList',
      {},
    );
    expectOk(list);
    expect(list.body.data.listItem).toContainEqual(
      expect.objectContaining({ username: 'new_reviewer', role: 'reviewer', displayName: '新审核员' }),
    );
    expect(JSON.stringify(list.body)).not.toMatch(/argon|password/i);
    expectOk(await loginAs(new Client(ctx.app), 'new_reviewer', 'abc12345'));
    // duplicates, weak passwords, bad names and roles are refused
    expectFields(
      await c.post('Admin/adminCreate', { username: 'new_reviewer', password: 'abc12345', role: 'reviewer' }),
      ['username'],
    );
    expectFields(
      await c.post('Admin/adminCreate', { username: 'Bad Name', password: 'short', role: 'boss' }),
      ['username', 'password', 'role'],
    );
    // nobody disables themselves; unknown ids are NOT_FOUND
    expectError(await c.post('Admin/adminDisable', { id }), 'INVALID_STATE');
    expectError(await c.post('Admin/adminDisable', { id: 99_999_999 }), 'NOT_FOUND');
    const audit = await rows<{ action: string; actor_id: number }>(
      ctx,
      sql`select action, actor_id::int as actor_id from audit_log where action = 'admin.create' and target_id = ${String(made.body.data.id)}`,
    );
    expect(audit).toEqual([{ action: 'admin.create', actor_id: id }]);
  });

  it('finance may search members but not review', async () => {
    const { c } = await adminClient(ctx, 'finance');
    expectOk(await c.post('Admin/memberList', {}));
    expectError(await c.post('Admin/authQueue', { kind: 'person' }), 'FORBIDDEN');
    expectError(await c.post('Admin/authReview', { kind: 'person', id: 1, approve: true }), 'FORBIDDEN');
  });
});

describe('Admin/memberList', () => {
  it('searches mobile and cardno by prefix, names and company anywhere, with filters', async () => {
    const m1 = await makeMember(ctx, { company: '深圳%特装_展览有限公司', realname: '王五', personauth: 1 });
    const m2 = await makeMember(ctx, { cardtype: 'customer', nickname: '华展参展商', businsauth: 0 });
    const { c } = await adminClient(ctx, 'reviewer');
    type L = { listItem: Array<{ cardno: string; mobile: string; company: string }>; total: number };
    const find = async (body: Record<string, unknown>) => {
      const r = await c.post<L>('Admin/memberList', body);
      expectOk(r);
      return r.body.data;
    };
    expect((await find({ keyword: m1.mobile.slice(0, 7) })).listItem.map((i) => i.cardno)).toContain(
      m1.cardno,
    );
    expect((await find({ keyword: m1.cardno })).listItem.map((i) => i.cardno)).toEqual([m1.cardno]);
    expect((await find({ keyword: '王五' })).listItem.map((i) => i.cardno)).toContain(m1.cardno);
    expect((await find({ keyword: '特装' })).listItem.map((i) => i.cardno)).toContain(m1.cardno);
    expect((await find({ keyword: '华展参展' })).listItem.map((i) => i.cardno)).toEqual([m2.cardno]);
    // wildcards are literal: '%' finds only the company that contains one
    expect((await find({ keyword: '%' })).listItem.map((i) => i.cardno)).toEqual([m1.cardno]);
    expect((await find({ keyword: '_展' })).listItem.map((i) => i.cardno)).toEqual([m1.cardno]);
    const customers = await find({ cardtype: 'customer', businsauth: 0 });
    expect(customers.listItem.map((i) => i.cardno)).toEqual([m2.cardno]);
    expect((await find({ personauth: 1 })).listItem.map((i) => i.cardno)).toContain(m1.cardno);
    // SQL in the keyword is only text
    for (const k of ["' or '1'='1", "'; drop table members; --", '\\', "王五' --"]) {
      expect((await find({ keyword: k })).total).toBe(0);
    }
    expect(await count(ctx, 'members')).toBeGreaterThan(1);
    const all = await find({ pageSize: 1, page: 2 });
    expect(all.listItem).toHaveLength(1);
    expect(all.total).toBeGreaterThan(1);
    expectFields(await c.post('Admin/memberList', { pageSize: 51 }), ['pageSize']);
    expectFields(await c.post('Admin/memberList', { keyword: 'x'.repeat(51) }), ['keyword']);
    expectFields(await c.post('Admin/memberList', { personauth: 5 }), ['personauth']);
  });
});

describe('Admin/auditList', () => {
  it('lists recent rows with the operator username, filtered by target', async () => {
    const { c, id, username } = await adminClient(ctx, 'super');
    const r = await c.post<{ listItem: Array<{ actor: string | null; action: string; targetId: string }> }>(
      'Admin/auditList',
      { targetType: 'admin', targetId: String(id) },
    );
    expectOk(r);
    expect(r.body.data.listItem[0]).toMatchObject({
      actor: username,
      action: 'admin.login',
      targetId: String(id),
    });
    expectFields(await c.post('Admin/auditList', { page: 0 }), ['page']);
  });

  it('names the member each row is about (name and mobile) and the object in words', async () => {
    const { c } = await adminClient(ctx, 'super');
    // a party is named by its verified name (docs/members.md "Party names")
    const customer = await makeMember(ctx, { cardtype: 'customer' });
    await approvedAuth(ctx, customer.id, 'business', { btitle: '华东会展有限公司' });
    const supplier = await makeMember(ctx);
    await approvedAuth(ctx, supplier.id, 'person', { realname: '王五' });
    const p = await makeProject(ctx, customer.id, { title: '车展特装展台' });
    const at = (values: Omit<Parameters<typeof insertAudit>[1], 'detail'> & { detail?: object }) =>
      insertAudit(ctx.database.db, { detail: {}, ...values } as Parameters<typeof insertAudit>[1]);
    await at({
      actorType: 'admin',
      actorId: 1,
      action: 'project.approve',
      targetType: 'project',
      targetId: p.id,
    });
    await at({
      actorType: 'member',
      actorId: supplier.id,
      action: 'member.set_payment',
      targetType: 'member',
      targetId: supplier.id,
    });
    type Row = { action: string; member: unknown; targetName: string | null; targetId: string };
    const list = async (body: object) => {
      const r = await c.post<{ listItem: Row[] }>('Admin/auditList', body);
      expectOk(r);
      return r.body.data.listItem[0]!;
    };
    expect(await list({ targetType: 'project', targetId: String(p.id) })).toMatchObject({
      action: 'project.approve',
      member: { cardno: customer.cardno, name: '华东会展有限公司', mobile: customer.mobile },
      targetName: `${p.orders}《车展特装展台》`,
    });
    expect(await list({ targetType: 'member', targetId: String(supplier.id) })).toMatchObject({
      action: 'member.set_payment',
      member: { cardno: supplier.cardno, name: '王五', mobile: supplier.mobile },
      targetName: null,
    });
  });
});

describe('npm run admin:create (runCreateAdmin)', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
  };

  it('creates, refuses a duplicate, resets with --reset', async () => {
    const a = io();
    const args = [
      '--username',
      'cli_op',
      '--password',
      'abc12345',
      '--role',
      'finance',
      '--name',
      '财务小陈',
    ];
    expect(await runCreateAdmin(args, { database: ctx.database, io: a.io })).toBe(0);
    expect(a.out.join('\n')).toMatch(/已创建运营后台账号 cli_op/);
    expectOk(await loginAs(new Client(ctx.app), 'cli_op', 'abc12345'));

    const b = io();
    expect(await runCreateAdmin(args, { database: ctx.database, io: b.io })).toBe(1);
    expect(b.err.join('\n')).toMatch(/已存在.*--reset/);

    const c = io();
    const reset = ['--username', 'cli_op', '--password', 'new12345', '--role', 'finance', '--reset'];
    expect(await runCreateAdmin(reset, { database: ctx.database, io: c.io })).toBe(0);
    expect(c.out.join('\n')).toMatch(/已重置/);
    expectError(await loginAs(new Client(ctx.app), 'cli_op', 'abc12345'), 'ADMIN_LOGIN_FAILED');
    expectOk(await loginAs(new Client(ctx.app), 'cli_op', 'new12345'));
    const [row] = await rows<{ display_name: string }>(
      ctx,
      sql`select display_name from admins where username = 'cli_op'`,
    );
    expect(row!.display_name).toBe('财务小陈');
  });

  it('validates its arguments', async () => {
    const a = io();
    const code = await runCreateAdmin(['--username', 'A!', '--password', 'letters', '--role', 'boss'], {
      database: ctx.database,
      io: a.io,
    });
    expect(code).toBe(2);
    expect(a.err.join('\n')).toMatch(/--username/);
    expect(a.err.join('\n')).toMatch(/--password/);
    expect(a.err.join('\n')).toMatch(/--role/);
    expect(a.err.join('\n')).toMatch(/用法/);
    expect(await runCreateAdmin(['--bogus'], { database: ctx.database, io: io().io })).toBe(2);
    expect(await count(ctx, 'admins', sql`username = 'A!'`)).toBe(0);
  });

  it('opens PGlite under DATA_DIR, and says to stop the server when the directory is in use', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-cli-'));
    try {
      const ok = io();
      const args = ['--username', 'dir_op', '--password', 'abc12345', '--role', 'super'];
      expect(await runCreateAdmin(args, { env: { DATA_DIR: dir }, io: ok.io })).toBe(0);
      const db = await openDatabase({ dataDir: dir });
      try {
        const res = (await db.db.execute(
          sql`select role from admins where username = 'dir_op'`,
        )) as unknown as {
          rows: Array<{ role: string }>;
        };
        expect(res.rows).toEqual([{ role: 'super' }]);
        const busy = io();
        expect(await runCreateAdmin(args, { env: { DATA_DIR: dir }, io: busy.io })).toBe(1);
        expect(busy.err.join('\n')).toMatch(/请先停止正在运行的服务器/);
      } finally {
        await db.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

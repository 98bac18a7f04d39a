import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as crypto from '../src/lib/crypto.ts';

// Counts password hashing (the real function still runs): bad requests must not cost an argon2 hash.
vi.mock('../src/lib/crypto.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/crypto.ts')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

import {
  ageCodes,
  Client,
  count,
  expectError,
  expectFields,
  expectOk,
  latestCode,
  login,
  newMobile,
  PASSWORD,
  register,
  rows,
  setCookies,
} from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

const ctx = useTestApp();

const NEW_PASSWORD = 'newpass987';
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

async function member(mobile: string) {
  const [m] = await rows<{
    id: number;
    password_hash: string;
    failed_logins: number;
    locked_until: Date | null;
  }>(ctx, sql`select id, password_hash, failed_logins, locked_until from members where mobile = ${mobile}`);
  return { ...m!, id: Number(m!.id) };
}

/** A registered member with a reset ticket from checkCode. */
async function ticket(c = new Client(ctx.app), existing?: string) {
  const mobile = existing ?? (await register(c)).mobile;
  await ageCodes(ctx, mobile, 61);
  expectOk(await c.post('User/getCode', { mobile, type: 'reset' }));
  const code = await latestCode(c, mobile);
  const r = await c.post<{ token: string; expiresIn: number }>('User/checkCode', { mobile, code });
  expectOk(r);
  return { c, mobile, token: r.body.data.token, data: r.body.data };
}

describe('User/getCode(reset) and User/checkCode', () => {
  it('getCode(reset) answers an unknown mobile exactly as a member, and the code goes out', async () => {
    // docs/members.md § Who learns that a mobile is registered
    const c = new Client(ctx.app);
    const { mobile: known } = await register(c);
    await ageCodes(ctx, known, 61);
    const unknown = newMobile();
    const a = await c.post('User/getCode', { mobile: known, type: 'reset' });
    const b = await c.post('User/getCode', { mobile: unknown, type: 'reset' });
    expectOk(a);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(await count(ctx, 'sms_codes', sql`mobile = ${unknown} and purpose = 'reset'`)).toBe(1);
  });

  it('checkCode for an unknown mobile: a wrong code answers as for a member; the right one → MOBILE_NOT_REGISTERED', async () => {
    const c = new Client(ctx.app);
    const { mobile: known } = await register(c);
    const unknown = newMobile();
    const none = await c.post('User/checkCode', { mobile: unknown, code: '123456' });
    const noneKnown = await c.post('User/checkCode', { mobile: known, code: '123456' });
    expectError(none, 'SMS_CODE_INVALID');
    expect(none.body).toEqual(noneKnown.body);
    expectOk(await c.post('User/getCode', { mobile: unknown, type: 'reset' }));
    const code = await latestCode(c, unknown);
    const wrong = code === '111111' ? '222222' : '111111';
    const w = await c.post('User/checkCode', { mobile: unknown, code: wrong });
    expectError(w, 'SMS_CODE_INVALID');
    expect(w.body.errMsg).toBe('验证码不正确，还可尝试 4 次');
    const r = await c.post('User/checkCode', { mobile: unknown, code });
    expectError(r, 'MOBILE_NOT_REGISTERED');
    expect(r.body.data).toEqual({ fields: { mobile: '该手机号尚未注册' } });
  });

  it('checkCode with the right code → a one-time token valid 10 minutes; only its hash is stored', async () => {
    const { mobile, token, data } = await ticket();
    expect(data.expiresIn).toBe(600);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { id } = await member(mobile);
    const [t] = await rows<{ token_hash: string; minutes: number; used_at: Date | null }>(
      ctx,
      sql`select token_hash, extract(epoch from expires_at - now()) / 60 as minutes, used_at
          from reset_tokens where member_id = ${id}`,
    );
    expect(t!.token_hash).toBe(sha256(token));
    expect(t!.token_hash).not.toContain(token);
    expect(Number(t!.minutes)).toBeGreaterThan(9.9);
    expect(Number(t!.minutes)).toBeLessThanOrEqual(10);
    expect(t!.used_at).toBeNull();
  });

  it('checkCode with a wrong code → SMS_CODE_INVALID on field code, no token', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    await ageCodes(ctx, mobile, 61);
    expectOk(await c.post('User/getCode', { mobile, type: 'reset' }));
    const code = await latestCode(c, mobile);
    const r = await c.post('User/checkCode', { mobile, code: code === '000000' ? '111111' : '000000' });
    expectError(r, 'SMS_CODE_INVALID');
    expect(r.body.data).toEqual({ fields: { code: '验证码不正确，还可尝试 4 次' } });
    expect(await count(ctx, 'reset_tokens', sql`member_id = ${(await member(mobile)).id}`)).toBe(0);
  });

  it('checkCode with an expired code → SMS_CODE_EXPIRED', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    await ageCodes(ctx, mobile, 61);
    expectOk(await c.post('User/getCode', { mobile, type: 'reset' }));
    const code = await latestCode(c, mobile);
    await ctx.database.db.execute(
      sql`update sms_codes set expires_at = now() - interval '1 second' where mobile = ${mobile}`,
    );
    expectError(await c.post('User/checkCode', { mobile, code }), 'SMS_CODE_EXPIRED');
  });

  it('a newer checkCode replaces the older ticket', async () => {
    const first = await ticket();
    const second = await ticket(new Client(ctx.app), first.mobile);
    expect(second.token).not.toBe(first.token);
    const r = await first.c.post('User/resetPwd', {
      mobile: first.mobile,
      token: first.token,
      password: NEW_PASSWORD,
    });
    expectError(r, 'RESET_TOKEN_INVALID');
    expectOk(
      await second.c.post('User/resetPwd', {
        mobile: first.mobile,
        token: second.token,
        password: NEW_PASSWORD,
      }),
    );
  });
});

describe('User/resetPwd', () => {
  it('sets the new password: the old one fails, the new one works', async () => {
    const { c, mobile, token } = await ticket();
    const r = await c.post('User/resetPwd', { mobile, token, password: NEW_PASSWORD });
    expectOk(r);
    expect(r.body.data).toBeNull();
    expectError(await login(new Client(ctx.app), mobile, PASSWORD), 'LOGIN_FAILED');
    expectOk(await login(new Client(ctx.app), mobile, NEW_PASSWORD));
    expect((await member(mobile)).password_hash).toMatch(/^\$argon2id\$/);
  });

  it('ends every session of the member and revokes every remember token', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    const other = new Client(ctx.app);
    expectOk(await login(other, mobile, PASSWORD, 1));
    const third = new Client(ctx.app);
    expectOk(await login(third, mobile));
    const { id } = await member(mobile);
    expect(await count(ctx, 'sessions', sql`member_id = ${id}`)).toBe(2);
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${id}`)).toBe(1);

    // the reset happens in a browser that is itself logged in
    expectOk(await login(c, mobile));
    const { token } = await ticket(c, mobile);
    const r = await c.post('User/resetPwd', { mobile, token, password: NEW_PASSWORD });
    expectOk(r);
    expect(setCookies(r.res).get('zl_sid')).toMatch(/^zl_sid=;/);

    expect(await count(ctx, 'sessions', sql`member_id = ${id}`)).toBe(0);
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${id}`)).toBe(0);
    expectError(await other.get('User/loginCheck'), 'NOT_LOGGED_IN');
    expectError(await third.get('User/loginCheck'), 'NOT_LOGGED_IN');
    expectError(await c.get('User/loginCheck'), 'NOT_LOGGED_IN');
    other.cookies.delete('zl_sid');
    expectError(await other.post('User/login', { autologin: 1 }), 'REMEMBER_INVALID');
  });

  it('another member keeps their sessions', async () => {
    const bystander = new Client(ctx.app);
    const { mobile: bm } = await register(bystander);
    expectOk(await login(bystander, bm));
    const { c, mobile, token } = await ticket();
    expectOk(await c.post('User/resetPwd', { mobile, token, password: NEW_PASSWORD }));
    expectOk(await bystander.get('User/loginCheck'));
  });

  it('the same password as before → PASSWORD_SAME on field password; the ticket still works', async () => {
    const { c, mobile, token } = await ticket();
    const hash = (await member(mobile)).password_hash;
    const same = await c.post('User/resetPwd', { mobile, token, password: PASSWORD });
    expectError(same, 'PASSWORD_SAME');
    expect(same.body.data).toEqual({ fields: { password: '新密码不能与原密码相同' } });
    expect((await member(mobile)).password_hash).toBe(hash);
    expectOk(await c.post('User/resetPwd', { mobile, token, password: NEW_PASSWORD }));
    expectOk(await login(new Client(ctx.app), mobile, NEW_PASSWORD));
  });

  it('a token works once: a second resetPwd → RESET_TOKEN_INVALID and the password stays', async () => {
    const { c, mobile, token } = await ticket();
    expectOk(await c.post('User/resetPwd', { mobile, token, password: NEW_PASSWORD }));
    const hash = (await member(mobile)).password_hash;
    const again = await c.post('User/resetPwd', { mobile, token, password: 'another123' });
    expectError(again, 'RESET_TOKEN_INVALID');
    expect(again.body.data).toBeNull();
    expect((await member(mobile)).password_hash).toBe(hash);
    expectOk(await login(new Client(ctx.app), mobile, NEW_PASSWORD));
  });

  it("a token used with another member's mobile → RESET_TOKEN_INVALID, that member's password unchanged", async () => {
    const victim = new Client(ctx.app);
    const { mobile: victimMobile } = await register(victim);
    expectOk(await login(victim, victimMobile));
    const before = await member(victimMobile);
    const { c, mobile, token } = await ticket();
    const r = await c.post('User/resetPwd', { mobile: victimMobile, token, password: 'hacked123' });
    expectError(r, 'RESET_TOKEN_INVALID');
    expect(await member(victimMobile)).toEqual(before);
    expectOk(await victim.get('User/loginCheck'));
    expectOk(await login(new Client(ctx.app), victimMobile, PASSWORD));
    expectError(await login(new Client(ctx.app), victimMobile, 'hacked123'), 'LOGIN_FAILED');
    // the misuse did not burn the owner's ticket
    expectOk(await c.post('User/resetPwd', { mobile, token, password: NEW_PASSWORD }));
  });

  it('a token for an unknown mobile → RESET_TOKEN_INVALID', async () => {
    const { c, token } = await ticket();
    expectError(
      await c.post('User/resetPwd', { mobile: newMobile(), token, password: NEW_PASSWORD }),
      'RESET_TOKEN_INVALID',
    );
  });

  it('an expired token → RESET_TOKEN_INVALID, the password unchanged', async () => {
    const { c, mobile, token } = await ticket();
    const { id, password_hash } = await member(mobile);
    await ctx.database.db.execute(
      sql`update reset_tokens set expires_at = now() - interval '1 second' where member_id = ${id}`,
    );
    expectError(
      await c.post('User/resetPwd', { mobile, token, password: NEW_PASSWORD }),
      'RESET_TOKEN_INVALID',
    );
    expect((await member(mobile)).password_hash).toBe(password_hash);
  });

  it.each([
    ['random', 'x'.repeat(43)],
    ['SQL-ish', "' or 1=1 --"],
    ['SQL-ish 2', "x'; update members set password_hash = '';--"],
    ['a token hash', 'HASH'],
  ])('a %s token → RESET_TOKEN_INVALID, nothing changed', async (_n, raw) => {
    const { c, mobile, token } = await ticket();
    const value = raw === 'HASH' ? sha256(token) : raw;
    const before = await member(mobile);
    expectError(
      await c.post('User/resetPwd', { mobile, token: value, password: NEW_PASSWORD }),
      'RESET_TOKEN_INVALID',
    );
    expect(await member(mobile)).toEqual(before);
    expect(await count(ctx, 'members', sql`password_hash = ''`)).toBe(0);
  });

  it.each([
    ['abc1234', '密码至少 8 位'],
    ['abcdefgh', '密码需同时包含字母和数字'],
    ['12345678', '密码需同时包含字母和数字'],
    [`a1${'b'.repeat(31)}`, '密码最多 32 位'],
    ['新密码abc123', '密码只能包含字母、数字和英文符号'],
  ])(
    'a weak new password %j → VALIDATION_FAILED on field password; the ticket still works',
    async (password, message) => {
      const { c, mobile, token } = await ticket();
      const r = await c.post('User/resetPwd', { mobile, token, password });
      expect(expectFields(r, ['password'])).toEqual({ password: message });
      expectOk(await c.post('User/resetPwd', { mobile, token, password: NEW_PASSWORD }));
    },
  );

  it('a dead, foreign or unknown ticket costs no password hashing', async () => {
    const hash = vi.mocked(crypto.hashPassword);
    const { c, mobile, token } = await ticket();
    const other = await register(new Client(ctx.app));
    hash.mockClear();
    for (const body of [
      { mobile, token: 'x'.repeat(43), password: NEW_PASSWORD },
      { mobile: newMobile(), token, password: NEW_PASSWORD },
      { mobile: other.mobile, token, password: NEW_PASSWORD },
    ]) {
      expectError(await c.post('User/resetPwd', body), 'RESET_TOKEN_INVALID');
    }
    expect(hash).not.toHaveBeenCalled();
    expectOk(await c.post('User/resetPwd', { mobile, token, password: NEW_PASSWORD }));
    expect(hash).toHaveBeenCalledTimes(1);
  });

  it('a reset clears a lockout', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    for (let i = 0; i < 5; i++) await login(new Client(ctx.app), mobile, 'wrong1234');
    expectError(await login(new Client(ctx.app), mobile), 'ACCOUNT_LOCKED');
    expect((await member(mobile)).locked_until).not.toBeNull();
    const { token } = await ticket(c, mobile);
    expectOk(await c.post('User/resetPwd', { mobile, token, password: NEW_PASSWORD }));
    const after = await member(mobile);
    expect(after.locked_until).toBeNull();
    expect(after.failed_logins).toBe(0);
    expectOk(await login(new Client(ctx.app), mobile, NEW_PASSWORD));
  });

  it('two resetPwd calls at once with one token → exactly one succeeds', async () => {
    const { mobile, token } = await ticket();
    const results = await Promise.all([
      new Client(ctx.app).post('User/resetPwd', { mobile, token, password: 'first1234' }),
      new Client(ctx.app).post('User/resetPwd', { mobile, token, password: 'second1234' }),
    ]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expectError(results.find((r) => !r.body.success)!, 'RESET_TOKEN_INVALID');
    const winner = results[0]!.body.success ? 'first1234' : 'second1234';
    expectOk(await login(new Client(ctx.app), mobile, winner));
  });
});

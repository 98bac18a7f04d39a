import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as crypto from '../src/lib/crypto.ts';

// Counts password hashing (the real function still runs): bad requests must not cost an argon2 hash.
vi.mock('../src/lib/crypto.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/crypto.ts')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

import { DevSmsSender, type SmsMessage, type SmsSender } from '../src/modules/user/sms-sender.ts';
import {
  ageCodes,
  Client,
  count,
  expectError,
  expectFields,
  expectNoInternals,
  expectOk,
  latestCode,
  newMobile,
  PASSWORD,
  register,
  rows,
} from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

/** The development sender, unless a test makes the provider fail. */
let failSms: Error | null = null;
const sent: SmsMessage[] = [];
let dev: SmsSender;
const switchable: SmsSender = {
  name: 'switchable',
  async send(m) {
    if (failSms) throw failSms;
    sent.push(m);
    await dev.send(m);
  },
};

const ctx = useTestApp({ app: { sms: switchable } });
beforeAll(() => {
  dev = new DevSmsSender(ctx.database.db, ctx.app.log);
});

interface MemberRow {
  cardno: string;
  mobile: string;
  cardtype: string;
  nickname: string;
  invited_by: string | null;
  password_hash: string;
  personauth: number;
  businsauth: number;
}
async function memberOf(mobile: string): Promise<MemberRow | undefined> {
  const [m] = await rows<MemberRow>(ctx, sql`select * from members where mobile = ${mobile}`);
  return m;
}
async function codeRow(mobile: string) {
  const [r] = await rows<{ attempts: number; consumed_at: Date | null; code_hash: string; purpose: string }>(
    ctx,
    sql`select attempts, consumed_at, code_hash, purpose from sms_codes where mobile = ${mobile} order by id desc limit 1`,
  );
  return r;
}
async function sendCode(c: Client, mobile: string, type = 'regist'): Promise<string> {
  expectOk(await c.post('User/getCode', { mobile, type }));
  return latestCode(c, mobile);
}
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('User/getCode + User/regist: the happy path', () => {
  it('registers a supplier with an 8-digit cardno, the default nickname and cardtype', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const sent = await c.post('User/getCode', { mobile }); // type defaults to regist
    expectOk(sent);
    expect(sent.body.data).toEqual({ resendIn: 60, expiresIn: 300 });
    const code = await latestCode(c, mobile);
    expect(code).toMatch(/^\d{6}$/);
    const r = await c.post<{ cardno: string }>('User/regist', { mobile, code, password: PASSWORD });
    expectOk(r);
    expect(r.body.data).toEqual({
      cardno: expect.any(String),
      cardtype: 'workshop',
      mobile,
      nickname: `用户${mobile.slice(-4)}`,
    });
    expect(r.body.data.cardno).toMatch(/^\d{8}$/);
    const m = await memberOf(mobile);
    expect(m).toMatchObject({
      cardno: r.body.data.cardno,
      cardtype: 'workshop',
      nickname: `用户${mobile.slice(-4)}`,
      invited_by: null,
      personauth: 3,
      businsauth: 3,
    });
    expect(m!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(m!.password_hash).not.toContain(PASSWORD);
    expect((await codeRow(mobile))!.consumed_at).not.toBeNull();
    // registering logs the new member in, as a password login does (a session, no remember token)
    expect([...c.cookies.keys()]).toEqual(['zl_sid']);
    const check = await c.get<{ cardno: string }>('User/loginCheck');
    expectOk(check);
    expect(check.body.data.cardno).toBe(r.body.data.cardno);
    // and the new member can log in with the password later
    const other = new Client(ctx.app);
    expectOk(await other.post('User/login', { mobile, password: PASSWORD }));
  });

  it('a browser logged in as another member is logged in as the new one; the old session ends', async () => {
    const c = new Client(ctx.app);
    const first = await register(c);
    expectOk(await c.post('User/login', { mobile: first.mobile, password: PASSWORD }));
    const oldSid = c.cookies.get('zl_sid')!.value;
    const mobile = newMobile();
    const code = await sendCode(c, mobile);
    const r = await c.post<{ cardno: string }>('User/regist', { mobile, code, password: PASSWORD });
    expectOk(r);
    expect(c.cookies.get('zl_sid')!.value).not.toBe(oldSid);
    const check = await c.get<{ cardno: string }>('User/loginCheck');
    expect(check.body.data.cardno).toBe(r.body.data.cardno);
    const stale = new Client(ctx.app);
    stale.cookies.set('zl_sid', { value: oldSid, path: '/' });
    expectError(await stale.get('User/loginCheck'), 'NOT_LOGGED_IN');
  });

  it('accepts cardtype customer', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c, newMobile(), { cardtype: 'customer' });
    expect((await memberOf(mobile))!.cardtype).toBe('customer');
  });

  it('keeps an invite that is an existing cardno (members.invited_by)', async () => {
    const c = new Client(ctx.app);
    const inviter = await register(c);
    const { mobile } = await register(c, newMobile(), { invite: inviter.cardno });
    expect((await memberOf(mobile))!.invited_by).toBe(inviter.cardno);
  });

  it('an empty invite means none', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c, newMobile(), { invite: '' });
    expect((await memberOf(mobile))!.invited_by).toBeNull();
  });

  it('never stores the SMS code in plain text', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const code = await sendCode(c, mobile);
    const r = await codeRow(mobile);
    expect(r!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(r!.code_hash).not.toBe(code);
    expect(r!.code_hash).not.toContain(code);
    const all = await rows<Record<string, unknown>>(
      ctx,
      sql`select * from sms_codes where mobile = ${mobile}`,
    );
    for (const [k, v] of Object.entries(all[0]!)) if (k !== 'mobile') expect(String(v)).not.toBe(code);
  });

  it('member numbers are distinct', async () => {
    const [r] = await rows<{ n: number; d: number }>(
      ctx,
      sql`select count(*)::int as n, count(distinct cardno)::int as d from members`,
    );
    expect(r!.n).toBeGreaterThan(3);
    expect(r!.d).toBe(r!.n);
  });
});

describe('mobile already registered: nobody but the phone learns it (docs/members.md § Who learns that a mobile is registered)', () => {
  it('getCode(regist) answers a taken mobile exactly as a free one, and the code goes out', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    await ageCodes(ctx, mobile, 61);
    const free = newMobile();
    const taken = await c.post('User/getCode', { mobile, type: 'regist' });
    const open = await c.post('User/getCode', { mobile: free, type: 'regist' });
    expectOk(taken);
    expect(taken.status).toBe(open.status);
    expect(taken.body).toEqual(open.body);
    expect(sent.filter((m) => m.mobile === mobile && m.purpose === 'regist')).toHaveLength(2);
  });

  it('one address cannot classify numbers: taken, free, regist and reset all count toward its 20 an hour', async () => {
    const c = new Client(ctx.app);
    const members = [];
    for (let i = 0; i < 5; i++) members.push((await register(new Client(ctx.app))).mobile);
    const answers = [];
    for (let i = 0; i < 20; i++) {
      const mobile = i < 10 ? members[i % 5]! : newMobile();
      if (i < 10) await ageCodes(ctx, mobile, 61);
      const r = await c.post('User/getCode', { mobile, type: i % 2 ? 'reset' : 'regist' });
      answers.push(JSON.stringify([r.status, r.body]));
    }
    // every answer is the same: no member told apart from a stranger
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)).toEqual([200, expect.objectContaining({ errCode: 'success' })]);
    // the 21st is refused whoever the number belongs to, and nothing more is sent from here
    await ageCodes(ctx, members[2]!, 61);
    for (const type of ['regist', 'reset']) {
      expectError(await c.post('User/getCode', { mobile: members[2]!, type }), 'RATE_LIMITED');
      expectError(await c.post('User/getCode', { mobile: newMobile(), type }), 'RATE_LIMITED');
    }
    expect(await count(ctx, 'sms_codes', sql`ip = ${c.ip}`)).toBe(20);
  });

  it('regist with a wrong code answers a taken mobile as a free one; with the right code → MOBILE_TAKEN on mobile', async () => {
    const c = new Client(ctx.app);
    const { mobile, cardno } = await register(c);
    const before = await memberOf(mobile);
    const body = { code: '123456', password: 'other1234', cardtype: 'customer' };
    const taken = await c.post('User/regist', { mobile, ...body });
    const free = await c.post('User/regist', { mobile: newMobile(), ...body });
    expectError(taken, 'SMS_CODE_INVALID');
    expect(taken.body).toEqual(free.body);
    await ageCodes(ctx, mobile, 61);
    const code = await sendCode(c, mobile);
    const r = await c.post('User/regist', { mobile, code, password: 'other1234', cardtype: 'customer' });
    expectError(r, 'MOBILE_TAKEN');
    expect(r.body.data).toEqual({ fields: { mobile: '该手机号已注册，请直接登录' } });
    expect(await memberOf(mobile)).toEqual(before);
    expect(before!.cardno).toBe(cardno);
  });
});

describe('send limits', () => {
  it('a resend within 60 s → SMS_TOO_FREQUENT 429 with data.retryAfter, nothing sent', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    await sendCode(c, mobile);
    const r = await c.post<{ retryAfter: number }>('User/getCode', { mobile, type: 'regist' });
    expectError(r, 'SMS_TOO_FREQUENT');
    expect(r.body.data.retryAfter).toBeGreaterThanOrEqual(59);
    expect(r.body.data.retryAfter).toBeLessThanOrEqual(60);
    expect(r.body.errMsg).toContain(`${r.body.data.retryAfter} 秒`);
    expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(1);
    expect(await count(ctx, 'dev_sms_outbox', sql`mobile = ${mobile}`)).toBe(1);
    // the interval holds across purposes and IPs too
    expectError(await new Client(ctx.app).post('User/getCode', { mobile, type: 'bind' }), 'SMS_TOO_FREQUENT');
    // 30 s later: still refused, with about 30 s to wait
    await ageCodes(ctx, mobile, 30);
    const later = await c.post<{ retryAfter: number }>('User/getCode', { mobile, type: 'regist' });
    expectError(later, 'SMS_TOO_FREQUENT');
    expect(later.body.data.retryAfter).toBeGreaterThanOrEqual(29);
    expect(later.body.data.retryAfter).toBeLessThanOrEqual(31);
    // after 60 s: allowed
    await ageCodes(ctx, mobile, 31);
    expectOk(await c.post('User/getCode', { mobile, type: 'regist' }));
  });

  it('at most 5 sends an hour per mobile: the 6th is refused', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    for (let i = 0; i < 5; i++) {
      expectOk(await c.post('User/getCode', { mobile, type: 'regist' }));
      await ageCodes(ctx, mobile, 61);
    }
    const r = await c.post<{ retryAfter: number }>('User/getCode', { mobile, type: 'regist' });
    expectError(r, 'SMS_TOO_FREQUENT');
    expect(r.body.errMsg).toContain('1 小时内最多获取 5 次');
    // the oldest is 5×61 s old: it leaves the hour in 3600 − 305 s
    expect(r.body.data.retryAfter).toBeGreaterThan(3600 - 310);
    expect(r.body.data.retryAfter).toBeLessThanOrEqual(3600 - 305);
    expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(5);
    // once the oldest send is more than an hour old, one more is allowed
    await ctx.database.db.execute(
      sql`update sms_codes set created_at = now() - interval '61 minutes'
          where id = (select min(id) from sms_codes where mobile = ${mobile})`,
    );
    expectOk(await c.post('User/getCode', { mobile, type: 'regist' }));
  });

  it('at most 10 sends a day per mobile: the 11th is refused however old the hour is', async () => {
    const mobile = newMobile();
    for (let i = 0; i < 10; i++) {
      // a new address each time: only the number's own cap is at work
      expectOk(await new Client(ctx.app).post('User/getCode', { mobile, type: i % 2 ? 'reset' : 'regist' }));
      await ageCodes(ctx, mobile, 61 * 60);
    }
    const r = await new Client(ctx.app).post<{ retryAfter: number }>('User/getCode', {
      mobile,
      type: 'regist',
    });
    expectError(r, 'SMS_TOO_FREQUENT');
    expect(r.body.errMsg).toContain('24 小时内最多获取 10 次');
    // the oldest is 10×61 min old: it leaves the day in 86400 − 36600 s
    expect(r.body.data.retryAfter).toBeGreaterThan(86400 - 36600 - 10);
    expect(r.body.data.retryAfter).toBeLessThanOrEqual(86400 - 36600);
    expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(10);
    await ctx.database.db.execute(
      sql`update sms_codes set created_at = now() - interval '25 hours'
          where id = (select min(id) from sms_codes where mobile = ${mobile})`,
    );
    expectOk(await new Client(ctx.app).post('User/getCode', { mobile, type: 'regist' }));
  });

  it('at most 20 sends an hour per IP across mobiles: then RATE_LIMITED', async () => {
    const c = new Client(ctx.app);
    for (let i = 0; i < 20; i++)
      expectOk(await c.post('User/getCode', { mobile: newMobile(), type: 'regist' }));
    const mobile = newMobile();
    const r = await c.post<{ retryAfter: number }>('User/getCode', { mobile, type: 'regist' });
    expectError(r, 'RATE_LIMITED');
    expect(r.body.data.retryAfter).toBe(3600);
    expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(0);
    expect(await count(ctx, 'sms_codes', sql`ip = ${c.ip}`)).toBe(20);
    // another network is not affected
    expectOk(await new Client(ctx.app).post('User/getCode', { mobile, type: 'regist' }));
  });

  it('a provider failure → SMS_SEND_FAILED 500 without provider internals, and no send is counted', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    failSms = new Error('connect ECONNREFUSED 10.9.9.9:443 accessKey=AKIDsecret');
    try {
      const r = await c.post('User/getCode', { mobile, type: 'regist' });
      expectError(r, 'SMS_SEND_FAILED');
      expect(r.body.data).toBeNull();
      expect(r.res.body).not.toContain('ECONNREFUSED');
      expect(r.res.body).not.toContain('AKID');
      expect(r.res.body).not.toContain('10.9.9.9');
      expectNoInternals(r.res.body);
      expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(0);
    } finally {
      failSms = null;
    }
    // the failed send does not start the 60 s interval
    expectOk(await c.post('User/getCode', { mobile, type: 'regist' }));
    const mine = sent.filter((m) => m.mobile === mobile);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ mobile, purpose: 'regist' });
    expect(mine[0]!.code).toMatch(/^\d{6}$/);
    expectOk(await c.post('User/regist', { mobile, code: mine[0]!.code, password: PASSWORD }));
  });
});

describe('wrong, expired and reused codes', () => {
  it('a wrong code → SMS_CODE_INVALID on field code with the tries left; nothing registered', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const code = await sendCode(c, mobile);
    const r = await c.post('User/regist', { mobile, code: otherThan(code), password: PASSWORD });
    expectError(r, 'SMS_CODE_INVALID');
    expect(r.body.data).toEqual({ fields: { code: '验证码不正确，还可尝试 4 次' } });
    expect(r.body.errMsg).toBe('验证码不正确，还可尝试 4 次');
    expect((await codeRow(mobile))!.attempts).toBe(1);
    expect(await memberOf(mobile)).toBeUndefined();
    // the right code still works after a wrong try
    expectOk(await c.post('User/regist', { mobile, code, password: PASSWORD }));
  });

  it('regist without any code sent → SMS_CODE_INVALID asking to get one', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const r = await c.post('User/regist', { mobile, code: '123456', password: PASSWORD });
    expectError(r, 'SMS_CODE_INVALID');
    expect(r.body.data).toEqual({ fields: { code: '请先获取验证码（每个验证码只能使用一次）' } });
  });

  it('5 wrong tries kill the code: then even the right code → SMS_CODE_EXPIRED', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const code = await sendCode(c, mobile);
    const wrong = otherThan(code);
    for (const left of [4, 3, 2, 1]) {
      const r = await c.post('User/regist', { mobile, code: wrong, password: PASSWORD });
      expectError(r, 'SMS_CODE_INVALID');
      expect(r.body.errMsg).toBe(`验证码不正确，还可尝试 ${left} 次`);
    }
    const fifth = await c.post('User/regist', { mobile, code: wrong, password: PASSWORD });
    expectError(fifth, 'SMS_CODE_EXPIRED');
    expect(fifth.body.data).toEqual({ fields: { code: '验证码错误次数过多，请重新获取' } });
    const right = await c.post('User/regist', { mobile, code, password: PASSWORD });
    expectError(right, 'SMS_CODE_EXPIRED');
    expect(Object.keys((right.body.data as { fields: object }).fields)).toEqual(['code']);
    expect(await memberOf(mobile)).toBeUndefined();
    expect((await codeRow(mobile))!.attempts).toBe(5);
    // a new code works
    await ageCodes(ctx, mobile, 61);
    const fresh = await sendCode(c, mobile);
    expectOk(await c.post('User/regist', { mobile, code: fresh, password: PASSWORD }));
  });

  it('parallel guesses cannot exceed the 5 tries', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const code = await sendCode(c, mobile);
    const guesses = Array.from({ length: 10 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.all(
      guesses.map((g) => new Client(ctx.app).post('User/checkCode', { mobile, code: g })),
    );
    // no reset code was sent to this mobile: every guess fails alike, and costs the regist code nothing
    for (const r of results) expectError(r, 'SMS_CODE_INVALID');
    const regs = await Promise.all(
      guesses.map((g) => new Client(ctx.app).post('User/regist', { mobile, code: g, password: PASSWORD })),
    );
    expect(regs.filter((r) => r.body.errCode === 'SMS_CODE_INVALID').length).toBeLessThanOrEqual(4);
    for (const r of regs) expect(['SMS_CODE_INVALID', 'SMS_CODE_EXPIRED']).toContain(r.body.errCode);
    expect((await codeRow(mobile))!.attempts).toBe(5);
    expectError(await c.post('User/regist', { mobile, code, password: PASSWORD }), 'SMS_CODE_EXPIRED');
  });

  it('an expired code → SMS_CODE_EXPIRED', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const code = await sendCode(c, mobile);
    await ctx.database.db.execute(
      sql`update sms_codes set expires_at = now() - interval '1 second' where mobile = ${mobile}`,
    );
    const r = await c.post('User/regist', { mobile, code, password: PASSWORD });
    expectError(r, 'SMS_CODE_EXPIRED');
    expect(r.body.data).toEqual({ fields: { code: '验证码已过期，请重新获取' } });
    expect(await memberOf(mobile)).toBeUndefined();
    expect((await codeRow(mobile))!.attempts).toBe(0);
  });

  it('a code is good for 5 minutes', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const code = await sendCode(c, mobile);
    await ageCodes(ctx, mobile, 4 * 60 + 50);
    expectOk(await c.post('User/regist', { mobile, code, password: PASSWORD }));
  });

  it('only the latest code counts: an older one → SMS_CODE_INVALID', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const first = await sendCode(c, mobile);
    await ageCodes(ctx, mobile, 61);
    const second = await sendCode(c, mobile);
    if (first !== second) {
      expectError(
        await c.post('User/regist', { mobile, code: first, password: PASSWORD }),
        'SMS_CODE_INVALID',
      );
    }
    expectOk(await c.post('User/regist', { mobile, code: second, password: PASSWORD }));
  });

  it('a used code cannot be used again (checkCode twice): answered as no code at all', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    await ageCodes(ctx, mobile, 61);
    const code = await sendCode(c, mobile, 'reset');
    expectOk(await c.post('User/checkCode', { mobile, code }));
    const again = await c.post('User/checkCode', { mobile, code });
    expectError(again, 'SMS_CODE_INVALID');
    expect(again.body.data).toEqual({ fields: { code: '请先获取验证码（每个验证码只能使用一次）' } });
    expect(
      await count(ctx, 'reset_tokens', sql`member_id = (select id from members where mobile = ${mobile})`),
    ).toBe(1);
  });

  it('a code for regist does not work for reset, nor a reset code for regist', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const registCode = await sendCode(c, mobile, 'regist');
    // the mobile becomes a member by another way (the code stays unused)
    await ctx.database.db.execute(
      sql`insert into members (cardno, mobile, password_hash, cardtype)
          values ('99' || substr(${mobile}, 6, 6), ${mobile}, ${await crypto.hashPassword(PASSWORD)}, 'workshop')`,
    );
    const r = await c.post('User/checkCode', { mobile, code: registCode });
    expectError(r, 'SMS_CODE_INVALID');
    expect(r.body.data).toEqual({ fields: { code: '请先获取验证码（每个验证码只能使用一次）' } });
    await ageCodes(ctx, mobile, 61);
    const resetCode = await sendCode(c, mobile, 'reset');
    if (resetCode !== registCode) {
      expectError(await c.post('User/checkCode', { mobile, code: registCode }), 'SMS_CODE_INVALID');
    }
    // and the reset code is not a regist code: regist checks it against the regist code
    if (resetCode !== registCode) {
      expectError(
        await c.post('User/regist', { mobile, code: resetCode, password: PASSWORD }),
        'SMS_CODE_INVALID',
      );
    }
    expectOk(await c.post('User/checkCode', { mobile, code: resetCode }));
  });

  it('a reset code cannot register a new mobile', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const resetCode = await sendCode(c, mobile, 'reset');
    const r = await c.post('User/regist', { mobile, code: resetCode, password: PASSWORD });
    expectError(r, 'SMS_CODE_INVALID');
    expect(r.body.data).toEqual({ fields: { code: '请先获取验证码（每个验证码只能使用一次）' } });
    expect(await memberOf(mobile)).toBeUndefined();
    // and checkCode, with the right reset code, answers that the mobile has no account
    expectError(await c.post('User/checkCode', { mobile, code: resetCode }), 'MOBILE_NOT_REGISTERED');
  });
});

describe('work done for bad requests', () => {
  it('a regist with a wrong, missing or dead code costs no password hashing', async () => {
    const hash = vi.mocked(crypto.hashPassword);
    const c = new Client(ctx.app);
    const mobile = newMobile();
    hash.mockClear();
    expectError(
      await c.post('User/regist', { mobile, code: '123456', password: PASSWORD }),
      'SMS_CODE_INVALID',
    );
    const code = await sendCode(c, mobile);
    expectError(
      await c.post('User/regist', { mobile, code: otherThan(code), password: PASSWORD }),
      'SMS_CODE_INVALID',
    );
    expectError(
      await c.post('User/regist', { mobile, code, password: PASSWORD, invite: '00000000' }),
      'INVITE_INVALID',
    );
    expect(hash).not.toHaveBeenCalled();
    expectOk(await c.post('User/regist', { mobile, code, password: PASSWORD }));
    expect(hash).toHaveBeenCalledTimes(1);
  });
});

describe('invite codes', () => {
  it('a nonexistent cardno → INVITE_INVALID on field invite; the code is not consumed', async () => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const code = await sendCode(c, mobile);
    const r = await c.post('User/regist', { mobile, code, password: PASSWORD, invite: '00000000' });
    expectError(r, 'INVITE_INVALID');
    expect(r.body.data).toEqual({ fields: { invite: '邀请码不存在' } });
    expect(await memberOf(mobile)).toBeUndefined();
    const row = await codeRow(mobile);
    expect(row!.attempts).toBe(0);
    expect(row!.consumed_at).toBeNull();
    expectOk(await c.post('User/regist', { mobile, code, password: PASSWORD }));
  });

  it.each(['abc', '1234567', '123456789', '1234567a', "1' or '1'='1"])(
    'a malformed invite %s → VALIDATION_FAILED on field invite; the code is not consumed',
    async (invite) => {
      const c = new Client(ctx.app);
      const mobile = newMobile();
      const code = await sendCode(c, mobile);
      const r = await c.post('User/regist', { mobile, code, password: PASSWORD, invite });
      expect(expectFields(r, ['invite'])).toEqual({ invite: '邀请码为 8 位数字' });
      expect((await codeRow(mobile))!.attempts).toBe(0);
      expectOk(await c.post('User/regist', { mobile, code, password: PASSWORD }));
    },
  );
});

describe('password and cardtype rules', () => {
  it.each([
    ['', '请输入密码'],
    ['abc1234', '密码至少 8 位'],
    ['abcdefgh', '密码需同时包含字母和数字'],
    ['12345678', '密码需同时包含字母和数字'],
    [`a1${'x'.repeat(31)}`, '密码最多 32 位'],
    ['密码abc12345', '密码只能包含字母、数字和英文符号'],
    ['abc 12345', '密码只能包含字母、数字和英文符号'],
  ])('password %j → VALIDATION_FAILED on field password: %s', async (password, message) => {
    const c = new Client(ctx.app);
    const mobile = newMobile();
    const code = await sendCode(c, mobile);
    const r = await c.post('User/regist', { mobile, code, password });
    expect(expectFields(r, ['password'])).toEqual({ password: message });
    expect(await memberOf(mobile)).toBeUndefined();
    expect((await codeRow(mobile))!.attempts).toBe(0);
  });

  it('a 32-character password with symbols is accepted', async () => {
    const c = new Client(ctx.app);
    const password = `Ab1!@#$%^&*()_+-=[]{};:,.<>?/~${'x'.repeat(2)}`;
    expect(password).toHaveLength(32);
    const { mobile } = await register(c, newMobile(), { password });
    expectOk(await c.post('User/login', { mobile, password }));
  });

  it.each(['admin', 'WORKSHOP', '', 'designer'])(
    'cardtype %j → VALIDATION_FAILED on field cardtype',
    async (cardtype) => {
      const c = new Client(ctx.app);
      const mobile = newMobile();
      const code = await sendCode(c, mobile);
      const r = await c.post('User/regist', { mobile, code, password: PASSWORD, cardtype });
      expect(expectFields(r, ['cardtype'])).toEqual({ cardtype: '请选择账号类型' });
      expect(await memberOf(mobile)).toBeUndefined();
    },
  );

  it.each(['12800000000', '1380000000', '138000000001', '23800000000', '1380000000a', '+8613800000000'])(
    'mobile %s → VALIDATION_FAILED on field mobile, nothing sent',
    async (mobile) => {
      const c = new Client(ctx.app);
      const r = await c.post('User/getCode', { mobile, type: 'regist' });
      expectFields(r, ['mobile']);
      expect(await count(ctx, 'sms_codes', sql`ip = ${c.ip}`)).toBe(0);
    },
  );
});

describe('concurrency', () => {
  it('two regist calls at once with the same mobile and code → exactly one member', async () => {
    const mobile = newMobile();
    const a = new Client(ctx.app);
    const b = new Client(ctx.app);
    const code = await sendCode(a, mobile);
    const results = await Promise.all([
      a.post('User/regist', { mobile, code, password: PASSWORD }),
      b.post('User/regist', { mobile, code, password: 'other1234', cardtype: 'customer' }),
    ]);
    const ok = results.filter((r) => r.body.success);
    expect(ok).toHaveLength(1);
    const failed = results.find((r) => !r.body.success)!;
    expect(['SMS_CODE_INVALID', 'MOBILE_TAKEN']).toContain(failed.body.errCode);
    expectError(failed, failed.body.errCode as 'MOBILE_TAKEN');
    expect(await count(ctx, 'members', sql`mobile = ${mobile}`)).toBe(1);
  });

  it('two getCode calls at once for one mobile → one code sent, one SMS_TOO_FREQUENT', async () => {
    const mobile = newMobile();
    const results = await Promise.all([
      new Client(ctx.app).post('User/getCode', { mobile, type: 'regist' }),
      new Client(ctx.app).post('User/getCode', { mobile, type: 'regist' }),
      new Client(ctx.app).post('User/getCode', { mobile, type: 'regist' }),
    ]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expectError(r, 'SMS_TOO_FREQUENT');
    expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(1);
  });
});

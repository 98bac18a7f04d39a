import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { postTransaction } from '../src/modules/ledger/ledger.service.ts';
import { Client, count, expectError, expectFields, expectOk, login, PASSWORD, rows } from './helpers.ts';
import {
  type LoggedIn,
  loggedIn,
  operatorCookie,
  tempUploadDir,
  uploadId,
  useTestApp,
} from './member-fixtures.ts';

const ctx = useTestApp({ env: { UPLOAD_DIR: tempUploadDir() } });

// biome-ignore lint/suspicious/noExplicitAny: userInfo in assertions
type Any = any;

const USER_INFO_KEYS = [
  'ispaycode',
  'hastips',
  'unread',
  'unreadMessages',
  'messageSms',
  'personauth',
  'businsauth',
  'bindwx',
  'openid',
  'cardno',
  'cardtype',
  'name',
  'nickname',
  'pwd',
  'userlogo',
  'company',
  'myjob',
  'mobile',
  'birth',
  'sex',
  'idcard',
  'qqnum',
  'email',
  'addr',
  'prov',
  'city',
  'strt',
  'descr',
  'score',
  'dates',
  'times',
  'coins',
  'invitcoins',
  'invitcoins_dsnr',
  'invitcoins_bsns',
  'invitpples',
  'myworks',
  'payout',
  'payees',
  'reject',
];

async function memberRow(id: number) {
  const [m] = await rows<Record<string, unknown>>(ctx, sql`select * from members where id = ${id}`);
  return m!;
}

describe('every Member call needs a member session', () => {
  it.each([
    ['Member/userInfo', {}],
    ['Member/updateBaseInfo', { nickname: 'x' }],
    ['Member/updateBaseInfo', { nickname: '' }],
    ['Member/setPayment', {}],
    ['Member/changePwd', { oldPassword: 'x' }],
  ])('%s anonymous → NOT_LOGGED_IN (even with a bad body)', async (call, body) => {
    const r = await new Client(ctx.app).post(call, body);
    expectError(r, 'NOT_LOGGED_IN');
  });

  it('an operator session is not a member session', async () => {
    const op = await operatorCookie(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Member/userInfo',
      payload: {},
      headers: { cookie: op },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errCode).toBe('NOT_LOGGED_IN');
  });
});

describe('Member/userInfo', () => {
  it('answers every field of the seed with derived values', async () => {
    const a = await loggedIn(ctx);
    const r = await a.c.post<Any>('Member/userInfo', {});
    expectOk(r);
    const d = r.body.data;
    expect(Object.keys(d).sort()).toEqual([...USER_INFO_KEYS].sort());
    expect(d).toMatchObject({
      ispaycode: false,
      hastips: false,
      unread: 0,
      personauth: 3,
      businsauth: 3,
      bindwx: false,
      openid: '',
      cardno: a.cardno,
      cardtype: 'workshop',
      name: '',
      pwd: '',
      userlogo: '',
      mobile: a.mobile,
      sex: 0,
      idcard: '',
      score: null, // no revealed evaluation yet: 暂无评分 (docs/delivery-evaluation.md)
      coins: 0,
      invitcoins: 0,
      invitcoins_dsnr: 0,
      invitcoins_bsns: 0,
      invitpples: 0,
      myworks: 0,
      payout: { type: '', name: '', account: '', bank: '' },
      reject: { person: '', business: '' },
    });
    expect(d.dates).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.times).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const [t] = await rows<{ d: string; t: string }>(
      ctx,
      sql`select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as d,
                 to_char(created_at at time zone 'Asia/Shanghai', 'HH24:MI:SS') as t
          from members where id = ${a.id}`,
    );
    expect({ dates: d.dates, times: d.times }).toEqual({ dates: t!.d, times: t!.t });
    // no password hash, pay code or openid leaves the server
    expect(r.res.body).not.toMatch(/argon2|password_hash|paycode_hash|passwordHash/i);
  });

  it('invitpples counts members who registered with this member number', async () => {
    const a = await loggedIn(ctx);
    await loggedIn(ctx, { invite: a.cardno });
    await loggedIn(ctx, { invite: a.cardno });
    await loggedIn(ctx);
    expect((await a.c.post<Any>('Member/userInfo')).body.data.invitpples).toBe(2);
  });

  it("coins is the balance of the member's coin account in the ledger", async () => {
    const a = await loggedIn(ctx);
    await ctx.database.db.transaction((tx) =>
      postTransaction(tx, {
        type: 'demo_grant',
        postings: [
          { account: { kind: 'platform_coins' }, amount: -37, currency: 'COIN' },
          { account: { kind: 'member_coins', memberId: a.id }, amount: 37, currency: 'COIN' },
        ],
      }),
    );
    expect((await a.c.post<Any>('Member/userInfo')).body.data.coins).toBe(37);
  });

  it('bindwx is true once an openid is set, but the openid itself is never sent', async () => {
    const a = await loggedIn(ctx);
    await ctx.database.db.execute(sql`update members set openid = ${`o_${a.cardno}`} where id = ${a.id}`);
    const d = (await a.c.post<Any>('Member/userInfo', {})).body.data;
    expect(d.bindwx).toBe(true);
    expect(d.openid).toBe('');
  });

  it('refuses unknown fields', async () => {
    const a = await loggedIn(ctx);
    expectFields(await a.c.post('Member/userInfo', { cardno: '12345678' }), ['cardno']);
  });
});

describe('Member/updateBaseInfo', () => {
  let a: LoggedIn;
  beforeAll(async () => {
    a = await loggedIn(ctx);
  });

  it.each([
    [{ nickname: '' }, 'nickname'],
    [{ nickname: 'x'.repeat(21) }, 'nickname'],
    [{ company: 'x'.repeat(101) }, 'company'],
    [{ myjob: 'x'.repeat(51) }, 'myjob'],
    [{ birth: '1990-02-30' }, 'birth'],
    [{ birth: '1899-12-31' }, 'birth'],
    [{ birth: '2999-01-01' }, 'birth'],
    [{ birth: '1990/01/01' }, 'birth'],
    [{ sex: 3 }, 'sex'],
    [{ sex: '1' }, 'sex'],
    [{ qqnum: '1234' }, 'qqnum'],
    [{ qqnum: '1234567890123' }, 'qqnum'],
    [{ qqnum: 'abcde' }, 'qqnum'],
    [{ email: 'not-an-email' }, 'email'],
    [{ prov: '火星省' }, 'prov'],
    [{ prov: '北京市', city: '上海市' }, 'prov'],
    [{ prov: '浙江省', city: '杭州市', strt: '朝阳区' }, 'prov'],
    [{ city: '杭州市' }, 'prov'],
    [{ addr: 'x'.repeat(201) }, 'addr'],
    [{ descr: 'x'.repeat(501) }, 'descr'],
    [{ userlogo: 'not a file id' }, 'userlogo'],
    [{ score: 5 }, 'score'],
    [{ mobile: '13800000000' }, 'mobile'],
  ])('%j → field %s, nothing changed', async (body, field) => {
    const before = await memberRow(a.id);
    const msg = expectFields(await a.c.post('Member/updateBaseInfo', body), [field]);
    expect(msg[field]).toBeTruthy();
    expect(await memberRow(a.id)).toEqual(before);
  });

  it('partial update: only the fields sent change; answers the updated userInfo', async () => {
    const r = await a.c.post<Any>('Member/updateBaseInfo', {
      nickname: ' 展览王 ',
      company: '杭州某某展览有限公司',
      myjob: '项目经理',
      birth: '1990-05-20',
      sex: 1,
      qqnum: '12345678',
      email: 'wang@example.com',
      prov: '浙江省',
      city: '杭州市',
      strt: '西湖区',
      addr: '文三路 1 号',
      descr: '十年展台搭建经验',
    });
    expectOk(r);
    expect(r.body.data).toMatchObject({
      nickname: '展览王',
      company: '杭州某某展览有限公司',
      birth: '1990-05-20',
      sex: 1,
      prov: '浙江省',
      city: '杭州市',
      strt: '西湖区',
    });
    const r2 = await a.c.post<Any>('Member/updateBaseInfo', { myjob: '总监' });
    expect(r2.body.data).toMatchObject({ myjob: '总监', nickname: '展览王', email: 'wang@example.com' });
    // clearing optional fields with ''
    const r3 = await a.c.post<Any>('Member/updateBaseInfo', { email: '', qqnum: '', birth: '' });
    expect(r3.body.data).toMatchObject({ email: '', qqnum: '', birth: '', myjob: '总监' });
    // any part of the region replaces the whole region
    const r4 = await a.c.post<Any>('Member/updateBaseInfo', { prov: '北京市' });
    expect(r4.body.data).toMatchObject({ prov: '北京市', city: '', strt: '' });
  });

  it("userlogo: the caller's own avatar upload only", async () => {
    const b = await loggedIn(ctx);
    const bAvatar = await uploadId(ctx, b.c, 'avatar');
    const ownCase = await uploadId(ctx, a.c, 'case');
    const ownId = await uploadId(ctx, a.c, 'idcard');
    for (const id of [bAvatar, ownCase, ownId, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const before = await memberRow(a.id);
      const r = await a.c.post('Member/updateBaseInfo', { userlogo: id });
      expectError(r, 'FILE_NOT_FOUND');
      expect(Object.keys((r.body.data as Any).fields)).toEqual(['userlogo']);
      expect(await memberRow(a.id)).toEqual(before);
    }
    const mine = await uploadId(ctx, a.c, 'avatar');
    const ok = await a.c.post<Any>('Member/updateBaseInfo', { userlogo: mine });
    expectOk(ok);
    expect(ok.body.data.userlogo).toBe(`/files/${mine}`);
    const cleared = await a.c.post<Any>('Member/updateBaseInfo', { userlogo: '' });
    expect(cleared.body.data.userlogo).toBe('');
  });
});

describe('Member/setPayment', () => {
  const good = {
    password: PASSWORD,
    paycode: '583920',
    repaycode: '583920',
    payoutType: 'alipay',
    payoutName: '张三',
    payoutAccount: '13912345678',
  };

  it.each([
    [{ paycode: '111111', repaycode: '111111' }, ['paycode']],
    [{ paycode: '123456', repaycode: '123456' }, ['paycode']],
    [{ paycode: '654321', repaycode: '654321' }, ['paycode']],
    [{ paycode: '345678', repaycode: '345678' }, ['paycode']],
    [{ paycode: '12345', repaycode: '12345' }, ['paycode']],
    [{ paycode: '12a456', repaycode: '12a456' }, ['paycode']],
    [{ repaycode: '583921' }, ['repaycode']],
    [{ payoutType: 'wechat' }, ['payoutType']],
    [{ payoutName: '张' }, ['payoutName']],
    [{ payoutName: '张三123' }, ['payoutName']],
    [{ payoutAccount: 'abc' }, ['payoutAccount']],
    [{ payoutType: 'bank', payoutAccount: '6222000011112222', payoutBank: '' }, ['payoutBank']],
    [{ payoutType: 'bank', payoutAccount: '62220000', payoutBank: '中国工商银行' }, ['payoutAccount']],
    [{ password: '' }, ['password']],
    [{ extra: 1 }, ['extra']],
  ])('%j → fields %j, nothing changed', async (patch, fields) => {
    const a = await loggedIn(ctx);
    const before = await memberRow(a.id);
    expectFields(await a.c.post('Member/setPayment', { ...good, ...patch }), fields);
    expect(await memberRow(a.id)).toEqual(before);
  });

  it('a wrong login password → PASSWORD_WRONG on password, counted toward the login lock', async () => {
    const a = await loggedIn(ctx);
    await verify(a.id, '张三');
    for (let i = 1; i <= 4; i++) {
      const r = await a.c.post('Member/setPayment', { ...good, password: 'wrong1234' });
      expectError(r, 'PASSWORD_WRONG');
      expect((r.body.data as Any).fields).toHaveProperty('password');
      expect(r.body.errMsg).toContain(`${5 - i} 次`);
    }
    expectError(await a.c.post('Member/setPayment', { ...good, password: 'wrong1234' }), 'ACCOUNT_LOCKED');
    expect((await memberRow(a.id)).paycode_hash).toBeNull();
    // the lock is the login lock: User/login refuses too
    expectError(await login(new Client(ctx.app), a.mobile), 'ACCOUNT_LOCKED');
    expectError(await a.c.post('Member/setPayment', good), 'ACCOUNT_LOCKED');
  });

  /** approved verifications: the real name, and a business one's company name */
  async function verify(id: number, realname: string, company?: string) {
    await ctx.database.db.execute(
      sql`update members set personauth = 1, realname = ${realname} where id = ${id}`,
    );
    if (company) {
      await ctx.database.db.execute(sql`update members set businsauth = 1 where id = ${id}`);
      await ctx.database.db.execute(sql`insert into business_auths
        (member_id, name, mobile, cardfrt, cardrvs, bstype, btitle, bcerts, bprov, bcity, taxorder, bkname, bkorder, checked)
        values (${id}, '王行走', '13900000000', 'f1', 'f2', '有限责任公司', ${company}, 'f3', '上海市', '上海市', '91310000MA1FL0000X', '招商银行', '6222000011112222', 1)`);
    }
  }

  it('the payee is a verified name: an unverified member, or another name, is refused on payoutName', async () => {
    const a = await loggedIn(ctx);
    const before = await memberRow(a.id);
    const unverified = expectFields(await a.c.post('Member/setPayment', good), ['payoutName']);
    expect(unverified.payoutName).toBe('请先完成实名认证或企业认证，收款人须为认证的姓名或企业名称');
    await verify(a.id, '王行走', '上海行走展览有限公司');
    const other = expectFields(await a.c.post('Member/setPayment', { ...good, payoutName: '李四' }), [
      'payoutName',
    ]);
    expect(other.payoutName).toBe('收款人须与认证信息一致：王行走 或 上海行走展览有限公司');
    expect((await memberRow(a.id)).payout_name).toBe(before.payout_name);
    expectOk(await a.c.post('Member/setPayment', { ...good, payoutName: '王行走' }));
    expectOk(await a.c.post('Member/setPayment', { ...good, payoutName: '上海行走展览有限公司' }));
    expect((await memberRow(a.id)).payout_name).toBe('上海行走展览有限公司');
  });

  it('sets the pay code (argon2id, never answered) and the payout account (masked)', async () => {
    const a = await loggedIn(ctx);
    await verify(a.id, '张三');
    const r = await a.c.post<Any>('Member/setPayment', good);
    expectOk(r);
    expect(r.body.data).toEqual({
      ispaycode: true,
      payout: { type: 'alipay', name: '张三', account: '139****5678', bank: '' },
    });
    expect(r.res.body).not.toContain('583920');
    const m = await memberRow(a.id);
    expect(String(m.paycode_hash)).toMatch(/^\$argon2id\$/);
    expect(m.payout_account).toBe('13912345678');
    const info = await a.c.post<Any>('Member/userInfo', {});
    expect(info.body.data.ispaycode).toBe(true);
    expect(info.res.body).not.toContain('583920');
    expect(info.res.body).not.toContain('13912345678');
    // changing to a bank account replaces it
    const bank = await a.c.post<Any>('Member/setPayment', {
      ...good,
      paycode: '902817',
      repaycode: '902817',
      payoutType: 'bank',
      payoutAccount: '6222020200112233445',
      payoutBank: '中国工商银行杭州分行',
    });
    expectOk(bank);
    expect(bank.body.data.payout).toEqual({
      type: 'bank',
      name: '张三',
      account: '**** **** **** 3445',
      bank: '中国工商银行杭州分行',
    });
    expect(await count(ctx, 'audit_log', sql`action = 'member.set_payment' and actor_id = ${a.id}`)).toBe(2);
  });
});

describe('Member/changePwd', () => {
  it.each([
    [{ oldPassword: '', password: 'newpass123' }, ['oldPassword']],
    [{ oldPassword: PASSWORD, password: 'short1' }, ['password']],
    [{ oldPassword: PASSWORD, password: 'lettersonly' }, ['password']],
    [{ oldPassword: PASSWORD, password: PASSWORD }, ['password']],
    [{ oldPassword: PASSWORD }, ['password']],
  ])('%j → fields %j', async (body, fields) => {
    const a = await loggedIn(ctx);
    const before = await memberRow(a.id);
    expectFields(await a.c.post('Member/changePwd', body), fields);
    expect(await memberRow(a.id)).toEqual(before);
  });

  it('a wrong current password → PASSWORD_WRONG on oldPassword; the password is unchanged', async () => {
    const a = await loggedIn(ctx);
    const r = await a.c.post('Member/changePwd', { oldPassword: 'wrong1234', password: 'newpass123' });
    expectError(r, 'PASSWORD_WRONG');
    expect(Object.keys((r.body.data as Any).fields)).toEqual(['oldPassword']);
    expectOk(await login(new Client(ctx.app), a.mobile, PASSWORD));
  });

  it('ends every other session and every remember token; the current session stays', async () => {
    const a = await loggedIn(ctx);
    const other = new Client(ctx.app);
    expectOk(await login(other, a.mobile, PASSWORD, 1));
    expectOk(await login(a.c, a.mobile, PASSWORD, 1));
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${a.id}`)).toBe(2);
    const r = await a.c.post('Member/changePwd', { oldPassword: PASSWORD, password: 'newpass123' });
    expectOk(r);
    expect(r.res.headers['set-cookie']).toEqual(expect.stringMatching(/^zl_rt=;/));
    expectOk(await a.c.post('Member/userInfo', {}));
    expectError(await other.post('Member/userInfo', {}), 'NOT_LOGGED_IN');
    expect(await count(ctx, 'sessions', sql`member_id = ${a.id}`)).toBe(1);
    expect(await count(ctx, 'remember_tokens', sql`member_id = ${a.id}`)).toBe(0);
    expectError(await login(new Client(ctx.app), a.mobile, PASSWORD), 'LOGIN_FAILED');
    expectOk(await login(new Client(ctx.app), a.mobile, 'newpass123'));
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Client, count, expectError, expectFields, expectOk, rows } from './helpers.ts';
import {
  creditCode,
  idNumber,
  type LoggedIn,
  loggedIn,
  tempUploadDir,
  uploadId,
  useTestApp,
} from './member-fixtures.ts';

const ctx = useTestApp({ env: { UPLOAD_DIR: tempUploadDir() } });

// biome-ignore lint/suspicious/noExplicitAny: answers in assertions
type Any = any;
let seq = 100;

async function personForm(m: LoggedIn, idcard = idNumber(seq++)) {
  return {
    realname: '张三',
    idcard,
    cardfrt: await uploadId(ctx, m.c, 'idcard'),
    cardrvs: await uploadId(ctx, m.c, 'idcard'),
  };
}

async function businessForm(m: LoggedIn, taxorder = creditCode(seq++)) {
  return {
    name: '李四',
    mobile: '13812345678',
    tlphone: '0571-88886666',
    cardfrt: await uploadId(ctx, m.c, 'idcard'),
    cardrvs: await uploadId(ctx, m.c, 'idcard'),
    bstype: '有限责任公司',
    btitle: '杭州某某展览工程有限公司',
    bcerts: await uploadId(ctx, m.c, 'license'),
    bdate: '2015-06-01',
    bprov: '浙江省',
    bcity: '杭州市',
    bstrt: '西湖区',
    receipt: '增值税专用发票',
    fultitle: '杭州某某展览工程有限公司',
    taxorder,
    bkname: '中国工商银行杭州分行',
    bkorder: '1202020209000012345',
    mprov: '浙江省',
    mcity: '杭州市',
    mstrt: '',
    maddr: '文三路 1 号',
  };
}

/** What the operator console does on a decision, done directly here. */
async function review(
  table: 'person_auths' | 'business_auths',
  memberId: number,
  checked: 1 | 2,
  reason = '',
) {
  const flag = table === 'person_auths' ? sql`personauth` : sql`businsauth`;
  await ctx.database.db.execute(
    sql`update ${sql.identifier(table)} set checked = ${checked}, reason = ${reason}, reviewed_at = now()
        where id = (select max(id) from ${sql.identifier(table)} where member_id = ${memberId})`,
  );
  await ctx.database.db.execute(sql`update members set ${flag} = ${checked} where id = ${memberId}`);
}

async function snapshot(memberId: number) {
  return {
    person: await count(ctx, 'person_auths', sql`member_id = ${memberId}`),
    business: await count(ctx, 'business_auths', sql`member_id = ${memberId}`),
    audit: await count(ctx, 'audit_log', sql`actor_id = ${memberId}`),
    flags: (await rows(ctx, sql`select personauth, businsauth from members where id = ${memberId}`))[0],
  };
}

describe('login first', () => {
  it.each(['Member/personAuth', 'Member/personAuthInfo', 'Member/businesAuth', 'Member/businesAuthInfo'])(
    '%s anonymous → NOT_LOGGED_IN',
    async (call) => {
      expectError(await new Client(ctx.app).post(call, {}), 'NOT_LOGGED_IN');
    },
  );
});

describe('Member/personAuth', () => {
  it.each([
    [{ realname: '' }, 'realname'],
    [{ realname: '张' }, 'realname'],
    [{ realname: 'Zhang San' }, 'realname'],
    [{ realname: '张三3' }, 'realname'],
    [{ realname: '·张三' }, 'realname'],
    [{ idcard: '' }, 'idcard'],
    [{ idcard: '110105199001010011' }, 'idcard'],
    [{ idcard: '11010519900101001' }, 'idcard'],
    [{ idcard: '110105199002300016' }, 'idcard'],
    [{ cardfrt: '' }, 'cardfrt'],
    [{ cardrvs: 'bad id!' }, 'cardrvs'],
    [{ extra: 'x' }, 'extra'],
  ])('%j → field %s, nothing stored', async (patch, field) => {
    const m = await loggedIn(ctx);
    const form = await personForm(m);
    const before = await snapshot(m.id);
    const fields = expectFields(await m.c.post('Member/personAuth', { ...form, ...patch }), [field]);
    if (field === 'idcard' && (patch as { idcard?: string }).idcard)
      expect(fields.idcard).toBe('身份证号码不正确，请核对');
    expect(await snapshot(m.id)).toEqual(before);
  });

  it('the same image for both sides → field cardrvs', async () => {
    const m = await loggedIn(ctx);
    const form = await personForm(m);
    expectFields(await m.c.post('Member/personAuth', { ...form, cardrvs: form.cardfrt }), ['cardrvs']);
  });

  it("another member's file, a public upload or a licence cannot stand in for the ID card", async () => {
    const a = await loggedIn(ctx);
    const b = await loggedIn(ctx);
    const form = await personForm(a);
    const before = await snapshot(a.id);
    for (const [field, id] of [
      ['cardfrt', await uploadId(ctx, b.c, 'idcard')],
      ['cardrvs', await uploadId(ctx, b.c, 'idcard')],
      ['cardfrt', await uploadId(ctx, a.c, 'avatar')],
      ['cardrvs', await uploadId(ctx, a.c, 'license')],
    ] as const) {
      const r = await a.c.post('Member/personAuth', { ...form, [field]: id });
      expectError(r, 'FILE_NOT_FOUND');
      expect(Object.keys((r.body.data as Any).fields)).toEqual([field]);
    }
    expect(await snapshot(a.id)).toEqual(before);
  });

  it('state rules: submit → pending; again → AUTH_PENDING; rejected → resubmit; approved → AUTH_ALREADY_APPROVED', async () => {
    const m = await loggedIn(ctx);
    expect((await m.c.post<Any>('Member/personAuthInfo', {})).body.data).toBeNull();
    const form = await personForm(m, idNumber(7));
    const r = await m.c.post<Any>('Member/personAuth', { ...form, idcard: form.idcard.toLowerCase() });
    expectOk(r);
    expect(r.body.data).toMatchObject({
      realname: '张三',
      idcard: form.idcard,
      checked: 0,
      personauth: 0,
      reason: '',
    });
    expect(r.body.data.cardfrt).toEqual({
      id: form.cardfrt,
      url: `/files/${form.cardfrt}`,
      thumbUrl: `/files/${form.cardfrt}/thumb`,
    });
    expect((await m.c.post<Any>('Member/userInfo', {})).body.data.personauth).toBe(0);
    expect(
      await count(
        ctx,
        'audit_log',
        sql`actor_type = 'member' and actor_id = ${m.id} and action = 'person_auth.submit'`,
      ),
    ).toBe(1);

    const pending = await snapshot(m.id);
    expectError(await m.c.post('Member/personAuth', form), 'AUTH_PENDING');
    expect(await snapshot(m.id)).toEqual(pending);

    await review('person_auths', m.id, 2, '身份证照片模糊');
    const info = (await m.c.post<Any>('Member/userInfo', {})).body.data;
    expect(info).toMatchObject({
      personauth: 2,
      reject: { person: '身份证照片模糊', business: '' },
      name: '',
    });
    expect((await m.c.post<Any>('Member/personAuthInfo', {})).body.data).toMatchObject({
      checked: 2,
      reason: '身份证照片模糊',
    });

    const again = await m.c.post<Any>('Member/personAuth', { ...form, realname: '张三丰' });
    expectOk(again);
    expect(again.body.data).toMatchObject({ realname: '张三丰', checked: 0, reason: '' });
    expect(await count(ctx, 'person_auths', sql`member_id = ${m.id}`)).toBe(2);

    await review('person_auths', m.id, 1);
    const approved = (await m.c.post<Any>('Member/userInfo', {})).body.data;
    expect(approved).toMatchObject({ personauth: 1, name: '张三丰', reject: { person: '' } });
    expect(approved.idcard).toBe(`${form.idcard.slice(0, 3)}***********${form.idcard.slice(-4)}`);
    const done = await snapshot(m.id);
    expectError(await m.c.post('Member/personAuth', await personForm(m)), 'AUTH_ALREADY_APPROVED');
    expect(await snapshot(m.id)).toEqual(done);
  });

  it('an ID number approved for another member → field idcard', async () => {
    const a = await loggedIn(ctx);
    const b = await loggedIn(ctx);
    const id = idNumber(42);
    expectOk(await a.c.post('Member/personAuth', await personForm(a, id)));
    // only approval blocks: a pending submission of the same number by someone else does not
    expectOk(await b.c.post('Member/personAuth', await personForm(b, id)));
    await review('person_auths', b.id, 2, '信息有误');
    await review('person_auths', a.id, 1);
    const r = await b.c.post('Member/personAuth', await personForm(b, id));
    expect(expectFields(r, ['idcard']).idcard).toBe('该身份证已被其他账号认证');
  });
});

describe('Member/businesAuth', () => {
  it.each([
    [{ name: '李' }, 'name'],
    [{ mobile: '12345' }, 'mobile'],
    [{ tlphone: '88886666a' }, 'tlphone'],
    [{ bstype: '外资企业' }, 'bstype'],
    [{ btitle: '' }, 'btitle'],
    [{ btitle: 'x'.repeat(101) }, 'btitle'],
    [{ bcerts: '' }, 'bcerts'],
    [{ bdate: '2999-01-01' }, 'bdate'],
    [{ bprov: '' }, 'bprov'],
    [{ bprov: '浙江省', bcity: '南京市' }, 'bprov'],
    [{ receipt: '收据' }, 'receipt'],
    [{ fultitle: 'x'.repeat(101) }, 'fultitle'],
    [{ taxorder: '91110105000000001X' }, 'taxorder'],
    [{ taxorder: 'ABC' }, 'taxorder'],
    [{ bkname: '工' }, 'bkname'],
    [{ bkorder: '12345' }, 'bkorder'],
    [{ bkorder: '12345678901a' }, 'bkorder'],
    [{ mprov: '浙江省', mcity: '苏州市' }, 'mprov'],
    [{ maddr: 'x'.repeat(201) }, 'maddr'],
    [{ cardno: '12345678' }, 'cardno'],
  ])('%j → field %s, nothing stored', async (patch, field) => {
    const m = await loggedIn(ctx);
    const form = await businessForm(m);
    const before = await snapshot(m.id);
    const fields = expectFields(await m.c.post('Member/businesAuth', { ...form, ...patch }), [field]);
    if (field === 'taxorder') expect(fields.taxorder).toBe('统一社会信用代码不正确，请核对');
    expect(await snapshot(m.id)).toEqual(before);
  });

  it("the licence must be the caller's own private licence upload", async () => {
    const a = await loggedIn(ctx);
    const b = await loggedIn(ctx);
    const form = await businessForm(a);
    for (const id of [await uploadId(ctx, b.c, 'license'), await uploadId(ctx, a.c, 'idcard')]) {
      const r = await a.c.post('Member/businesAuth', { ...form, bcerts: id });
      expectError(r, 'FILE_NOT_FOUND');
      expect(Object.keys((r.body.data as Any).fields)).toEqual(['bcerts']);
    }
    const r = await a.c.post('Member/businesAuth', { ...form, cardfrt: await uploadId(ctx, b.c, 'idcard') });
    expectError(r, 'FILE_NOT_FOUND');
    expect(await count(ctx, 'business_auths', sql`member_id = ${a.id}`)).toBe(0);
  });

  it('state rules and the authInfo answer', async () => {
    const m = await loggedIn(ctx);
    expect((await m.c.post<Any>('Member/businesAuthInfo', {})).body.data).toBeNull();
    const form = await businessForm(m);
    const {
      tlphone: _t,
      bdate: _d,
      receipt: _r,
      fultitle: _f,
      mprov: _p,
      mcity: _c,
      mstrt: _s,
      maddr: _a,
      ...min
    } = form;
    const r = await m.c.post<Any>('Member/businesAuth', { ...min, taxorder: form.taxorder.toLowerCase() });
    expectOk(r);
    const info = (await m.c.post<Any>('Member/businesAuthInfo', {})).body.data;
    expect(info).toEqual(r.body.data);
    expect(Object.keys(info).sort()).toEqual(
      [
        'cardno',
        'name',
        'mobile',
        'tlphone',
        'cardfrt',
        'cardrvs',
        'bstype',
        'btitle',
        'bcerts',
        'bdate',
        'bprov',
        'bcity',
        'bstrt',
        'receipt',
        'fultitle',
        'taxorder',
        'bkname',
        'bkorder',
        'mprov',
        'mcity',
        'mstrt',
        'maddr',
        'dates',
        'times',
        'checked',
        'businsauth',
        'reason',
      ].sort(),
    );
    expect(info).toMatchObject({
      cardno: m.cardno,
      taxorder: form.taxorder,
      tlphone: '',
      maddr: '',
      checked: 0,
      businsauth: 0,
      reason: '',
      bcerts: { id: form.bcerts, url: `/files/${form.bcerts}`, thumbUrl: `/files/${form.bcerts}/thumb` },
    });
    expect(info.dates).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await count(ctx, 'audit_log', sql`actor_id = ${m.id} and action = 'business_auth.submit'`)).toBe(
      1,
    );
    expectError(await m.c.post('Member/businesAuth', form), 'AUTH_PENDING');

    await review('business_auths', m.id, 2, '营业执照不清晰');
    expect((await m.c.post<Any>('Member/userInfo', {})).body.data.reject.business).toBe('营业执照不清晰');
    expect((await m.c.post<Any>('Member/businesAuthInfo', {})).body.data).toMatchObject({
      checked: 2,
      businsauth: 2,
      reason: '营业执照不清晰',
    });
    const again = await m.c.post<Any>('Member/businesAuth', form);
    expectOk(again);
    expect(again.body.data).toMatchObject({ checked: 0, businsauth: 0, maddr: '文三路 1 号', reason: '' });

    await review('business_auths', m.id, 1);
    expect((await m.c.post<Any>('Member/userInfo', {})).body.data.businsauth).toBe(1);
    const done = await snapshot(m.id);
    expectError(await m.c.post('Member/businesAuth', form), 'AUTH_ALREADY_APPROVED');
    expect(await snapshot(m.id)).toEqual(done);
  });

  it('a credit code approved for another member → field taxorder', async () => {
    const a = await loggedIn(ctx);
    const b = await loggedIn(ctx);
    const code = creditCode(4242);
    expectOk(await a.c.post('Member/businesAuth', await businessForm(a, code)));
    await review('business_auths', a.id, 1);
    const r = await b.c.post('Member/businesAuth', await businessForm(b, code));
    expect(expectFields(r, ['taxorder']).taxorder).toBe('该统一社会信用代码已被其他账号认证');
    expect(await count(ctx, 'business_auths', sql`member_id = ${b.id}`)).toBe(0);
  });

  it('personal and business verification are independent', async () => {
    const m = await loggedIn(ctx);
    expectOk(await m.c.post('Member/personAuth', await personForm(m)));
    expectOk(await m.c.post('Member/businesAuth', await businessForm(m)));
    const d = (await m.c.post<Any>('Member/userInfo', {})).body.data;
    expect({ personauth: d.personauth, businsauth: d.businsauth }).toEqual({ personauth: 0, businsauth: 0 });
  });
});

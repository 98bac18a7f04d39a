import { createHash } from 'node:crypto';
import http from 'node:http';
import { OpenApiUtil } from '@alicloud/openapi-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { AliyunSmsSender } from '../src/modules/user/sms-aliyun.ts';
import {
  acs3Signature,
  type FakeAliyunSms,
  percentEncode,
  type RawRequest,
  startFakeAliyunSms,
} from './fakes/aliyun-sms-server.ts';
import { Client, count, expectError, expectOk, makeTestApp, newMobile, type TestContext } from './helpers.ts';

let fake: FakeAliyunSms;
beforeAll(async () => {
  fake = await startFakeAliyunSms();
});
afterAll(() => fake.close());

const aliyunEnv = (over: Record<string, string> = {}) => ({
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: fake.accessKeyId,
  ALIYUN_ACCESS_KEY_SECRET: fake.accessKeySecret,
  ALIYUN_SMS_SIGN_NAME: '展览供应商平台',
  ALIYUN_SMS_TEMPLATE_REGIST: 'SMS_100000001',
  ALIYUN_SMS_TEMPLATE_RESET: 'SMS_100000002',
  ALIYUN_SMS_TEMPLATE_BIND: 'SMS_100000003',
  ALIYUN_SMS_ENDPOINT: fake.url,
  ...over,
});

describe('the V3 signature the fake checks', () => {
  it("percentEncode follows Aliyun (RFC 3986: space %20, * %2A, ~ kept, !'() encoded)", () => {
    expect(percentEncode('a b*c~d+e/f')).toBe('a%20b%2Ac~d%2Be%2Ff');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
    expect(percentEncode('展')).toBe('%E5%B1%95');
  });

  it("the fake's ACS3-HMAC-SHA256, written from the specification, agrees with the vendor's", () => {
    // awkward values on purpose: spaces, *, ~, quotes, Chinese, a parameter sorting before others
    const query = {
      PhoneNumbers: '13800000001',
      SignName: '展览 平台*~',
      TemplateParam: '{"code":"1 2"}',
      a: "!'()",
    };
    const headers: Record<string, string> = {
      host: 'dysmsapi.aliyuncs.com',
      'x-acs-action': 'SendSms',
      'x-acs-version': '2017-05-25',
      'x-acs-date': '2026-11-22T12:00:00Z',
      'x-acs-signature-nonce': '3ee8c1b883d344afa94f4e0ad82fd6cf',
      'x-acs-content-sha256': createHash('sha256').update('').digest('hex'),
      'user-agent': 'not signed',
    };
    const vendor = OpenApiUtil.getAuthorization(
      { method: 'POST', pathname: '/', query, headers } as unknown as Parameters<
        typeof OpenApiUtil.getAuthorization
      >[0],
      'ACS3-HMAC-SHA256',
      headers['x-acs-content-sha256']!,
      'testid',
      'testsecret',
    );
    const signed = [
      'host',
      'x-acs-action',
      'x-acs-content-sha256',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-version',
    ];
    const mine = acs3Signature(
      { method: 'POST', url: `/?${new URLSearchParams(query)}`, headers, body: '' },
      signed,
      'testsecret',
    );
    expect(vendor).toBe(
      `ACS3-HMAC-SHA256 Credential=testid,SignedHeaders=${signed.join(';')},Signature=${mine}`,
    );
  });

  it('the vendor client sends SendSms with every parameter, a fresh nonce and an ISO 8601 UTC date', async () => {
    const config = loadConfig({ ...aliyunEnv(), NODE_ENV: 'test' }).sms.aliyun!;
    const sender = new AliyunSmsSender(config);
    const before = fake.requests.length;
    await sender.send({ mobile: '13800000001', code: '123456', purpose: 'bind' });
    await sender.send({ mobile: '13800000001', code: '123456', purpose: 'bind' });
    expect(fake.answers.slice(-2)).toEqual(['OK', 'OK']);
    const [a, b] = fake.requests.slice(before);
    const params = Object.fromEntries(new URL(a!.url, fake.url).searchParams);
    expect(a!.method).toBe('POST');
    expect(new URL(a!.url, fake.url).pathname).toBe('/');
    expect(params).toMatchObject({
      PhoneNumbers: '13800000001',
      SignName: '展览供应商平台',
      TemplateCode: 'SMS_100000003',
      TemplateParam: '{"code":"123456"}',
    });
    expect(a!.headers).toMatchObject({
      host: new URL(fake.url).host,
      'x-acs-action': 'SendSms',
      'x-acs-version': '2017-05-25',
    });
    expect(a!.headers['x-acs-date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(a!.headers.authorization).toMatch(
      new RegExp(
        `^ACS3-HMAC-SHA256 Credential=${fake.accessKeyId},SignedHeaders=[a-z0-9;-]+,Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(a!.headers['x-acs-signature-nonce']).not.toBe(b!.headers['x-acs-signature-nonce']);
  });
});

describe('config', () => {
  it('SMS_PROVIDER=aliyun without keys is refused with a clear Chinese message', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_PROVIDER=aliyun.*ALIYUN_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...aliyunEnv(), ALIYUN_ACCESS_KEY_SECRET: '' })).toThrow(
      /缺少：ALIYUN_ACCESS_KEY_SECRET$/,
    );
    expect(() =>
      loadConfig({ ...aliyunEnv(), ALIYUN_SMS_TEMPLATE_BIND: '', ALIYUN_SMS_TEMPLATE: '' }),
    ).toThrow(/ALIYUN_SMS_TEMPLATE_BIND/);
  });

  it('one ALIYUN_SMS_TEMPLATE serves every purpose; dev stays the default', () => {
    const c = loadConfig({
      ...aliyunEnv(),
      ALIYUN_SMS_TEMPLATE_REGIST: '',
      ALIYUN_SMS_TEMPLATE_RESET: '',
      ALIYUN_SMS_TEMPLATE_BIND: '',
      ALIYUN_SMS_TEMPLATE: 'SMS_1',
    });
    expect(c.sms.aliyun?.templates).toEqual({ regist: 'SMS_1', reset: 'SMS_1', bind: 'SMS_1' });
    expect(loadConfig({}).sms.provider).toBe('dev');
    expect(loadConfig({}).sms.aliyun).toBeNull();
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/SMS_PROVIDER/);
  });
});

describe('the Aliyun provider against a local dysmsapi that checks signatures', () => {
  let ctx: TestContext;
  let wrong: TestContext;
  beforeAll(async () => {
    ctx = await makeTestApp(aliyunEnv());
    wrong = await makeTestApp(aliyunEnv({ ALIYUN_ACCESS_KEY_SECRET: 'not-the-secret' }));
  });
  afterAll(async () => {
    await ctx.close();
    await wrong.close();
  });

  it('User/getCode sends the code through SendSms with the purpose template; no dev outbox', async () => {
    const mobile = newMobile();
    const before = fake.sent.length;
    const r = await new Client(ctx.app).post('User/getCode', { mobile, type: 'regist' });
    expectOk(r);
    expect(fake.sent.length).toBe(before + 1);
    const sent = fake.sent.at(-1)!;
    expect(sent).toMatchObject({ phone: mobile, sign: '展览供应商平台', template: 'SMS_100000001' });
    expect(sent.param.code).toMatch(/^\d{6}$/);
    expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(1);
    expect(await count(ctx, 'dev_sms_outbox', sql`mobile = ${mobile}`)).toBe(0);
  });

  it('the sent code registers the member (the code that reached the phone is the stored one)', async () => {
    const mobile = newMobile();
    const c = new Client(ctx.app);
    expectOk(await c.post('User/getCode', { mobile, type: 'regist' }));
    const code = fake.sent.at(-1)!.param.code!;
    expectOk(await c.post('User/regist', { mobile, code, password: 'abc12345' }));
  });

  it('a wrong secret: the fake answers SignatureDoesNotMatch → SMS_SEND_FAILED, no code left stored', async () => {
    const mobile = newMobile();
    const before = fake.sent.length;
    const r = await new Client(wrong.app).post('User/getCode', { mobile, type: 'regist' });
    expectError(r, 'SMS_SEND_FAILED');
    expect(fake.answers.at(-1)).toBe('SignatureDoesNotMatch');
    expect(r.res.body).not.toContain('SignatureDoesNotMatch');
    expect(fake.sent.length).toBe(before);
    expect(await count(wrong, 'sms_codes', sql`mobile = ${mobile}`)).toBe(0);
  });

  it('an unreachable endpoint → SMS_SEND_FAILED, no code left stored', async () => {
    const down = await makeTestApp(aliyunEnv({ ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9' }));
    try {
      const mobile = newMobile();
      expectError(await new Client(down.app).post('User/getCode', { mobile }), 'SMS_SEND_FAILED');
      expect(await count(down, 'sms_codes', sql`mobile = ${mobile}`)).toBe(0);
    } finally {
      await down.close();
    }
  });

  it('a replayed request (same nonce) or one altered in transit is refused by the fake: it really checks', async () => {
    const config = loadConfig({ ...aliyunEnv(), NODE_ENV: 'test' }).sms.aliyun!;
    await new AliyunSmsSender(config).send({ mobile: newMobile(), code: '111111', purpose: 'reset' });
    expect(fake.answers.at(-1)).toBe('OK');
    const original = fake.requests.at(-1)!;
    expect((await replay(original)).Code).toBe('SignatureNonceUsed');
    // another mobile in the (signed) query, with a fresh nonce so that only the signature can fail
    const altered = {
      ...original,
      url: original.url.replace(/PhoneNumbers=\d+/, `PhoneNumbers=${newMobile()}`),
      headers: { ...original.headers, 'x-acs-signature-nonce': 'f'.repeat(32) },
    };
    expect((await replay(altered)).Code).toBe('SignatureDoesNotMatch');
  });

  it('a clock 20 minutes off: the fake refuses the date (InvalidTimeStamp.Expired) → SMS_SEND_FAILED', async () => {
    fake.clockOffsetMs = 20 * 60_000;
    try {
      const mobile = newMobile();
      expectError(await new Client(ctx.app).post('User/getCode', { mobile }), 'SMS_SEND_FAILED');
      expect(fake.answers.at(-1)).toBe('InvalidTimeStamp.Expired');
      expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(0);
    } finally {
      fake.clockOffsetMs = 0;
    }
  });

  it("Aliyun's refusals — flow control, an invalid mobile, throttling — end in SMS_SEND_FAILED, no code stored", async () => {
    for (const code of ['isv.BUSINESS_LIMIT_CONTROL', 'isv.MOBILE_NUMBER_ILLEGAL', 'Throttling.User']) {
      const mobile = newMobile();
      fake.refuse.set(mobile, code);
      const r = await new Client(ctx.app).post('User/getCode', { mobile, type: 'regist' });
      expectError(r, 'SMS_SEND_FAILED');
      expect(fake.answers.at(-1)).toBe(code);
      expect(r.res.body).not.toContain(code);
      expect(await count(ctx, 'sms_codes', sql`mobile = ${mobile}`)).toBe(0);
    }
  });
});

/** Sends a recorded request to the fake again, byte for byte. */
function replay(raw: RawRequest): Promise<{ Code: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${fake.url}${raw.url}`, { method: raw.method, headers: raw.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Code: string }));
    });
    req.on('error', reject);
    req.end(raw.body);
  });
}

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import type { WechatMpConfig } from '../src/config/wechat.ts';
import { MpSendError, WechatMpClient } from '../src/modules/wechat/mp-client.ts';
import { type FakeWechatMp, startFakeWechatMp } from './fakes/wechat-mp-server.ts';
import { makeTestApp, rows, type TestContext } from './helpers.ts';

let ctx: TestContext;
let fake: FakeWechatMp;
let logs: string[];
let fakes = 0;

beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.close());

// a fake (and so an appid, a row of wechat_mp_tokens) per test: no test sees another's token
beforeEach(async () => {
  fakes += 1;
  fake = await startFakeWechatMp({ appid: `wxmptest${String(fakes).padStart(8, '0')}` });
  logs = [];
});
afterEach(async () => {
  await fake.close();
  // what no log line may carry, whatever the test did
  const all = logs.join('\n');
  expect(all).not.toContain(fake.secret);
  expect(all).not.toMatch(/tok-\d/);
  expect(all).not.toContain('access_token=');
});

const env = (over: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  WECHAT_MP_APPID: fake.appid,
  WECHAT_MP_SECRET: fake.secret,
  WECHAT_MP_API_BASE: `${fake.url}/`,
  WECHAT_MP_TEMPLATE_AWARD: 'tpl-award-0000000000000000000000000000000000',
  WECHAT_MP_TEMPLATE_PAYMENT: 'tpl-payment-00000000000000000000000000000000',
  PUBLIC_BASE_URL: 'https://zl.example.com/',
  ...over,
});

function mpConfig(over: Record<string, string> = {}): WechatMpConfig {
  const config = loadConfig(env(over)).wechatMp;
  if (!config) throw new Error('wechatMp not configured');
  return config;
}

const log = () =>
  pino({ level: 'debug' }, { write: (line: string) => void logs.push(line) }) as unknown as FastifyBaseLogger;

/** A client as one server process has it; several on one database are several processes. */
const client = (config = mpConfig(), opts: { timeoutMs?: number } = {}) =>
  new WechatMpClient(ctx.database.db, config, log(), opts);

const message = (openid = 'o_user_0001') => ({
  openid,
  templateId: 'tpl-any',
  url: 'https://zl.example.com/message',
  data: { keyword1: { value: 'P001' } },
});

const sends = () => fake.calls.filter((c) => c.path === '/cgi-bin/message/template/send').length;

async function caught(p: Promise<unknown>): Promise<MpSendError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MpSendError);
  return err as MpSendError;
}

async function storedToken(appid = fake.appid) {
  const [row] = await rows<{ token: string; expires_at: Date }>(
    ctx,
    sql`select token, expires_at from wechat_mp_tokens where appid = ${appid}`,
  );
  return row;
}

describe('config.wechatMp', () => {
  it('is on with an appid and its secret; templates per kind; links on the public origin', () => {
    const config = mpConfig();
    expect(config).toEqual({
      appid: fake.appid,
      secret: fake.secret,
      apiBase: fake.url,
      templates: {
        award: 'tpl-award-0000000000000000000000000000000000',
        payment: 'tpl-payment-00000000000000000000000000000000',
      },
      linkBase: 'https://zl.example.com',
    });
    expect(loadConfig({ NODE_ENV: 'test', WECHAT_MP_APPID: 'wx1' }).wechatMp).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', WECHAT_MP_SECRET: 's' }).wechatMp).toBeNull();
    const bare = loadConfig({ NODE_ENV: 'test', WECHAT_MP_APPID: 'wx1', WECHAT_MP_SECRET: 's' }).wechatMp;
    expect(bare).toEqual({
      appid: 'wx1',
      secret: 's',
      apiBase: 'https://api.weixin.qq.com',
      templates: {},
      linkBase: null,
    });
  });
});

describe('the access_token', () => {
  it('is fetched once and shared by two processes on one database', async () => {
    const a = client();
    const b = client();
    expect(await a.token()).toBe('tok-1');
    expect(await b.token()).toBe('tok-1');
    expect(fake.tokenFetches).toBe(1);
    const stored = await storedToken();
    expect(stored?.token).toBe('tok-1');
    // now + 7200 s, counted from before the fetch
    const left = new Date(stored!.expires_at).getTime() - Date.now();
    expect(left).toBeGreaterThan(7100_000);
    expect(left).toBeLessThanOrEqual(7200_000);

    await a.sendTemplate(message('o_a'));
    await b.sendTemplate(message('o_b'));
    expect(fake.messages.map((m) => [m.touser, m.token])).toEqual([
      ['o_a', 'tok-1'],
      ['o_b', 'tok-1'],
    ]);
    expect(fake.tokenFetches).toBe(1);
    expect(fake.calls.find((c) => c.path === '/cgi-bin/token')?.query).toEqual({
      grant_type: 'client_credential',
      appid: fake.appid,
      secret: fake.secret,
    });
  });

  it('a valid token is answered from the process without reading the database', async () => {
    const a = client();
    await a.token();
    await ctx.database.db.execute(sql`delete from wechat_mp_tokens where appid = ${fake.appid}`);
    expect(await a.token()).toBe('tok-1');
    expect(fake.tokenFetches).toBe(1);
  });

  it('10 concurrent calls in two processes fetch once; so does a refresh of one about to end', async () => {
    const a = client();
    const b = client();
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).token()));
    expect(new Set(first)).toEqual(new Set(['tok-1']));
    expect(fake.tokenFetches).toBe(1);

    // four minutes left: under the five-minute margin, so two fresh processes refresh it, once
    await ctx.database.db.execute(
      sql`update wechat_mp_tokens set expires_at = now() + interval '4 minutes' where appid = ${fake.appid}`,
    );
    const c = client();
    const d = client();
    const second = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? c : d).token()));
    expect(new Set(second)).toEqual(new Set(['tok-2']));
    expect(fake.tokenFetches).toBe(2);
    expect((await storedToken())?.token).toBe('tok-2');
  });

  it('invalidate expires the stored token only if it is still that one', async () => {
    const a = client();
    await a.token();
    await a.invalidate('tok-old');
    expect(new Date((await storedToken())!.expires_at).getTime()).toBeGreaterThan(Date.now());
    await a.invalidate('tok-1');
    expect(new Date((await storedToken())!.expires_at).getTime()).toBeLessThan(Date.now());
    expect(await a.token()).toBe('tok-2');
    expect(fake.tokenFetches).toBe(2);
  });

  it('a wrong secret: an error naming errcode 40125, the secret in neither the error nor the log', async () => {
    const wrong = 'wrong-secret-do-not-leak-0123456789';
    const a = client(mpConfig({ WECHAT_MP_SECRET: wrong }));
    const err = await caught(a.token());
    expect(err.code).toBe(40125);
    expect(err.permanent).toBe(false);
    expect(err.message).toContain('40125');
    expect(err.message).not.toContain(wrong);
    const send = await caught(a.sendTemplate(message()));
    expect(send.code).toBe(40125);
    expect(send.message).not.toContain(wrong);
    expect(logs.join('\n')).toContain('40125');
    expect(logs.join('\n')).not.toContain(wrong);
    expect(fake.messages).toEqual([]);
  });

  it('no answer at all (connection refused): retryable, without the secret or the URL', async () => {
    const port = fake.port;
    await fake.close();
    const a = client(mpConfig({ WECHAT_MP_API_BASE: `http://127.0.0.1:${port}` }));
    const err = await caught(a.token());
    expect(err.code).toBeNull();
    expect(err.permanent).toBe(false);
    expect(err.message).not.toContain(fake.secret);
    expect(err.message).not.toContain('127.0.0.1');
  });
});

describe('sendTemplate', () => {
  it('posts {touser, template_id, url, data} and answers the msgid', async () => {
    const a = client();
    const { msgid } = await a.sendTemplate({
      openid: 'o_1',
      templateId: 'tpl-x',
      url: 'https://zl.example.com/orderDetail?id=7',
      data: { first: { value: '你好' } },
    });
    expect(msgid).toBe(String(fake.messages[0]!.msgid));
    expect(fake.messages[0]).toMatchObject({
      touser: 'o_1',
      template_id: 'tpl-x',
      url: 'https://zl.example.com/orderDetail?id=7',
      data: { first: { value: '你好' } },
    });
  });

  it('an expired token (42001): fetched again once, and the message goes', async () => {
    const a = client();
    const b = client();
    await a.token();
    await b.token();
    fake.expireToken();
    await a.sendTemplate(message('o_a'));
    expect(fake.tokenFetches).toBe(2);
    expect(sends()).toBe(2);
    // the other process still remembers tok-1: WeChat refuses it, it finds tok-2 stored, no fetch
    await b.sendTemplate(message('o_b'));
    expect(fake.tokenFetches).toBe(2);
    expect(fake.messages.map((m) => [m.touser, m.token])).toEqual([
      ['o_a', 'tok-2'],
      ['o_b', 'tok-2'],
    ]);
  });

  it('a replaced token (40001, someone else fetched one): fetched again once, and the message goes', async () => {
    const a = client();
    await a.token();
    fake.replaceToken(); // tok-2 went elsewhere
    await a.sendTemplate(message());
    expect(fake.tokenFetches).toBe(2);
    expect(fake.messages.map((m) => m.token)).toEqual(['tok-3']);
  });

  it.each([40001, 42001, 40014])(
    'a second token error in a row (%i) is not retried again: it throws',
    async (errcode) => {
      const a = client();
      fake.failNext(errcode, 5);
      const err = await caught(a.sendTemplate(message()));
      expect(err.code).toBe(errcode);
      expect(err.permanent).toBe(false);
      expect(sends()).toBe(2);
      expect(fake.tokenFetches).toBe(2);
      expect(err.message).not.toMatch(/tok-\d/);
    },
  );

  it.each([43004, 40003, 40037, 47003])('errcode %i: a permanent MpSendError', async (errcode) => {
    const a = client();
    fake.failNext(errcode, 1, 'refused');
    const err = await caught(a.sendTemplate(message()));
    expect(err.code).toBe(errcode);
    expect(err.permanent).toBe(true);
    expect(err.message).toContain(String(errcode));
    expect(sends()).toBe(1);
    expect(logs.join('\n')).toContain(String(errcode));
  });

  it.each([-1, 45009])('errcode %i: a retryable MpSendError', async (errcode) => {
    const a = client();
    fake.failNext(errcode, 1, errcode === -1 ? 'system error' : 'reach max api daily quota limit');
    const err = await caught(a.sendTemplate(message()));
    expect(err.code).toBe(errcode);
    expect(err.permanent).toBe(false);
    expect(sends()).toBe(1);
    // and the next one goes
    await a.sendTemplate(message());
    expect(fake.messages).toHaveLength(1);
  });

  it('an answer that is not JSON: retryable, no code', async () => {
    const a = client();
    await a.token();
    fake.nonJsonNext();
    const err = await caught(a.sendTemplate(message()));
    expect(err).toMatchObject({ code: null, permanent: false });
    expect(err.message).toContain('JSON');
  });

  it('no answer within the timeout: retryable, no code', async () => {
    const a = client(mpConfig(), { timeoutMs: 200 });
    await a.token();
    fake.hangNext();
    const started = Date.now();
    const err = await caught(a.sendTemplate(message()));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err).toMatchObject({ code: null, permanent: false });
    expect(err.message).toContain('超时');
    // a token fetch that hangs, likewise
    const b = client(mpConfig(), { timeoutMs: 200 });
    await ctx.database.db.execute(
      sql`update wechat_mp_tokens set expires_at = now() where appid = ${fake.appid}`,
    );
    fake.hangNext();
    const tokenErr = await caught(b.token());
    expect(tokenErr).toMatchObject({ code: null, permanent: false });
    expect(tokenErr.message).not.toContain(fake.secret);
  });
});

describe('sendNotice', () => {
  it('sends the kind’s template with the project number, the kind and the link on the public origin', async () => {
    const a = client();
    expect(await a.sendNotice('award', 'o_n1', 'ZL20260001', '/orderDetail?id=12')).toBe(true);
    expect(await a.sendNotice('payment', 'o_n2', '', '/personCenter/withdrawRecords')).toBe(true);
    expect(
      fake.messages.map(({ touser, template_id, url, data }) => ({ touser, template_id, url, data })),
    ).toEqual([
      {
        touser: 'o_n1',
        template_id: 'tpl-award-0000000000000000000000000000000000',
        url: 'https://zl.example.com/orderDetail?id=12',
        data: {
          first: { value: '您有一条新的平台通知' },
          keyword1: { value: 'ZL20260001' },
          keyword2: { value: '中标结果' },
          remark: { value: '请登录平台查看详情' },
        },
      },
      {
        touser: 'o_n2',
        template_id: 'tpl-payment-00000000000000000000000000000000',
        url: 'https://zl.example.com/personCenter/withdrawRecords',
        data: {
          first: { value: '您有一条新的平台通知' },
          keyword1: { value: '—' },
          keyword2: { value: '付款提醒与到账' },
          remark: { value: '请登录平台查看详情' },
        },
      },
    ]);
  });

  it('a kind without a template: false, nothing sent (not even a token fetched)', async () => {
    const a = client();
    expect(await a.sendNotice('withdraw', 'o_n3', 'ZL1', '/x')).toBe(false);
    expect(fake.calls).toEqual([]);
  });

  it('without a public origin the message has no link', async () => {
    const config = { ...mpConfig(), linkBase: null };
    const a = client(config);
    expect(await a.sendNotice('award', 'o_n4', 'ZL2', '/orderDetail?id=1')).toBe(true);
    expect(fake.messages[0]!.url).toBeUndefined();
  });

  it('a permanent refusal reaches the caller as such', async () => {
    const a = client();
    fake.failNext(43004, 1, 'require subscribe');
    const err = await caught(a.sendNotice('award', 'o_n5', 'ZL3', '/x'));
    expect(err).toMatchObject({ code: 43004, permanent: true });
  });
});

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A local server speaking WeChat's 网站应用微信登录 protocol, for tests and the browser journey:
 * /connect/qrconnect (the "scan": redirects to redirect_uri?code&state), /sns/oauth2/access_token
 * (appid + secret + grant_type checked, each code valid once), /sns/userinfo.
 */
export interface FakeWechat {
  url: string;
  port: number;
  appid: string;
  secret: string;
  /** a fresh code that the token endpoint maps to this openid, as a real scan would produce */
  issueCode(openid: string, nickname?: string): string;
  /** who the next /connect/qrconnect "scans" as (default: a new openid per scan) */
  scanAs(openid: string | null, nickname?: string): void;
  /** calls received, for assertions (path + query) */
  calls: Array<{ path: string; query: Record<string, string> }>;
  close(): Promise<void>;
}

export async function startFakeWechat(
  opts: { port?: number; appid?: string; secret?: string; host?: string } = {},
): Promise<FakeWechat> {
  const appid = opts.appid ?? 'wxfake0000000001';
  const secret = opts.secret ?? 'fake-wechat-secret-0123456789abcd';
  const codes = new Map<string, { openid: string; nickname: string }>();
  const tokens = new Map<string, { openid: string; nickname: string }>();
  const calls: FakeWechat['calls'] = [];
  let scanner: { openid: string; nickname: string } | null = null;

  const issueCode = (openid: string, nickname = '微信用户') => {
    const code = `code_${randomBytes(12).toString('hex')}`;
    codes.set(code, { openid, nickname });
    return code;
  };

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    const q = Object.fromEntries(u.searchParams);
    calls.push({ path: u.pathname, query: q });
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/connect/qrconnect') {
      if (q.appid !== appid || q.response_type !== 'code' || q.scope !== 'snsapi_login' || !q.redirect_uri) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('invalid authorize request');
        return;
      }
      const who = scanner ?? { openid: `o_${randomBytes(10).toString('hex')}`, nickname: '微信新用户' };
      const back = new URL(q.redirect_uri);
      back.searchParams.set('code', issueCode(who.openid, who.nickname));
      back.searchParams.set('state', q.state ?? '');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (u.pathname === '/__fake/scanAs') {
      scanner = q.openid ? { openid: q.openid, nickname: q.nickname ?? '微信用户' } : null;
      json({ ok: true });
      return;
    }
    if (u.pathname === '/sns/oauth2/access_token') {
      if (q.appid !== appid || q.secret !== secret)
        return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.grant_type !== 'authorization_code')
        return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      const who = q.code ? codes.get(q.code) : undefined;
      if (!who) return json({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.code!);
      const accessToken = `at_${randomBytes(16).toString('hex')}`;
      tokens.set(accessToken, who);
      return json({
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: `rt_${randomBytes(16).toString('hex')}`,
        openid: who.openid,
        scope: 'snsapi_login',
        unionid: `u_${who.openid}`,
      });
    }
    if (u.pathname === '/sns/userinfo') {
      const who = q.access_token ? tokens.get(q.access_token) : undefined;
      if (!who || who.openid !== q.openid) return json({ errcode: 40003, errmsg: 'invalid openid' });
      return json({
        openid: who.openid,
        nickname: who.nickname,
        sex: 0,
        headimgurl: '',
        unionid: `u_${who.openid}`,
      });
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    appid,
    secret,
    issueCode,
    scanAs(openid, nickname) {
      scanner = openid ? { openid, nickname: nickname ?? '微信用户' } : null;
    },
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `tsx wechat-server.ts <port>`: the fake as a process (the e2e journey starts it this way). */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 4321);
  const fake = await startFakeWechat({ port });
  process.stdout.write(`fake WeChat on ${fake.url} (appid ${fake.appid})\n`);
  for (const sig of ['SIGTERM', 'SIGINT'] as const)
    process.on(sig, () => void fake.close().then(() => process.exit(0)));
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A local server speaking the WeChat 服务号's template-message protocol, for tests: `GET
 * /cgi-bin/token` (grant_type client_credential + appid + secret checked; tokens `tok-<n>`,
 * expires_in 7200; each fetch ends the previous token) and `POST /cgi-bin/message/template/send`
 * (the current token only: a replaced or unknown one is errcode 40001, an expired one 42001; each
 * accepted message recorded). Tests can make the next sends fail with an errcode, expire or replace
 * the current token, answer something that is not JSON, or never answer.
 */
export interface FakeWechatMp {
  url: string;
  port: number;
  appid: string;
  secret: string;
  /** `cgi-bin/token` fetches that issued a token (replaceToken is not one) */
  readonly tokenFetches: number;
  /** the token a send must carry now (null before the first fetch) */
  readonly currentToken: string | null;
  /** messages WeChat took (errcode 0), in order */
  messages: FakeMpMessage[];
  /** every request's path and query (the secret included: for assertions only) */
  calls: Array<{ path: string; query: Record<string, string> }>;
  /** the next `n` sends with a valid token answer this errcode (and nothing is recorded) */
  failNext(errcode: number, n?: number, errmsg?: string): void;
  /** the current token expires now: sends with it answer 42001 */
  expireToken(): void;
  /** someone else fetched a token (another system on the same appid): the current one answers 40001 */
  replaceToken(): void;
  /** the next `n` answers (either endpoint) are an HTML page instead of JSON */
  nonJsonNext(n?: number): void;
  /** the next `n` requests (either endpoint) never get an answer */
  hangNext(n?: number): void;
  close(): Promise<void>;
}

export interface FakeMpMessage {
  touser: string;
  template_id: string;
  url?: string;
  data: Record<string, { value: string }>;
  msgid: number;
  token: string;
}

export async function startFakeWechatMp(
  opts: { port?: number; appid?: string; secret?: string; host?: string } = {},
): Promise<FakeWechatMp> {
  const appid = opts.appid ?? 'wxmpfake00000001';
  const secret = opts.secret ?? 'fake-mp-secret-0123456789abcdef0';
  let issued = 0;
  let fetches = 0;
  let current: string | null = null;
  const expired = new Set<string>();
  const calls: FakeWechatMp['calls'] = [];
  const messages: FakeMpMessage[] = [];
  let failing: { errcode: number; errmsg: string; n: number } | null = null;
  let nonJson = 0;
  let hang = 0;
  let msgid = 1_000_000_000;

  const issue = () => {
    issued += 1;
    current = `tok-${issued}`;
    return current;
  };

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    const q = Object.fromEntries(u.searchParams);
    calls.push({ path: u.pathname, query: q });
    if (hang > 0) {
      hang -= 1;
      req.resume();
      return; // never answered; close() ends the connection
    }
    if (nonJson > 0) {
      nonJson -= 1;
      req.resume();
      res.writeHead(502, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><body>502 Bad Gateway</body></html>');
      return;
    }
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/cgi-bin/token' && req.method === 'GET') {
      if (q.grant_type !== 'client_credential') return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      if (q.appid !== appid) return json({ errcode: 40013, errmsg: 'invalid appid' });
      if (q.secret !== secret) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      fetches += 1;
      return json({ access_token: issue(), expires_in: 7200 });
    }
    if (u.pathname === '/cgi-bin/message/template/send' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const token = q.access_token ?? '';
        if (!token) return json({ errcode: 41001, errmsg: 'access_token missing' });
        if (expired.has(token)) return json({ errcode: 42001, errmsg: 'access_token expired' });
        if (token !== current) {
          return json({
            errcode: 40001,
            errmsg: 'invalid credential, access_token is invalid or not latest',
          });
        }
        if (failing && failing.n > 0) {
          const { errcode, errmsg } = failing;
          failing.n -= 1;
          if (failing.n === 0) failing = null;
          return json({ errcode, errmsg });
        }
        let body: Partial<FakeMpMessage>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<FakeMpMessage>;
        } catch {
          return json({ errcode: 47001, errmsg: 'data format error' });
        }
        if (typeof body.touser !== 'string' || !body.touser)
          return json({ errcode: 40003, errmsg: 'invalid openid' });
        if (typeof body.template_id !== 'string' || !body.template_id)
          return json({ errcode: 40037, errmsg: 'invalid template_id' });
        if (typeof body.data !== 'object' || body.data === null)
          return json({ errcode: 47003, errmsg: 'argument invalid! data.value empty' });
        msgid += 1;
        messages.push({
          touser: body.touser,
          template_id: body.template_id,
          ...(body.url !== undefined ? { url: body.url } : {}),
          data: body.data,
          msgid,
          token,
        });
        // the raw digits, as WeChat sends them
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(`{"errcode":0,"errmsg":"ok","msgid":${msgid}}`);
      });
      return;
    }
    req.resume();
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
    get tokenFetches() {
      return fetches;
    },
    get currentToken() {
      return current;
    },
    messages,
    calls,
    failNext(errcode, n = 1, errmsg = `fake errcode ${errcode}`) {
      failing = { errcode, errmsg, n };
    },
    expireToken() {
      if (current) expired.add(current);
    },
    replaceToken() {
      issue();
    },
    nonJsonNext(n = 1) {
      nonJson = n;
    },
    hangNext(n = 1) {
      hang = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `tsx wechat-mp-server.ts <port>`: the fake as a process. */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 4322);
  const fake = await startFakeWechatMp({ port });
  process.stdout.write(`fake WeChat 服务号 on ${fake.url} (appid ${fake.appid})\n`);
  for (const sig of ['SIGTERM', 'SIGINT'] as const)
    process.on(sig, () => void fake.close().then(() => process.exit(0)));
}

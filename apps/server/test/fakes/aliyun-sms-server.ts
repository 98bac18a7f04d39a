import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Aliyun's percent-encoding (RFC 3986: also `!'()*`, space `%20`, `~` kept), written out here so
 * the fake does not trust the vendor client it checks.
 */
export function percentEncode(v: string): string {
  return encodeURIComponent(v)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, '~');
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The request as it reached the fake, enough to replay it byte for byte. */
export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The headers Aliyun's V3 signature must cover (content-type too, when the request has one). */
const REQUIRED_SIGNED = [
  'host',
  'x-acs-action',
  'x-acs-content-sha256',
  'x-acs-date',
  'x-acs-signature-nonce',
  'x-acs-version',
];

/**
 * Aliyun's V3 request signature (ACS3-HMAC-SHA256), computed independently from the raw request:
 * CanonicalRequest = METHOD \n path \n sorted percent-encoded query \n `name:value\n` of each signed
 * header \n signed header names joined by `;` \n hex sha256 of the body;
 * Signature = hex HMAC-SHA256(secret, 'ACS3-HMAC-SHA256\n' + hex sha256(CanonicalRequest)).
 */
export function acs3Signature(req: RawRequest, signedHeaders: string[], secret: string): string {
  const u = new URL(req.url, 'http://fake');
  const query = [...u.searchParams.entries()]
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders.map((h) => `${h}:${(req.headers[h] ?? '').trim()}\n`).join('');
  const canonical = [
    req.method,
    u.pathname,
    query,
    headers,
    signedHeaders.join(';'),
    req.headers['x-acs-content-sha256'] ?? '',
  ].join('\n');
  return createHmac('sha256', secret)
    .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
    .digest('hex');
}

export interface FakeAliyunSms {
  url: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** every SendSms that passed the checks */
  sent: Array<{ phone: string; sign: string; template: string; param: Record<string, string> }>;
  /** every answer code given, in order */
  answers: string[];
  /** every request received, as received */
  requests: RawRequest[];
  /** the business answer (HTTP 200, like dysmsapi) for a mobile, e.g. isv.BUSINESS_LIMIT_CONTROL */
  refuse: Map<string, string>;
  /** shifts the fake's clock, to see stale requests refused */
  clockOffsetMs: number;
  close(): Promise<void>;
}

/**
 * A local dysmsapi: recomputes the V3 signature of each request from the secret and answers
 * {Code:'OK'} only when it matches, the body hash matches, the date is within 15 minutes and the
 * nonce is new. Refusals of the request are HTTP 400 (404 for an unknown key); business refusals
 * (`refuse`) are HTTP 200 with their Code, as dysmsapi does.
 */
export async function startFakeAliyunSms(
  opts: { accessKeyId?: string; accessKeySecret?: string } = {},
): Promise<FakeAliyunSms> {
  const accessKeyId = opts.accessKeyId ?? 'LTAIfakeKeyId0001';
  const accessKeySecret = opts.accessKeySecret ?? 'fakeAccessKeySecret0123456789';
  const nonces = new Set<string>();
  const fake: Omit<FakeAliyunSms, 'url' | 'close'> = {
    accessKeyId,
    accessKeySecret,
    sent: [],
    answers: [],
    requests: [],
    refuse: new Map(),
    clockOffsetMs: 0,
  };

  function check(req: RawRequest, p: Record<string, string>): string {
    const h = req.headers;
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      h.authorization ?? '',
    );
    if (!auth) return 'MissingAuthorization';
    const [, credential, signedList, signature] = auth;
    if (credential !== accessKeyId) return 'InvalidAccessKeyId.NotFound';
    if (h['x-acs-action'] !== 'SendSms' || h['x-acs-version'] !== '2017-05-25') return 'InvalidAction';
    const signed = signedList!.split(';');
    const mustSign = [...REQUIRED_SIGNED, ...(h['content-type'] ? ['content-type'] : [])];
    if (mustSign.some((name) => !signed.includes(name)) || signed.join(';') !== [...signed].sort().join(';'))
      return 'IncompleteSignature';
    if (h['x-acs-content-sha256'] !== sha256(req.body)) return 'InvalidContentSha256';
    const date = h['x-acs-date'] ?? '';
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(date)) return 'InvalidTimeStamp.Format';
    if (Math.abs(Date.now() + fake.clockOffsetMs - Date.parse(date)) > 15 * 60_000)
      return 'InvalidTimeStamp.Expired';
    if (signature !== acs3Signature(req, signed, accessKeySecret)) return 'SignatureDoesNotMatch';
    const nonce = h['x-acs-signature-nonce'];
    if (!nonce || nonces.has(nonce)) return 'SignatureNonceUsed';
    nonces.add(nonce);
    if (!/^1\d{10}$/.test(p.PhoneNumbers ?? '')) return 'isv.MOBILE_NUMBER_ILLEGAL';
    if (!p.SignName || !p.TemplateCode) return 'isv.SMS_TEMPLATE_ILLEGAL';
    return fake.refuse.get(p.PhoneNumbers!) ?? 'OK';
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw: RawRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      fake.requests.push(raw);
      const u = new URL(raw.url, 'http://fake');
      // SendSms's parameters travel in the query (a form body is read too)
      const params = {
        ...Object.fromEntries(u.searchParams),
        ...(raw.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
          ? Object.fromEntries(new URLSearchParams(raw.body))
          : {}),
      };
      const code = u.pathname === '/' ? check(raw, params) : 'InvalidAction';
      fake.answers.push(code);
      if (code === 'OK') {
        fake.sent.push({
          phone: params.PhoneNumbers!,
          sign: params.SignName!,
          template: params.TemplateCode!,
          param: JSON.parse(params.TemplateParam ?? '{}') as Record<string, string>,
        });
      }
      const business = code === 'OK' || code.startsWith('isv.');
      res.writeHead(business ? 200 : code === 'InvalidAccessKeyId.NotFound' ? 404 : 400, {
        'content-type': 'application/json',
      });
      res.end(
        JSON.stringify({
          Code: code,
          Message: code === 'OK' ? 'OK' : `fake refused: ${code}`,
          RequestId: `req-${fake.answers.length}`,
          ...(code === 'OK' ? { BizId: `biz-${fake.sent.length}` } : {}),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

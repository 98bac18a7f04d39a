import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Aliyun's percentEncode, written out again here so the fake does not trust the code under test. */
function pe(v: string): string {
  return encodeURIComponent(v)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, '~');
}

export interface FakeAliyunSms {
  url: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** every SendSms that passed the checks */
  sent: Array<{ phone: string; sign: string; template: string; param: Record<string, string> }>;
  /** every answer code given, in order */
  answers: string[];
  close(): Promise<void>;
}

/**
 * A local dysmsapi: recomputes the RPC signature from the secret and answers {Code:'OK'} only when
 * it matches, the timestamp is within 15 minutes and the nonce is new.
 */
export async function startFakeAliyunSms(
  opts: { accessKeyId?: string; accessKeySecret?: string } = {},
): Promise<FakeAliyunSms> {
  const accessKeyId = opts.accessKeyId ?? 'LTAIfakeKeyId0001';
  const accessKeySecret = opts.accessKeySecret ?? 'fakeAccessKeySecret0123456789';
  const nonces = new Set<string>();
  const sent: FakeAliyunSms['sent'] = [];
  const answers: string[] = [];

  function check(method: string, p: Record<string, string>): string {
    if (p.AccessKeyId !== accessKeyId) return 'InvalidAccessKeyId.NotFound';
    if (p.Action !== 'SendSms' || p.Version !== '2017-05-25') return 'InvalidAction';
    if (p.SignatureMethod !== 'HMAC-SHA1' || p.SignatureVersion !== '1.0') return 'InvalidSignatureMethod';
    if (!p.Timestamp || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(p.Timestamp))
      return 'InvalidTimeStamp.Format';
    if (Math.abs(Date.now() - Date.parse(p.Timestamp)) > 15 * 60_000) return 'InvalidTimeStamp.Expired';
    const canonical = Object.keys(p)
      .filter((k) => k !== 'Signature')
      .sort()
      .map((k) => `${pe(k)}=${pe(p[k]!)}`)
      .join('&');
    const expected = createHmac('sha1', `${accessKeySecret}&`)
      .update(`${method}&${pe('/')}&${pe(canonical)}`)
      .digest('base64');
    if (p.Signature !== expected) return 'SignatureDoesNotMatch';
    if (!p.SignatureNonce || nonces.has(p.SignatureNonce)) return 'SignatureNonceUsed';
    nonces.add(p.SignatureNonce);
    if (!/^1\d{10}$/.test(p.PhoneNumbers ?? '')) return 'isv.MOBILE_NUMBER_ILLEGAL';
    if (!p.SignName || !p.TemplateCode) return 'isv.SMS_TEMPLATE_ILLEGAL';
    return 'OK';
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://fake');
      const params = Object.fromEntries(
        req.method === 'POST' ? new URLSearchParams(Buffer.concat(chunks).toString('utf8')) : u.searchParams,
      );
      const code = u.pathname === '/' ? check(req.method ?? 'GET', params) : 'InvalidAction';
      answers.push(code);
      if (code === 'OK') {
        sent.push({
          phone: params.PhoneNumbers!,
          sign: params.SignName!,
          template: params.TemplateCode!,
          param: JSON.parse(params.TemplateParam ?? '{}') as Record<string, string>,
        });
      }
      res.writeHead(code === 'OK' ? 200 : 400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          Code: code,
          Message: code === 'OK' ? 'OK' : `fake refused: ${code}`,
          RequestId: `req-${answers.length}`,
          ...(code === 'OK' ? { BizId: `biz-${sent.length}` } : {}),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accessKeyId,
    accessKeySecret,
    sent,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

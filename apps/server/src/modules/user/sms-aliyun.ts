import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AliyunSmsConfig } from '../../config/env.ts';
import type { SmsMessage, SmsSender } from './sms-sender.ts';

const TIMEOUT_MS = 5_000;
const MAX_RESPONSE_BYTES = 16 * 1024;

/**
 * The body of a provider's answer, refused past `maxBytes`: a misbehaving or hostile endpoint
 * cannot make the server buffer an unbounded response. (Shared with the WeChat client.)
 */
export async function readBounded(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new Error(`response too large: ${declared} bytes`);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`response larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Aliyun's percentEncode: RFC 3986 (encodeURIComponent leaves !'()* alone; Aliyun does not). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\+/g, '%20')
    .replace(/\*/g, '%2A')
    .replace(/%7E/g, '~');
}

/** Sorted, percent-encoded `k=v&…` of every parameter except Signature. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

/** RPC signature v1.0: base64(HMAC-SHA1(secret + '&', METHOD&%2F&percentEncode(canonical))). */
export function signRpc(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** ISO 8601 UTC without milliseconds, as Aliyun expects: 2026-11-22T12:00:00Z. */
function timestamp(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

/**
 * 阿里云短信服务 (dysmsapi 2017-05-25, SendSms). Anything but Code 'OK' throws: issueCode then
 * deletes the stored code and answers SMS_SEND_FAILED, logging the provider's reason.
 */
export class AliyunSmsSender implements SmsSender {
  readonly name = 'aliyun';
  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly log?: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The signed parameters of one SendSms request (exported for tests through the class). */
  signedParams(message: SmsMessage): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.config.templates[message.purpose],
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: timestamp(this.now()),
      Version: '2017-05-25',
    };
    params.Signature = signRpc('POST', params, this.config.accessKeySecret);
    return params;
  }

  async send(message: SmsMessage): Promise<void> {
    const params = this.signedParams(message);
    const body = Object.entries(params)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    const res = await fetch(`${this.config.endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    const text = await readBounded(res, MAX_RESPONSE_BYTES);
    let answer: { Code?: unknown; Message?: unknown; RequestId?: unknown; BizId?: unknown } = {};
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      // not JSON: reported below with the HTTP status
    }
    if (answer.Code !== 'OK') {
      throw new Error(
        `阿里云短信发送失败：HTTP ${res.status} ${String(answer.Code ?? '')} ${String(answer.Message ?? '').slice(0, 200)} (RequestId ${String(answer.RequestId ?? '-')})`,
      );
    }
    this.log?.info(
      {
        sms: {
          provider: 'aliyun',
          purpose: message.purpose,
          bizId: answer.BizId,
          requestId: answer.RequestId,
        },
      },
      '短信已发送',
    );
  }
}

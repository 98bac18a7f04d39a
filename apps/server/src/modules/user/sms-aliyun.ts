import type * as Dysmsapi from '@alicloud/dysmsapi20170525';
import type { $OpenApiUtil } from '@alicloud/openapi-core';
import type { FastifyBaseLogger } from 'fastify';
import type { AliyunSmsConfig } from '../../config/sms.ts';
import type { SmsMessage, SmsNotice, SmsSender } from './sms-sender.ts';

const TIMEOUT_MS = 5_000;

type DysmsapiClient = typeof Dysmsapi.default;

/**
 * Aliyun's client, loaded on the first message: the SDK is some 350 modules (dysmsapi, openapi-core,
 * credentials, tea) that a platform without SMS, and every start, need not load (docs/adr/0018-demo-template.md
 * "Start time"). The package is CommonJS with `exports.default = Client`: Node's ESM import puts the
 * class at `.default.default`, a bundler or vitest at `.default`.
 */
async function loadSdk() {
  const [dysmsapi, core] = await Promise.all([
    import('@alicloud/dysmsapi20170525'),
    import('@alicloud/openapi-core'),
  ]);
  const Client: DysmsapiClient =
    (dysmsapi.default as unknown as { default?: DysmsapiClient }).default ?? dysmsapi.default;
  return { Client, SendSmsRequest: dysmsapi.SendSmsRequest, Config: core.$OpenApiUtil.Config };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** The vendor client's settings for our configuration: the endpoint URL split into host and protocol. */
export async function aliyunClientConfig(config: AliyunSmsConfig): Promise<$OpenApiUtil.Config> {
  return clientConfig((await loadSdk()).Config, config);
}

function clientConfig(Config: Sdk['Config'], config: AliyunSmsConfig): $OpenApiUtil.Config {
  const url = new URL(config.endpoint);
  return new Config({
    accessKeyId: config.accessKeyId,
    accessKeySecret: config.accessKeySecret,
    endpoint: url.host,
    protocol: url.protocol.replace(/:$/, ''),
    regionId: 'cn-hangzhou',
    connectTimeout: TIMEOUT_MS,
    readTimeout: TIMEOUT_MS,
  });
}

/** What the vendor client's errors carry (ClientError, ServerError, ThrottlingError, network errors). */
function describe(err: unknown): string {
  const e = err as { code?: unknown; statusCode?: unknown; requestId?: unknown; message?: unknown };
  const status = e.statusCode === undefined ? '' : `HTTP ${String(e.statusCode)} `;
  const id = e.requestId === undefined ? '' : ` (RequestId ${String(e.requestId)})`;
  return `${status}${String(e.code ?? '')} ${String(e.message ?? err).slice(0, 200)}${id}`;
}

/**
 * 阿里云短信服务 (dysmsapi 2017-05-25, SendSms) through Aliyun's own client, which signs the request
 * (docs/wechat-and-sms.md). Anything but Code 'OK' — a refusal by the client (signature, keys,
 * throttling), a business refusal in the answer (invalid mobile, template, daily limit) or no answer —
 * throws: issueCode then deletes the stored code and answers SMS_SEND_FAILED, logging the reason.
 */
export class AliyunSmsSender implements SmsSender {
  readonly name = 'aliyun';
  private sdk: Promise<{ sdk: Sdk; client: InstanceType<DysmsapiClient> }> | undefined;

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The SDK and one client for this sender, made on the first message. */
  private vendor() {
    this.sdk ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.Client(clientConfig(sdk.Config, this.config)),
    }));
    return this.sdk;
  }

  async send(message: SmsMessage): Promise<void> {
    await this.sendSms(
      message.mobile,
      this.config.templates[message.purpose],
      { code: message.code },
      message.purpose,
    );
  }

  async notify(notice: SmsNotice): Promise<boolean> {
    const template = this.config.notices[notice.kind];
    if (!template) {
      this.log?.warn({ sms: { purpose: notice.kind } }, '短信通知未配置模板，未发送');
      return false;
    }
    await this.sendSms(notice.mobile, template, notice.params, notice.kind);
    return true;
  }

  private async sendSms(mobile: string, template: string, params: Record<string, string>, purpose: string) {
    const { sdk, client } = await this.vendor();
    const request = new sdk.SendSmsRequest({
      phoneNumbers: mobile,
      signName: this.config.signName,
      templateCode: template,
      templateParam: JSON.stringify(params),
    });
    let answer: Dysmsapi.SendSmsResponseBody | undefined;
    try {
      answer = (await client.sendSms(request)).body;
    } catch (err) {
      throw new Error(`阿里云短信发送失败：${describe(err)}`, { cause: err });
    }
    if (answer?.code !== 'OK') {
      throw new Error(
        `阿里云短信发送失败：${String(answer?.code ?? '')} ${String(answer?.message ?? '').slice(0, 200)} (RequestId ${String(answer?.requestId ?? '-')})`,
      );
    }
    this.logSent(purpose, answer);
  }

  private logSent(purpose: string, answer: Dysmsapi.SendSmsResponseBody): void {
    this.log?.info(
      {
        sms: {
          provider: 'aliyun',
          purpose,
          bizId: answer.bizId,
          requestId: answer.requestId,
        },
      },
      '短信已发送',
    );
  }
}

import { NOTICE_KINDS, type NoticeKind } from '@zl/shared';
import { z } from 'zod';
import type { SmsNoticeKind } from '../modules/user/sms-sender.ts';
import { trimSlashes } from './values.ts';

/** Text messages (docs/wechat-and-sms.md): the development sender, or Aliyun's SMS service. */
export const smsEnv = z.object({
  SMS_PROVIDER: z.enum(['dev', 'aliyun']).default('dev'),
  ALIYUN_ACCESS_KEY_ID: z.string().max(128).optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().max(256).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_REGIST: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_RESET: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_BIND: z.string().max(64).optional(),
  /** the offline nudge of an unread message (no variables); unset: no nudge SMS */
  ALIYUN_SMS_TEMPLATE_MESSAGE: z.string().max(64).optional(),
  /** one template per kind of notice (variable orders; docs/notices.md); unset: that kind is not sent by SMS */
  ALIYUN_SMS_TEMPLATE_NOTICE_AWARD: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_NOTICE_CONTRACT: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_NOTICE_PAYMENT: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_NOTICE_REWORK: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_NOTICE_RELEASE: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_NOTICE_COMPLAINT: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_NOTICE_WITHDRAW: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_NOTICE_ANSWER: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_NOTICE_DEADLINE: z.string().max(64).optional(),
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com'),
});

export type SmsEnv = z.output<typeof smsEnv>;

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: Record<'regist' | 'reset' | 'bind', string>;
  /** notice templates (optional: a notice without one is not sent) */
  notices: Record<SmsNoticeKind, string | null>;
  endpoint: string;
}

export function smsConfig(e: SmsEnv) {
  return {
    provider: e.SMS_PROVIDER,
    /** set when provider is 'aliyun' (loadConfig refuses aliyun without keys) */
    aliyun: aliyunSmsConfig(e),
  };
}

/** Production with the development sender (it only writes codes to the log): refused. */
export function smsProductionProblems(e: SmsEnv): string[] {
  if (e.SMS_PROVIDER === 'aliyun') return [];
  return [
    '生产环境必须配置真实短信服务：设置 SMS_PROVIDER=aliyun 及 ALIYUN_ACCESS_KEY_ID、ALIYUN_ACCESS_KEY_SECRET、' +
      'ALIYUN_SMS_SIGN_NAME、ALIYUN_SMS_TEMPLATE（开发短信只把验证码写进日志，不会发送）' +
      '\n    (production needs a real SMS provider: set SMS_PROVIDER=aliyun with ALIYUN_ACCESS_KEY_ID, ' +
      'ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE)',
  ];
}

function aliyunSmsConfig(e: SmsEnv): AliyunSmsConfig | null {
  if (e.SMS_PROVIDER !== 'aliyun') return null;
  const templates = {
    regist: e.ALIYUN_SMS_TEMPLATE_REGIST ?? e.ALIYUN_SMS_TEMPLATE,
    reset: e.ALIYUN_SMS_TEMPLATE_RESET ?? e.ALIYUN_SMS_TEMPLATE,
    bind: e.ALIYUN_SMS_TEMPLATE_BIND ?? e.ALIYUN_SMS_TEMPLATE,
  };
  const missing = [
    ...(e.ALIYUN_ACCESS_KEY_ID ? [] : ['ALIYUN_ACCESS_KEY_ID']),
    ...(e.ALIYUN_ACCESS_KEY_SECRET ? [] : ['ALIYUN_ACCESS_KEY_SECRET']),
    ...(e.ALIYUN_SMS_SIGN_NAME ? [] : ['ALIYUN_SMS_SIGN_NAME']),
    ...Object.entries(templates)
      .filter(([, v]) => !v)
      .map(([k]) => `ALIYUN_SMS_TEMPLATE_${k.toUpperCase()}（或 ALIYUN_SMS_TEMPLATE）`),
  ];
  if (missing.length > 0) {
    throw new Error(
      `配置错误（环境变量）：SMS_PROVIDER=aliyun 需要阿里云短信配置，缺少：${missing.join('、')}`,
    );
  }
  return {
    accessKeyId: e.ALIYUN_ACCESS_KEY_ID!,
    accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET!,
    signName: e.ALIYUN_SMS_SIGN_NAME!,
    templates: templates as AliyunSmsConfig['templates'],
    notices: {
      messageNudge: e.ALIYUN_SMS_TEMPLATE_MESSAGE ?? null,
      ...(Object.fromEntries(
        NOTICE_KINDS.map((k) => [
          `notice.${k}`,
          e[`ALIYUN_SMS_TEMPLATE_NOTICE_${k.toUpperCase()}` as keyof SmsEnv] ?? null,
        ]),
      ) as Record<`notice.${NoticeKind}`, string | null>),
    },
    endpoint: trimSlashes(e.ALIYUN_SMS_ENDPOINT),
  };
}

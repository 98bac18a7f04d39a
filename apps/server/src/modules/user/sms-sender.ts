import type { NoticeKind, SmsPurpose } from '@zl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { insertDevSms } from './sms.repo.ts';

export interface SmsMessage {
  mobile: string;
  code: string;
  purpose: SmsPurpose;
}

/** The notices' kinds: the offline nudge of a message, and one per kind of notice (docs/notices.md). */
export type SmsNoticeKind = 'messageNudge' | `notice.${NoticeKind}`;

/**
 * A notice, not a code (docs/notices.md, docs/conversation.md "Offline"): `kind` picks the provider's template,
 * `params` fill its variables, `text` is the whole message in Chinese (what the development
 * sender keeps, and what the template says).
 */
export interface SmsNotice {
  mobile: string;
  kind: SmsNoticeKind;
  params: Record<string, string>;
  text: string;
}

/** docs/product.md § Accounts and identity: SMS goes through a provider interface. */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
  /**
   * Sends a notice; false when the provider has no template for its kind (nothing sent). `tx` is
   * the caller's transaction, for a provider that writes to the database (the development one).
   */
  notify?(notice: SmsNotice, tx?: DbOrTx): Promise<boolean>;
}

/**
 * The development provider: nothing leaves the machine. Each code is logged and kept in an
 * outbox table (shared by every server process), readable through GET /api/Dev/smsOutbox.
 */
export class DevSmsSender implements SmsSender {
  readonly name = 'dev';
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send({ mobile, code, purpose }: SmsMessage): Promise<void> {
    await insertDevSms(this.db, { mobile, code, purpose });
    this.log.info({ sms: { mobile, purpose, code } }, `[开发短信] ${mobile} 的验证码：${code}`);
  }

  async notify({ mobile, kind, text }: SmsNotice, tx?: DbOrTx): Promise<boolean> {
    await insertDevSms(tx ?? this.db, { mobile, code: '', purpose: kind, text });
    this.log.info({ sms: { purpose: kind } }, `[开发短信] ${text}`);
    return true;
  }
}

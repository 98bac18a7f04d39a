import type { SmsPurpose } from '@zl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { insertDevSms } from './sms.repo.ts';

export interface SmsMessage {
  mobile: string;
  code: string;
  purpose: SmsPurpose;
}

/** docs/product.md § Accounts and identity: SMS goes through a provider interface. */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
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
}

import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { Outbox } from '../modules/outbox/outbox.ts';
import type { AlipayGateway } from '../modules/payment/alipay-gateway.ts';
import type { SessionCache } from '../modules/user/session-cache.ts';
import type { SmsSender } from '../modules/user/sms-sender.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module is wired with (by hand, in app.ts). */
export interface Deps {
  db: Db;
  config: Config;
  sms: SmsSender;
  log: FastifyBaseLogger;
  /** where modules register the handlers of committed events (docs/adr/0005-transactional-outbox.md) */
  outbox: Outbox;
  /**
   * Alipay (docs/payments.md): the real gateway or, outside production without credentials, the
   * built-in sandbox; null in production without `ALIPAY_APP_ID` (payment calls answer
   * PAYMENT_NOT_CONFIGURED).
   */
  alipay: AlipayGateway | null;
  /** live sessions read lately, forgotten by every process when they end (docs/members.md § Session cache) */
  sessions?: SessionCache;
}

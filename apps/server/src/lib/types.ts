import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { Outbox } from '../modules/outbox/outbox.ts';
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
}

/** The response schema of a call: the seed's envelope around `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    errCode: z.string(),
    errMsg: z.string(),
    data,
    errorCode: z.string(),
    errorMessage: z.string(),
    showType: z.number(),
  });
}

/** Walks an error's cause chain for a PostgreSQL SQLSTATE (drizzle wraps driver errors). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

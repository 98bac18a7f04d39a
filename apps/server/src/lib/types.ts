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

/**
 * The response schema of a call: the seed's envelope around `data` (what lib/errors.ts okEnvelope
 * builds). The serializer checks every answer against it, and the OpenAPI document shows it.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z
    .object({
      success: z.boolean().describe('成功时为 true'),
      errCode: z.string().describe("成功时为 'success'（User/login 自动登录时可为 'ALREADY_LOGGED_IN'）"),
      errMsg: z.string().describe("成功时为 '操作成功'"),
      data,
      errorCode: z.string().describe('同 errCode（第二套信封）'),
      errorMessage: z.string().describe('成功时为空串'),
      showType: z.number().describe('成功时为 0（静默）'),
    })
    .describe('成功的信封：业务数据在 data');
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

import { mobileSchema } from '@zl/shared';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { devSmsOutbox } from '../../db/schema/index.ts';
import { envelope, okEnvelope } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/types.ts';

/**
 * Development-only calls. Registered only when the server is not in production mode, so in
 * production these paths answer UNKNOWN_CALL like any other unknown call.
 */
export function registerDevRoutes(app: App, deps: Deps): void {
  const item = z.object({ mobile: z.string(), code: z.string(), purpose: z.string(), created: z.string() });
  app.get(
    '/api/Dev/smsOutbox',
    {
      schema: {
        tags: ['Dev'],
        summary: '开发短信发件箱',
        description: '仅非生产环境：某手机号最近 20 条开发短信验证码，最新在前（开发短信通道不真正发送）。',
        querystring: z.strictObject({ mobile: mobileSchema }),
        response: { 200: envelope(z.object({ items: z.array(item) })) },
      },
    },
    async (request) => {
      const rows = await deps.db
        .select()
        .from(devSmsOutbox)
        .where(eq(devSmsOutbox.mobile, request.query.mobile))
        .orderBy(desc(devSmsOutbox.id))
        .limit(20);
      return okEnvelope({
        items: rows.map((r) => ({
          mobile: r.mobile,
          code: r.code,
          purpose: r.purpose,
          created: r.createdAt.toISOString(),
        })),
      });
    },
  );
}

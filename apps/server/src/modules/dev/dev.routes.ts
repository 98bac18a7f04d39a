import { mobileSchema, smsOutboxResultSchema } from '@zl/shared';
import { z } from 'zod';
import { envelope, okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { latestDevSms } from '../user/sms.repo.ts';

/**
 * Development-only calls. Registered only when the server is not in production mode, so in
 * production these paths answer UNKNOWN_CALL like any other unknown call.
 */
export function registerDevRoutes(app: App, deps: Deps): void {
  const open = routeOptions('public', 'Dev');
  app.get(
    '/api/Dev/smsOutbox',
    open.other(
      '开发短信发件箱',
      '仅非生产环境：某手机号最近 20 条开发短信验证码，最新在前（开发短信通道不真正发送）。',
      {
        querystring: z.strictObject({ mobile: mobileSchema }),
        response: { 200: envelope(smsOutboxResultSchema) },
      },
    ),
    async (request) => {
      const rows = await latestDevSms(deps.db, request.query.mobile, 20);
      return okEnvelope({
        items: rows.map((r) => ({
          mobile: r.mobile,
          code: r.code,
          purpose: r.purpose,
          text: r.text,
          created: r.createdAt.toISOString(),
        })),
      });
    },
  );
}

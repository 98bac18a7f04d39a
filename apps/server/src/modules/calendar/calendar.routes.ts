import { calendarEventsResultSchema, calendarEventsSchema, calendarFeedUrlSchema } from '@zl/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import * as service from './calendar.service.ts';

/** The project calendar (docs/calendar.md): the member's events, its feed address, the feed itself. */
export function registerCalendarRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Calendar');
  const open = routeOptions('public', 'Calendar');
  const base = (request: FastifyRequest) =>
    service.siteBase(deps.config, request.host ? `${request.protocol}://${request.host}` : null);

  app.post(
    '/api/Calendar/events',
    member(
      '项目日历',
      '本人项目在 from–to（北京时间的日期，含两端，最多 62 天）内的日程：参展商为自己的项目（竞标中至已完成），供应商为中标的项目（已选标至已完成）。每个项目的进场布展、开展、撤场、报馆截止（如有）与未支付付款阶段的到期时间；conflicts 为两个进场布展时间重叠且在不同城市的日期。需登录。',
      calendarEventsSchema,
      calendarEventsResultSchema,
    ),
    async (request) =>
      okEnvelope(
        await service.events(deps.db, memberOf(request), {
          from: request.body.from,
          to: request.body.to,
        }),
      ),
  );

  app.post(
    '/api/Calendar/feedUrl',
    member(
      '日历订阅地址',
      '本人的日历订阅地址（iCalendar，可添加到手机日历）；第一次获取时生成。凭地址即可读取日程，请勿外传。需登录。',
      z.strictObject({}),
      calendarFeedUrlSchema,
    ),
    async (request) => okEnvelope(await service.feedUrl(deps.db, memberOf(request).memberId, base(request))),
  );

  app.post(
    '/api/Calendar/resetFeed',
    member(
      '重置日历订阅地址',
      '生成新的订阅地址替换旧地址；旧地址从此失效（404），已订阅的日历需用新地址重新订阅。需登录。',
      z.strictObject({}),
      calendarFeedUrlSchema,
    ),
    async (request) =>
      okEnvelope(await service.resetFeed(deps.db, memberOf(request).memberId, base(request))),
  );

  app.get(
    '/api/Calendar/feed/:token.ics',
    {
      ...open.other(
        '日历订阅（iCalendar）',
        '订阅地址的日程（RFC 5545，text/calendar）：30 天前至一年后本人项目的进场布展、开展、撤场、报馆截止与付款到期，时间为 UTC。无需登录，凭地址中的令牌读取；不含手机号、证件号与金额。令牌不对或已重置：404（纯文本）。',
        {
          params: z.object({
            token: z.string().describe('订阅令牌（43 位 base64url）'),
          }),
        },
      ),
      // a calendar client fetches it whole; the app's compression is not for it
      compress: false,
      // after the app's own onSend (which marks every /api/ answer no-store): a client may keep it 5 minutes
      onSend: (_request, reply, payload, done) => {
        if (reply.statusCode === 200) reply.header('cache-control', 'private, max-age=300');
        done(null, payload);
      },
    },
    async (request, reply) => {
      const text = await service.feedCalendar(deps.db, request.params.token, base(request));
      if (text === null) {
        return reply.code(404).type('text/plain; charset=utf-8').send('订阅地址无效或已重置');
      }
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .send(text);
    },
  );
}

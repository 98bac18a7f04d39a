import {
  checkInSchema,
  projectIdSchema,
  siteLogSchema,
  siteReadySchema,
  siteTimelineSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import { checkIn, confirmCheckIn, siteLog, siteReady, timeline } from './site.service.ts';
import { registerSiteTips } from './site-tips.ts';

/** On site (docs/site.md): the winner's check-in, logs and 就绪; the customer's confirmation; the timeline. */
export function registerSiteRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Projectcenter');
  const customer = routeOptions('customer', 'Customer');
  const { db } = deps;
  registerSiteTips(deps.outbox);

  app.post(
    '/api/Projectcenter/siteTimeline',
    member(
      '现场时间线',
      '项目的进场打卡、施工日志与展台就绪（照片、服务器时间、定位），以及当前可做的操作；仅参展商与中标供应商。',
      projectIdSchema,
      siteTimelineSchema,
    ),
    async (request) => okEnvelope(await timeline(db, memberOf(request).memberId, request.body.id)),
  );
  app.post(
    '/api/Projectcenter/checkIn',
    idempotent(
      member(
        '进场打卡',
        '中标供应商在进场布展开始前一天起打卡：现场拍摄的照片（30 分钟内上传）、服务器时间、可选定位；每个项目一次。',
        checkInSchema,
        siteTimelineSchema,
      ),
    ),
    async (request) => okEnvelope(await checkIn(db, memberOf(request).memberId, request.body)),
  );
  app.post(
    '/api/Projectcenter/siteLog',
    idempotent(
      member(
        '施工日志',
        '进场后每天的施工进度：现场照片与一句说明，可多条。',
        siteLogSchema,
        siteTimelineSchema,
      ),
    ),
    async (request) => okEnvelope(await siteLog(db, memberOf(request).memberId, request.body)),
  );
  app.post(
    '/api/Projectcenter/ready',
    idempotent(
      member(
        '展台就绪',
        '展台搭建完成、可以开展：现场照片；开展前标记的计为按时。每个项目一次。',
        siteReadySchema,
        siteTimelineSchema,
      ),
    ),
    async (request) => okEnvelope(await siteReady(db, memberOf(request).memberId, request.body)),
  );
  app.post(
    '/api/Customer/confirmCheckIn',
    idempotent(
      customer(
        '确认进场',
        '参展商确认供应商已进场（打卡一天后未确认的由系统确认）。',
        projectIdSchema,
        siteTimelineSchema,
      ),
    ),
    async (request) => okEnvelope(await confirmCheckIn(db, memberOf(request).memberId, request.body.id)),
  );
}

import {
  tipChangeSchema,
  tipDeleteSchema,
  tipEditSchema,
  tipListPageSchema,
  tipListSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import { registerTipHandlers } from './tip.events.ts';
import * as service from './tip.service.ts';

/** The message centre (docs/messages.md): the caller's own tips, for suppliers and customers alike. */
export function registerTipRoutes(app: App, deps: Deps): void {
  registerTipHandlers(deps.outbox);
  const member = routeOptions('member', 'Tipcenter');

  app.post(
    '/api/Tipcenter/getList',
    member(
      '消息列表',
      '当前会员的消息，最新在前，分页。type：system 系统通知 · project 项目动态 · finance 资金变动 · review 审核结果；read：0 只看未读，1 只看已读，不传为全部。unread 为全部未读条数（不受筛选影响）。',
      tipListSchema,
      tipListPageSchema,
    ),
    async (request) => okEnvelope(await service.list(deps, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Tipcenter/editMsg',
    member(
      '标记已读',
      '把自己的消息标为已读：ids 为消息编号（最多 100 个），或 all=true 全部已读。别人的消息编号不产生任何变化。返回变更条数与剩余未读数。',
      tipEditSchema,
      tipChangeSchema,
    ),
    async (request) => okEnvelope(await service.markRead(deps, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Tipcenter/delMsg',
    member(
      '删除消息',
      '删除自己的消息（ids 最多 100 个）。别人的消息编号不产生任何变化。返回删除条数与剩余未读数。',
      tipDeleteSchema,
      tipChangeSchema,
    ),
    async (request) => okEnvelope(await service.remove(deps, memberOf(request).memberId, request.body)),
  );
}

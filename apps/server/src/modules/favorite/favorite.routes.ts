import {
  favoriteListResultSchema,
  favoriteToggleResultSchema,
  pagedListSchema,
  projectIdSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import * as service from './favorite.service.ts';

export function registerFavoriteRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Myfavorite');
  app.post(
    '/api/Myfavorite/bPrjctFvr',
    member(
      '收藏/取消收藏项目',
      '切换对项目的收藏，返回切换后的状态。需登录。',
      projectIdSchema,
      favoriteToggleResultSchema,
    ),
    async (request) => okEnvelope(await service.toggle(deps.db, memberOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Myfavorite/bPrjctList',
    member('我的收藏', '收藏的项目，最近收藏在前，分页。需登录。', pagedListSchema, favoriteListResultSchema),
    async (request) =>
      okEnvelope(
        await service.list(deps.db, memberOf(request).memberId, request.body.page, request.body.pageSize),
      ),
  );
}

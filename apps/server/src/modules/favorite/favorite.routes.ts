import {
  favoriteListResultSchema,
  favoriteToggleResultSchema,
  pagedListSchema,
  projectIdSchema,
} from '@zl/shared';
import { envelope, okEnvelope } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import * as service from './favorite.service.ts';

export function registerFavoriteRoutes(app: App, deps: Deps): void {
  app.post(
    '/api/Myfavorite/bPrjctFvr',
    {
      config: { guard: 'member' },
      schema: {
        tags: ['Myfavorite'],
        summary: '收藏/取消收藏项目',
        description: '切换对项目的收藏，返回切换后的状态。需登录。',
        body: projectIdSchema,
        response: { 200: envelope(favoriteToggleResultSchema) },
      },
    },
    async (request) => okEnvelope(await service.toggle(deps.db, memberOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Myfavorite/bPrjctList',
    {
      config: { guard: 'member' },
      schema: {
        tags: ['Myfavorite'],
        summary: '我的收藏',
        description: '收藏的项目，最近收藏在前，分页。需登录。',
        body: pagedListSchema,
        response: { 200: envelope(favoriteListResultSchema) },
      },
    },
    async (request) =>
      okEnvelope(
        await service.list(deps.db, memberOf(request).memberId, request.body.page, request.body.pageSize),
      ),
  );
}

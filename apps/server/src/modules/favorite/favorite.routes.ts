import {
  favoriteListResultSchema,
  favoriteToggleResultSchema,
  pagedListSchema,
  projectIdSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { type App, type Deps, envelope } from '../../lib/types.ts';
import { requireMember } from '../../plugins/session.ts';
import { memberOnly } from '../member/member.routes.ts';
import * as service from './favorite.service.ts';

export function registerFavoriteRoutes(app: App, deps: Deps): void {
  app.post(
    '/api/Myfavorite/bPrjctFvr',
    {
      preValidation: memberOnly,
      schema: { body: projectIdSchema, response: { 200: envelope(favoriteToggleResultSchema) } },
    },
    async (request) =>
      okEnvelope(await service.toggle(deps.db, requireMember(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Myfavorite/bPrjctList',
    {
      preValidation: memberOnly,
      schema: { body: pagedListSchema, response: { 200: envelope(favoriteListResultSchema) } },
    },
    async (request) =>
      okEnvelope(
        await service.list(
          deps.db,
          requireMember(request).memberId,
          request.body.page,
          request.body.pageSize,
        ),
      ),
  );
}

import {
  ADMIN_PERMISSIONS,
  authDetailResultSchema,
  authDetailSchema,
  authQueueItemSchema,
  authQueueSchema,
  authReviewResultSchema,
  authReviewSchema,
  pagedSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { type App, type Deps, envelope } from '../../lib/types.ts';
import { requireAdmin } from '../../plugins/admin-session.ts';
import { adminGuard } from './admin.routes.ts';
import * as service from './review.service.ts';

export function registerReviewRoutes(app: App, deps: Deps): void {
  app.post(
    '/api/Admin/authQueue',
    {
      onRequest: adminGuard(ADMIN_PERMISSIONS.review),
      schema: { body: authQueueSchema, response: { 200: envelope(pagedSchema(authQueueItemSchema)) } },
    },
    async (request) => {
      requireAdmin(request, ADMIN_PERMISSIONS.review);
      return okEnvelope(await service.authQueue(deps.db, request.body));
    },
  );

  app.post(
    '/api/Admin/authDetail',
    {
      onRequest: adminGuard(ADMIN_PERMISSIONS.review),
      schema: { body: authDetailSchema, response: { 200: envelope(authDetailResultSchema) } },
    },
    async (request) => {
      requireAdmin(request, ADMIN_PERMISSIONS.review);
      return okEnvelope(await service.authDetail(deps.db, request.body.kind, request.body.id));
    },
  );

  app.post(
    '/api/Admin/authReview',
    {
      onRequest: adminGuard(ADMIN_PERMISSIONS.review),
      schema: { body: authReviewSchema, response: { 200: envelope(authReviewResultSchema) } },
    },
    async (request) => {
      const actor = requireAdmin(request, ADMIN_PERMISSIONS.review);
      return okEnvelope(
        await service.authReview(deps.db, actor, request.body, { starterCoins: deps.config.starterCoins }),
      );
    },
  );
}

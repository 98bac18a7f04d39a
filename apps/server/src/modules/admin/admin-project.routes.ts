import {
  ADMIN_PERMISSIONS,
  adminProjectDetailSchema,
  adminProjectIdSchema,
  adminProjectPageSchema,
  adminProjectQueueSchema,
  adminProjectReviewSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { type App, type Deps, envelope } from '../../lib/types.ts';
import { requireAdmin } from '../../plugins/admin-session.ts';
import { adminGuard } from './admin.routes.ts';
import * as service from './admin-project.service.ts';

/** Project review: the reviewer role (and super), like the verification review. */
export function registerAdminProjectRoutes(app: App, deps: Deps): void {
  const roles = ADMIN_PERMISSIONS.review;
  app.post(
    '/api/Admin/projectQueue',
    {
      onRequest: adminGuard(roles),
      schema: { body: adminProjectQueueSchema, response: { 200: envelope(adminProjectPageSchema) } },
    },
    async (request) => {
      requireAdmin(request, roles);
      return okEnvelope(await service.projectQueue(deps.db, request.body));
    },
  );

  app.post(
    '/api/Admin/projectDetail',
    {
      onRequest: adminGuard(roles),
      schema: { body: adminProjectIdSchema, response: { 200: envelope(adminProjectDetailSchema) } },
    },
    async (request) => {
      requireAdmin(request, roles);
      return okEnvelope(await service.projectDetailFor(deps.db, request.body.id));
    },
  );

  app.post(
    '/api/Admin/projectReview',
    {
      onRequest: adminGuard(roles),
      schema: { body: adminProjectReviewSchema, response: { 200: envelope(adminProjectDetailSchema) } },
    },
    async (request) => {
      const actor = requireAdmin(request, roles);
      return okEnvelope(await service.projectReview(deps.db, actor, request.body));
    },
  );
}

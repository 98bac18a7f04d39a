import {
  ADMIN_PERMISSIONS,
  adminProjectDetailSchema,
  adminProjectIdSchema,
  adminProjectPageSchema,
  adminProjectQueueSchema,
  adminProjectReviewSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { adminOf } from '../../plugins/guards.ts';
import * as service from './admin-project.service.ts';

/** Project review: the reviewer role (and super), like the verification review. */
export function registerAdminProjectRoutes(app: App, deps: Deps): void {
  const roles = ADMIN_PERMISSIONS.review;
  const reviewer = routeOptions({ admin: roles }, 'Admin');
  app.post(
    '/api/Admin/projectQueue',
    reviewer(
      '项目审核队列',
      '参展商提交的项目，按审核状态与关键词筛选，分页。角色：审核员、超级管理员。',
      adminProjectQueueSchema,
      adminProjectPageSchema,
    ),
    async (request) => okEnvelope(await service.projectQueue(deps.db, request.body)),
  );

  app.post(
    '/api/Admin/projectDetail',
    reviewer(
      '项目审核详情',
      '项目全部信息、发布者资料、建议报价费与报价数。角色：审核员、超级管理员。',
      adminProjectIdSchema,
      adminProjectDetailSchema,
    ),
    async (request) => okEnvelope(await service.projectDetailFor(deps.db, request.body.id)),
  );

  app.post(
    '/api/Admin/projectReview',
    reviewer(
      '审核项目',
      '通过（设定报价费金币，项目进入竞价）或驳回（需写原因）待审核的项目。角色：审核员、超级管理员。',
      adminProjectReviewSchema,
      adminProjectDetailSchema,
    ),
    async (request) => {
      const actor = adminOf(request);
      return okEnvelope(await service.projectReview(deps.db, actor, request.body));
    },
  );
}

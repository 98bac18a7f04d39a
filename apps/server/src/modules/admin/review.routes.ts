import {
  ADMIN_PERMISSIONS,
  authDetailResultSchema,
  authDetailSchema,
  authQueuePageSchema,
  authQueueSchema,
  authReviewResultSchema,
  authReviewSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { adminOf } from '../../plugins/guards.ts';
import * as service from './review.service.ts';

export function registerReviewRoutes(app: App, deps: Deps): void {
  const reviewer = routeOptions({ admin: ADMIN_PERMISSIONS.review }, 'Admin');
  app.post(
    '/api/Admin/authQueue',
    reviewer(
      '认证审核队列',
      '个人或企业认证的提交，按审核状态与关键词筛选，分页。角色：审核员、超级管理员。',
      authQueueSchema,
      authQueuePageSchema,
    ),
    async (request) => okEnvelope(await service.authQueue(deps.db, request.body)),
  );

  app.post(
    '/api/Admin/authDetail',
    reviewer(
      '认证详情',
      '一条认证提交的全部字段与证件照片。角色：审核员、超级管理员。',
      authDetailSchema,
      authDetailResultSchema,
    ),
    async (request) => okEnvelope(await service.authDetail(deps.db, request.body.kind, request.body.id)),
  );

  app.post(
    '/api/Admin/authReview',
    reviewer(
      '审核认证',
      '通过或驳回（驳回需写原因）一条待审核的认证；供应商首次通过认证时发放新手金币；被邀请会员首次通过认证时邀请人获得邀请金币。角色：审核员、超级管理员。',
      authReviewSchema,
      authReviewResultSchema,
    ),
    async (request) => {
      const actor = adminOf(request);
      return okEnvelope(
        await service.authReview(deps.db, actor, request.body, {
          starterCoins: deps.config.marketplace.starterCoins,
          inviteCoins: deps.config.marketplace.inviteCoins,
        }),
      );
    },
  );
}

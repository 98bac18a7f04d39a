import {
  ADMIN_PERMISSIONS,
  authDetailResultSchema,
  authDetailSchema,
  authQueuePageSchema,
  authQueueSchema,
  authReviewResultSchema,
  authReviewSchema,
} from '@zl/shared';
import { envelope, okEnvelope } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/types.ts';
import { adminOf } from '../../plugins/guards.ts';
import * as service from './review.service.ts';

export function registerReviewRoutes(app: App, deps: Deps): void {
  app.post(
    '/api/Admin/authQueue',
    {
      config: { guard: { admin: ADMIN_PERMISSIONS.review } },
      schema: {
        tags: ['Admin'],
        summary: '认证审核队列',
        description: '个人或企业认证的提交，按审核状态与关键词筛选，分页。角色：审核员、超级管理员。',
        body: authQueueSchema,
        response: { 200: envelope(authQueuePageSchema) },
      },
    },
    async (request) => okEnvelope(await service.authQueue(deps.db, request.body)),
  );

  app.post(
    '/api/Admin/authDetail',
    {
      config: { guard: { admin: ADMIN_PERMISSIONS.review } },
      schema: {
        tags: ['Admin'],
        summary: '认证详情',
        description: '一条认证提交的全部字段与证件照片。角色：审核员、超级管理员。',
        body: authDetailSchema,
        response: { 200: envelope(authDetailResultSchema) },
      },
    },
    async (request) => okEnvelope(await service.authDetail(deps.db, request.body.kind, request.body.id)),
  );

  app.post(
    '/api/Admin/authReview',
    {
      config: { guard: { admin: ADMIN_PERMISSIONS.review } },
      schema: {
        tags: ['Admin'],
        summary: '审核认证',
        description:
          '通过或驳回（驳回需写原因）一条待审核的认证；供应商首次通过认证时发放新手金币。角色：审核员、超级管理员。',
        body: authReviewSchema,
        response: { 200: envelope(authReviewResultSchema) },
      },
    },
    async (request) => {
      const actor = adminOf(request);
      return okEnvelope(
        await service.authReview(deps.db, actor, request.body, { starterCoins: deps.config.starterCoins }),
      );
    },
  );
}

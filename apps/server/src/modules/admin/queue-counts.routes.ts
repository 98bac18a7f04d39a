import {
  type AdminArea,
  adminCan,
  QUEUE_KEYS,
  type QueueCounts,
  type QueueKey,
  queueCountsResultSchema,
  queueCountsSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { adminOf } from '../../plugins/guards.ts';
import { queueCounts } from './queue-counts.repo.ts';

/** Which permission works each queue: the same areas as the queues' own calls and the console menu. */
export const QUEUE_AREAS: Record<QueueKey, AdminArea> = {
  verify: 'review',
  projects: 'review',
  withdrawals: 'finance',
  complaints: 'review',
};

/** The console's queue badges (docs/admin.md "Queue badges"): any operator, its own queues only. */
export function registerQueueCountRoutes(app: App, deps: Deps): void {
  const operator = routeOptions({ admin: [] }, 'Admin');
  app.post(
    '/api/Admin/queueCounts',
    operator(
      '待处理数量',
      '各审核队列中等待处理的条数，供后台菜单角标使用：verify 待审核的个人与企业认证、projects 待审核项目、withdrawals 待打款的提现、complaints 未裁决的投诉。只统计当前角色可处理的队列（审核员：认证、项目、投诉；财务：提现；超级管理员：全部），其他队列为 null。',
      queueCountsSchema,
      queueCountsResultSchema,
    ),
    async (request) => {
      const { role } = adminOf(request);
      const keys = QUEUE_KEYS.filter((k) => adminCan(role, QUEUE_AREAS[k]));
      const counts = await queueCounts(deps.db, keys);
      const out = Object.fromEntries(QUEUE_KEYS.map((k) => [k, counts.get(k) ?? null])) as QueueCounts;
      return okEnvelope(out);
    },
  );
}

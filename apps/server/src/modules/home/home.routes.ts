import { homeInfoResultSchema, homeInfoSchema } from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import * as service from './home.service.ts';

/** The supplier's home page (docs/home.md). Customers have their own portal (/customer). */
export function registerHomeRoutes(app: App, deps: Deps): void {
  const supplier = routeOptions('supplier', 'Member');
  app.post(
    '/api/Member/homeInfo',
    supplier(
      '供应商首页',
      '一次返回首页所需的全部数据：待办（收藏未报价或即将截止的项目、待签/待传合同、待传或待修改完工报告、未读消息数）、数据（报价数、中标数、中标率、已完成、本月与近 12 个月托管放款收入，单位分，按月）与最新项目（优先本人所在省份的竞标中项目，最多 6 个）。只统计本人的数据。仅供应商可用，参展商请求返回无权限。',
      homeInfoSchema,
      homeInfoResultSchema,
    ),
    async (request) => okEnvelope(await service.homeInfo(deps.db, memberOf(request).memberId)),
  );
}

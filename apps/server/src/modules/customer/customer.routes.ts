import {
  awardResultSchema,
  awardSchema,
  customerProjectIdSchema,
  customerProjectInfoSchema,
  customerProjectListSchema,
  customerProjectPageSchema,
  customerQuoteListSchema,
  projectCancelSchema,
  projectDetailSchema,
  projectSaveSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { customerOf } from '../../plugins/guards.ts';
import * as service from './customer.service.ts';

export function registerCustomerRoutes(app: App, deps: Deps): void {
  const { db } = deps;
  const customer = routeOptions('customer', 'Customer');
  app.post(
    '/api/Customer/projectSave',
    idempotent(
      customer(
        '发布或修改项目',
        '参展商发布展台项目（新项目待审核）；带 `id` 时修改待审核或被驳回的项目（驳回的项目修改后重新提交审核）。仅参展商。',
        projectSaveSchema,
        projectDetailSchema,
      ),
    ),
    async (request) => okEnvelope(await service.projectSave(db, customerOf(request), request.body)),
  );

  app.post(
    '/api/Customer/projectList',
    customer(
      '我发布的项目',
      '参展商自己的项目，可按状态筛选，最新在前，含报价数与审核结果，分页。仅参展商。',
      customerProjectListSchema,
      customerProjectPageSchema,
    ),
    async (request) => okEnvelope(await service.projectList(db, customerOf(request), request.body)),
  );

  app.post(
    '/api/Customer/projectInfo',
    customer(
      '我的项目详情',
      '参展商自己的项目全部信息，含项目进度（orbits：每一步、谁、何时）。仅参展商。',
      customerProjectIdSchema,
      customerProjectInfoSchema,
    ),
    async (request) => okEnvelope(await service.projectInfo(db, customerOf(request), request.body.id)),
  );

  app.post(
    '/api/Customer/projectCancel',
    customer(
      '取消项目',
      '取消待审核或竞价中的项目，已报价的供应商退还报价费。仅参展商。',
      projectCancelSchema,
      projectDetailSchema,
    ),
    async (request) => okEnvelope(await service.projectCancel(db, customerOf(request), request.body)),
  );

  app.post(
    '/api/Customer/quoteList',
    customer(
      '比较报价',
      '项目收到的全部报价，逐项并排比较（供应商资质、分类小计、总价、工期）。仅参展商。',
      customerProjectIdSchema,
      customerQuoteListSchema,
    ),
    async (request) => okEnvelope(await service.quoteList(db, customerOf(request), request.body.id)),
  );

  app.post(
    '/api/Customer/award',
    customer(
      '选定中标方',
      '从报价中选定中标方：项目转为已定标，该报价中标，其余未中。仅参展商。',
      awardSchema,
      awardResultSchema,
    ),
    async (request) => okEnvelope(await service.award(db, customerOf(request), request.body)),
  );
}

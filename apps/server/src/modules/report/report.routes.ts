import {
  projectIdSchema,
  reportInfoSchema,
  reportReviewResultSchema,
  reportReviewSchema,
  updateReportsSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { customerOf, memberOf, supplierOf } from '../../plugins/guards.ts';
import * as service from './report.service.ts';

/** The completion report and its acceptance (docs/delivery-report.md), seed names kept. */
export function registerReportRoutes(app: App, deps: Deps): void {
  const supplier = routeOptions('supplier', 'Projectcenter');
  const member = routeOptions('member', 'Projectcenter');
  const customer = routeOptions('customer', 'Customer');
  const { db, config } = deps;
  app.post(
    '/api/Projectcenter/fUpdateReports',
    supplier(
      '提交完工报告',
      '中标供应商提交完工报告（验收清单）：完工照片 1–30 张、报告文件 0–10 个、完工说明，以及中标报价每个清单项的照片（1–9 张）和说明。首次提交须覆盖全部清单项；整改后只重新提交需整改的项。项目进入待验收。仅中标供应商、施工中可用。',
      updateReportsSchema,
      reportInfoSchema,
    ),
    async (request) => {
      const b = request.body;
      return okEnvelope(
        await service.updateReports(db, supplierOf(request).memberId, {
          id: b.id,
          workpic: b.workpic,
          reports: b.reports,
          remark: b.remark,
          lines: b.lines.map((l) => ({ line: l.line, photos: l.photos, note: l.note })),
        }),
      );
    },
  );

  app.post(
    '/api/Projectcenter/reportInfo',
    member(
      '完工报告（验收清单）',
      '项目的完工报告：每个清单项的名称、规格、数量、金额、照片、说明和验收状态（待验收/已验收/需整改）及整改原因，完工照片、报告文件、说明和提交轮次。仅中标供应商和项目的参展商。',
      projectIdSchema,
      reportInfoSchema,
    ),
    async (request) =>
      okEnvelope(
        await service.reportInfo(
          db,
          memberOf(request).memberId,
          request.body.id,
          config.marketplace.autoAcceptDays,
        ),
      ),
  );

  app.post(
    '/api/Customer/reportReview',
    customer(
      '验收完工报告',
      '参展商逐项验收：全部清单项通过则验收（项目完成，托管的预付款扣除平台佣金后付给供应商）；标记有问题的项并填写原因则退回整改（只整改这些项）。有未处理的投诉时不能验收。仅项目的参展商、待验收时可用。',
      reportReviewSchema,
      reportReviewResultSchema,
    ),
    async (request) =>
      okEnvelope(await service.reportReview(db, config, customerOf(request).memberId, request.body)),
  );
}

import {
  ADMIN_PERMISSIONS,
  adminFilingListSchema,
  adminFilingPageSchema,
  type FilingStatus,
  filingSaveSchema,
  filingStatusLabels,
  filingStatusSchema,
  filingViewSchema,
  projectIdSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import { sendPdfAttachment } from '../file/file.routes.ts';
import type { FileStorage } from '../file/storage.ts';
import * as repo from './filing.repo.ts';
import * as service from './filing.service.ts';
import { registerFilingTips } from './filing-tips.ts';

const PAGE = 20;

/** The venue filing (报馆, docs/filing.md): the winner's pack and PDF, the venue's answers, the console's list. */
export function registerFilingRoutes(app: App, deps: Deps, storage: FileStorage): void {
  const member = routeOptions('member', 'Projectcenter');
  const ops = routeOptions({ admin: ADMIN_PERMISSIONS.audit }, 'Admin');
  const { db } = deps;
  registerFilingTips(deps.outbox);

  app.post(
    '/api/Projectcenter/filingInfo',
    member(
      '报馆资料',
      '项目的报馆资料与场馆审核状态：用电、施工人员、材料防火等级、保险单、场馆回复；超过报馆截止仍未通过的标为逾期。参展商看到的身份证号只保留后 4 位。仅参展商与中标供应商。',
      projectIdSchema,
      filingViewSchema,
    ),
    async (request) => okEnvelope(await service.filingInfo(db, memberOf(request).memberId, request.body.id)),
  );
  app.post(
    '/api/Projectcenter/filingSave',
    idempotent(
      member(
        '保存报馆资料',
        '中标供应商填写报馆资料：用电功率与电箱规格、施工人员（姓名、工种、手机号、身份证号）、搭建材料及防火等级、施工保险单（本人上传的附件）。未提交或场馆要求修改时可改。',
        filingSaveSchema,
        filingViewSchema,
      ),
    ),
    async (request) => okEnvelope(await service.filingSave(db, memberOf(request).memberId, request.body)),
  );
  app.post(
    '/api/Projectcenter/filingStatus',
    idempotent(
      member(
        '记录场馆审核结果',
        '中标供应商记录报馆进度：已提交场馆（从已填写或需修改）、场馆通过（须上传场馆回执）、要求修改（须写明内容）。参展商收到提醒。',
        filingStatusSchema,
        filingViewSchema,
      ),
    ),
    async (request) => okEnvelope(await service.filingStatus(db, memberOf(request).memberId, request.body)),
  );

  const pdfDescription =
    '报馆资料 PDF：封面、展位信息、中标报价的效果图、材料及防火等级、用电申报、施工人员名单、施工安全责任书（双方）。参展商的副本身份证号只保留后 4 位。以附件下载（application/pdf）。';
  app.post(
    '/api/Projectcenter/filingPdf',
    member.other('报馆资料 PDF', pdfDescription, { body: projectIdSchema }),
    async (request, reply) =>
      sendPdfAttachment(
        reply,
        await service.filingPdf(db, storage, memberOf(request).memberId, request.body.id),
      ),
  );
  app.get(
    '/api/Projectcenter/filingPdf',
    member.other('下载报馆资料 PDF', `下载链接用：${pdfDescription}`, { querystring: projectIdSchema }),
    async (request, reply) =>
      sendPdfAttachment(
        reply,
        await service.filingPdf(db, storage, memberOf(request).memberId, request.query.id),
      ),
  );

  app.post(
    '/api/Admin/filingList',
    ops(
      '报馆进度',
      '进行中（已中标至施工中）且有报馆截止的项目：未获场馆通过的在前，各按截止时间排序，每页 20 条；可只看逾期（已过截止仍未通过）。不含施工人员信息。角色：审核员、财务、超级管理员。',
      adminFilingListSchema,
      adminFilingPageSchema,
    ),
    async (request) => {
      const { late, page } = request.body;
      const { rows, total } = await repo.consoleList(db, late, PAGE, (page - 1) * PAGE);
      const now = new Date();
      return okEnvelope({
        listItem: rows.map((r) => {
          const status = (r.status ?? 'none') as FilingStatus;
          return {
            id: r.id,
            orders: r.orders,
            title: r.title,
            customerName: r.customerName,
            supplierName: r.supplierName,
            deadline: r.deadline.toISOString(),
            buildStart: r.buildStart.toISOString(),
            status,
            statusText: filingStatusLabels[status],
            // the list holds projects under way only
            late: service.isLate(r.deadline, status, true, now),
          };
        }),
        total,
        page,
        pageSize: PAGE,
      });
    },
  );
}

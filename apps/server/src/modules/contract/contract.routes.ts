import {
  contractPdfSchema,
  contractReviewSchema,
  contractStateSchema,
  contractUploadSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { customerOf, memberOf } from '../../plugins/guards.ts';
import { sendPdfAttachment } from '../file/file.routes.ts';
import * as service from './contract.service.ts';

/** The contract calls (docs/delivery-contract.md), seed names kept. */
export function registerContractRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Projectcenter');
  const customer = routeOptions('customer', 'Customer');
  const { db } = deps;

  const sendPdf = sendPdfAttachment;

  const pdfDescription =
    '按定标结果生成合同 PDF（双方、项目、场馆与展期、中标报价明细、总价、预付款、验收条款、签字栏），以附件下载（application/pdf）。仅中标供应商与项目的参展商。';
  app.post(
    '/api/Projectcenter/contractPdf',
    member.other('合同 PDF', pdfDescription, { body: contractPdfSchema }),
    async (request, reply) =>
      sendPdf(reply, await service.contractPdf(db, memberOf(request).memberId, request.body.id)),
  );
  app.get(
    '/api/Projectcenter/contractPdf',
    member.other('下载合同 PDF', `下载链接用：${pdfDescription}`, { querystring: contractPdfSchema }),
    async (request, reply) =>
      sendPdf(reply, await service.contractPdf(db, memberOf(request).memberId, request.query.id)),
  );

  app.post(
    '/api/Projectcenter/fUpdateContract',
    member(
      '上传签订的合同',
      '中标供应商上传签字盖章后的合同（1–10 个本人上传的合同文件）：项目转为签约中，合同待参展商审核；被驳回后可重新上传。仅中标供应商。',
      contractUploadSchema,
      contractStateSchema,
    ),
    async (request) => okEnvelope(await service.uploadContract(db, memberOf(request), request.body)),
  );

  app.post(
    '/api/Customer/contractReview',
    customer(
      '审核合同',
      '参展商审核供应商上传的合同：通过，或填写原因（2–200 字）驳回。通过且无需预付款（或预付款已托管）时项目进入施工中。仅项目的参展商。',
      contractReviewSchema,
      contractStateSchema,
    ),
    async (request) => okEnvelope(await service.reviewContract(db, customerOf(request), request.body)),
  );
}

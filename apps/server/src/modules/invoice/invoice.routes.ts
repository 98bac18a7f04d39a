import {
  invoiceListResultSchema,
  invoiceListSchema,
  invoiceRejectSchema,
  invoiceRequestSchema,
  invoiceSchema,
  invoiceStatementQuerySchema,
  invoiceUploadSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { customerOf, memberOf, supplierOf } from '../../plugins/guards.ts';
import { sendPdfAttachment } from '../file/file.routes.ts';
import {
  commissionStatement,
  listInvoices,
  rejectInvoice,
  requestInvoice,
  uploadInvoice,
} from './invoice.service.ts';
import { registerInvoiceTips } from './invoice-tips.ts';

/** Invoices (发票, docs/invoices.md): the customer asks, the winning supplier issues or rejects. */
export function registerInvoiceRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Invoice');
  const customer = routeOptions('customer', 'Invoice');
  const supplier = routeOptions('supplier', 'Invoice');
  const { db } = deps;
  registerInvoiceTips(deps.outbox);

  app.post(
    '/api/Invoice/request',
    // one request per submission (docs/adr/0010-idempotency-keys.md)
    idempotent(
      customer(
        '申请发票',
        '项目的参展商向中标供应商申请发票（普通发票或增值税专用发票；专票须填纳税人识别号、地址电话、开户银行与账号）。开票金额不超过通过平台支付的款项（扣除退款）减去已申请或已开具的金额。',
        invoiceRequestSchema,
        invoiceSchema,
      ),
    ),
    async (request) => okEnvelope(await requestInvoice(db, customerOf(request), request.body)),
  );

  app.post(
    '/api/Invoice/upload',
    idempotent(
      supplier(
        '上传发票',
        '中标供应商为一条待开票的申请上传所开具的发票（本人上传、用途 invoice 的 PDF 或图片，可填发票号码）：申请变为已开票，参展商收到通知。',
        invoiceUploadSchema,
        invoiceSchema,
      ),
    ),
    async (request) => okEnvelope(await uploadInvoice(db, supplierOf(request), request.body)),
  );

  app.post(
    '/api/Invoice/reject',
    idempotent(
      supplier(
        '拒绝开票',
        '中标供应商拒绝一条待开票的申请并说明原因（1–200 字）；该金额可重新申请。',
        invoiceRejectSchema,
        invoiceSchema,
      ),
    ),
    async (request) => okEnvelope(await rejectInvoice(db, supplierOf(request), request.body)),
  );

  app.post(
    '/api/Invoice/list',
    member(
      '发票列表',
      '我作为参展商申请的或作为供应商需开具的发票，新的在前；带 id 时为该项目的发票（仅项目双方），参展商另得可开票金额与认证信息中的开票资料。',
      invoiceListSchema,
      invoiceListResultSchema,
    ),
    async (request) => okEnvelope(await listInvoices(db, memberOf(request), request.body)),
  );

  app.get(
    '/api/Invoice/statement',
    supplier.other(
      '佣金月结单',
      '供应商某月（北京时间）的平台佣金月结单 PDF：每笔托管款结算的金额、佣金与实收，以附件下载。',
      { querystring: invoiceStatementQuerySchema },
    ),
    async (request, reply) => {
      const r = await commissionStatement(db, supplierOf(request), request.query.month);
      return sendPdfAttachment(reply, r);
    },
  );
}

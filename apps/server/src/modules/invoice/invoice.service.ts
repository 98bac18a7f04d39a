import {
  formatFen,
  INVOICE_KIND_TEXT,
  INVOICE_STATUS_TEXT,
  type Invoice,
  type InvoiceList,
  type invoiceListSchema,
  type invoiceRejectSchema,
  type invoiceRequestSchema,
  type invoiceUploadSchema,
  PROJECT_STATUS,
  shanghaiMidnight,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { InvoiceRow } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { fileMimes } from '../file/file.repo.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';
import { lockProject } from '../project/project.repo.ts';
import type { SessionContext } from '../user/session.service.ts';
import * as repo from './invoice.repo.ts';
import { type StatementData, statementPdf } from './statement-pdf.ts';

/** Invoices (发票): docs/invoices.md. */

export type InvoiceEventType = 'invoice.requested' | 'invoice.issued' | 'invoice.rejected';
export type InvoiceEventPayload = {
  projectId: number;
  invoiceId: number;
  customerId: number;
  supplierId: number;
  amount: number;
};

function emit(tx: Tx, type: InvoiceEventType, i: InvoiceRow) {
  const payload: InvoiceEventPayload = {
    projectId: i.projectId,
    invoiceId: i.id,
    customerId: i.customerId,
    supplierId: i.supplierId,
    amount: i.amount,
  };
  return insertEvent(tx, { type, aggregateType: 'project', aggregateId: i.projectId, payload });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(
  i: InvoiceRow & { orders: string; projectTitle: string; customerName: string; supplierName: string },
  memberId: number,
  pdfFiles: ReadonlySet<string>,
): Invoice {
  const role = i.customerId === memberId ? 'customer' : 'supplier';
  return {
    id: i.id,
    projectId: i.projectId,
    orders: i.orders,
    projectTitle: i.projectTitle,
    role,
    counterpart: role === 'customer' ? i.supplierName : i.customerName,
    kind: i.kind,
    kindText: INVOICE_KIND_TEXT[i.kind],
    title: i.title,
    taxNo: i.taxNo,
    address: i.address,
    bank: i.bank,
    bankAccount: i.bankAccount,
    amount: i.amount,
    remark: i.remark,
    status: i.status,
    statusText: INVOICE_STATUS_TEXT[i.status],
    number: i.number,
    file: i.fileId ? fileRef(i.fileId, !pdfFiles.has(i.fileId)) : null,
    reason: i.reason,
    requested: i.createdAt.toISOString(),
    decided: iso(i.decidedAt),
  };
}

/** The invoice just written, as its party (the caller) sees it: one row read. */
async function viewOf(db: DbOrTx, memberId: number, row: InvoiceRow): Promise<Invoice> {
  const full = await repo.findWithProject(db, row.id);
  if (!full) throw new AppError('NOT_FOUND');
  return view(full, memberId, await pdfIds(db, full.fileId ? [full.fileId] : []));
}

async function pdfIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const mimes = await fileMimes(db, ids);
  return new Set(ids.filter((id) => mimes.get(id) === 'application/pdf'));
}

/** Statuses in which money of the project may have been paid through the platform. */
const PAID_STATUSES: readonly number[] = [
  PROJECT_STATUS.SIGNING,
  PROJECT_STATUS.BUILDING,
  PROJECT_STATUS.ACCEPTING,
  PROJECT_STATUS.DONE,
  PROJECT_STATUS.CLOSED,
];

/**
 * `Invoice/request`: the project's customer, over at most what it paid (net of refunds) less what
 * is requested or issued already. Under the project's row lock, so two requests at once cannot
 * both take the same money.
 */
export async function requestInvoice(
  db: Db,
  member: SessionContext,
  input: z.output<typeof invoiceRequestSchema>,
): Promise<Invoice> {
  const row = await db.transaction(async (tx) => {
    const project = await lockProject(tx, input.id);
    if (!project || project.customerId !== member.memberId) throw new AppError('NOT_FOUND');
    const supplierId = await repo.winnerOf(tx, project.id);
    if (supplierId === undefined || !PAID_STATUSES.includes(project.status)) {
      throw new AppError('INVALID_STATE', { message: '项目定标并通过平台付款后才能申请发票' });
    }
    const paid = await repo.paidNet(tx, project.id);
    if (paid <= 0) throw new AppError('INVALID_STATE', { message: '通过平台支付款项后才能申请发票' });
    const free = paid - (await repo.claimedOn(tx, project.id));
    if (free <= 0) throw new AppError('INVALID_STATE', { message: '已付款项均已申请发票' });
    if (input.amount > free) {
      throw fieldError('VALIDATION_FAILED', 'amount', `开票金额不能超过可开票金额 ${formatFen(free)}`);
    }
    const created = await repo.insertInvoice(tx, {
      projectId: project.id,
      customerId: member.memberId,
      supplierId,
      kind: input.kind,
      title: input.title,
      taxNo: input.taxNo,
      address: input.address,
      bank: input.bank,
      bankAccount: input.bankAccount,
      amount: input.amount,
      remark: input.remark,
    });
    await emit(tx, 'invoice.requested', created);
    return created;
  });
  return viewOf(db, member.memberId, row);
}

/** The invoice, locked, when the caller is its supplier; anyone else's is NOT_FOUND. */
async function supplierInvoice(tx: Tx, memberId: number, invoiceId: number): Promise<InvoiceRow> {
  const row = await repo.lockInvoice(tx, invoiceId);
  if (!row || row.supplierId !== memberId) throw new AppError('NOT_FOUND', { message: '发票申请不存在' });
  return row;
}

function decided(row: InvoiceRow): never {
  throw new AppError('INVALID_STATE', {
    message: row.status === 'issued' ? '该发票已开具' : '该发票申请已拒绝',
  });
}

/** `Invoice/upload`: the supplier issues the invoice (its own upload, purpose `invoice`). */
export async function uploadInvoice(
  db: Db,
  member: SessionContext,
  input: z.output<typeof invoiceUploadSchema>,
): Promise<Invoice> {
  const row = await db.transaction(async (tx) => {
    const current = await supplierInvoice(tx, member.memberId, input.invoiceId);
    if (current.status !== 'requested') decided(current);
    await assertOwnFile(tx, member.memberId, input.file, {
      purposes: ['invoice'],
      field: 'file',
      label: '发票文件',
    });
    const done = await repo.decide(tx, current.id, {
      status: 'issued',
      fileId: input.file,
      number: input.number,
    });
    if (!done) decided(current);
    await emit(tx, 'invoice.issued', done);
    return done;
  });
  return viewOf(db, member.memberId, row);
}

/** `Invoice/reject`: the supplier refuses the request with a reason; its amount is free again. */
export async function rejectInvoice(
  db: Db,
  member: SessionContext,
  input: z.output<typeof invoiceRejectSchema>,
): Promise<Invoice> {
  const row = await db.transaction(async (tx) => {
    const current = await supplierInvoice(tx, member.memberId, input.invoiceId);
    if (current.status !== 'requested') decided(current);
    const done = await repo.decide(tx, current.id, { status: 'rejected', reason: input.reason });
    if (!done) decided(current);
    await emit(tx, 'invoice.rejected', done);
    return done;
  });
  return viewOf(db, member.memberId, row);
}

/**
 * `Invoice/list`: the caller's invoices as customer or supplier, of one project or all. With a
 * project, its customer also gets what it may still ask for and its verified invoice details; a
 * project the caller is no party of is NOT_FOUND.
 */
export async function listInvoices(
  db: Db,
  member: SessionContext,
  input: z.output<typeof invoiceListSchema>,
): Promise<InvoiceList> {
  let request: InvoiceList['request'] = null;
  if (input.id !== undefined) {
    const project = await db.query.projects.findFirst({
      columns: { id: true, customerId: true, status: true },
      where: (p, { eq }) => eq(p.id, input.id!),
    });
    const winnerId = project ? await repo.winnerOf(db, project.id) : undefined;
    if (!project || (project.customerId !== member.memberId && winnerId !== member.memberId)) {
      throw new AppError('NOT_FOUND');
    }
    if (project.customerId === member.memberId && winnerId !== undefined) {
      const paid = await repo.paidNet(db, project.id);
      request = {
        paid,
        invoiceable: Math.max(0, paid - (await repo.claimedOn(db, project.id))),
        prefill: await repo.businessInvoiceDetails(db, member.memberId),
      };
    }
  }
  const { rows, total } = await repo.listFor(db, member.memberId, {
    projectId: input.id,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  const pdfs = await pdfIds(
    db,
    rows.flatMap((r) => (r.fileId ? [r.fileId] : [])),
  );
  return { listItem: rows.map((r) => view(r, member.memberId, pdfs)), total, page: input.page, request };
}

/** The first instant of `YYYY-MM` and of the month after, Asia/Shanghai. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: shanghaiMidnight(`${month}-01`), to: shanghaiMidnight(`${next}-01`) };
}

/** `GET /api/Invoice/statement`: the supplier's monthly commission statement as a PDF. */
export async function commissionStatement(db: Db, member: SessionContext, month: string) {
  if (member.cardtype !== 'workshop') {
    throw new AppError('FORBIDDEN', { message: '只有供应商可以下载佣金月结单' });
  }
  const { from, to } = monthBounds(month);
  const lines = await repo.commissionLines(db, member.memberId, from, to);
  const data: StatementData = {
    month,
    supplier: { name: await repo.memberName(db, member.memberId), cardno: member.cardno },
    lines,
  };
  return { pdf: await statementPdf(data), name: `佣金月结单-${month}.pdf` };
}

import {
  CHANGE_ORDERS_MAX,
  CHANGE_PENDING_MAX,
  type ChangeLine,
  type ChangeOrder,
  type ChangeOrderListResult,
  type ChangeOrderReviewResult,
  changeAmountOf,
  changeKindLabels,
  type changeOrderAddSchema,
  type changeOrderReviewSchema,
  changeStatusLabels,
  formatFen,
  PROJECT_STATUS,
  REQUIREMENT_CATEGORIES,
  type RequirementCategory,
} from '@zl/shared';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { fileMimes } from '../file/file.repo.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import { changeRefund, lockForEscrowSplit } from '../ledger/movements.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';
import { insertRefund, type PaymentRefundRow, refundablePayments } from '../payment/payment.repo.ts';
import { type MoneyDeps, sendSplitRefund } from '../payment/payment.service.ts';
import { lockProject, type ProjectRow } from '../project/project-transition.ts';
import { findWinnerId } from '../stage/stage.repo.ts';
import { firstUnpaid, type ProjectStageRow, stagesOf } from '../stage/stage.service.ts';
import * as repo from './change.repo.ts';
import { renderChangePdf } from './change-pdf.ts';

/** Change orders (变更单 增项 / 减项): docs/change-orders.md. */

const CATEGORY_NAMES = Object.fromEntries(REQUIREMENT_CATEGORIES) as Record<RequirementCategory, string>;
const PROPOSE_STATUSES: readonly number[] = [PROJECT_STATUS.SIGNING, PROJECT_STATUS.BUILDING];
const APPROVE_STATUSES: readonly number[] = [
  PROJECT_STATUS.SIGNING,
  PROJECT_STATUS.BUILDING,
  PROJECT_STATUS.ACCEPTING,
];

export type ChangeEventPayload = {
  projectId: number;
  orderId: number;
  seq: number;
  kind: 'add' | 'reduce';
  amount: number;
  customerId: number;
  supplierId: number;
  reason?: string;
};

function emit(
  tx: Tx,
  type: 'change.proposed' | 'change.approved' | 'change.rejected',
  p: ChangeEventPayload,
) {
  return insertEvent(tx, { type, aggregateType: 'project', aggregateId: p.projectId, payload: p });
}

function payloadOf(o: repo.ChangeOrderRow, customerId: number, reason?: string): ChangeEventPayload {
  return {
    projectId: o.projectId,
    orderId: o.id,
    seq: o.seq,
    kind: o.kind,
    amount: o.amount,
    customerId,
    supplierId: o.supplierId,
    ...(reason ? { reason } : {}),
  };
}

export function changePdfUrl(projectId: number, orderId: number): string {
  return `/api/Projectcenter/changeOrderPdf?id=${projectId}&orderId=${orderId}`;
}

function view(o: repo.ChangeOrderRow, pdfs: ReadonlySet<string>): ChangeOrder {
  return {
    id: o.id,
    seq: o.seq,
    kind: o.kind,
    kindText: changeKindLabels[o.kind],
    status: o.status,
    statusText: changeStatusLabels[o.status],
    lines: o.lines,
    amount: o.amount,
    reason: o.reason,
    photos: o.photos.map((id) => fileRef(id, !pdfs.has(id))),
    reviewReason: o.reviewReason,
    createdAt: o.createdAt.toISOString(),
    reviewedAt: o.reviewedAt?.toISOString() ?? null,
    contractBefore: o.contractBefore,
    contractAfter: o.contractAfter,
    refunded: o.refunded,
    pdfUrl: o.status === 'approved' ? changePdfUrl(o.projectId, o.id) : null,
  };
}

async function views(db: DbOrTx, rows: readonly repo.ChangeOrderRow[]): Promise<ChangeOrder[]> {
  const mimes = await fileMimes(
    db,
    rows.flatMap((r) => r.photos),
  );
  const pdfs = new Set([...mimes].filter(([, m]) => m === 'application/pdf').map(([id]) => id));
  return rows.map((r) => view(r, pdfs));
}

/** The contract amount now: the column, or the stages' sum for a project awarded before it. */
function contractOf(project: ProjectRow, stages: readonly ProjectStageRow[]): number {
  return project.contractAmount ?? stages.reduce((t, s) => t + s.amount, 0);
}

/**
 * The stages a 减项 may take from, last first: every stage not yet released nor refunded, but a
 * prepayment still to pay (the contract's first payment stays as signed; a 减项 before it is paid
 * takes from the stages after it).
 */
function reducibleStages(stages: readonly ProjectStageRow[]): ProjectStageRow[] {
  return stages
    .filter(
      (s) => (s.status === 'due' || s.status === 'paid') && !(s.kind === 'prepay' && s.status === 'due'),
    )
    .reverse();
}

/** The most a 减项 may take off now: what it may take from, keeping the contract above 0. */
function reducibleOf(project: ProjectRow, stages: readonly ProjectStageRow[]): number {
  const from = reducibleStages(stages).reduce((t, s) => t + s.amount, 0);
  return Math.max(0, Math.min(from, contractOf(project, stages) - 1));
}

/** The project (locked) when `memberId` is its winner; anyone else NOT_FOUND. */
async function lockAsWinner(tx: Tx, memberId: number, projectId: number) {
  const project = await lockProject(tx, projectId);
  const winnerId = project && project.winnerQuoteId !== null ? await findWinnerId(tx, project.id) : undefined;
  if (!project || winnerId !== memberId || project.status < PROJECT_STATUS.AWARDED)
    throw new AppError('NOT_FOUND');
  return project;
}

function invalid(message: string, status: number): AppError {
  return new AppError('INVALID_STATE', { message, data: { status } });
}

/**
 * Projectcenter/changeOrderAdd: the winner proposes a 增项 or 减项 while signing or building. At
 * most CHANGE_PENDING_MAX wait at once and CHANGE_ORDERS_MAX in all; a 减项 no larger than what is
 * not yet released; photos the winner's own pictures.
 */
export async function addChangeOrder(
  db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> } & DbOrTx,
  memberId: number,
  input: z.output<typeof changeOrderAddSchema>,
): Promise<ChangeOrder> {
  const row = await db.transaction(async (tx) => {
    const project = await lockAsWinner(tx, memberId, input.id);
    if (!PROPOSE_STATUSES.includes(project.status))
      throw invalid('签约中或施工中的项目才能提出变更', project.status);
    if (project.complaintOpen) throw invalid('项目有未处理的投诉，暂不能提出变更', project.status);
    const count = await repo.countOrders(tx, project.id);
    if (count.pending >= CHANGE_PENDING_MAX)
      throw invalid(`已有 ${count.pending} 张变更单等待参展商确认，请等确认后再提`, project.status);
    if (count.all >= CHANGE_ORDERS_MAX)
      throw invalid(`每个项目最多 ${CHANGE_ORDERS_MAX} 张变更单`, project.status);
    const amount = changeAmountOf(input.lines);
    if (input.kind === 'reduce') {
      const stages = await stagesOf(tx, project);
      const most = reducibleOf(project, stages);
      if (amount > most)
        throw fieldError(
          'VALIDATION_FAILED',
          'lines',
          most > 0
            ? `减项金额 ${formatFen(amount)} 超过可减的 ${formatFen(most)}（尚未结算给您的合同款）`
            : '没有可以减少的款项：合同款已全部结算',
        );
    }
    for (const [i, id] of input.photos.entries()) {
      const f = await assertOwnFile(tx, memberId, id, {
        purposes: ['report'],
        field: `photos.${i}`,
        label: '现场照片',
      });
      if (!f.mime.startsWith('image/'))
        throw fieldError('VALIDATION_FAILED', `photos.${i}`, '现场照片须为图片');
    }
    const lines: ChangeLine[] = input.lines.map((l) => ({
      category: l.category,
      categoryName: CATEGORY_NAMES[l.category],
      name: l.name,
      spec: l.spec,
      unit: l.unit,
      qty: l.qty,
      price: l.price,
      amount: l.qty * l.price,
    }));
    const order = await repo.insertOrder(tx, {
      projectId: project.id,
      supplierId: memberId,
      kind: input.kind,
      lines,
      amount,
      reason: input.reason,
      photos: [...new Set(input.photos)],
    });
    await emit(tx, 'change.proposed', payloadOf(order, project.customerId));
    return order;
  });
  return (await views(db, [row]))[0]!;
}

/** Projectcenter/changeOrderList: the project's orders, newest first, to its customer and its winner. */
export async function listChangeOrders(
  db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> } & DbOrTx,
  memberId: number,
  projectId: number,
): Promise<ChangeOrderListResult> {
  return db.transaction(async (tx) => {
    // the row lock makes an awarded project's stages (if it has none yet) once, like payPlan
    const project = await lockProject(tx, projectId);
    if (!project || project.winnerQuoteId === null || project.status < PROJECT_STATUS.AWARDED)
      throw new AppError('NOT_FOUND');
    const winnerId = await findWinnerId(tx, project.id);
    const role = project.customerId === memberId ? 'customer' : winnerId === memberId ? 'supplier' : null;
    if (!role) throw new AppError('NOT_FOUND');
    const stages = await stagesOf(tx, project);
    const rows = await repo.listOrders(tx, project.id);
    const pending = rows.filter((r) => r.status === 'pending').length;
    return {
      listItem: await views(tx, rows),
      contractAmount:
        stages.length > 0 || project.contractAmount !== null ? contractOf(project, stages) : null,
      role,
      canAdd:
        role === 'supplier' &&
        PROPOSE_STATUSES.includes(project.status) &&
        !project.complaintOpen &&
        pending < CHANGE_PENDING_MAX &&
        rows.length < CHANGE_ORDERS_MAX,
      reducible: reducibleOf(project, stages),
    };
  });
}

interface Applied {
  contractAfter: number;
  stageId: number | null;
  refunded: number;
  refunds: PaymentRefundRow[];
}

/**
 * An approved 增项 (project locked): the contract grows by the amount, and so does the first
 * unpaid stage — or, none left, a new `change` stage due at once. A changed stage's share is no
 * longer a plan percentage (0).
 */
async function applyAdd(
  tx: Tx,
  project: ProjectRow,
  stages: readonly ProjectStageRow[],
  order: repo.ChangeOrderRow,
): Promise<Applied> {
  const contractAfter = contractOf(project, stages) + order.amount;
  const next = firstUnpaid(stages);
  let stageId: number | null = null;
  if (next) await repo.setStageAmount(tx, next.id, next.amount + order.amount);
  else stageId = (await repo.insertChangeStage(tx, project.id, order.amount)).id;
  await repo.setContractAmount(tx, project.id, {
    contractAmount: contractAfter,
    ...(next?.kind === 'prepay' ? { prepay: next.amount + order.amount } : {}),
  });
  return { contractAfter, stageId, refunded: 0, refunds: [] };
}

/**
 * An approved 减项 (project locked): the contract shrinks by the amount, taken from the last
 * unreleased stages back. What it takes from a stage still to pay is simply not owed; what it
 * takes from money held in escrow goes back to the customer's original payment (`change_refund`,
 * and refund requests against the stages' own payments first, `C<orderId>`, `C<orderId>-2` …).
 */
async function applyReduce(
  tx: Tx,
  project: ProjectRow,
  stages: readonly ProjectStageRow[],
  order: repo.ChangeOrderRow,
): Promise<Applied> {
  const most = reducibleOf(project, stages);
  if (order.amount > most)
    throw invalid(
      most > 0
        ? `减项金额 ${formatFen(order.amount)} 超过现在可减的 ${formatFen(most)}，请拒绝后由供应商重新提出`
        : '合同款已全部结算，不能再减项，请拒绝该变更单',
      project.status,
    );
  let left = order.amount;
  let fromHeld = 0;
  const heldStageIds = new Set<number>();
  let prepay: number | undefined;
  for (const s of reducibleStages(stages)) {
    if (left === 0) break;
    const part = Math.min(left, s.amount);
    left -= part;
    await repo.setStageAmount(tx, s.id, s.amount - part);
    if (s.kind === 'prepay') prepay = s.amount - part;
    if (s.status === 'paid') {
      fromHeld += part;
      heldStageIds.add(s.id);
    }
  }
  const contractAfter = contractOf(project, stages) - order.amount;
  await repo.setContractAmount(tx, project.id, {
    contractAmount: contractAfter,
    ...(prepay === undefined ? {} : { prepay }),
  });
  const refunds: PaymentRefundRow[] = [];
  if (fromHeld > 0) {
    await lockForEscrowSplit(tx, {
      projectId: project.id,
      customerId: project.customerId,
      winnerId: undefined,
    });
    await changeRefund(tx, {
      orderId: order.id,
      seq: order.seq,
      projectId: project.id,
      customerId: project.customerId,
      amountFen: fromHeld,
      orders: project.orders,
    });
    const payments = await refundablePayments(tx, project.id);
    const ordered = [
      ...payments.filter((p) => p.stageId !== null && heldStageIds.has(p.stageId)),
      ...payments.filter((p) => p.stageId === null || !heldStageIds.has(p.stageId)),
    ];
    let toSend = fromHeld;
    for (const p of ordered) {
      const part = Math.min(toSend, p.refundable);
      if (part <= 0) continue;
      const row = await insertRefund(tx, {
        outRequestNo: refunds.length === 0 ? `C${order.id}` : `C${order.id}-${refunds.length + 1}`,
        outTradeNo: p.outTradeNo,
        projectId: project.id,
        amount: part,
        reason: `项目 ${project.orders} 变更单 ${order.seq} 减项退款`,
      });
      if (row) refunds.push(row);
      toSend -= part;
      if (toSend === 0) break;
    }
    if (toSend > 0) throw invalid('找不到足够的支付记录用于退款', project.status);
  }
  return { contractAfter, stageId: null, refunded: fromHeld, refunds };
}

/**
 * The customer's decision on a pending order, in the caller's transaction: an approval moves the
 * contract and the stages (a 减项's refund booked, to be sent after the commit), a rejection keeps
 * its reason. Each order once: pending → approved / rejected is a conditional UPDATE under the
 * project's row lock.
 */
export async function decideChangeOrder(
  tx: Tx,
  customerId: number,
  input: z.output<typeof changeOrderReviewSchema>,
): Promise<{ order: repo.ChangeOrderRow; contractAmount: number | null; refunds: PaymentRefundRow[] }> {
  const project = await lockProject(tx, input.id);
  if (!project || project.customerId !== customerId) throw new AppError('NOT_FOUND');
  const order = await repo.findOrder(tx, project.id, input.orderId);
  if (!order) throw new AppError('NOT_FOUND', { message: '变更单不存在' });
  if (order.status !== 'pending')
    throw invalid(`该变更单已${changeStatusLabels[order.status].replace('已', '')}`, project.status);
  const reason = (input.reason ?? '').trim();
  if (!input.approve) {
    const rejected = await repo.markReviewed(tx, order.id, { status: 'rejected', reviewReason: reason });
    if (!rejected) throw invalid('该变更单已处理', project.status);
    await emit(tx, 'change.rejected', payloadOf(rejected, customerId, reason));
    return { order: rejected, contractAmount: project.contractAmount, refunds: [] };
  }
  // a 增项 adds checklist lines: not once the report is handed in (docs/change-orders.md)
  const statuses = order.kind === 'add' ? PROPOSE_STATUSES : APPROVE_STATUSES;
  if (!statuses.includes(project.status))
    throw invalid(
      order.kind === 'add' && project.status === PROJECT_STATUS.ACCEPTING
        ? '完工报告已提交，不能再同意增项，请拒绝'
        : '项目当前状态不能确认变更',
      project.status,
    );
  if (project.complaintOpen)
    throw new AppError('ACCEPTANCE_FROZEN', { message: '项目有未处理的投诉，托管款已冻结，暂不能确认变更' });
  const stages = await stagesOf(tx, project);
  const contractBefore = contractOf(project, stages);
  const applied =
    order.kind === 'add'
      ? await applyAdd(tx, project, stages, order)
      : await applyReduce(tx, project, stages, order);
  const approved = await repo.markReviewed(tx, order.id, {
    status: 'approved',
    reviewReason: reason,
    contractBefore,
    contractAfter: applied.contractAfter,
    stageId: applied.stageId,
    refunded: applied.refunded,
  });
  if (!approved) throw invalid('该变更单已处理', project.status);
  await emit(tx, 'change.approved', payloadOf(approved, customerId, reason));
  return { order: approved, contractAmount: applied.contractAfter, refunds: applied.refunds };
}

/**
 * Customer/changeOrderReview: the decision in its own transaction, then a 减项's refunds sent to
 * Alipay (a failed call stays pending for the reconciliation job, under the same request number).
 */
export async function reviewChangeOrder(
  deps: MoneyDeps,
  customerId: number,
  input: z.output<typeof changeOrderReviewSchema>,
): Promise<ChangeOrderReviewResult> {
  const { db } = deps;
  const done = await db.transaction((tx) => decideChangeOrder(tx, customerId, input));
  const refundSent =
    done.refunds.length === 0 || (await sendSplitRefund(deps, done.refunds)) === done.refunds.length;
  return { order: (await views(db, [done.order]))[0]!, contractAmount: done.contractAmount, refundSent };
}

/** Projectcenter/changeOrderPdf: the 补充协议 of an approved order, to the two parties only. */
export async function changeOrderPdf(
  db: DbOrTx,
  memberId: number,
  projectId: number,
  orderId: number,
): Promise<{ pdf: Buffer; name: string }> {
  const p = await repo.findProjectRow(db, projectId);
  const winner = p ? await repo.findWinner(db, p.id) : undefined;
  if (!p || !winner || (p.customerId !== memberId && winner.supplierId !== memberId))
    throw new AppError('NOT_FOUND');
  const order = await repo.findOrder(db, p.id, orderId);
  if (order?.status !== 'approved') throw new AppError('NOT_FOUND', { message: '变更单不存在或未经确认' });
  const [customer, supplier] = await Promise.all([
    repo.findParty(db, p.customerId),
    repo.findParty(db, winner.supplierId),
  ]);
  const pdf = await renderChangePdf({
    orders: p.orders,
    title: p.title,
    customer,
    supplier,
    order,
  });
  return { pdf, name: `补充协议-${p.orders}-变更单${order.seq}.pdf` };
}

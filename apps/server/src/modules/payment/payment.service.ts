import { randomInt } from 'node:crypto';
import {
  COIN_PRICE_FEN,
  CONTRACT_CHECK,
  type OrderStatusResult,
  type PayLinkRequest,
  type PayLinkResult,
  PROJECT_STATUS,
  shanghaiIso,
  stageKindLabels,
} from '@zl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { paymentNotificationsTotal, paymentsSettledTotal } from '../../lib/metrics.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import {
  coinRecharge,
  escrowRefund,
  escrowRelease,
  lockForEscrowSplit,
  prepayIn,
} from '../ledger/movements.ts';
import { applyTransition, lockProject } from '../project/project-transition.ts';
import { findWinnerId, markStagePaid, markStageSplit } from '../stage/stage.repo.ts';
import {
  commissionOf,
  laterStagePayable,
  type ReleaseRules,
  releaseDue,
  settleStagePaid,
  stagesOf,
} from '../stage/stage.service.ts';
import type { SessionContext } from '../user/session.service.ts';
import type { AlipayGateway } from './alipay-gateway.ts';
import { fenToYuan } from './money.ts';
import * as repo from './payment.repo.ts';
import type { PlatformAlipay } from './platform-alipay.ts';

/** What the money functions other modules call need: the app's `Deps` (lib/types.ts) fits. */
export interface MoneyDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  alipay: AlipayGateway | null;
}

/** What the payment calls work with (app.ts builds it once). */
export interface PaymentDeps extends MoneyDeps {
  alipay: PlatformAlipay | null;
}

/** Where Alipay sends the asynchronous notification, and the page the browser comes back to. */
export const NOTIFY_PATH = '/api/Alipay/notify';
export const COINS_RETURN_PATH = '/personCenter/charging';
export const PREPAY_RETURN_PATH = '/customer/project';

/** The release rules of config.marketplace (docs/staged-escrow.md). */
export function releaseRules(config: Pick<Config, 'marketplace'>): ReleaseRules {
  return {
    commissionBp: config.marketplace.platformCommissionBp,
    retentionDays: config.marketplace.retentionDays,
  };
}
/** An order is asked about at Alipay once it has been pending this long (docs/payments.md "Reconciliation"). */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** A trade Alipay still does not know after this long will never be paid (page pay times out at 2 h). */
export const CLOSE_UNKNOWN_AFTER_MS = 3 * 3_600_000;
/** At most this many unpaid orders a member may open in an hour. */
const PENDING_PER_HOUR = 30;

function gateway(deps: PaymentDeps): PlatformAlipay {
  if (!deps.alipay) throw new AppError('PAYMENT_NOT_CONFIGURED');
  return deps.alipay;
}

/** `Z` + Beijing yyyyMMddHHmmss + 10 random digits: unique, sortable, ≤ 64 chars as Alipay asks. */
export function newOutTradeNo(now = new Date()): string {
  const beijing = shanghaiIso(now).replace(/\D/g, '').slice(0, 14);
  return `Z${beijing}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}

/** Prepayment is due: contract approved (contctck 2) in 签约中 (3), not paid yet. */
export function prepayDue(p: { status: number; contctck: number; ispaid: boolean; prepay: number }): boolean {
  return (
    p.status === PROJECT_STATUS.SIGNING && p.contctck === CONTRACT_CHECK.APPROVED && !p.ispaid && p.prepay > 0
  );
}

/** `Alipay/getPayLink`: stores a pending order and answers the page-pay address. */
export async function getPayLink(
  deps: PaymentDeps,
  member: SessionContext,
  req: PayLinkRequest,
): Promise<PayLinkResult> {
  const alipay = gateway(deps);
  await alipay.ready();
  const recent = await repo.countRecentPending(deps.db, member.memberId, new Date(Date.now() - 3_600_000));
  if (recent >= PENDING_PER_HOUR) throw new AppError('RATE_LIMITED');
  const base = deps.config.server.publicBaseUrl;

  const order = await deps.db.transaction(async (tx) => {
    if (req.purpose === 'coins') {
      return repo.insertOrder(tx, {
        outTradeNo: newOutTradeNo(),
        memberId: member.memberId,
        purpose: 'coins',
        coins: req.coins,
        amount: req.coins * COIN_PRICE_FEN,
        subject: `展览供应商接单平台 - 购买 ${req.coins} 金币`,
      });
    }
    if (member.cardtype !== 'customer') {
      throw new AppError('FORBIDDEN', { message: '只有项目的参展商可以支付项目款项' });
    }
    const project = await lockProject(tx, req.id);
    if (!project || project.customerId !== member.memberId) throw new AppError('NOT_FOUND');
    const stages = await stagesOf(tx, project);
    // purpose 'prepay' is the plan's first stage (the seed's prepayment)
    const stage =
      req.purpose === 'prepay'
        ? stages.find((s) => s.kind === 'prepay')
        : stages.find((s) => s.id === req.stage);
    if (req.purpose === 'stage' && !stage) throw new AppError('NOT_FOUND', { message: '付款阶段不存在' });
    if (!stage || stage.kind === 'prepay') {
      if (!prepayDue(project)) {
        throw new AppError('INVALID_STATE', {
          message: project.ispaid ? '预付款已支付' : '合同审核通过后才能支付预付款',
          data: { status: project.status },
        });
      }
    } else if (stage.status !== 'due') {
      throw new AppError('INVALID_STATE', { message: '该阶段款项已支付', data: { status: project.status } });
    } else if (!laterStagePayable(project, stages, stage.id)) {
      throw new AppError('INVALID_STATE', {
        message:
          project.status < PROJECT_STATUS.BUILDING
            ? '合同确认并支付预付款后才能支付后续款项'
            : project.status > PROJECT_STATUS.ACCEPTING
              ? '项目已结束，不能再支付'
              : '请按付款计划的顺序先支付前面的阶段',
        data: { status: project.status },
      });
    }
    const label = stage ? stageKindLabels[stage.kind] : '预付款';
    const amount = stage ? stage.amount : project.prepay;
    // One pending order per stage: paying twice in two tabs is one trade at Alipay.
    const open = stage
      ? await repo.lockPendingStageOrder(tx, stage.id)
      : await repo.lockPendingPrepayOrder(tx, project.id);
    if (open && open.amount === amount) return open;
    return repo.insertOrder(tx, {
      outTradeNo: newOutTradeNo(),
      memberId: member.memberId,
      purpose: !stage || stage.kind === 'prepay' ? 'prepay' : 'stage',
      projectId: project.id,
      stageId: stage?.id ?? null,
      amount,
      subject: `展览供应商接单平台 - 项目 ${project.orders} ${label}`,
    });
  });

  const returnPath =
    order.purpose === 'coins'
      ? `${COINS_RETURN_PATH}?outTradeNo=${order.outTradeNo}`
      : `${PREPAY_RETURN_PATH}?id=${order.projectId}&outTradeNo=${order.outTradeNo}`;
  const payUrl = alipay.pagePayUrl({
    outTradeNo: order.outTradeNo,
    amountFen: order.amount,
    subject: order.subject,
    notifyUrl: `${base}${NOTIFY_PATH}`,
    returnUrl: `${base}${returnPath}`,
  });
  return { outTradeNo: order.outTradeNo, amount: order.amount, payUrl, sandbox: alipay.sandbox };
}

/** `Alipay/orderStatus`: the owner's order; anyone else's is NOT_FOUND. */
export async function orderStatus(db: Db, memberId: number, outTradeNo: string): Promise<OrderStatusResult> {
  const order = await repo.findOrder(db, outTradeNo);
  if (!order || order.memberId !== memberId) throw new AppError('NOT_FOUND');
  return {
    status: order.status,
    purpose: order.purpose,
    amount: order.amount,
    coins: order.coins,
    projectId: order.projectId,
  };
}

/**
 * Settles a paid order once: the conditional UPDATE pending → paid and the ledger movement (and
 * for a prepayment the project's 3 → 4) commit together or not at all. Answers 'settled' the
 * first time, 'already' when it was paid before, 'mismatch' when the order is unknown or the
 * amount differs (nothing changes).
 */
export async function settleOrder(
  db: Db,
  outTradeNo: string,
  amountFen: number,
  tradeNo: string,
  rules: ReleaseRules,
): Promise<'settled' | 'already' | 'mismatch'> {
  return db.transaction(async (tx) => {
    // (1) the order's project row, locked, before the order's (getPayLink takes them in that
    // order too): the lock order of docs/payments.md "Lock order"
    const project = await repo.lockProjectOfOrder(tx, outTradeNo);
    // (2) the order paid once and, a later stage's, that stage with it (a live project only)
    const paid = await repo.markPaidWithStage(tx, {
      outTradeNo,
      amount: amountFen,
      tradeNo,
      stagePayable:
        project !== undefined &&
        project.status >= PROJECT_STATUS.SIGNING &&
        project.status <= PROJECT_STATUS.ACCEPTING,
    });
    const order = paid.order;
    if (!order) {
      const existing = await repo.findOrder(tx, outTradeNo);
      return existing?.status === 'paid' && existing.amount === amountFen ? 'already' : 'mismatch';
    }
    // (3) the money's movement; a stage paid after its event is released in the same transaction
    if (order.purpose === 'coins') {
      await coinRecharge(tx, {
        outTradeNo,
        memberId: order.memberId,
        amountFen: order.amount,
        coins: order.coins,
      });
    } else if (order.purpose === 'stage' && order.stageId !== null && project) {
      await settleStagePaid(tx, { ...order, stageId: order.stageId }, project, paid, rules);
    } else {
      await settlePrepay(tx, order, rules);
    }
    return 'settled';
  });
}

async function settlePrepay(tx: Tx, order: repo.PaymentOrderRow, rules: ReleaseRules): Promise<void> {
  const project = order.projectId === null ? undefined : await lockProject(tx, order.projectId);
  if (!project) throw new Error(`prepay order ${order.outTradeNo} without project`);
  // the plan's first stage, due → paid in the same transaction (an order from before the plan has none)
  const stage = (await stagesOf(tx, project)).find((s) => s.kind === 'prepay');
  const due =
    prepayDue(project) &&
    project.prepay === order.amount &&
    (!stage || (stage.status === 'due' && stage.amount === order.amount));
  await prepayIn(
    tx,
    {
      outTradeNo: order.outTradeNo,
      customerId: order.memberId,
      projectId: project.id,
      amountFen: order.amount,
      orders: project.orders,
    },
    due,
  );
  if (!due) return;
  if (stage) await markStagePaid(tx, stage.id, order.amount);
  await applyTransition(
    tx,
    {
      projectId: project.id,
      event: 'prepayPaid',
      actor: { type: 'system', id: null },
      detail: { outTradeNo: order.outTradeNo, amount: order.amount },
    },
    () => ({ ispaid: true, prepayp: order.amount }),
  );
  await releaseDue(tx, project.id, rules);
}

const PAID_STATUSES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * `POST /api/Alipay/notify`: every check of docs/payments.md "The notification" before anything changes; the answer is
 * the plain text Alipay expects ('success' only after the commit, else 'failure').
 */
export async function handleNotify(
  deps: PaymentDeps,
  form: Record<string, string>,
): Promise<'success' | 'failure'> {
  const alipay = deps.alipay;
  if (!alipay) return 'failure';
  const me = await alipay.ready();
  const reject = (why: string) => {
    paymentNotificationsTotal.inc({ result: 'refused' });
    deps.log.warn({ outTradeNo: form.out_trade_no?.slice(0, 64), why }, 'alipay notify refused');
    return 'failure' as const;
  };
  if (!alipay.verifyNotify(form)) return reject('signature');
  if (form.app_id !== me.appId) return reject('app_id');
  if (me.sellerId !== null && form.seller_id !== me.sellerId) return reject('seller_id');
  const outTradeNo = form.out_trade_no ?? '';
  const order = outTradeNo ? await repo.findOrder(deps.db, outTradeNo) : undefined;
  if (!order) return reject('unknown out_trade_no');
  if (form.total_amount !== fenToYuan(order.amount)) return reject('total_amount');
  if (!PAID_STATUSES.has(form.trade_status ?? '')) {
    // WAIT_BUYER_PAY / TRADE_CLOSED notifications change nothing; the job closes closed trades.
    return reject(`trade_status ${String(form.trade_status).slice(0, 20)}`);
  }
  const tradeNo = (form.trade_no ?? '').slice(0, 64);
  const result = await settleOrder(deps.db, outTradeNo, order.amount, tradeNo, releaseRules(deps.config));
  if (result === 'mismatch') return reject('settle mismatch');
  if (result === 'settled') {
    deps.log.info({ outTradeNo, purpose: order.purpose }, 'payment settled');
    paymentsSettledTotal.inc({ purpose: order.purpose, via: 'notify' });
  }
  paymentNotificationsTotal.inc({ result: result === 'settled' ? 'settled' : 'repeated' });
  return 'success';
}

export interface ReconcileResult {
  settled: number;
  closed: number;
  refunds: number;
  failed: number;
}

/**
 * The reconciliation round (jobs/scheduler.ts): every order pending for more than 10 minutes is
 * asked about with alipay.trade.query and settled through the same `settleOrder`, or closed when
 * Alipay closed it or still does not know it after 3 hours; refunds Alipay has not confirmed yet
 * are sent again with their own out_request_no.
 */
export async function reconcile(
  deps: PaymentDeps,
  now = new Date(),
  opts: { limit?: number } = {},
): Promise<ReconcileResult> {
  const result: ReconcileResult = { settled: 0, closed: 0, refunds: 0, failed: 0 };
  const alipay = deps.alipay;
  if (!alipay) return result;
  await alipay.ready();
  const due = await repo.pendingOrdersBefore(
    deps.db,
    new Date(now.getTime() - RECONCILE_AFTER_MS),
    opts.limit ?? 100,
  );
  for (const order of due) {
    try {
      const q = await alipay.query(order.outTradeNo);
      if (q.tradeStatus === 'TRADE_SUCCESS' || q.tradeStatus === 'TRADE_FINISHED') {
        if (q.totalAmountFen !== order.amount) {
          deps.log.error({ outTradeNo: order.outTradeNo, q }, 'alipay trade amount differs from the order');
          result.failed++;
          continue;
        }
        const r = await settleOrder(
          deps.db,
          order.outTradeNo,
          order.amount,
          q.tradeNo ?? '',
          releaseRules(deps.config),
        );
        if (r === 'settled') {
          result.settled++;
          paymentsSettledTotal.inc({ purpose: order.purpose, via: 'reconcile' });
        }
      } else if (
        q.tradeStatus === 'TRADE_CLOSED' ||
        (q.tradeStatus === 'NOT_EXIST' && now.getTime() - order.createdAt.getTime() > CLOSE_UNKNOWN_AFTER_MS)
      ) {
        if (await repo.markClosed(deps.db, order.outTradeNo)) result.closed++;
      }
    } catch (err) {
      result.failed++;
      deps.log.warn({ err, outTradeNo: order.outTradeNo }, 'payment reconciliation failed');
    }
  }
  for (const refund of await repo.pendingRefunds(deps.db, 50)) {
    if (await sendRefund(deps, refund)) result.refunds++;
  }
  return result;
}

/** Sends one booked refund to Alipay; true once Alipay confirmed it. */
async function sendRefund(deps: MoneyDeps, refund: repo.PaymentRefundRow): Promise<boolean> {
  const alipay = deps.alipay;
  if (!alipay) throw new AppError('PAYMENT_NOT_CONFIGURED');
  const r = await alipay.refund({
    outTradeNo: refund.outTradeNo,
    outRequestNo: refund.outRequestNo,
    amountFen: refund.amount,
    reason: refund.reason,
  });
  if (!r.ok) {
    deps.log.warn(
      { outRequestNo: refund.outRequestNo, code: r.code, message: r.message },
      'alipay refund failed',
    );
    await repo.markRefundFailed(deps.db, refund.id, `${r.code} ${r.message}`);
    return false;
  }
  return deps.db.transaction((tx) => repo.markRefundDone(tx, refund));
}

export { commissionOf };

/** A split booked in a transaction: the amounts, and the refund requests to send after the commit. */
export interface BookedSplit {
  refunded: number;
  released: number;
  commission: number;
  refunds: repo.PaymentRefundRow[];
}

/**
 * A complaint ruling's split, booked in the caller's transaction `tx` (docs/payments.md,
 * docs/staged-escrow.md "Complaints"): `refundFen` of the escrow goes back to the customer
 * (`escrow_refund`, and pending refund requests against the paid orders, newest stage first:
 * `E<projectId>`, then `E<projectId>-2` …), the rest is released to the winner less the commission
 * on that part (`escrow_release`). The held stages are marked: refunded from the last one back,
 * the rest released. Nothing held → INVALID_STATE.
 */
export async function bookEscrowSplit(
  tx: Tx,
  projectId: number,
  refundFen: number,
  commissionBp: number,
): Promise<BookedSplit> {
  if (!Number.isSafeInteger(refundFen) || refundFen < 0) throw new AppError('VALIDATION_FAILED');
  const project = await lockProject(tx, projectId);
  if (!project) throw new AppError('NOT_FOUND');
  const held = await balanceOf(tx, { kind: 'escrow', projectId }, 'CNY');
  if (held <= 0) throw new AppError('INVALID_STATE', { message: '该项目没有托管中的款项' });
  if (refundFen > held) throw new AppError('INSUFFICIENT_FUNDS', { message: '退款金额超过托管金额' });
  const rest = held - refundFen;
  const winnerId = rest > 0 ? await findWinnerId(tx, projectId) : undefined;
  if (rest > 0 && winnerId === undefined)
    throw new AppError('INVALID_STATE', { message: '项目没有中标供应商' });
  // both movements' accounts at once (docs/payments.md "Lock order")
  await lockForEscrowSplit(tx, { projectId, customerId: project.customerId, winnerId });
  const heldStages = (await stagesOf(tx, project)).filter((s) => s.status === 'paid').reverse();
  const refunds: repo.PaymentRefundRow[] = [];
  if (refundFen > 0) {
    const orders = await repo.refundablePayments(tx, projectId);
    const heldIds = new Set(heldStages.map((s) => s.id));
    // the held stages' own payments first, newest first; then any other payment of the project
    const ordered = [
      ...orders.filter((o) => o.stageId !== null && heldIds.has(o.stageId)),
      ...orders.filter((o) => o.stageId === null || !heldIds.has(o.stageId)),
    ];
    await escrowRefund(tx, {
      projectId,
      customerId: project.customerId,
      amountFen: refundFen,
      orders: project.orders,
    });
    let left = refundFen;
    for (const o of ordered) {
      const part = Math.min(left, o.refundable);
      if (part <= 0) continue;
      const row = await repo.insertRefund(tx, {
        outRequestNo: refunds.length === 0 ? `E${projectId}` : `E${projectId}-${refunds.length + 1}`,
        outTradeNo: o.outTradeNo,
        projectId,
        amount: part,
        reason: `项目 ${project.orders} 投诉裁决退款`,
      });
      if (row) refunds.push(row);
      left -= part;
      if (left === 0) break;
    }
    if (left > 0) throw new AppError('INVALID_STATE', { message: '找不到足够的支付记录用于退款' });
  }
  let commission = 0;
  if (rest > 0 && winnerId !== undefined) {
    commission = commissionOf(rest, commissionBp);
    await escrowRelease(tx, {
      projectId,
      winnerId,
      amountFen: rest,
      commissionFen: commission,
      orders: project.orders,
    });
  }
  // the stages: the refund taken from the last held stage back, the rest of each released
  let toRefund = refundFen;
  for (const s of heldStages) {
    const part = Math.min(toRefund, s.amount);
    toRefund -= part;
    await markStageSplit(tx, s.id, {
      refunded: part,
      commission: commissionOf(s.amount - part, commissionBp),
      fullyRefunded: part === s.amount,
    });
  }
  return { refunded: refundFen, released: rest, commission, refunds };
}

/**
 * After the split's commit: alipay.trade.refund for each request booked. When a call fails the
 * refund stays `pending` and the reconciliation job sends it again (the same request number, so
 * Alipay refunds once): money is never lost nor paid twice. Answers how many were sent.
 */
export async function sendSplitRefund(
  deps: MoneyDeps,
  refunds: readonly repo.PaymentRefundRow[],
): Promise<number> {
  let sent = 0;
  for (const refund of refunds) {
    try {
      if (await sendRefund(deps, refund)) sent++;
    } catch (err) {
      deps.log.warn(
        { err, projectId: refund.projectId },
        'escrow refund not sent; the reconciliation job retries',
      );
    }
  }
  return sent;
}

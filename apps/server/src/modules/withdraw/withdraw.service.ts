import {
  type AdminWithdrawItem,
  type AdminWithdrawPage,
  type adminWithdrawListSchema,
  type CashBalance,
  type FundsOverview,
  formatFen,
  type LedgerCheckView,
  SHANGHAI_OFFSET_MS,
  stageKindLabels,
  WITHDRAW_RULES,
  WITHDRAW_STATUS_TEXT,
  type WithdrawItem,
  type WithdrawListPage,
  type WithdrawNewResult,
  type withdrawListSchema,
  type withdrawNewSchema,
  type withdrawReviewSchema,
} from '@zl/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { lockForTransaction } from '../../db/lock.repo.ts';
import type { Withdrawal } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { recordFailure, recordSuccess, reserveTry } from '../../lib/lockout.repo.ts';
import type { Deps } from '../../lib/types.ts';
import type { AdminContext } from '../../plugins/admin-session.ts';
import { insertAudit } from '../audit/audit.repo.ts';
import { balanceOf, checkAndRecordLedger, latestLedgerCheck } from '../ledger/ledger.service.ts';
import { withdrawFreeze, withdrawPayout, withdrawReject } from '../ledger/movements.ts';
import { verifiedPayees } from '../member/payee.repo.ts';
import { maskAccount } from '../member/user-info.ts';
import { listOverdue, overdueTotals } from '../stage/stage.repo.ts';
import { findMemberById } from '../user/user.repo.ts';
import * as repo from './withdraw.repo.ts';

/**
 * Withdrawals (docs/withdrawals.md). Any member with cash may withdraw it (the `member` guard):
 * suppliers get cash from released escrow, a customer from a refund; the rules are the same.
 */

/** The start of today and of this month in Asia/Shanghai, as instants. */
export function shanghaiBoundaries(now = new Date()): { dayStart: Date; monthStart: Date } {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return {
    dayStart: new Date(day - SHANGHAI_OFFSET_MS),
    monthStart: new Date(month - SHANGHAI_OFFSET_MS),
  };
}

export async function cashBalance(db: DbOrTx, memberId: number): Promise<CashBalance> {
  const [cash, frozen] = await Promise.all([
    balanceOf(db, { kind: 'member_cash', memberId }, 'CNY'),
    balanceOf(db, { kind: 'member_frozen', memberId }, 'CNY'),
  ]);
  return { cash, frozen };
}

function itemOf(w: Withdrawal): WithdrawItem {
  return {
    id: w.id,
    amount: w.amount,
    status: w.status,
    statusText: WITHDRAW_STATUS_TEXT[w.status],
    reason: w.reason,
    payoutType: w.payoutType,
    payoutAccount: maskAccount(w.payoutType, w.payoutAccount),
    created: w.createdAt.toISOString(),
    reviewedAt: w.reviewedAt ? w.reviewedAt.toISOString() : null,
  };
}

/**
 * The pay password, checked like the login password (lib/lockout.repo.ts): the try is reserved
 * on the member row BEFORE the hash is verified, so parallel guesses cannot get more than
 * `maxFailures` checked; the 5th wrong one locks withdrawals (not the login) for 15 minutes.
 */
async function checkPaycode(deps: Deps, memberId: number, hash: string, paypwd: string): Promise<void> {
  const { maxFailures, lockMinutes } = WITHDRAW_RULES;
  const reserved = await reserveTry(deps.db, 'member_paycode', memberId, maxFailures, lockMinutes);
  if (reserved === 'locked') throw new AppError('PAYCODE_LOCKED');
  if (reserved === 'busy') throw new AppError('RATE_LIMITED');
  if (await verifyPassword(hash, paypwd)) {
    if (!(await recordSuccess(deps.db, 'member_paycode', memberId))) throw new AppError('PAYCODE_LOCKED');
    return;
  }
  const { locked, left } = await recordFailure(deps.db, 'member_paycode', memberId, maxFailures, lockMinutes);
  if (locked) throw new AppError('PAYCODE_LOCKED');
  throw fieldError('PAYCODE_WRONG', 'paypwd', `支付密码不正确，还可尝试 ${left} 次`);
}

/** Applycash/postNew: the request and the freeze of its amount, in one transaction. */
export async function postNew(
  deps: Deps,
  memberId: number,
  input: z.output<typeof withdrawNewSchema>,
): Promise<WithdrawNewResult> {
  const m = await findMemberById(deps.db, memberId);
  if (!m) throw new AppError('NOT_LOGGED_IN');
  if (m.paycodeHash === null || !m.payoutAccount || (m.payoutType !== 'alipay' && m.payoutType !== 'bank'))
    throw new AppError('PAYOUT_NOT_SET');
  // an account set before the payee had to be a verified name (docs/withdrawals.md "The payee")
  if (!(await verifiedPayees(deps.db, memberId)).includes(m.payoutName))
    throw new AppError('PAYOUT_NAME_MISMATCH');
  // A request that cannot succeed anyway does not spend a pay-password try.
  const before = await cashBalance(deps.db, memberId);
  if (input.amount > before.cash) throw notEnough(before.cash);
  await checkPaycode(deps, memberId, m.paycodeHash, input.paypwd);

  const row = await deps.db
    .transaction(async (tx) => {
      // One member's requests are counted one at a time: of concurrent ones only `dailyLimit` pass.
      await lockForTransaction(tx, `withdraw:member:${memberId}`);
      const today = await repo.countSince(tx, memberId, shanghaiBoundaries().dayStart);
      if (today >= WITHDRAW_RULES.dailyLimit) throw new AppError('WITHDRAW_DAILY_LIMIT');
      // the payout account as it is now, read inside the transaction: later changes do not redirect it
      const now = (await findMemberById(tx, memberId))!;
      const w = await repo.insertWithdrawal(tx, {
        memberId,
        amount: input.amount,
        payoutType: now.payoutType,
        payoutAccount: now.payoutAccount,
        payoutName: now.payoutName,
        payoutBank: now.payoutBank,
      });
      await withdrawFreeze(tx, { withdrawalId: w.id, memberId, amount: input.amount });
      await insertAudit(tx, {
        actorType: 'member',
        actorId: memberId,
        action: 'withdraw.request',
        targetType: 'withdrawal',
        targetId: w.id,
        detail: { memberId, amount: input.amount },
      });
      return w;
    })
    .catch(async (err: unknown) => {
      if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')
        throw notEnough((await cashBalance(deps.db, memberId)).cash);
      throw err;
    });
  return { item: itemOf(row), balance: await cashBalance(deps.db, memberId) };
}

function notEnough(cash: number): AppError {
  return fieldError('INSUFFICIENT_FUNDS', 'amount', `可提现余额不足，当前可提现 ${formatFen(cash)}`);
}

/** Applycash/list: the member's own requests, newest first, with the balance. */
export async function list(
  deps: Deps,
  memberId: number,
  q: z.output<typeof withdrawListSchema>,
): Promise<WithdrawListPage> {
  const [{ rows, total }, balance, today] = await Promise.all([
    repo.memberPage(deps.db, memberId, q.page, q.pageSize),
    cashBalance(deps.db, memberId),
    repo.countSince(deps.db, memberId, shanghaiBoundaries().dayStart),
  ]);
  return { listItem: rows.map(itemOf), total, page: q.page, balance, today };
}

// ---------- the operator console ----------

export async function adminList(
  deps: Deps,
  q: z.output<typeof adminWithdrawListSchema>,
): Promise<AdminWithdrawPage> {
  const { rows, total } = await repo.adminPage(deps.db, q);
  const listItem: AdminWithdrawItem[] = rows.map((r) => ({
    id: r.w.id,
    cardno: r.cardno,
    mobile: r.mobile,
    name: r.name,
    nickname: r.nickname,
    cardtype: r.cardtype,
    amount: r.w.amount,
    status: r.w.status,
    statusText: WITHDRAW_STATUS_TEXT[r.w.status],
    payoutType: r.w.payoutType,
    payoutName: r.w.payoutName,
    verifiedRealname: r.verifiedRealname,
    verifiedCompany: r.verifiedCompany,
    payoutAccount: r.w.payoutAccount,
    payoutBank: r.w.payoutBank,
    created: r.w.createdAt.toISOString(),
    reviewedAt: r.w.reviewedAt ? r.w.reviewedAt.toISOString() : null,
    reviewer: r.reviewer || r.reviewerName || null,
    reason: r.w.reason,
    reference: r.w.reference,
  }));
  return {
    listItem,
    total,
    page: q.page,
    alipay: deps.alipay !== null,
    sandbox: deps.alipay?.sandbox ?? false,
  };
}

const alreadyDecided = () => new AppError('INVALID_STATE', { message: '该提现申请已处理，请刷新列表' });

/**
 * Admin/withdrawReview: pay (frozen → paid out) or reject (frozen → cash), exactly once however
 * many operators decide at once: the conditional UPDATE … WHERE status = 'pending' RETURNING
 * lets one through, the movement and the audit row commit with it or not at all.
 *
 * Paying an Alipay account when Alipay is configured and no manual `reference` is given goes
 * through `alipay.fund.trans.uni.transfer` with `outBizNo = W<id>`, then the paid mark commits. A
 * refused transfer changes nothing and shows Alipay's message. The crash window — the transfer
 * succeeded but this process died before the commit — leaves the request pending; paying it again
 * sends the same outBizNo, which Alipay answers with the first transfer's order instead of paying
 * twice (docs/withdrawals.md, "The crash window").
 */
export async function review(
  deps: Deps,
  actor: AdminContext,
  input: z.output<typeof withdrawReviewSchema>,
): Promise<{ id: number; status: 'paid' | 'rejected'; reference: string }> {
  const found = await repo.findWithdrawal(deps.db, input.id);
  if (!found) throw new AppError('NOT_FOUND');
  if (found.status !== 'pending') throw alreadyDecided();

  if (!input.approve) {
    const reason = (input.reason ?? '').trim();
    await deps.db.transaction(async (tx) => {
      const w = await repo.decide(tx, input.id, {
        status: 'rejected',
        adminId: actor.adminId,
        reason,
        reference: '',
      });
      if (!w) throw alreadyDecided();
      await withdrawReject(tx, { withdrawalId: w.id, memberId: w.memberId, amount: w.amount });
      await audit(tx, actor, 'withdraw.reject', w, { reason });
    });
    return { id: input.id, status: 'rejected', reference: '' };
  }

  const manual = (input.reference ?? '').trim();
  const gateway = manual === '' && found.payoutType === 'alipay' ? deps.alipay : null;
  const viaAlipay = gateway !== null;
  if (!viaAlipay && manual === '')
    throw fieldError(
      'VALIDATION_FAILED',
      'reference',
      deps.alipay === null ? '请填写打款凭证号（未配置支付宝打款）' : '银行卡提现请线下打款后填写打款凭证号',
    );

  const markPaid = (reference: string) =>
    deps.db.transaction(async (tx) => {
      const w = await repo.decide(tx, input.id, {
        status: 'paid',
        adminId: actor.adminId,
        reason: '',
        reference,
      });
      if (!w) throw alreadyDecided();
      await withdrawPayout(tx, { withdrawalId: w.id, memberId: w.memberId, amount: w.amount });
      await audit(tx, actor, 'withdraw.pay', w, { reference, via: viaAlipay ? 'alipay' : 'manual' });
    });

  if (!gateway) {
    await markPaid(manual);
    return { id: input.id, status: 'paid', reference: manual };
  }
  // The transfer is a call to another system: no database transaction (nor connection) is held
  // across it. Concurrent payouts of one request in this process queue here, and the one after
  // the first finds it paid; across processes the same outBizNo makes Alipay pay once.
  return oneAtATime(input.id, async () => {
    const w = await repo.findWithdrawal(deps.db, input.id);
    if (w?.status !== 'pending') throw alreadyDecided();
    const r = await gateway.transfer({
      outBizNo: `W${w.id}`,
      amountFen: w.amount,
      payeeAccount: w.payoutAccount,
      payeeName: w.payoutName,
      remark: `提现 W${w.id}`,
    });
    if (!r.ok)
      throw new AppError('WITHDRAW_TRANSFER_FAILED', { message: `支付宝打款失败：${r.message || r.code}` });
    await markPaid(r.orderId);
    return { id: input.id, status: 'paid' as const, reference: r.orderId };
  });
}

/** Alipay payouts in flight in this process, by withdrawal id. */
const inFlight = new Map<number, Promise<unknown>>();

/** Runs `fn` when no other payout of the same request runs in this process. */
async function oneAtATime<T>(id: number, fn: () => Promise<T>): Promise<T> {
  for (let busy = inFlight.get(id); busy; busy = inFlight.get(id)) await busy.catch(() => {});
  const p = fn();
  inFlight.set(id, p);
  try {
    return await p;
  } finally {
    inFlight.delete(id);
  }
}

function audit(
  tx: DbOrTx,
  actor: AdminContext,
  action: 'withdraw.pay' | 'withdraw.reject',
  w: Withdrawal,
  extra: Record<string, string>,
) {
  return insertAudit(tx, {
    actorType: 'admin',
    actorId: actor.adminId,
    action,
    targetType: 'withdrawal',
    targetId: w.id,
    detail: { memberId: w.memberId, amount: w.amount, ...extra },
  });
}

/** A check older than this is stale (the hourly job missed a round): 资金概览 runs one itself. */
const LEDGER_CHECK_FRESH_MS = 2 * 3600_000;
/**
 * 重新核对 within this long of the newest check answers that check: the check reads every posting,
 * so clicking again and again does not run it again and again (docs/withdrawals.md "资金概览").
 */
const LEDGER_RECHECK_MIN_MS = 30_000;
const checking = new WeakMap<DbOrTx, ReturnType<typeof checkAndRecordLedger>>();

/** Runs the whole check and records it, once in this process however many ask at once. */
async function runLedgerCheck(db: DbOrTx) {
  let run = checking.get(db);
  if (!run) {
    run = checkAndRecordLedger(db).finally(() => checking.delete(db));
    checking.set(db, run);
  }
  return (await run).row;
}

/**
 * The newest ledger check, run now when there is none younger than `freshMs` — the whole check
 * reads every posting, so 资金概览 does not run it on every load (docs/withdrawals.md "资金概览").
 */
async function recentLedgerCheck(db: DbOrTx, now: Date, freshMs: number) {
  const latest = await latestLedgerCheck(db);
  if (latest && now.getTime() - latest.checkedAt.getTime() < freshMs) return latest;
  return runLedgerCheck(db);
}

function ledgerView(check: Awaited<ReturnType<typeof runLedgerCheck>>): LedgerCheckView {
  return {
    ok: check.ok,
    accounts: check.accounts,
    transactions: check.transactions,
    problems: check.problems,
    checkedAt: check.checkedAt.toISOString(),
  };
}

/** Admin/ledgerRecheck: 资金概览's 重新核对 — the check run now (or the one of the last 30 s). */
export async function ledgerRecheck(deps: Deps): Promise<LedgerCheckView> {
  return ledgerView(await recentLedgerCheck(deps.db, new Date(), LEDGER_RECHECK_MIN_MS));
}

/** Admin/fundsOverview: the newest ledger check and the platform's money figures. */
export async function fundsOverview(deps: Deps): Promise<FundsOverview> {
  const { dayStart, monthStart } = shanghaiBoundaries();
  const now = new Date();
  const [check, f, overdueRows, overdue] = await Promise.all([
    recentLedgerCheck(deps.db, now, LEDGER_CHECK_FRESH_MS),
    repo.fundsFigures(deps.db, dayStart, monthStart),
    listOverdue(deps.db, now, 50),
    overdueTotals(deps.db, now),
  ]);
  return {
    ledger: ledgerView(check),
    inflowToday: f.inflowToday,
    inflowMonth: f.inflowMonth,
    escrowHeld: f.escrowHeld,
    commission: f.commission,
    pendingCount: f.pendingCount,
    pendingAmount: f.pendingAmount,
    paidMonthCount: f.paidMonthCount,
    paidMonth: f.paidMonth,
    overdue: {
      ...overdue,
      items: overdueRows.map((r) => ({
        projectId: Number(r.projectId),
        orders: r.orders,
        title: r.title,
        customerName: r.customerName,
        customerMobile: r.customerMobile,
        kind: r.kind,
        kindText: stageKindLabels[r.kind],
        amount: Number(r.amount),
        dueAt: r.dueAt.toISOString(),
      })),
    },
    at: now.toISOString(),
  };
}

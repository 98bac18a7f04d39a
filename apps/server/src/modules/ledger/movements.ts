import type { Tx } from '../../db/client.ts';
import { lockAccountsAhead, postTransaction } from './ledger.service.ts';

/**
 * Every movement of coins and money, by name (docs/marketplace.md "Money and coins"). These are
 * the only callers of `postTransaction`: a new movement (recharge, escrow, payout …) is added
 * here as one small function that says its type, memo, accounts, amounts and idempotency key.
 * Each runs in the caller's database transaction and answers `duplicate: true` when its key was
 * used already (nothing posted).
 */
export type Posted = Promise<{ id: number; duplicate: boolean }>;

/** Quoting on a project (type `quote_fee`, key `quote:<quoteId>`): the supplier's coins to the platform. */
export function quoteFee(
  tx: Tx,
  q: { quoteId: number; supplierId: number; coins: number; orders: string },
): Posted {
  return postTransaction(tx, {
    type: 'quote_fee',
    memo: `报价 ${q.orders}`,
    refType: 'quote',
    refId: q.quoteId,
    idempotencyKey: `quote:${q.quoteId}`,
    postings: [
      { account: { kind: 'member_coins', memberId: q.supplierId }, amount: -q.coins, currency: 'COIN' },
      { account: { kind: 'platform_revenue' }, amount: q.coins, currency: 'COIN' },
    ],
  });
}

/** The quote fee given back when the project closes (type `quote_refund`, key `refund:<quoteId>`). */
export function quoteRefund(tx: Tx, q: { quoteId: number; supplierId: number; coins: number }): Posted {
  return postTransaction(tx, {
    type: 'quote_refund',
    memo: '项目关闭，退还报价金币',
    refType: 'quote',
    refId: q.quoteId,
    idempotencyKey: `refund:${q.quoteId}`,
    postings: [
      { account: { kind: 'platform_revenue' }, amount: -q.coins, currency: 'COIN' },
      {
        account: { kind: 'member_coins', memberId: q.supplierId },
        amount: q.coins,
        currency: 'COIN',
      },
    ],
  });
}

/**
 * Before several quote refunds in one transaction (a project closing): the coin accounts of all
 * those suppliers and the platform's, locked together in id order (docs/payments.md "Lock order").
 */
export function lockForQuoteRefunds(tx: Tx, supplierIds: readonly number[]): Promise<void> {
  if (supplierIds.length === 0) return Promise.resolve();
  return lockAccountsAhead(tx, [
    { account: { kind: 'platform_revenue' }, currency: 'COIN' },
    ...supplierIds.map((memberId) => ({
      account: { kind: 'member_coins' as const, memberId },
      currency: 'COIN' as const,
    })),
  ]);
}

/**
 * Before a verification's approval grants coins (starter coins to the member, the reward to the
 * inviter): the coin issuer's account and both members' coins, locked together in id order.
 */
export function lockForVerificationCoins(tx: Tx, memberIds: readonly number[]): Promise<void> {
  return lockAccountsAhead(tx, [
    { account: { kind: 'platform_coins' }, currency: 'COIN' },
    ...memberIds.map((memberId) => ({
      account: { kind: 'member_coins' as const, memberId },
      currency: 'COIN' as const,
    })),
  ]);
}

/**
 * Before an escrow split (escrow_refund then escrow_release in one transaction): the escrow, both
 * members' cash, the clearing and the revenue account, locked together in id order.
 */
export function lockForEscrowSplit(
  tx: Tx,
  s: { projectId: number; customerId: number; winnerId: number | undefined },
): Promise<void> {
  return lockAccountsAhead(tx, [
    { account: { kind: 'escrow', projectId: s.projectId }, currency: 'CNY' },
    { account: { kind: 'member_cash', memberId: s.customerId }, currency: 'CNY' },
    ...(s.winnerId === undefined
      ? []
      : [{ account: { kind: 'member_cash' as const, memberId: s.winnerId }, currency: 'CNY' as const }]),
    { account: { kind: 'payment_clearing' }, currency: 'CNY' },
    { account: { kind: 'platform_revenue' }, currency: 'CNY' },
  ]);
}

/**
 * A supplier's first approved verification (personal or business) brings `amount` coins from
 * the coin issuer, once per member (type `starter_coins`, key `starter:<memberId>`): a second
 * approval, a re-review or a retry posts nothing. Customers do not quote, so they get none: the
 * caller passes the member's card type (the ledger reads no member tables).
 * Answers whether coins were granted now.
 */
export async function grantStarterCoins(
  tx: Tx,
  member: { id: number; cardtype: string | null | undefined },
  amount: number,
): Promise<boolean> {
  const memberId = member.id;
  if (amount <= 0) return false;
  if (member.cardtype !== 'workshop') return false;
  const r = await postTransaction(tx, {
    type: 'starter_coins',
    memo: '认证通过赠送金币',
    refType: 'member',
    refId: memberId,
    idempotencyKey: `starter:${memberId}`,
    postings: [
      { account: { kind: 'platform_coins' }, amount: -amount, currency: 'COIN' },
      { account: { kind: 'member_coins', memberId }, amount, currency: 'COIN' },
    ],
  });
  return !r.duplicate;
}

/** Demo coins from the coin issuer (type `demo_grant`, key `demo:coins:<memberId>`): once per member. */
export function demoCoins(tx: Tx, memberId: number, coins: number): Posted {
  return postTransaction(tx, {
    type: 'demo_grant',
    memo: '演示金币',
    refType: 'member',
    refId: memberId,
    idempotencyKey: `demo:coins:${memberId}`,
    postings: [
      { account: { kind: 'platform_coins' }, amount: -coins, currency: 'COIN' },
      {
        account: { kind: 'member_coins', memberId },
        amount: coins,
        currency: 'COIN',
      },
    ],
  });
}

/**
 * A paid coins order (type `coin_recharge`, key `pay:<outTradeNo>`): the money Alipay collected
 * becomes platform revenue, and the coin issuer credits the member's coins (docs/payments.md).
 */
export function coinRecharge(
  tx: Tx,
  o: { outTradeNo: string; memberId: number; amountFen: number; coins: number },
): Posted {
  return postTransaction(tx, {
    type: 'coin_recharge',
    memo: `充值 ${o.coins} 金币`,
    refType: 'payment',
    refId: o.outTradeNo,
    idempotencyKey: `pay:${o.outTradeNo}`,
    postings: [
      { account: { kind: 'payment_clearing' }, amount: -o.amountFen, currency: 'CNY' },
      { account: { kind: 'platform_revenue' }, amount: o.amountFen, currency: 'CNY' },
      { account: { kind: 'platform_coins' }, amount: -o.coins, currency: 'COIN' },
      { account: { kind: 'member_coins', memberId: o.memberId }, amount: o.coins, currency: 'COIN' },
    ],
  });
}

/**
 * A paid prepayment (type `prepay_in`, key `pay:<outTradeNo>`): the money passes through the
 * customer's own cash (so the customer's bill shows it in and out) into the project's escrow.
 * `toEscrow: false` (the project no longer waits for it: a second order paid, or closed meanwhile)
 * leaves it in the customer's cash, withdrawable.
 */
export function prepayIn(
  tx: Tx,
  o: { outTradeNo: string; customerId: number; projectId: number; amountFen: number; orders: string },
  toEscrow: boolean,
): Posted {
  return paymentIntoEscrow(tx, o, toEscrow, {
    type: 'prepay_in',
    memo: toEscrow
      ? `项目 ${o.orders} 预付款托管`
      : `项目 ${o.orders} 预付款到账（项目已不需预付，转入余额）`,
  });
}

/**
 * A project payment settled (`pay:<outTradeNo>`): Alipay's money through the customer's own cash
 * (their bill shows it in and out) into the project's escrow, or — `toEscrow` false — left in that
 * cash, withdrawable. `prepayIn` and `stageIn` differ only in type and memo.
 */
function paymentIntoEscrow(
  tx: Tx,
  o: { outTradeNo: string; customerId: number; projectId: number; amountFen: number },
  toEscrow: boolean,
  named: { type: 'prepay_in' | 'stage_in'; memo: string },
): Posted {
  const cash = { kind: 'member_cash' as const, memberId: o.customerId };
  return postTransaction(tx, {
    ...named,
    refType: 'project',
    refId: o.projectId,
    idempotencyKey: `pay:${o.outTradeNo}`,
    postings: [
      { account: { kind: 'payment_clearing' }, amount: -o.amountFen, currency: 'CNY' },
      { account: cash, amount: o.amountFen, currency: 'CNY' },
      ...(toEscrow
        ? [
            { account: cash, amount: -o.amountFen, currency: 'CNY' as const },
            {
              account: { kind: 'escrow' as const, projectId: o.projectId },
              amount: o.amountFen,
              currency: 'CNY' as const,
            },
          ]
        : []),
    ],
  });
}

/**
 * Escrow to the winner (type `escrow_release`, key `release:<projectId>`): `amountFen` leaves the
 * escrow, the winner's cash gets it less the commission, platform revenue gets the commission.
 */
export function escrowRelease(
  tx: Tx,
  r: { projectId: number; winnerId: number; amountFen: number; commissionFen: number; orders: string },
): Posted {
  return releaseToWinner(tx, r, {
    memo: `项目 ${r.orders} 托管款结算`,
    idempotencyKey: `release:${r.projectId}`,
  });
}

/** `amountFen` out of the escrow: the winner's cash gets it less the commission, revenue the commission. */
function releaseToWinner(
  tx: Tx,
  r: { projectId: number; winnerId: number; amountFen: number; commissionFen: number },
  named: { memo: string; idempotencyKey: string },
): Posted {
  const payout = r.amountFen - r.commissionFen;
  return postTransaction(tx, {
    type: 'escrow_release',
    ...named,
    refType: 'project',
    refId: r.projectId,
    postings: [
      { account: { kind: 'escrow', projectId: r.projectId }, amount: -r.amountFen, currency: 'CNY' },
      ...(payout > 0
        ? [
            {
              account: { kind: 'member_cash' as const, memberId: r.winnerId },
              amount: payout,
              currency: 'CNY' as const,
            },
          ]
        : []),
      ...(r.commissionFen > 0
        ? [
            {
              account: { kind: 'platform_revenue' as const },
              amount: r.commissionFen,
              currency: 'CNY' as const,
            },
          ]
        : []),
    ],
  });
}

/**
 * A paid stage after the first (type `stage_in`, key `pay:<outTradeNo>`, docs/staged-escrow.md):
 * like the prepayment, through the customer's cash into the project's escrow; `toEscrow: false`
 * (the stage no longer waits for it) leaves it in the customer's cash, withdrawable.
 */
export function stageIn(
  tx: Tx,
  o: {
    outTradeNo: string;
    customerId: number;
    projectId: number;
    amountFen: number;
    orders: string;
    label: string;
  },
  toEscrow: boolean,
): Posted {
  return paymentIntoEscrow(tx, o, toEscrow, {
    type: 'stage_in',
    memo: toEscrow
      ? `项目 ${o.orders} ${o.label}托管`
      : `项目 ${o.orders} ${o.label}到账（该阶段已不需支付，转入余额）`,
  });
}

/**
 * One stage's escrow to the winner (type `escrow_release` like every release to the supplier, key
 * `release:stage:<stageId>`, the memo names the stage): the stage's amount leaves the escrow, the
 * winner's cash gets it less the commission on it.
 */
export function stageRelease(
  tx: Tx,
  r: {
    stageId: number;
    projectId: number;
    winnerId: number;
    amountFen: number;
    commissionFen: number;
    orders: string;
    label: string;
  },
): Posted {
  return releaseToWinner(tx, r, {
    memo: `项目 ${r.orders} ${r.label}结算`,
    idempotencyKey: `release:stage:${r.stageId}`,
  });
}

/**
 * Escrow back to the customer's original payment (type `escrow_refund`, key
 * `escrow-refund:<projectId>`): through the customer's cash (their bill shows it) to the payment
 * clearing account, from where alipay.trade.refund returns it.
 */
export function escrowRefund(
  tx: Tx,
  r: { projectId: number; customerId: number; amountFen: number; orders: string },
): Posted {
  return escrowBackToPayment(tx, r, {
    type: 'escrow_refund',
    memo: `项目 ${r.orders} 托管款退回原支付账户`,
    idempotencyKey: `escrow-refund:${r.projectId}`,
  });
}

/**
 * What an approved 减项 takes off money already paid (type `change_refund`, key
 * `change-refund:<orderId>`, docs/change-orders.md): out of the escrow and back to the customer's
 * original payment, like a ruling's refund.
 */
export function changeRefund(
  tx: Tx,
  r: {
    orderId: number;
    seq: number;
    projectId: number;
    customerId: number;
    amountFen: number;
    orders: string;
  },
): Posted {
  return escrowBackToPayment(tx, r, {
    type: 'change_refund',
    memo: `项目 ${r.orders} 变更单 ${r.seq} 减项退款`,
    idempotencyKey: `change-refund:${r.orderId}`,
  });
}

/** `amountFen` out of the escrow through the customer's cash to the clearing, for alipay.trade.refund. */
function escrowBackToPayment(
  tx: Tx,
  r: { projectId: number; customerId: number; amountFen: number },
  named: { type: 'escrow_refund' | 'change_refund'; memo: string; idempotencyKey: string },
): Posted {
  const cash = { kind: 'member_cash' as const, memberId: r.customerId };
  return postTransaction(tx, {
    ...named,
    refType: 'project',
    refId: r.projectId,
    postings: [
      { account: { kind: 'escrow', projectId: r.projectId }, amount: -r.amountFen, currency: 'CNY' },
      { account: cash, amount: r.amountFen, currency: 'CNY' },
      { account: cash, amount: -r.amountFen, currency: 'CNY' },
      { account: { kind: 'payment_clearing' }, amount: r.amountFen, currency: 'CNY' },
    ],
  });
}

// ---- withdrawals, invitations and demo cash (docs/withdrawals.md) ----

/** A withdrawal request (type `withdraw_freeze`, key `withdraw:<id>:freeze`): cash → frozen cash. */
export function withdrawFreeze(
  tx: Tx,
  w: { withdrawalId: number; memberId: number; amount: number },
): Posted {
  return postTransaction(tx, {
    type: 'withdraw_freeze',
    memo: '申请提现，冻结金额',
    refType: 'withdrawal',
    refId: w.withdrawalId,
    idempotencyKey: `withdraw:${w.withdrawalId}:freeze`,
    postings: [
      { account: { kind: 'member_cash', memberId: w.memberId }, amount: -w.amount, currency: 'CNY' },
      { account: { kind: 'member_frozen', memberId: w.memberId }, amount: w.amount, currency: 'CNY' },
    ],
  });
}

/** A withdrawal paid out (type `withdraw_payout`, key `withdraw:<id>:payout`): frozen cash leaves through clearing. */
export function withdrawPayout(
  tx: Tx,
  w: { withdrawalId: number; memberId: number; amount: number },
): Posted {
  return postTransaction(tx, {
    type: 'withdraw_payout',
    memo: '提现已打款',
    refType: 'withdrawal',
    refId: w.withdrawalId,
    idempotencyKey: `withdraw:${w.withdrawalId}:payout`,
    postings: [
      { account: { kind: 'member_frozen', memberId: w.memberId }, amount: -w.amount, currency: 'CNY' },
      { account: { kind: 'payment_clearing' }, amount: w.amount, currency: 'CNY' },
    ],
  });
}

/** A withdrawal rejected (type `withdraw_reject`, key `withdraw:<id>:reject`): frozen cash → cash. */
export function withdrawReject(
  tx: Tx,
  w: { withdrawalId: number; memberId: number; amount: number },
): Posted {
  return postTransaction(tx, {
    type: 'withdraw_reject',
    memo: '提现被驳回，金额退回余额',
    refType: 'withdrawal',
    refId: w.withdrawalId,
    idempotencyKey: `withdraw:${w.withdrawalId}:reject`,
    postings: [
      { account: { kind: 'member_frozen', memberId: w.memberId }, amount: -w.amount, currency: 'CNY' },
      { account: { kind: 'member_cash', memberId: w.memberId }, amount: w.amount, currency: 'CNY' },
    ],
  });
}

/**
 * Invitation reward (type `invite_coins`, key `invite:<inviteeId>`): the inviter gets `coins` from
 * the coin issuer when an invitee's verification is approved, once per invitee however many
 * verifications follow. `refType` records which verification earned it (`invite_person` /
 * `invite_business`, userInfo's invitcoins_dsnr / invitcoins_bsns). Answers whether coins moved now.
 */
export async function inviteCoins(
  tx: Tx,
  i: { inviterId: number; inviteeId: number; coins: number; kind: 'person' | 'business' },
): Promise<boolean> {
  if (i.coins <= 0 || i.inviterId === i.inviteeId) return false;
  const r = await postTransaction(tx, {
    type: 'invite_coins',
    memo: i.kind === 'person' ? '邀请的好友通过实名认证' : '邀请的好友通过企业认证',
    refType: i.kind === 'person' ? 'invite_person' : 'invite_business',
    refId: i.inviteeId,
    idempotencyKey: `invite:${i.inviteeId}`,
    postings: [
      { account: { kind: 'platform_coins' }, amount: -i.coins, currency: 'COIN' },
      { account: { kind: 'member_coins', memberId: i.inviterId }, amount: i.coins, currency: 'COIN' },
    ],
  });
  return !r.duplicate;
}

/** Demo cash, for the demo data only (type `demo_cash`, key `demo:cash:<memberId>`): once per member. */
export function demoCash(tx: Tx, memberId: number, amount: number): Posted {
  return postTransaction(tx, {
    type: 'demo_cash',
    memo: '演示余额',
    refType: 'member',
    refId: memberId,
    idempotencyKey: `demo:cash:${memberId}`,
    postings: [
      { account: { kind: 'payment_clearing' }, amount: -amount, currency: 'CNY' },
      { account: { kind: 'member_cash', memberId }, amount, currency: 'CNY' },
    ],
  });
}

import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountKey } from './ledger.repo.ts';
import * as repo from './ledger.repo.ts';

/**
 * The double-entry ledger (docs/marketplace.md "Money and coins"): the only writer of balances.
 * Every movement is one ledger transaction whose postings sum to zero per currency. Coins and
 * money move only through the named movements of `movements.ts`, which call `postTransaction`.
 */
export type Currency = 'CNY' | 'COIN';
export type MemberAccountKind = 'member_cash' | 'member_frozen' | 'member_coins';
export type SystemAccountKind = 'platform_revenue' | 'platform_coins' | 'payment_clearing';
export type AccountRef =
  | { kind: MemberAccountKind; memberId: number }
  | { kind: 'escrow'; projectId: number }
  | { kind: SystemAccountKind };

export interface PostingInput {
  account: AccountRef;
  /** signed integer: + credits the account, − debits it (分 or coins) */
  amount: number;
  currency: Currency;
}

export interface TransactionInput {
  /** quote_fee · quote_refund · starter_coins · demo_grant · recharge … (≤ 24 chars) */
  type: string;
  memo?: string;
  refType?: string;
  refId?: string | number;
  /** makes the movement happen once: a second call with the same key posts nothing */
  idempotencyKey?: string;
  postings: PostingInput[];
}

/**
 * Movements worth telling a member about: each one posted (not a duplicate) also writes an outbox
 * event `ledger.<type>` in the same transaction (docs/adr/0005-transactional-outbox.md). The
 * money work adds its movements here (recharge, release, withdraw …).
 */
export const ANNOUNCED_MOVEMENTS: ReadonlySet<string> = new Set([
  'quote_fee',
  'quote_refund',
  'starter_coins',
  'coin_recharge',
  'prepay_in',
  'escrow_release',
  'escrow_refund',
  // the payment plan's later stages (docs/staged-escrow.md)
  'stage_in',
  // a 减项's refund (docs/change-orders.md)
  'change_refund',
  // withdrawals and invitations (docs/withdrawals.md)
  'withdraw_freeze',
  'withdraw_payout',
  'withdraw_reject',
  'invite_coins',
]);

/** System accounts issue coins, take revenue and clear payments: they may go below zero. */
const SYSTEM_KINDS: readonly string[] = ['platform_revenue', 'platform_coins', 'payment_clearing'];

/** Coins are short for the coin currency; anything else short is money. */
function insufficient(currency: Currency): AppError {
  return new AppError(currency === 'COIN' ? 'INSUFFICIENT_COINS' : 'INSUFFICIENT_FUNDS');
}

function keyOf(ref: AccountRef, currency: Currency): AccountKey {
  return {
    kind: ref.kind,
    currency,
    memberId: 'memberId' in ref ? ref.memberId : null,
    projectId: 'projectId' in ref ? ref.projectId : null,
  };
}

const keyString = (k: AccountKey) => `${k.kind}|${k.currency}|${k.memberId ?? 0}|${k.projectId ?? 0}`;

function assertValid(input: TransactionInput): void {
  const bad = (why: string) =>
    new AppError('INTERNAL', { cause: new Error(`ledger: ${why} (${input.type})`) });
  if (input.postings.length < 2) throw bad('a transaction needs at least two postings');
  const sums = new Map<Currency, number>();
  for (const p of input.postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw bad(`posting amount ${p.amount}`);
    if (p.currency !== 'CNY' && p.currency !== 'COIN') throw bad(`currency ${String(p.currency)}`);
    const ref = p.account as { kind: string; memberId?: number; projectId?: number };
    const needsMember = ref.kind.startsWith('member_');
    const needsProject = ref.kind === 'escrow';
    if (!needsMember && !needsProject && !SYSTEM_KINDS.includes(ref.kind)) throw bad(`kind ${ref.kind}`);
    if (needsMember && !(Number.isSafeInteger(ref.memberId) && ref.memberId! > 0)) throw bad('memberId');
    if (needsProject && !(Number.isSafeInteger(ref.projectId) && ref.projectId! > 0)) throw bad('projectId');
    sums.set(p.currency, (sums.get(p.currency) ?? 0) + p.amount);
  }
  for (const [currency, sum] of sums) if (sum !== 0) throw bad(`${currency} postings sum to ${sum}`);
}

/**
 * Posts one balanced transaction in the caller's database transaction `tx`, in ONE round trip:
 * the database function `zl_ledger_post` (migration 0023, docs/adr/0015-ledger-in-one-call.md)
 * does the steps in this order.
 *
 * Order matters: (1) a used idempotency key answers the earlier transaction, nothing posted;
 * (2) the accounts are found or created (in a stable key order) and then locked `for update` in
 * ascending id order, so two movements over the same accounts never deadlock; (3) the new
 * balances are checked BEFORE anything is written, so a refused movement (INSUFFICIENT_COINS /
 * INSUFFICIENT_FUNDS) leaves no row behind (but an account it created) even if the caller catches
 * the error and commits; (4) the transaction row (whose unique key settles a same-key race),
 * postings with their running balances and numbers, and balances; (5) for the types of
 * ANNOUNCED_MOVEMENTS, the `ledger.<type>` outbox event, told at commit.
 */
export async function postTransaction(
  tx: Tx,
  input: TransactionInput,
): Promise<{ id: number; duplicate: boolean }> {
  assertValid(input);
  const r = await repo.postInOneCall(tx, {
    type: input.type,
    memo: (input.memo ?? '').slice(0, 200),
    refType: input.refType ?? '',
    refId: input.refId === undefined ? '' : String(input.refId),
    idempotencyKey: input.idempotencyKey ?? null,
    postings: input.postings.map((p) => {
      const k = keyOf(p.account, p.currency);
      return {
        kind: k.kind,
        currency: k.currency,
        member_id: k.memberId,
        project_id: k.projectId,
        amount: p.amount,
      };
    }),
    systemKinds: SYSTEM_KINDS,
    event: ANNOUNCED_MOVEMENTS.has(input.type)
      ? {
          type: input.type,
          memo: input.memo ?? '',
          refType: input.refType ?? '',
          refId: input.refId === undefined ? '' : String(input.refId),
          // the members whose accounts moved, and by how much
          members: input.postings.flatMap((p) =>
            'memberId' in p.account
              ? [
                  {
                    memberId: p.account.memberId,
                    kind: p.account.kind,
                    currency: p.currency,
                    amount: p.amount,
                  },
                ]
              : [],
          ),
        }
      : null,
  });
  if (r.short !== undefined) throw insufficient(r.short);
  return r;
}

/**
 * Finds or creates the accounts (in a stable key order), then locks them all `for update` in ONE
 * statement in ascending id order: the ledger's part of the lock order (docs/payments.md "Lock
 * order").
 */
async function findAndLock(tx: Tx, keys: Map<string, AccountKey>) {
  const ordered = [...keys.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const idOf = new Map<string, number>();
  for (const [s, k] of ordered) idOf.set(s, await findOrCreateAccount(tx, k));
  const ids = [...new Set(idOf.values())].sort((a, b) => a - b);
  const locked = await repo.lockAccounts(tx, ids);
  return { idOf, locked };
}

/**
 * Locks, in one sorted statement, every account that several movements of the caller's
 * transaction will touch, BEFORE the first of them posts. Each movement locks only its own
 * accounts; two of them one after the other would take locks out of id order (the first
 * movement's supplier, the shared platform account, then the second's supplier) and meet a
 * transaction that takes them the other way in a deadlock (docs/payments.md "Lock order").
 */
export async function lockAccountsAhead(
  tx: Tx,
  accounts: ReadonlyArray<{ account: AccountRef; currency: Currency }>,
): Promise<void> {
  if (accounts.length === 0) return;
  const keys = new Map<string, AccountKey>();
  for (const a of accounts) {
    const k = keyOf(a.account, a.currency);
    keys.set(keyString(k), k);
  }
  await findAndLock(tx, keys);
}

async function findOrCreateAccount(tx: Tx, k: AccountKey): Promise<number> {
  const found = await repo.findAccountId(tx, k);
  if (found !== undefined) return found;
  await repo.insertAccountIfMissing(tx, k, SYSTEM_KINDS.includes(k.kind));
  return (await repo.findAccountId(tx, k))!;
}

/** The balance of an account; an account never used has 0. */
export async function balanceOf(db: DbOrTx, ref: AccountRef, currency: Currency): Promise<number> {
  return repo.accountBalance(db, keyOf(ref, currency));
}

/** A member's coins (the quoting currency). */
export function coinBalance(db: DbOrTx, memberId: number): Promise<number> {
  return balanceOf(db, { kind: 'member_coins', memberId }, 'COIN');
}

export interface LedgerReport {
  ok: boolean;
  /** accounts whose stored balance differs from the sum of their postings */
  balanceMismatches: Array<{ accountId: number; balance: number; postings: number }>;
  /** transactions whose postings do not sum to zero in some currency */
  unbalanced: Array<{ transactionId: number; currency: string; sum: number }>;
  /** accounts below zero that may not be */
  overdrawn: Array<{ accountId: number; balance: number }>;
  /** postings whose currency differs from their account's */
  currencyMismatches: number;
  /**
   * postings whose `balance_after` is not the running sum of their account in id order, whose
   * `seq` is not their number in it or whose type differs from their transaction's; accounts
   * whose last posting's `balance_after` / `seq` are not the balance / posting count
   */
  runningBalanceMismatches: Array<{
    postingId: number;
    accountId: number;
    balanceAfter: number;
    expected: number;
  }>;
  /** members' month figures (ledger_member_months) that differ from their postings */
  monthMismatches: number;
  /** per-type posting counts and sums of every account (ledger_account_types) that differ from its postings */
  typeCountMismatches: number;
}

/** Recomputes every balance from the postings and checks every transaction (tests, ops checks). */
export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const balanceMismatches = await repo.balanceMismatches(db);
  const unbalanced = await repo.unbalancedTransactions(db);
  const overdrawn = await repo.overdrawnAccounts(db);
  const currencyMismatches = await repo.currencyMismatchCount(db);
  const runningBalanceMismatches = await repo.runningBalanceMismatches(db);
  const monthMismatches = await repo.memberMonthMismatches(db);
  const typeCountMismatches = await repo.accountTypeMismatches(db);
  return {
    ok:
      balanceMismatches.length === 0 &&
      unbalanced.length === 0 &&
      overdrawn.length === 0 &&
      currencyMismatches === 0 &&
      runningBalanceMismatches.length === 0 &&
      monthMismatches === 0 &&
      typeCountMismatches === 0,
    monthMismatches,
    typeCountMismatches,
    balanceMismatches,
    unbalanced,
    overdrawn,
    currencyMismatches,
    runningBalanceMismatches,
  };
}

/** How many days of check results are kept. */
export const LEDGER_CHECKS_KEEP_DAYS = 90;

/** The problems a report counts (what 资金概览 shows beside 账本核对异常). */
export function problemCount(r: LedgerReport): number {
  return (
    r.balanceMismatches.length +
    r.unbalanced.length +
    r.overdrawn.length +
    r.currencyMismatches +
    r.runningBalanceMismatches.length +
    r.monthMismatches +
    r.typeCountMismatches
  );
}

/**
 * Runs the whole check and records its result (docs/operations.md § Metrics): the hourly job, and
 * 资金概览 on a platform that has none recent yet. Answers the report and the stored row.
 */
export async function checkAndRecordLedger(db: DbOrTx) {
  const [report, size] = await Promise.all([verifyLedger(db), repo.ledgerSize(db)]);
  const row = await repo.insertLedgerCheck(
    db,
    { ok: report.ok, problems: problemCount(report), ...size },
    LEDGER_CHECKS_KEEP_DAYS,
  );
  return { report, row };
}

/** The newest recorded check, if any. */
export function latestLedgerCheck(db: DbOrTx) {
  return repo.latestLedgerCheck(db);
}

/** Rebuilds members' month figures from their postings (after moving postings in time: the demo). */
export function rebuildMemberMonths(db: DbOrTx, memberId: number | null = null) {
  return repo.rebuildMemberMonths(db, memberId);
}

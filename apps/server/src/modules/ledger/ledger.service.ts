import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema/index.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';

/**
 * The double-entry ledger (docs/marketplace.md "Money and coins"): the only writer of balances.
 * Every movement is one ledger transaction whose postings sum to zero per currency.
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
]);

/** System accounts issue coins, take revenue and clear payments: they may go below zero. */
const SYSTEM_KINDS: readonly string[] = ['platform_revenue', 'platform_coins', 'payment_clearing'];

/** Coins are short for the coin currency; anything else short is money. */
function insufficient(currency: Currency): AppError {
  return new AppError(currency === 'COIN' ? 'INSUFFICIENT_COINS' : 'INSUFFICIENT_FUNDS');
}

interface AccountKey {
  kind: string;
  currency: Currency;
  memberId: number | null;
  projectId: number | null;
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

function ownerWhere(k: AccountKey): SQL {
  return and(
    eq(ledgerAccounts.kind, k.kind),
    eq(ledgerAccounts.currency, k.currency),
    k.memberId === null ? isNull(ledgerAccounts.memberId) : eq(ledgerAccounts.memberId, k.memberId),
    k.projectId === null ? isNull(ledgerAccounts.projectId) : eq(ledgerAccounts.projectId, k.projectId),
  )!;
}

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

async function findTransactionByKey(db: DbOrTx, key: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, key))
    .limit(1);
  return row?.id;
}

/**
 * Posts one balanced transaction in the caller's database transaction `tx`.
 *
 * Order matters: (1) a used idempotency key answers the earlier transaction, nothing posted;
 * (2) the accounts are found or created (in a stable key order) and then locked `for update` in
 * ascending id order, so two movements over the same accounts never deadlock; (3) the new
 * balances are checked BEFORE anything is written, so a refused movement (INSUFFICIENT_COINS /
 * INSUFFICIENT_FUNDS) leaves no row behind even if the caller catches the error and commits;
 * (4) the transaction row (whose unique key settles a same-key race), postings and balances.
 */
export async function postTransaction(
  tx: Tx,
  input: TransactionInput,
): Promise<{ id: number; duplicate: boolean }> {
  assertValid(input);
  const key = input.idempotencyKey;
  if (key !== undefined) {
    const existing = await findTransactionByKey(tx, key);
    if (existing !== undefined) return { id: existing, duplicate: true };
  }

  // Net change per account.
  const byKey = new Map<string, { key: AccountKey; delta: number }>();
  for (const p of input.postings) {
    const k = keyOf(p.account, p.currency);
    const s = keyString(k);
    const entry = byKey.get(s) ?? { key: k, delta: 0 };
    entry.delta += p.amount;
    byKey.set(s, entry);
  }
  const ordered = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const idOf = new Map<string, number>();
  for (const [s, { key: k }] of ordered) idOf.set(s, await findOrCreateAccount(tx, k));

  const ids = [...new Set(idOf.values())].sort((a, b) => a - b);
  const locked = await tx
    .select({
      id: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      allowNegative: ledgerAccounts.allowNegative,
      currency: ledgerAccounts.currency,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const accountById = new Map(locked.map((a) => [a.id, a]));
  for (const [s, { delta }] of byKey) {
    const acc = accountById.get(idOf.get(s)!)!;
    if (!acc.allowNegative && acc.balance + delta < 0) throw insufficient(acc.currency);
  }

  const [txRow] = await tx
    .insert(ledgerTransactions)
    .values({
      type: input.type,
      memo: (input.memo ?? '').slice(0, 200),
      refType: input.refType ?? '',
      refId: input.refId === undefined ? '' : String(input.refId),
      idempotencyKey: key ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!txRow) {
    // The same key committed by another process while this one waited for the account locks.
    return { id: (await findTransactionByKey(tx, key!))!, duplicate: true };
  }

  await tx.insert(ledgerPostings).values(
    input.postings.map((p) => ({
      transactionId: txRow.id,
      accountId: idOf.get(keyString(keyOf(p.account, p.currency)))!,
      amount: p.amount,
      currency: p.currency,
    })),
  );
  for (const [s, { delta }] of byKey) {
    if (delta === 0) continue;
    try {
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
        .where(eq(ledgerAccounts.id, idOf.get(s)!));
    } catch (err) {
      // The check constraint is the last line behind the locked check above.
      if (pgErrorCode(err) === '23514') throw insufficient(byKey.get(s)!.key.currency);
      throw err;
    }
  }
  if (ANNOUNCED_MOVEMENTS.has(input.type)) {
    await insertEvent(tx, {
      type: `ledger.${input.type}`,
      aggregateType: 'ledger_transaction',
      aggregateId: txRow.id,
      payload: {
        transactionId: txRow.id,
        type: input.type,
        memo: input.memo ?? '',
        refType: input.refType ?? '',
        refId: input.refId === undefined ? '' : String(input.refId),
        // the members whose accounts moved, and by how much
        members: input.postings.flatMap((p) =>
          'memberId' in p.account
            ? [{ memberId: p.account.memberId, kind: p.account.kind, currency: p.currency, amount: p.amount }]
            : [],
        ),
      },
    });
  }
  return { id: txRow.id, duplicate: false };
}

async function findOrCreateAccount(tx: Tx, k: AccountKey): Promise<number> {
  const where = ownerWhere(k);
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (found) return found.id;
  await tx
    .insert(ledgerAccounts)
    .values({
      kind: k.kind,
      currency: k.currency,
      memberId: k.memberId,
      projectId: k.projectId,
      allowNegative: SYSTEM_KINDS.includes(k.kind),
    })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  return row!.id;
}

/** The balance of an account; an account never used has 0. */
export async function balanceOf(db: DbOrTx, ref: AccountRef, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(ownerWhere(keyOf(ref, currency)))
    .limit(1);
  return row?.balance ?? 0;
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
}

/** Recomputes every balance from the postings and checks every transaction (tests, ops checks). */
export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const rowsOf = async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  const balanceMismatches = (
    await rowsOf<{ account_id: string; balance: string; postings: string }>(sql`
      select a.id as account_id, a.balance, coalesce(sum(p.amount), 0) as postings
      from ledger_accounts a left join ledger_postings p on p.account_id = a.id
      group by a.id, a.balance
      having a.balance <> coalesce(sum(p.amount), 0)`)
  ).map((r) => ({
    accountId: Number(r.account_id),
    balance: Number(r.balance),
    postings: Number(r.postings),
  }));
  const unbalanced = (
    await rowsOf<{ transaction_id: string; currency: string; sum: string }>(sql`
      select transaction_id, currency, sum(amount) as sum from ledger_postings
      group by transaction_id, currency having sum(amount) <> 0`)
  ).map((r) => ({ transactionId: Number(r.transaction_id), currency: r.currency, sum: Number(r.sum) }));
  const overdrawn = (
    await rowsOf<{ id: string; balance: string }>(sql`
      select id, balance from ledger_accounts where not allow_negative and balance < 0`)
  ).map((r) => ({ accountId: Number(r.id), balance: Number(r.balance) }));
  const [cm] = await rowsOf<{ n: string }>(sql`
    select count(*) as n from ledger_postings p join ledger_accounts a on a.id = p.account_id
    where p.currency <> a.currency`);
  const currencyMismatches = Number(cm?.n ?? 0);
  return {
    ok:
      balanceMismatches.length === 0 &&
      unbalanced.length === 0 &&
      overdrawn.length === 0 &&
      currencyMismatches === 0,
    balanceMismatches,
    unbalanced,
    overdrawn,
    currencyMismatches,
  };
}

import {
  BILL_ACCOUNTS,
  type BillAccount,
  type BillItem,
  type BillsFilter,
  type BillsListResult,
  type BillsMonthlyResult,
  ledgerTypeText,
  shanghaiMidnight,
  shanghaiToday,
} from '@zl/shared';
import type { DbOrTx } from '../../db/client.ts';
import { shanghaiDateTime } from '../project/project-view.ts';
import * as repo from './bills.repo.ts';

/**
 * 收支明细 (docs/bills.md): a member's own postings on member_cash, member_frozen and
 * member_coins, newest first, each with the account's running balance after it.
 */

const KIND_TO_ACCOUNT = new Map<string, BillAccount>(
  (Object.entries(BILL_ACCOUNTS) as Array<[BillAccount, { kind: string }]>).map(([k, v]) => [v.kind, k]),
);

async function accountsOf(db: DbOrTx, memberId: number, account: BillAccount | '') {
  const kinds = account ? [BILL_ACCOUNTS[account].kind] : [...KIND_TO_ACCOUNT.keys()];
  const rows = await repo.memberBillAccounts(db, memberId, kinds);
  rows.sort((a, b) => a.id - b.id);
  return {
    ids: rows.map((r) => r.id),
    /** each account's posting counter, as `ids` */
    counts: rows.map((r) => r.postingCount),
    accountOf: new Map(rows.map((r) => [r.id, KIND_TO_ACCOUNT.get(r.kind)!])),
    /** postings of these accounts, from their counters */
    postings: rows.reduce((n, r) => n + r.postingCount, 0),
  };
}

const DAY_MS = 86_400_000;

function postingFilter(f: BillsFilter): repo.PostingFilter {
  return {
    type: f.type,
    since: f.from ? shanghaiMidnight(f.from) : null,
    until: f.to ? new Date(shanghaiMidnight(f.to).getTime() + DAY_MS) : null,
  };
}

function toItem(r: repo.PostingRow, accountOf: Map<number, BillAccount>): BillItem {
  return {
    id: r.id,
    created: shanghaiDateTime(r.created_at),
    type: r.type,
    typeText: ledgerTypeText(r.type),
    account: accountOf.get(r.account_id)!,
    currency: r.currency,
    amount: r.amount,
    balance: r.balance_after,
    memo: r.memo,
    refType: r.ref_type,
    refId: r.ref_id,
  };
}

/** From this offset on, an unfiltered page is found by posting numbers instead of skipping rows. */
export const DEEP_OFFSET = 500;

/**
 * A deep page of several accounts without a filter, without skipping `offset` rows: a binary
 * search over ids for X, the id of the (offset+1)-th newest posting — the number of postings
 * newer than X is Σ (posting_count − seq at X) per account, one index lookup each — then each
 * account's page starts at its `seq` at X. About log₂(newest id) small lookups instead of a scan.
 */
async function deepPage(db: DbOrTx, ids: number[], counts: number[], offset: number, limit: number) {
  const newer = async (x: number) => {
    const seqs = await repo.seqsAtOrBelow(db, ids, x);
    return { n: seqs.reduce((sum, seq, i) => sum + counts[i]! - seq, 0), seqs };
  };
  // the smallest x with at most `offset` postings newer than it
  let lo = 0;
  let hi = await repo.newestId(db, ids);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await newer(mid)).n <= offset) hi = mid;
    else lo = mid + 1;
  }
  const { seqs } = await newer(lo);
  return repo.listPostingsBelowSeqs(db, ids, seqs, limit);
}

/** Bills/transaction */
export async function list(
  db: DbOrTx,
  memberId: number,
  input: BillsFilter & { page: number; pageSize: number },
): Promise<BillsListResult> {
  const { ids, counts, accountOf, postings } = await accountsOf(db, memberId, input.account);
  const f = postingFilter(input);
  const offset = (input.page - 1) * input.pageSize;
  const unfiltered = !input.type && !input.from && !input.to;
  // Without a filter the total is the accounts' posting counters (no counting of rows), with a type
  // alone their per-type counters, and one account's page comes straight from the posting numbers
  // (docs/bills.md "Indexes").
  const [rows, total] = await Promise.all([
    !unfiltered || offset < DEEP_OFFSET
      ? repo.listPostings(db, ids, f, offset, input.pageSize)
      : offset >= postings
        ? Promise.resolve([])
        : ids.length === 1
          ? repo.listPostingsBySeq(db, ids[0]!, postings - offset, input.pageSize)
          : deepPage(db, ids, counts, offset, input.pageSize),
    unfiltered
      ? Promise.resolve(postings)
      : input.type && !input.from && !input.to
        ? repo.countPostingsOfType(db, ids, input.type)
        : repo.countPostings(db, ids, f),
  ]);
  return { listItem: rows.map((r) => toItem(r, accountOf)), total, page: input.page };
}

/**
 * The rows of the export, newest first, in batches: one cursor per account reads `batchSize`
 * postings at a time below its last posting number, and the accounts are merged by id here, so
 * no query ever holds more than a batch and none skips over rows already sent.
 */
export async function* exportItems(
  db: DbOrTx,
  memberId: number,
  filter: BillsFilter,
  batchSize = 1000,
): AsyncGenerator<BillItem[]> {
  const { ids, accountOf } = await accountsOf(db, memberId, filter.account);
  const f = postingFilter(filter);
  const cursors = ids.map((id) => ({
    id,
    rows: [] as repo.PostingRow[],
    below: null as number | null,
    done: false,
  }));
  for (;;) {
    for (const c of cursors) {
      if (c.done || c.rows.length > 0) continue;
      c.rows = await repo.nextPostingsOf(db, c.id, f, c.below, batchSize);
      if (c.rows.length < batchSize) c.done = true;
      if (c.rows.length > 0) c.below = c.rows[c.rows.length - 1]!.seq;
    }
    const out: repo.PostingRow[] = [];
    // take the newest head while every account that may have more has rows to compare
    while (out.length < batchSize && cursors.every((c) => c.done || c.rows.length > 0)) {
      let best: (typeof cursors)[number] | undefined;
      for (const c of cursors) if (c.rows.length > 0 && (!best || c.rows[0]!.id > best.rows[0]!.id)) best = c;
      if (!best) break;
      out.push(best.rows.shift()!);
    }
    if (out.length > 0) yield out.map((r) => toItem(r, accountOf));
    if (cursors.every((c) => c.done && c.rows.length === 0)) return;
  }
}

/** The last `months` Asia/Shanghai months, oldest first: `YYYY-MM`. */
export function lastMonths(months: number, now: Date = new Date()): string[] {
  const [y, m] = shanghaiToday(now).split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/** Bills/monthly: in and out per month of ¥ (cash and frozen) or 金币; empty months are 0. */
export async function monthly(
  db: DbOrTx,
  memberId: number,
  input: { months: number; currency: 'CNY' | 'COIN' },
  now: Date = new Date(),
): Promise<BillsMonthlyResult> {
  const months = lastMonths(input.months, now);
  const sums = await repo.monthlyInOut(db, memberId, input.currency, months[0]!);
  const byMonth = new Map(sums.map((s) => [s.month, s]));
  return {
    currency: input.currency,
    listItem: months.map((month) => ({
      month,
      in: byMonth.get(month)?.in ?? 0,
      out: byMonth.get(month)?.out ?? 0,
    })),
  };
}

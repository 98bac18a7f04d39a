import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_ATTEMPTS, type TransactionRetry } from '../src/db/client.ts';
import { coinBalance, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';
import {
  type Member,
  memberClient,
  quoteBody,
  REQUIREMENTS,
  verifiedSupplier,
} from './projectcenter-fixtures.ts';

/**
 * Cancels and quotes of overlapping projects at once (docs/payments.md "Lock order"): on the
 * PostgreSQL server (DATABASE_URL) they used to meet in a deadlock and answer 500. Every request
 * must get a business answer, every effect must happen once and the ledger must add up.
 */
const ctx = useTestApp();

const SUPPLIERS = 8;
const PROJECTS = 8;
const FEE = 3;
const START = 100;

async function round(customer: Member, suppliers: Member[]) {
  const projects = [];
  for (let i = 0; i < PROJECTS; i++) {
    projects.push(await makeProject(ctx, customer.id, { ...REQUIREMENTS, coins: FEE }));
  }
  // Each project already has four bidders (suppliers i … i+3), each of whom bids on other
  // projects too: a cancel refunds several suppliers whose accounts the quotes also lock.
  const before = await Promise.all(suppliers.map((s) => coinBalance(ctx.database.db, s.id)));
  for (const [i, p] of projects.entries()) {
    for (let k = 0; k < 4; k++) {
      const s = suppliers[(i + k) % SUPPLIERS]!;
      const r = await s.c.post('Projectcenter/priceTable', quoteBody(p.id));
      expect(r.body.success).toBe(true);
    }
  }
  // 48 at once: two cancels per project (16) and 32 quotes of the other four suppliers.
  const calls: Array<() => Promise<{ kind: string; status: number; code: string; projectId: number }>> = [];
  for (const [i, p] of projects.entries()) {
    for (let k = 0; k < 2; k++) {
      calls.push(async () => {
        const r = await customer.c.post('Customer/projectCancel', { id: p.id });
        return { kind: 'cancel', status: r.status, code: r.body.errCode, projectId: p.id };
      });
    }
    for (let k = 4; k < 8; k++) {
      const s = suppliers[(i + k) % SUPPLIERS]!;
      calls.push(async () => {
        const r = await s.c.post('Projectcenter/priceTable', quoteBody(p.id));
        return { kind: 'quote', status: r.status, code: r.body.errCode, projectId: p.id };
      });
    }
  }
  // interleave cancels and quotes of different projects
  calls.sort((_a, _b) => Math.random() - 0.5);
  const results = await Promise.all(calls.map((c) => c()));
  expect(results).toHaveLength(48);

  expect(results.filter((r) => r.status >= 500)).toEqual([]);
  for (const p of projects) {
    const cancels = results.filter((r) => r.kind === 'cancel' && r.projectId === p.id);
    // one cancel closes the project, the other finds it closed
    expect(cancels.map((r) => r.code).sort()).toEqual(['INVALID_STATE', 'success']);
    for (const q of results.filter((r) => r.kind === 'quote' && r.projectId === p.id)) {
      expect(['success', 'INVALID_STATE']).toContain(q.code);
    }
  }
  const ids = projects.map((p) => p.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const states = await rows<{ status: number; n: number }>(
    ctx,
    sql`select status, count(*)::int as n from projects where id in (${idList}) group by status`,
  );
  expect(states.map((s) => [s.status, Number(s.n)])).toEqual([[7, PROJECTS]]);
  // every quote stored was charged once and refunded once; none is left pending
  const [q] = await rows<{ quotes: number; pending: number; fees: number; refunds: number }>(
    ctx,
    sql`select
          (select count(*)::int from quotes where project_id in (${idList})) as quotes,
          (select count(*)::int from quotes where project_id in (${idList}) and status = 0) as pending,
          (select count(*)::int from ledger_transactions where type = 'quote_fee'
             and ref_id in (select id::text from quotes where project_id in (${idList}))) as fees,
          (select count(*)::int from ledger_transactions where type = 'quote_refund'
             and ref_id in (select id::text from quotes where project_id in (${idList}))) as refunds`,
  );
  const successfulQuotes = results.filter((r) => r.kind === 'quote' && r.code === 'success').length;
  expect(Number(q!.quotes)).toBe(PROJECTS * 4 + successfulQuotes);
  expect(Number(q!.pending)).toBe(0);
  expect(Number(q!.fees)).toBe(Number(q!.quotes));
  expect(Number(q!.refunds)).toBe(Number(q!.quotes));
  // so every supplier ends where the round started
  const after = await Promise.all(suppliers.map((s) => coinBalance(ctx.database.db, s.id)));
  expect(after).toEqual(before);
  const report = await verifyLedger(ctx.database.db);
  expect(report.ok).toBe(true);
}

describe('cancels and quotes at once', () => {
  it('48 concurrent cancels and quotes on overlapping projects, several rounds: no 5xx, every effect once', async () => {
    const customer = await memberClient(ctx, { cardtype: 'customer' });
    const suppliers: Member[] = [];
    for (let i = 0; i < SUPPLIERS; i++) suppliers.push(await verifiedSupplier(ctx, START));
    // fewer rounds on PGlite: it runs one transaction at a time, so there is less to collide
    const rounds = process.env.DATABASE_URL ? 4 : 2;
    for (let r = 0; r < rounds; r++) await round(customer, suppliers);
  }, 180_000);
});

/** What `db.transaction` reported as retried while `fn` ran. */
async function retriesDuring(fn: () => Promise<void>): Promise<TransactionRetry[]> {
  const seen: TransactionRetry[] = [];
  const before = ctx.database.onTransactionRetry;
  ctx.database.onTransactionRetry = (n) => {
    seen.push(n);
    before?.(n);
  };
  try {
    await fn();
  } finally {
    ctx.database.onTransactionRetry = before;
  }
  return seen;
}

const pgError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

describe('db.transaction retries a deadlock or serialization failure', () => {
  it('runs the transaction again after 40001 / 40P01, a bounded number of times', async () => {
    const db = ctx.database.db;
    let runs = 0;
    const seen = await retriesDuring(async () => {
      const out = await db.transaction(async () => {
        runs++;
        if (runs === 1) throw pgError('40001');
        if (runs === 2) throw new Error('wrapped', { cause: pgError('40P01') });
        return 'done';
      });
      expect(out).toBe('done');
    });
    expect(runs).toBe(3);
    expect(seen.map((n) => [n.code, n.attempt])).toEqual([
      ['40001', 1],
      ['40P01', 2],
    ]);

    // always failing: given up after TRANSACTION_ATTEMPTS runs, the error itself thrown
    runs = 0;
    await expect(
      db.transaction(async () => {
        runs++;
        throw pgError('40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(TRANSACTION_ATTEMPTS);

    // anything else is not retried
    for (const err of [pgError('23505'), new Error('plain')]) {
      runs = 0;
      await expect(
        db.transaction(async () => {
          runs++;
          throw err;
        }),
      ).rejects.toBe(err);
      expect(runs).toBe(1);
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a real deadlock on the PostgreSQL server: both transactions commit, each once',
    async () => {
      const db = ctx.database.db;
      await db.execute(sql`create table retry_probe (id int primary key, n int not null default 0)`);
      await db.execute(sql`insert into retry_probe (id) values (1), (2)`);
      // both take their first row, then each wants the other's: PostgreSQL kills one of them
      let arrived = 0;
      let release!: () => void;
      const bothLocked = new Promise<void>((r) => {
        release = r;
      });
      const step = async (first: number, second: number) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`);
          if (++arrived === 2) release();
          await bothLocked;
          await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
        });
      const seen = await retriesDuring(async () => {
        await Promise.all([step(1, 2), step(2, 1)]);
      });
      expect(seen.map((n) => n.code)).toEqual(['40P01']);
      const probe = await rows<{ id: number; n: number }>(
        ctx,
        sql`select id, n from retry_probe order by id`,
      );
      expect(probe.map((r) => [r.id, r.n])).toEqual([
        [1, 2],
        [2, 2],
      ]);
    },
  );
});

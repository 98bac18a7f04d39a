import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expireProjects } from '../src/jobs/expire-projects.ts';
import { createScheduler, EXPIRE_JOB, EXPIRE_LOCK_KEY } from '../src/jobs/scheduler.ts';
import { coinBalance, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { makeMember } from './admin-helpers.ts';
import { rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject, makeQuote } from './project-fixtures.ts';

// verified: an award needs a verified customer, so the race below can go either way
const ctx = useTestApp({ members: { customer: { row: { cardtype: 'customer', personauth: 1 } } } });
const { customer } = ctx.members;

const past = (min = 1) => new Date(Date.now() - min * 60_000);
const supplier = () => makeMember(ctx, { cardtype: 'workshop', personauth: 1 });

async function status(id: number) {
  const [p] = await rows<{ status: number; closed_by: string }>(
    ctx,
    sql`select status, closed_by from projects where id = ${id}`,
  );
  return p!;
}

/** Due projects of earlier tests are closed first, so each test counts only its own. */
async function drain() {
  await expireProjects(ctx.database.db);
}

describe('expireProjects', () => {
  it('closes only bidding projects past their deadline, refunding their bidders', async () => {
    await drain();
    const due = await makeProject(ctx, customer.id, { status: 1, biddl: past(), coins: 7 });
    const future = await makeProject(ctx, customer.id, { status: 1 });
    const pending = await makeProject(ctx, customer.id, { status: 0, checked: 0, biddl: past() });
    const awarded = await makeProject(ctx, customer.id, { status: 2, biddl: past() });
    const s1 = await supplier();
    const s2 = await supplier();
    await makeQuote(ctx, due.id, s1.id, 7);
    await makeQuote(ctx, due.id, s2.id, 7);
    await makeQuote(ctx, future.id, s1.id, 5);

    const r = await expireProjects(ctx.database.db);
    expect(r).toEqual({ expired: 1, refunded: 2, failed: 0 });
    expect(await status(due.id)).toEqual({ status: 7, closed_by: 'expired' });
    expect((await status(future.id)).status).toBe(1);
    expect((await status(pending.id)).status).toBe(0);
    expect((await status(awarded.id)).status).toBe(2);
    expect(await coinBalance(ctx.database.db, s1.id)).toBe(7); // the future project's 5 stay paid
    expect(await coinBalance(ctx.database.db, s2.id)).toBe(7);
    const quotes = await rows<{ status: number }>(
      ctx,
      sql`select status from quotes where project_id = ${due.id}`,
    );
    expect(quotes.map((q) => q.status)).toEqual([3, 3]);
    const [audit] = await rows(
      ctx,
      sql`select actor_type, actor_id, action, detail from audit_log where target_type = 'project' and target_id = ${String(due.id)}`,
    );
    expect(audit).toMatchObject({
      actor_type: 'system',
      actor_id: null,
      action: 'project.expire',
      detail: { from: 1, to: 7 },
    });

    // a second run finds nothing and refunds nothing again
    expect(await expireProjects(ctx.database.db)).toEqual({ expired: 0, refunded: 0, failed: 0 });
    expect(await coinBalance(ctx.database.db, s1.id)).toBe(7);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it('two runs at once: every project expired once, every bidder refunded exactly once', async () => {
    await drain();
    const suppliers = await Promise.all(Array.from({ length: 4 }, supplier));
    const due = [];
    for (let i = 0; i < 8; i++) {
      const p = await makeProject(ctx, customer.id, { status: 1, biddl: past(i + 1), coins: 3 });
      for (const s of suppliers.slice(0, 1 + (i % 4))) await makeQuote(ctx, p.id, s.id, 3);
      due.push(p.id);
    }
    const bids = due.reduce((n, _, i) => n + 1 + (i % 4), 0);
    const [a, b] = await Promise.all([expireProjects(ctx.database.db), expireProjects(ctx.database.db)]);
    expect(a.expired + b.expired).toBe(8);
    expect(a.refunded + b.refunded).toBe(bids);
    expect(a.failed + b.failed).toBe(0);
    for (const id of due) expect((await status(id)).status).toBe(7);
    const [refunds] = await rows<{ n: number; distinct_keys: number }>(
      ctx,
      sql`select count(*)::int as n, count(distinct idempotency_key)::int as distinct_keys from ledger_transactions
          where type = 'quote_refund' and ref_id in (select id::text from quotes where project_id in ${sql.raw(`(${due.join(',')})`)})`,
    );
    expect(refunds).toEqual({ n: bids, distinct_keys: bids });
    // makeQuote grants the fee and spends it: after the refunds each supplier holds 3 per quote
    for (const [j, s] of suppliers.entries()) {
      const quotesMade = due.filter((_, i) => j < 1 + (i % 4)).length;
      expect(await coinBalance(ctx.database.db, s.id)).toBe(3 * quotesMade);
    }
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it('an award racing the expiry: exactly one of them happens', async () => {
    await drain();
    const { award } = await import('../src/modules/customer/customer.service.ts');
    const p = await makeProject(ctx, customer.id, { status: 1, biddl: past() });
    const s = await supplier();
    const q = await makeQuote(ctx, p.id, s.id, 4);
    const member = { memberId: customer.id, cardtype: 'customer' } as Parameters<typeof award>[1];
    const [expired, awarded] = await Promise.allSettled([
      expireProjects(ctx.database.db),
      award(ctx.database.db, member, { id: p.id, quoteId: q.id }),
    ]);
    const st = await status(p.id);
    if (awarded.status === 'fulfilled') {
      expect(st.status).toBe(2);
      expect(await coinBalance(ctx.database.db, s.id)).toBe(0);
    } else {
      // the award lost the race: it was refused because the project had closed, for no other reason
      expect((awarded.reason as { code?: string }).code).toBe('INVALID_STATE');
      expect(st).toEqual({ status: 7, closed_by: 'expired' });
      expect(expired.status === 'fulfilled' && expired.value.expired).toBe(1);
      expect(await coinBalance(ctx.database.db, s.id)).toBe(4);
    }
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });
});

describe('the scheduler', () => {
  const log = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof createScheduler>[0]['log'];
  // a scheduler that is never started: rounds run only on demand
  const startJobs = () => {
    const s = createScheduler({ database: ctx.database, config: ctx.config, log, outbox: ctx.app.outbox });
    return { runExpiry: () => s.run(EXPIRE_JOB), stop: () => s.stop() };
  };

  it('runs a round on demand; with the timer off nothing runs by itself', async () => {
    await drain();
    const jobs = startJobs();
    const p = await makeProject(ctx, customer.id, { status: 1, biddl: past() });
    expect(await jobs.runExpiry()).toBe(true);
    expect((await status(p.id)).status).toBe(7);
    await jobs.stop();
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on PostgreSQL a round is skipped while another process holds the advisory lock',
    async () => {
      await drain();
      const jobs = startJobs();
      const p = await makeProject(ctx, customer.id, { status: 1, biddl: past() });
      const other = await ctx.database.pool!.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [EXPIRE_LOCK_KEY]);
        expect(await jobs.runExpiry()).toBe(false);
        expect((await status(p.id)).status).toBe(1);
        await other.query('select pg_advisory_unlock($1)', [EXPIRE_LOCK_KEY]);
      } finally {
        other.release();
      }
      expect(await jobs.runExpiry()).toBe(true);
      expect((await status(p.id)).status).toBe(7);
      await jobs.stop();
    },
  );
});

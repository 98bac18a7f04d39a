import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { AUTO_ACCEPT_JOB, AUTO_ACCEPT_LOCK_KEY } from '../src/jobs/scheduler.ts';
import { balanceOf, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { autoAcceptReports } from '../src/modules/report/report.service.ts';
import { count, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { buildingProject, PREPAY, reportBody } from './report-fixtures.ts';

const ctx = useTestApp({
  members: {
    customer: { session: { cardtype: 'customer' } },
    winner: { session: { cardtype: 'workshop', personauth: 1 } },
  },
});
const m = ctx.members;
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

/** A project with its report handed in `ageDays` ago. */
async function reportedAgo(ageDays: number, complaintOpen = false) {
  const p = await buildingProject(ctx, m.customer.id, m.winner.id);
  expectOk(await m.winner.c.post('Projectcenter/fUpdateReports', await reportBody(ctx, p.id, m.winner.id)));
  await ctx.database.db.execute(
    sql`update projects set reportdate = now() - make_interval(secs => ${ageDays * 86_400}),
                            complaint_open = ${complaintOpen}
         where id = ${p.id}`,
  );
  return p.id;
}
async function state(id: number) {
  const [p] = await rows<{ status: number; reportck: number }>(
    ctx,
    sql`select status, reportck from projects where id = ${id}`,
  );
  return p!;
}
const releases = (id: number) =>
  count(ctx, 'ledger_transactions', sql`type = 'escrow_release' and ref_id = ${id}`);

describe('auto-acceptance (AUTO_ACCEPT_DAYS)', () => {
  it('accepts only reports older than the window with no open complaint, releasing the escrow', async () => {
    expect(ctx.config.marketplace.autoAcceptDays).toBe(7);
    const due = await reportedAgo(8);
    const fresh = await reportedAgo(6);
    const frozen = await reportedAgo(30, true);
    const cashBefore = await balanceOf(
      ctx.database.db,
      { kind: 'member_cash', memberId: m.winner.id },
      'CNY',
    );
    const r = await autoAcceptReports(ctx.database.db, {
      days: 7,
      rules: { commissionBp: ctx.config.marketplace.platformCommissionBp, retentionDays: 7 },
    });
    expect(r).toMatchObject({ accepted: 1, released: PREPAY, failed: 0 });
    expect(await state(due)).toEqual({ status: 6, reportck: 2 });
    expect(await state(fresh)).toEqual({ status: 5, reportck: 1 });
    expect(await state(frozen)).toEqual({ status: 5, reportck: 1 });
    const commission = Math.floor((PREPAY * ctx.config.marketplace.platformCommissionBp) / 10_000);
    expect(await balanceOf(ctx.database.db, { kind: 'member_cash', memberId: m.winner.id }, 'CNY')).toBe(
      cashBefore + PREPAY - commission,
    );
    const [audit] = await rows<{ actor_type: string }>(
      ctx,
      sql`select actor_type from audit_log where target_id = ${due} and action = 'project.accept'`,
    );
    expect(audit?.actor_type).toBe('system');
    const info = await m.customer.c.post<{ accepted: { by: string } }>('Projectcenter/reportInfo', {
      id: due,
    });
    expect(info.body.data.accepted?.by).toBe('system');
    // a second round finds nothing
    expect(
      (await autoAcceptReports(ctx.database.db, { days: 7, rules: { commissionBp: 500, retentionDays: 7 } }))
        .accepted,
    ).toBe(0);
    expect(await releases(due)).toBe(1);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
    await ctx.database.db.execute(sql`update projects set status = 7 where id in (${fresh}, ${frozen})`);
  });

  it('the scheduler job runs the round', async () => {
    const due = await reportedAgo(10);
    expect(await ctx.app.jobs.run(AUTO_ACCEPT_JOB)).toBe(true);
    expect(await state(due)).toEqual({ status: 6, reportck: 2 });
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it.runIf(ON_POSTGRES)(
    'on PostgreSQL two app instances running the job at once accept each report once and release once',
    { timeout: 60_000 },
    async () => {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) ids.push(await reportedAgo(9));
      const otherDb = await openDatabase({
        databaseUrl: String(ctx.database.pool!.options.connectionString),
        poolSize: 5,
      });
      const apps = [
        await buildApp({ config: ctx.config, database: ctx.database, webDist: null }),
        await buildApp({ config: ctx.config, database: otherDb, webDist: null }),
      ];
      try {
        // the advisory lock: while another process holds it, a round is skipped
        const holder = await ctx.database.pool!.connect();
        await holder.query('select pg_advisory_lock($1)', [AUTO_ACCEPT_LOCK_KEY]);
        expect(await apps[1]!.jobs.run(AUTO_ACCEPT_JOB)).toBe(false);
        expect(await state(ids[0]!)).toEqual({ status: 5, reportck: 1 });
        await holder.query('select pg_advisory_unlock($1)', [AUTO_ACCEPT_LOCK_KEY]);
        holder.release();
        // both processes at once, several rounds each, plus the bare function without the lock (SKIP LOCKED)
        const ran = await Promise.all([
          ...apps.flatMap((a) => [a.jobs.run(AUTO_ACCEPT_JOB), a.jobs.run(AUTO_ACCEPT_JOB)]),
          autoAcceptReports(otherDb.db, {
            days: 7,
            rules: { commissionBp: ctx.config.marketplace.platformCommissionBp, retentionDays: 7 },
          }).then(() => true),
        ]);
        expect(ran.some(Boolean)).toBe(true);
        for (const id of ids) {
          expect(await state(id)).toEqual({ status: 6, reportck: 2 });
          expect(await releases(id)).toBe(1);
          expect(await count(ctx, 'audit_log', sql`target_id = ${id} and action = 'project.accept'`)).toBe(1);
        }
        expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
      } finally {
        for (const a of apps) await a.close();
        await otherDb.close();
      }
    },
  );
});

import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { cronEvery, DEAD_LETTER_QUEUE } from '../src/jobs/engine.ts';
import { Scheduler } from '../src/jobs/scheduler.ts';
import { useTestApp } from './member-fixtures.ts';

const ctx = useTestApp();

const log = { info() {}, warn() {}, error() {} } as unknown as ConstructorParameters<typeof Scheduler>[1];
/**
 * A job whose rounds are counted, with the peak of rounds running at once; each round runs until
 * the test lets it finish (`finish()`), so the test decides what overlaps, not a timer.
 */
function gatedJob(name: string, shared = { rounds: 0, running: 0, peak: 0 }) {
  const gates: Array<() => void> = [];
  return {
    shared,
    /** rounds waiting to be let finish */
    gates,
    /** lets the oldest waiting round finish */
    finish: () => gates.shift()!(),
    job: {
      name,
      lockKey: 0x7a6c_0f00,
      intervalMs: 3_600_000,
      run: async () => {
        shared.rounds++;
        shared.running++;
        shared.peak = Math.max(shared.peak, shared.running);
        await new Promise<void>((r) => gates.push(r));
        shared.running--;
        return undefined;
      },
    },
  };
}

describe('the job registry', () => {
  it('a round asked for during a round is the same round; a wake-up during it runs once more after', async () => {
    const s = new Scheduler(ctx.database, log);
    const { job, shared, gates, finish } = gatedJob('slow');
    s.register(job);
    expect(() => s.register(job)).toThrow(/twice/);
    // not started: run() works on demand, wake() does nothing
    s.wake('slow');
    expect(shared.rounds).toBe(0);
    expect(gates).toHaveLength(0);
    const [a, b] = [s.run('slow'), s.run('slow')];
    expect(a).toBe(b);
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    finish();
    expect(await a).toBe(true);
    expect(shared.rounds).toBe(1);

    s.start(); // a first round at once
    await vi.waitFor(() => expect(shared.running).toBe(1));
    s.wake('slow');
    s.wake('slow');
    finish();
    // the start's round, then one more for both wake-ups
    await vi.waitFor(() => expect(shared.rounds).toBe(3));
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    finish();
    await vi.waitFor(() => expect(shared.running).toBe(0));
    await s.stop(); // waits for a round in progress: none, and none more was asked for
    expect(shared.rounds).toBe(3);
    expect(shared.peak).toBe(1);
    s.wake('slow');
    expect(shared.rounds).toBe(3);
    expect(gates).toHaveLength(0);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on PostgreSQL two processes never run one job at once (advisory lock per job)',
    async () => {
      const other = await openDatabase({
        databaseUrl: String(ctx.database.pool!.options.connectionString),
        poolSize: 2,
      });
      const shared = { rounds: 0, running: 0, peak: 0 };
      const schedulers = [new Scheduler(ctx.database, log), new Scheduler(other, log)];
      const jobs = schedulers.map((s) => {
        const j = gatedJob('guarded', shared);
        s.register(j.job);
        return j;
      });
      // the first holds the job's lock for its round; the second, asked meanwhile, skips
      const first = schedulers[0]!.run('guarded');
      await vi.waitFor(() => expect(shared.running).toBe(1));
      expect(await schedulers[1]!.run('guarded')).toBe(false);
      jobs[0]!.finish();
      expect(await first).toBe(true);
      expect(shared).toMatchObject({ rounds: 1, peak: 1 });
      const again = schedulers[1]!.run('guarded'); // released after the round
      await vi.waitFor(() => expect(shared.running).toBe(1));
      jobs[1]!.finish();
      expect(await again).toBe(true);
      for (const s of schedulers) await s.stop();
      await other.close();
    },
  );
});

/**
 * Once a day (midnight UTC): the tests below send their runs themselves, and a schedule that fired
 * during one (every 10 minutes did, once) would add a run they did not send.
 */
const DAILY = 86_400_000;

/** The job engine's settings shortened to seconds: schedules evaluated and queues polled each second. */
const FAST = {
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  pollingIntervalSeconds: 0.5,
  retryLimit: 1,
  retryDelaySeconds: 1,
};

async function engineJobs(name: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from pgboss.job where name = ${name}`,
  );
  return row!.n;
}

describe('timed jobs on the job engine (pg-boss, docs/adr/0011-job-engine.md)', () => {
  it('an interval becomes the longest cron interval that is not longer', () => {
    expect(cronEvery(5_000)).toBeNull(); // under a minute: a timer of each process
    expect(cronEvery(59_000)).toBeNull();
    expect(cronEvery(60_000)).toBe('* * * * *');
    expect(cronEvery(90_000)).toBe('* * * * *');
    expect(cronEvery(600_000)).toBe('*/10 * * * *');
    expect(cronEvery(3_600_000)).toBe('0 * * * *');
    expect(cronEvery(7 * 3_600_000)).toBe('0 */6 * * *');
    expect(cronEvery(86_400_000)).toBe('0 0 * * *');
  });

  it('started, a timed job runs at once, is scheduled on the engine, and a run sent to it is worked here; a round that keeps throwing is retried, then dead-lettered', {
    timeout: 60_000,
  }, async () => {
    const s = new Scheduler(ctx.database, log, FAST);
    let rounds = 0;
    let failing = false;
    s.register({
      name: 'engine-tick',
      lockKey: 0x7a6c_0f01,
      intervalMs: DAILY,
      run: async () => {
        rounds++;
        if (failing) throw new Error('round failed');
        return undefined;
      },
    });
    try {
      expect(await s.send('engine-tick')).toBe(false); // not started: no engine
      s.start();
      await s.ready();
      await vi.waitFor(() => expect(rounds).toBe(1)); // the first round, at once
      const [schedule] = await queryRows<{ cron: string }>(
        ctx.database.db,
        sql`select cron from pgboss.schedule where name = 'engine-tick'`,
      );
      expect(schedule?.cron).toBe('0 0 * * *');
      expect(await s.send('engine-tick')).toBe(true);
      await vi.waitFor(() => expect(rounds).toBe(2), { timeout: 10_000 });
      failing = true;
      expect(await s.send('engine-tick')).toBe(true);
      // the first try, one retry a second or two later, then the dead-letter queue
      await vi.waitFor(async () => expect(await engineJobs(DEAD_LETTER_QUEUE)).toBe(1), {
        timeout: 30_000,
        interval: 250,
      });
      expect(rounds).toBe(4);
      const [dead] = await queryRows<{ retries: number; state: string }>(
        ctx.database.db,
        sql`select retry_count as retries, state::text from pgboss.job where name = 'engine-tick' and state = 'failed'`,
      );
      expect(dead).toEqual({ retries: 1, state: 'failed' });
    } finally {
      await s.stop();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on PostgreSQL each run sent to the engine is worked by one of two started processes, never twice, never two at once',
    { timeout: 60_000 },
    async () => {
      const other = await openDatabase({
        databaseUrl: String(ctx.database.pool!.options.connectionString),
        poolSize: 4,
      });
      const shared = { rounds: 0, running: 0, peak: 0 };
      const schedulers = [new Scheduler(ctx.database, log, FAST), new Scheduler(other, log, FAST)];
      for (const s of schedulers)
        s.register({
          name: 'engine-shared',
          lockKey: 0x7a6c_0f02,
          intervalMs: DAILY,
          run: async () => {
            shared.rounds++;
            shared.running++;
            shared.peak = Math.max(shared.peak, shared.running);
            await new Promise((r) => setTimeout(r, 200));
            shared.running--;
            return undefined;
          },
        });
      try {
        for (const s of schedulers) s.start();
        // the start's first round in each process (the advisory lock may skip one): run() answers
        // the round in progress, so this waits for exactly those
        await Promise.all(schedulers.map((s) => s.run('engine-shared')));
        await Promise.all(schedulers.map((s) => s.ready()));
        const first = shared.rounds;
        expect(first).toBeGreaterThanOrEqual(1);
        for (let i = 1; i <= 6; i++) {
          expect(await schedulers[i % 2]!.send('engine-shared')).toBe(true);
          await vi.waitFor(() => expect(shared.rounds).toBe(first + i), { timeout: 10_000, interval: 50 });
          await vi.waitFor(() => expect(shared.running).toBe(0));
        }
        await new Promise((r) => setTimeout(r, 1_500)); // a second worker running one again would show here
        expect(shared.rounds).toBe(first + 6);
        expect(await engineJobs('engine-shared')).toBe(6);
        expect(shared.peak).toBe(1);
      } finally {
        for (const s of schedulers) await s.stop();
        await other.close();
      }
    },
  );
});

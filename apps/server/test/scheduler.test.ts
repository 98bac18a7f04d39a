import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
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

import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { Scheduler } from '../src/jobs/scheduler.ts';
import { useTestApp } from './member-fixtures.ts';

const ctx = useTestApp();

const log = { info() {}, warn() {}, error() {} } as unknown as ConstructorParameters<typeof Scheduler>[1];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job whose rounds take `ms` and are counted, with the peak of rounds running at once. */
function slowJob(name: string, ms: number, shared = { rounds: 0, running: 0, peak: 0 }) {
  return {
    shared,
    job: {
      name,
      lockKey: 0x7a6c_0f00,
      intervalMs: 3_600_000,
      run: async () => {
        shared.rounds++;
        shared.running++;
        shared.peak = Math.max(shared.peak, shared.running);
        await sleep(ms);
        shared.running--;
        return undefined;
      },
    },
  };
}

describe('the job registry', () => {
  it('a round asked for during a round is the same round; a wake-up during it runs once more after', async () => {
    const s = new Scheduler(ctx.database, log);
    const { job, shared } = slowJob('slow', 150);
    s.register(job);
    expect(() => s.register(job)).toThrow(/twice/);
    // not started: run() works on demand, wake() does nothing
    s.wake('slow');
    await sleep(50);
    expect(shared.rounds).toBe(0);
    const [a, b] = [s.run('slow'), s.run('slow')];
    expect(a).toBe(b);
    expect(await a).toBe(true);
    expect(shared.rounds).toBe(1);

    s.start(); // a first round at once
    await sleep(50);
    s.wake('slow');
    s.wake('slow');
    await sleep(500);
    expect(shared.rounds).toBe(3); // the start's round, then one more for both wake-ups
    expect(shared.peak).toBe(1);
    await s.stop();
    s.wake('slow');
    await sleep(200);
    expect(shared.rounds).toBe(3);
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
      for (const s of schedulers) s.register(slowJob('guarded', 300, shared).job);
      const ran = await Promise.all(schedulers.map((s) => s.run('guarded')));
      expect(ran.sort()).toEqual([false, true]); // the second found the lock taken and skipped
      expect(shared).toMatchObject({ rounds: 1, peak: 1 });
      expect(await schedulers[1]!.run('guarded')).toBe(true); // released after the round
      for (const s of schedulers) await s.stop();
      await other.close();
    },
  );
});

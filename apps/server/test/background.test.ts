// Background work on the embedded database lets requests in between its statements
// (db/background.ts, docs/adr/0011-job-engine.md "Requests first on PGlite").
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground, isBackground } from '../src/db/background.ts';
import { PGLITE_OPTIONS, pgliteDatabase } from '../src/db/client.ts';

const STATEMENTS = 200;

/** Runs `chain` and a timer armed just after it starts: how many statements had run when the timer fired. */
async function timerDuring(
  chain: (done: () => number) => Promise<void>,
): Promise<{ atTimer: number; total: number }> {
  let count = 0;
  let atTimer = -1;
  const running = chain(() => ++count);
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      atTimer = count;
      resolve();
    }, 0),
  );
  await Promise.all([running, timer]);
  return { atTimer, total: count };
}

// The embedded database only: the PostgreSQL server runs statements in its own processes.
describe.skipIf(Boolean(process.env.DATABASE_URL))('background work on PGlite yields to requests', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create(PGLITE_OPTIONS);
    pgliteDatabase(client);
    await client.exec('create table bg_t (id int)');
  });
  afterAll(async () => {
    await client.close();
  });

  it('a chain of foreground statements holds the event loop until it ends; the same chain in the background lets a timer run within it', async () => {
    const foreground = await timerDuring(async (done) => {
      for (let i = 0; i < STATEMENTS; i++) {
        await client.query('select $1::int as n', [i]);
        done();
      }
    });
    expect(foreground).toEqual({ atTimer: STATEMENTS, total: STATEMENTS });

    const background = await timerDuring((done) =>
      inBackground(async () => {
        expect(isBackground()).toBe(true);
        for (let i = 0; i < STATEMENTS; i++) {
          await client.query('select $1::int as n', [i]);
          done();
        }
      }),
    );
    expect(background.total).toBe(STATEMENTS);
    expect(background.atTimer).toBeLessThan(10);
    expect(isBackground()).toBe(false);
  });

  it('inside a background transaction too, and its statements still commit or roll back together', async () => {
    const committed = await timerDuring((done) =>
      inBackground(() =>
        client.transaction(async (tx) => {
          for (let i = 0; i < 50; i++) {
            await tx.query('insert into bg_t values ($1)', [i]);
            done();
          }
        }),
      ),
    );
    expect(committed.total).toBe(50);
    expect(committed.atTimer).toBeLessThan(10);
    await expect(
      inBackground(() =>
        client.transaction(async (tx) => {
          await tx.exec('insert into bg_t values (1000)');
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    const { rows } = await client.query<{ n: number; top: number }>(
      'select count(*)::int as n, max(id)::int as top from bg_t',
    );
    expect(rows[0]).toEqual({ n: 50, top: 49 });
  });

  it('what background work starts later (a timer of it) is background work too', async () => {
    const seen = await inBackground(
      () => new Promise<boolean>((resolve) => setTimeout(() => resolve(isBackground()), 1)),
    );
    expect(seen).toBe(true);
  });
});

// Named statements (db/named-statement.ts; docs/adr/0004-login-critical-path.md, "The server's
// side"): built once, prepared once per connection, run with their values — on the embedded PGlite
// and, with DATABASE_URL, on the PostgreSQL server.

import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { namedStatement } from '../src/db/named-statement.ts';
import { pgErrorCode } from '../src/lib/errors.ts';
import { makeTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const counted = namedStatement<'key' | 'step'>(
  'zl_test_counted',
  sql`insert into rate_counters (key, window_start, count) values (${sql.placeholder('key')}, now(), 1)
    on conflict (key) do update set count = rate_counters.count + ${sql.placeholder('step')}
    returning key, count, count > 2 as many, null as nothing`,
);

describe('namedStatement', () => {
  it('runs with its values each time and answers rows as the database’s text', async () => {
    const { db } = ctx.database;
    expect(await counted.run(db, { key: 'named:a', step: 5 })).toEqual([['named:a', '1', 'f', null]]);
    expect(await counted.run(db, { key: 'named:a', step: 5 })).toEqual([['named:a', '6', 't', null]]);
    expect(await counted.run(db, { key: 'named:b', step: 1 })).toEqual([['named:b', '1', 'f', null]]);
    // a quote in a value is a value, not SQL
    expect(await counted.run(db, { key: "named:'c", step: 1 })).toEqual([["named:'c", '1', 'f', null]]);
  });

  it('a failing run answers the database error and leaves the connection usable', async () => {
    const { db } = ctx.database;
    const divide = namedStatement<'n'>('zl_test_divide', sql`select 1 / ${sql.placeholder('n')}::int as q`);
    const err = await divide.run(db, { n: 0 }).catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('22012');
    expect(await divide.run(db, { n: 1 })).toEqual([['1']]);
    expect(await counted.run(db, { key: 'named:d', step: 1 })).toEqual([['named:d', '1', 'f', null]]);
  });

  it('runs started together each answer their own rows or error, in order, each its own commit', async () => {
    // On PGlite the runs of one turn go to the database in one call (docs/adr/0004-login-critical-path.md,
    // "One call for the statements of a turn"); on the PostgreSQL server they run on the pool.
    const { db, kind } = ctx.database;
    const divide = namedStatement<'n'>('zl_test_divide', sql`select 1 / ${sql.placeholder('n')}::int as q`);
    const client = (db as unknown as { $client: PGlite }).$client;
    // the calls into PGlite that run statements (a Bind message first; a Parse prepares one)
    const calls = kind === 'pglite' ? vi.spyOn(client, 'execProtocolStream') : null;
    const runs = await Promise.allSettled([
      counted.run(db, { key: 'named:g', step: 1 }),
      divide.run(db, { n: 0 }),
      counted.run(db, { key: 'named:h', step: 1 }),
      divide.run(db, { n: 1 }),
      // a statement not prepared yet, beside prepared ones
      namedStatement<'v'>('zl_test_echo', sql`select ${sql.placeholder('v')}::text as v`).run(db, { v: 'x' }),
    ]);
    expect(runs.map((r) => (r.status === 'fulfilled' ? r.value : pgErrorCode(r.reason)))).toEqual([
      [['named:g', '1', 'f', null]],
      '22012',
      [['named:h', '1', 'f', null]],
      [['1']],
      [['x']],
    ]);
    if (calls) {
      const B = 'B'.charCodeAt(0);
      expect(calls.mock.calls.filter(([message]) => message[0] === B)).toHaveLength(1);
      calls.mockRestore();
    }
    // 20 at once on one row: each counted once, atomically — every count from 1 to 20 answered once
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => counted.run(db, { key: 'named:i', step: 1 })),
    );
    expect(counts.map((r) => Number(r[0]![1])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('is refused with a fixed value, a second text for its name, a missing value, or a transaction', async () => {
    expect(() => namedStatement('zl_test_fixed', sql`select ${1}::int`)).toThrow(/placeholder/);
    expect(() => namedStatement('zl_test_counted', sql`select ${sql.placeholder('key')}::text`)).toThrow(
      /two texts/,
    );
    const { db } = ctx.database;
    await expect(counted.run(db, { key: 'named:e' } as never)).rejects.toThrow(/no value for step/);
    await expect(
      db.transaction((tx) => counted.run(tx as never, { key: 'named:f', step: 1 })),
    ).rejects.toThrow(/database handle only/);
  });
});

// Named statements (db/named-statement.ts; docs/adr/0004-login-critical-path.md, "The server's
// side"): built once, prepared once per connection, run with their values — on the embedded PGlite
// and, with DATABASE_URL, on the PostgreSQL server.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

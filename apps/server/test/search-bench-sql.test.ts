// `npm run bench:search` compares the API's newest page with the bare `pg` driver running the same
// list statement (docs/bench/search.md): the statement it runs must be the one the
// server sends, text and values, or the comparison is of two different queries.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { searchListSchema } from '@zl/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.ts';
import { searchList } from '../src/modules/projectcenter/search.service.ts';

interface Sent {
  name?: string;
  text: string;
  values: unknown[];
}

describe("the search bench's bare statement", () => {
  it("is the server's statement for the newest open page, text and values", async () => {
    const bench = (await import(
      pathToFileURL(path.resolve(import.meta.dirname, '../../../bench/search-sql.mjs')).href
    )) as {
      LIST_SQL: string;
      listValues: (memberId: number, countSeconds?: number) => unknown[];
    };
    // a pool that never connects: it records what the server would send
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    const sent: Sent[] = [];
    (pool as unknown as { query: (q: Sent) => Promise<{ rows: unknown[] }> }).query = async (q) => {
      sent.push(q);
      return { rows: [] };
    };
    const db = drizzle(pool, { schema });
    const page = await searchList(db, 7, searchListSchema.parse({}), 30);
    expect(page.rows).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.name).toMatch(/^zl_search_/);
    expect(sent[0]!.text).toBe(bench.LIST_SQL);
    expect(sent[0]!.values).toEqual(bench.listValues(7, 30));
    await pool.end();
  });
});

import type { messages } from '@electric-sql/pglite';
import { type PGlite, protocol } from '@electric-sql/pglite';
import { is, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * Statements prepared once per connection and run by name (docs/adr/0004-login-critical-path.md,
 * "The server's side"): for the hottest writes, whose SQL text never changes. Drizzle builds the
 * text once; each run sends only the values. On the embedded PGlite — whose database work runs on
 * the main thread — a run is one call into it (bind, execute, sync) instead of the six of an
 * unnamed statement, with the plan kept: the login's reservation costs ~0.3 ms there instead of
 * ~2.5 ms. On the PostgreSQL server node-postgres prepares it on each pooled connection once.
 */

/** A value of a statement, or the placeholder that stands for it in a named statement. */
export type Param<T> = T | Placeholder;

/** A row as the database's text, column by column (null: SQL NULL). */
export type TextRow = (string | null)[];

export type StatementValue = string | number | null;

export interface NamedStatement<K extends string> {
  readonly name: string;
  /** Runs it on the database handle (never a transaction: a named statement is its own commit). */
  run(db: Db, values: Record<K, StatementValue>): Promise<TextRow[]>;
}

const dialect = new PgDialect();
/** name → text: a name stands for one text in the process (PostgreSQL refuses a second). */
const texts = new Map<string, string>();

/**
 * A statement named `name` from `query`, whose every value is a `sql.placeholder(key)` (a fixed
 * value would be bound once and for all: refused).
 */
export function namedStatement<K extends string>(name: string, query: SQL): NamedStatement<K> {
  const built = dialect.sqlToQuery(query);
  const keys = built.params.map((p) => {
    if (!is(p, Placeholder)) throw new Error(`namedStatement ${name}: every value must be a placeholder`);
    return String(p.name) as K;
  });
  const known = texts.get(name);
  if (known !== undefined && known !== built.sql) throw new Error(`namedStatement ${name}: two texts`);
  texts.set(name, built.sql);
  const text = built.sql;
  return {
    name,
    async run(db, values) {
      const bound = keys.map((k) => {
        const v = values[k];
        if (v === undefined) throw new Error(`namedStatement ${name}: no value for ${k}`);
        return v === null ? null : String(v);
      });
      const client = (db as { $client?: unknown }).$client;
      if (client instanceof pg.Pool) return runPostgres(client, name, text, bound);
      if (isPglite(client)) return runPglite(client, name, text, bound);
      throw new Error(`namedStatement ${name}: runs on the database handle only`);
    },
  };
}

const asText = (value: string) => value;
const PG_TEXT_TYPES = { getTypeParser: () => asText };

async function runPostgres(pool: pg.Pool, name: string, text: string, values: (string | null)[]) {
  const res = await pool.query<TextRow>({ name, text, values, rowMode: 'array', types: PG_TEXT_TYPES });
  return res.rows;
}

function isPglite(client: unknown): client is PGlite {
  return (
    typeof client === 'object' &&
    client !== null &&
    typeof (client as PGlite).execProtocolStream === 'function' &&
    typeof (client as PGlite)._runExclusiveTransaction === 'function'
  );
}

/** The names parsed on each PGlite instance (one session each: its statements live as long). */
const parsed = new WeakMap<PGlite, Set<string>>();
const { serialize } = protocol;

interface QueuedRun {
  name: string;
  text: string;
  values: (string | null)[];
  resolve: (rows: TextRow[]) => void;
  reject: (err: unknown) => void;
}

/** Runs waiting for the next turn of the event loop, per PGlite instance. */
const queues = new WeakMap<PGlite, QueuedRun[]>();

/**
 * Queued, and sent at the end of this turn of the event loop together with every other named
 * statement queued in it (docs/adr/0004-login-critical-path.md, "One call for the statements of a
 * turn"): each keeps its own implicit transaction and commit (its own Sync) and its place in the
 * order, but they cost one call into the database instead of one each, and the later ones run
 * while its caches are warm.
 */
function runPglite(
  client: PGlite,
  name: string,
  text: string,
  values: (string | null)[],
): Promise<TextRow[]> {
  return new Promise((resolve, reject) => {
    let queue = queues.get(client);
    if (!queue) {
      queue = [];
      queues.set(client, queue);
      setImmediate(() => {
        const batch = queue!;
        queues.delete(client);
        runBatch(client, batch).catch((err: unknown) => {
          for (const run of batch) run.reject(err);
        });
      });
    }
    queue.push({ name, text, values, resolve, reject });
  });
}

/**
 * Under PGlite's own locks (no other query, nor another caller's open transaction, in between):
 * the statements not parsed yet parsed, then for each bind + execute + sync, all in one message.
 * A failing statement answers its error; the ones after it run as they would have alone.
 */
function runBatch(client: PGlite, batch: QueuedRun[]): Promise<void> {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let names = parsed.get(client);
      if (!names) {
        names = new Set();
        parsed.set(client, names);
      }
      const ready: QueuedRun[] = [];
      for (const run of batch) {
        if (!names.has(run.name)) {
          const answer = await client.execProtocolStream(
            concat([serialize.parse({ name: run.name, text: run.text }), serialize.sync()]),
            { throwOnError: false },
          );
          const error = answer.find((m) => m.name === 'error');
          if (error) {
            run.reject(error);
            continue;
          }
          names.add(run.name);
        }
        ready.push(run);
      }
      if (ready.length === 0) return;
      const parts: Uint8Array[] = [];
      for (const run of ready) {
        parts.push(
          serialize.bind({ statement: run.name, values: run.values }),
          serialize.execute({}),
          serialize.sync(),
        );
      }
      const messages = await client.execProtocolStream(concat(parts), { throwOnError: false });
      let at = 0;
      let rows: TextRow[] = [];
      let error: unknown = null;
      for (const m of messages) {
        if (m.name === 'dataRow') rows.push((m as messages.DataRowMessage).fields);
        else if (m.name === 'error') error ??= m;
        else if (m.name === 'readyForQuery') {
          const run = ready[at++];
          if (run) {
            if (error) run.reject(error);
            else run.resolve(rows);
          }
          rows = [];
          error = null;
        }
      }
      for (const run of ready.slice(at)) run.reject(new Error(`namedStatement ${run.name}: no answer`));
    }),
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

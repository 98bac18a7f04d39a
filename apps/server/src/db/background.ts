import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * Background work on the embedded database (docs/adr/0011-job-engine.md, "Requests first on PGlite").
 *
 * PGlite runs each statement in WebAssembly on the main thread, and a chain of statements whose
 * promises resolve one after another never hands the event loop back: the jobs' first rounds right
 * after a start (the outbox, the stage releases, the reconciliation — ≈0.8 s on the demo data) held
 * every request, `/livez` included, until they ended. Work run inside `inBackground` — the jobs'
 * rounds and the job engine — lets the event loop serve what is waiting before each of its
 * statements (one `setImmediate` turn), so a request's statement runs between two of theirs. The
 * PostgreSQL server runs statements elsewhere and needs none of this.
 */
const background = new AsyncLocalStorage<true>();

/** Runs `fn` (and everything it starts, timers included) as background work. */
export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return background.run(true, fn);
}

/** Whether the caller runs as background work. */
export function isBackground(): boolean {
  return background.getStore() === true;
}

/** Before each statement of background work, one turn of the event loop for what is waiting. */
async function turn(): Promise<void> {
  if (background.getStore() === true) await nextTurn();
}

/**
 * Makes `client`'s statements yield to requests when background work runs them: its `query`,
 * `exec` and `transaction` (and the transaction's own `query` and `exec`). Foreground statements
 * run exactly as before.
 */
export function yieldToRequests(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const yielding = (tx: Transaction): Transaction => {
    const wrapped = Object.create(tx) as Transaction;
    wrapped.query = (async (...args: Parameters<Transaction['query']>) => {
      await turn();
      return tx.query(...args);
    }) as Transaction['query'];
    wrapped.exec = async (...args: Parameters<Transaction['exec']>) => {
      await turn();
      return tx.exec(...args);
    };
    return wrapped;
  };
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  client.exec = async (...args: Parameters<PGlite['exec']>) => {
    await turn();
    return exec(...args);
  };
  client.transaction = async <T>(callback: (tx: Transaction) => Promise<T>) => {
    await turn();
    return transaction((tx) => callback(isBackground() ? yielding(tx) : tx));
  };
  return client;
}

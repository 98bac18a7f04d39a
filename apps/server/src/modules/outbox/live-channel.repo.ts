import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The channel of live updates (docs/adr/0007-live-events.md): each process LISTENs on it and
 * its live hub pushes what it hears to the server-sent-event streams it holds. Written with `pg_notify` in the
 * transaction of the change, so it is heard only once that change committed — like the outbox, a
 * word said at commit, so it lives here: tips and projects notify without depending on the hub.
 */
export const LIVE_CHANNEL = 'zl_live';

/** What one notification says; small (a NOTIFY payload must stay under 8000 bytes). */
export type LiveMessage =
  /** new tips of member `m` (their ids; the rows are read on delivery) */
  | { k: 'tip'; m: number; ids: number[] }
  /** member `m` read or deleted tips: the unread count changed */
  | { k: 'unread'; m: number }
  /** project `p` changed (`w`: a new quote, or the project itself); told to members `m` */
  | { k: 'project'; p: number; w: 'quote' | 'project'; s: number; n: number; m: number[] }
  /** thread `t` has a new message, a read, a withdrawal, or was opened (`w`); told to its parties `m` */
  | { k: 'thread'; t: number; w: 'message' | 'read' | 'withdraw' | 'open'; m: number[] };

/** `pg_notify(LIVE_CHANNEL, message)` in `db`'s transaction (delivered at its commit). */
export async function notifyLive(db: DbOrTx, message: LiveMessage): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
}

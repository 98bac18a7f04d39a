import { and, asc, eq, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { outboxDeliveries, outboxEvents } from '../../db/schema/index.ts';
import { inSpan, rememberActiveSpan } from '../../lib/spans.ts';

/** The channel a committed event is announced on (`pg_notify` in the writing transaction). */
export const OUTBOX_CHANNEL = 'zl_outbox';

export interface NewEvent {
  /** `<aggregate>.<what happened>`: project.award, ledger.quote_refund … */
  type: string;
  aggregateType: string;
  aggregateId: string | number;
  /** what handlers need to act; never secrets (it is stored and kept) */
  payload: Record<string, unknown>;
}

/**
 * Writes an event in the caller's transaction `tx`, so it exists exactly when the change it tells
 * about committed, and announces it on OUTBOX_CHANNEL (PostgreSQL delivers the notification at
 * commit, never for a rolled-back transaction). Answers the event id.
 */
export function insertEvent(tx: Tx, event: NewEvent): Promise<number> {
  // A span in the request's trace (docs/operations.md § Traces): the event's type, never its payload or ids.
  const attributes = { 'outbox.event_type': event.type, 'outbox.aggregate_type': event.aggregateType };
  return inSpan(`outbox.record ${event.type}`, attributes, async () => {
    const [row] = await tx
      .insert(outboxEvents)
      .values({
        type: event.type,
        aggregateType: event.aggregateType,
        aggregateId: String(event.aggregateId),
        payload: event.payload,
      })
      .returning({ id: outboxEvents.id });
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(row!.id)})`);
    rememberActiveSpan(row!.id);
    return row!.id;
  });
}

/**
 * Creates the delivery rows of up to `limit` events not yet fanned out: one per handler whose
 * pattern matches the event's type (`handlersOf`). Events are taken `FOR UPDATE SKIP LOCKED`, so
 * processes fanning out at once share the work; an event no handler wants is done at once.
 * Answers how many events were fanned out.
 */
export async function fanOut(tx: Tx, handlersOf: (type: string) => string[], limit: number): Promise<number> {
  const events = await tx
    .select({ id: outboxEvents.id, type: outboxEvents.type })
    .from(outboxEvents)
    .where(isNull(outboxEvents.fannedOutAt))
    .orderBy(asc(outboxEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (events.length === 0) return 0;
  const deliveries = events.flatMap((e) => handlersOf(e.type).map((handler) => ({ eventId: e.id, handler })));
  if (deliveries.length > 0) await tx.insert(outboxDeliveries).values(deliveries).onConflictDoNothing();
  const wanted = new Set(deliveries.map((d) => d.eventId));
  const ids = events.map((e) => e.id);
  await tx.update(outboxEvents).set({ fannedOutAt: sql`now()` }).where(inArray(outboxEvents.id, ids));
  const unwanted = ids.filter((id) => !wanted.has(id));
  if (unwanted.length > 0)
    await tx.update(outboxEvents).set({ doneAt: sql`now()` }).where(inArray(outboxEvents.id, unwanted));
  return events.length;
}

export interface DueDelivery {
  eventId: number;
  handler: string;
  attempts: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The oldest pending delivery due by `cutoff` (from dbNow) for one of `handlers`, row-locked for the rest of
 * `tx` with SKIP LOCKED: while one process delivers an event to a handler, no other process can
 * take the same pair (it skips to the next one), so one handler never gets one event twice at
 * the same time.
 */
export async function claimDue(tx: Tx, handlers: string[], cutoff: string): Promise<DueDelivery | undefined> {
  const [row] = await tx
    .select({
      eventId: outboxDeliveries.eventId,
      handler: outboxDeliveries.handler,
      attempts: outboxDeliveries.attempts,
      type: outboxEvents.type,
      payload: outboxEvents.payload,
      createdAt: outboxEvents.createdAt,
    })
    .from(outboxDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
    .where(
      and(
        eq(outboxDeliveries.status, 'pending'),
        lte(outboxDeliveries.nextAttemptAt, sql`${cutoff}::timestamptz`),
        inArray(outboxDeliveries.handler, handlers),
      ),
    )
    .orderBy(asc(outboxDeliveries.nextAttemptAt), asc(outboxDeliveries.eventId))
    .limit(1)
    .for('update', { of: outboxDeliveries, skipLocked: true });
  return row;
}

/** The delivery succeeded; the event is done when its last delivery is. */
export async function markDelivered(tx: Tx, eventId: number, handler: string): Promise<void> {
  await tx
    .update(outboxDeliveries)
    .set({
      status: 'done',
      attempts: sql`${outboxDeliveries.attempts} + 1`,
      doneAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(outboxDeliveries.eventId, eventId), eq(outboxDeliveries.handler, handler)));
  await tx.execute(sql`
    update outbox_events set done_at = now()
    where id = ${eventId} and done_at is null
      and not exists (select 1 from outbox_deliveries where event_id = ${eventId} and status <> 'done')`);
}

/** The delivery failed: one more attempt, the error, and either the next try or `failed`. */
export async function markAttemptFailed(
  tx: Tx,
  eventId: number,
  handler: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await tx
    .update(outboxDeliveries)
    .set({
      attempts: sql`${outboxDeliveries.attempts} + 1`,
      lastError: error.slice(0, 500),
      updatedAt: sql`now()`,
      ...(retryInMs === null
        ? { status: 'failed' as const }
        : { nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})` }),
    })
    .where(and(eq(outboxDeliveries.eventId, eventId), eq(outboxDeliveries.handler, handler)));
}

/**
 * The database's clock as PostgreSQL text (exact microseconds; a JS Date would cut them and miss
 * a delivery created in the same millisecond). Deliveries fall due by the database's time.
 */
export async function dbNow(db: DbOrTx): Promise<string> {
  const res = (await db.execute(sql`select now()::text as now`)) as unknown as {
    rows: Array<{ now: string }>;
  };
  return res.rows[0]!.now;
}

/** When the next pending delivery for one of `handlers` falls due (null: none pending). */
export async function nextDueAt(db: DbOrTx, handlers: string[]): Promise<Date | null> {
  if (handlers.length === 0) return null;
  const [row] = await db
    .select({ at: min(outboxDeliveries.nextAttemptAt) })
    .from(outboxDeliveries)
    .where(and(eq(outboxDeliveries.status, 'pending'), inArray(outboxDeliveries.handler, handlers)));
  return row?.at ? new Date(row.at) : null;
}

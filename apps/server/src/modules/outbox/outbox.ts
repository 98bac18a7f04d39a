import { type Span, SpanStatusCode } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { inSpan, linksToRecorder } from '../../lib/spans.ts';
import {
  claimDue,
  type DueDelivery,
  dbNow,
  fanOut,
  markAttemptFailed,
  markDelivered,
  nextDueAt,
} from './outbox.repo.ts';

/** An event as a handler receives it. */
export interface OutboxEvent<P = Record<string, unknown>> {
  /** the same on every redelivery: the key by which a handler makes itself idempotent */
  id: number;
  type: string;
  payload: P;
  createdAt: Date;
}

export interface HandlerContext {
  /**
   * The delivery's own transaction (a savepoint of it). Database work done through `tx` commits
   * together with the delivery being marked done, and is undone when the handler throws — so it
   * happens exactly once. Never use the app's db handle inside a handler: on PGlite (one
   * connection) it would wait for this very transaction.
   */
  tx: Tx;
  /** 1 on the first delivery, 2 on the first retry … */
  attempt: number;
  log: FastifyBaseLogger;
}

/**
 * A handler gets every event at least once (a crash after its work but before the commit makes
 * a redelivery): whatever it does outside `ctx.tx` (SMS, a push, a call to another system) must
 * be idempotent by `event.id`. Throwing means "try again later" (with back-off).
 */
export type OutboxHandler<P = Record<string, unknown>> = (
  event: OutboxEvent<P>,
  ctx: HandlerContext,
) => void | Promise<void>;

export interface OutboxOptions {
  /** the wait before retry number `attempt` (1 = after the first failure); default 5 s doubling up to 1 h */
  retryDelayMs?: (attempt: number) => number;
  /** after this many failed attempts the delivery is `failed` and no longer tried; default 20 */
  maxAttempts?: number;
}

export interface DrainResult {
  delivered: number;
  /** failed attempts that will be retried */
  retried: number;
  /** deliveries given up on this round */
  failed: number;
}

export const defaultRetryDelayMs = (attempt: number): number =>
  Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

const NAME_RE = /^[a-z0-9][a-z0-9._:-]{0,63}$/;
const FAN_OUT_BATCH = 200;

interface Registered {
  types: string[];
  fn: OutboxHandler;
}

function matches(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

/** What is logged and kept of a handler's error: its kind and message, never the event. */
function describeError(err: unknown): string {
  // A database error wrapped by drizzle carries the query and its parameters: keep the driver's
  // own message and SQLSTATE only.
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string' && typeof cause.message === 'string')
    return `${cause.code} ${cause.message}`.slice(0, 300);
  if (err instanceof Error) return `${err.name}: ${err.message}`.slice(0, 300);
  return String(err).slice(0, 300);
}

/**
 * The dispatcher of the transactional outbox (docs/adr/0005-transactional-outbox.md). Modules
 * register named handlers with `on`; `drain` delivers everything due. The scheduler runs `drain`
 * as the `outbox` job (woken by LISTEN/NOTIFY after each commit, plus a slow safety poll); tests
 * call it directly.
 */
export class Outbox {
  private readonly handlers = new Map<string, Registered>();
  private readonly retryDelayMs: (attempt: number) => number;
  private readonly maxAttempts: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    opts: OutboxOptions = {},
  ) {
    this.retryDelayMs = opts.retryDelayMs ?? defaultRetryDelayMs;
    this.maxAttempts = opts.maxAttempts ?? 20;
  }

  /**
   * Registers `fn` under a stable `name` (deliveries are recorded per name: renaming a handler
   * makes it a new one) for event types: exact (`project.award`), a prefix (`project.*`) or `*`.
   * A handler receives the events fanned out while it is registered. Answers a function that
   * removes it.
   */
  on<P = Record<string, unknown>>(name: string, types: string | string[], fn: OutboxHandler<P>): () => void {
    if (!NAME_RE.test(name)) throw new Error(`outbox handler name ${name}`);
    if (this.handlers.has(name)) throw new Error(`outbox handler ${name} is registered twice`);
    const entry: Registered = { types: Array.isArray(types) ? types : [types], fn: fn as OutboxHandler };
    this.handlers.set(name, entry);
    return () => {
      if (this.handlers.get(name) === entry) this.handlers.delete(name);
    };
  }

  /** The names of the handlers that want events of `type`. */
  handlersOf(type: string): string[] {
    return [...this.handlers.entries()]
      .filter(([, h]) => h.types.some((p) => matches(p, type)))
      .map(([n]) => n);
  }

  /**
   * Fans out new events and delivers every delivery due now, one transaction each; goes on while
   * new events keep arriving. Safe to run in any number of processes at once (SKIP LOCKED).
   */
  async drain(): Promise<DrainResult> {
    const result: DrainResult = { delivered: 0, retried: 0, failed: 0 };
    for (let pass = 0; ; pass++) {
      let fanned = 0;
      for (;;) {
        const n = await this.db.transaction((tx) => fanOut(tx, (t) => this.handlersOf(t), FAN_OUT_BATCH));
        fanned += n;
        if (n < FAN_OUT_BATCH) break;
      }
      if (pass > 0 && fanned === 0) break;
      // Only what is due now: a retry scheduled during this drain waits for its time.
      const cutoff = await dbNow(this.db);
      while (await this.deliverOne(cutoff, result)) {}
    }
    return result;
  }

  /** When the next retry of a registered handler falls due (null: nothing pending). */
  nextDueAt(): Promise<Date | null> {
    return nextDueAt(this.db, [...this.handlers.keys()]);
  }

  private deliverOne(cutoff: string, result: DrainResult): Promise<boolean> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return Promise.resolve(false);
    return this.db.transaction(async (tx) => {
      const d = await claimDue(tx, names, cutoff);
      if (!d) return false;
      const handler = this.handlers.get(d.handler);
      if (!handler) return true; // removed since: the row stays pending for whoever has it
      const attempt = d.attempts + 1;
      // One span a delivery, a trace of its own linked to the request that recorded the event when
      // this process did (docs/operations.md § Traces).
      const attributes = {
        'outbox.event_type': d.type,
        'outbox.handler': d.handler,
        'outbox.attempt': attempt,
      };
      const options = { root: true, links: linksToRecorder(d.eventId) };
      return inSpan(
        `outbox.deliver ${d.type}`,
        attributes,
        (span) => this.deliver(tx, d, handler, attempt, result, span),
        options,
      );
    });
  }

  /** Runs a claimed delivery's handler in a savepoint of `tx` and records how it went. */
  private async deliver(
    tx: Tx,
    d: DueDelivery,
    handler: Registered,
    attempt: number,
    result: DrainResult,
    span: Span,
  ): Promise<boolean> {
    try {
      await tx.transaction(async (sp) => {
        await handler.fn(toEvent(d), { tx: sp, attempt, log: this.log });
      });
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      const retryInMs = attempt >= this.maxAttempts ? null : this.retryDelayMs(attempt);
      const error = describeError(err);
      await markAttemptFailed(tx, d.eventId, d.handler, error, retryInMs);
      const where = {
        eventId: d.eventId,
        eventType: d.type,
        handler: d.handler,
        attempt,
        retryInMs,
        error,
      };
      if (retryInMs === null) {
        result.failed++;
        this.log.error(where, 'outbox handler failed; giving up');
      } else {
        result.retried++;
        this.log.warn(where, 'outbox handler failed; will retry');
      }
      return true;
    }
    await markDelivered(tx, d.eventId, d.handler);
    result.delivered++;
    return true;
  }
}

function toEvent(d: DueDelivery): OutboxEvent {
  return { id: d.eventId, type: d.type, payload: d.payload, createdAt: new Date(d.createdAt) };
}

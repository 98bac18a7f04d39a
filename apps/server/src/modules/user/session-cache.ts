import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Unlisten } from '../../db/listen.ts';
import type { SessionContext } from './session.service.ts';

/** The channel on which every process hears which sessions ended (docs/members.md § Session cache). */
export const SESSION_CHANNEL = 'zl_session';

/**
 * Live sessions this process read lately, so that a request within `ttlMs` of the last read costs
 * no database round trip (docs/members.md § Session cache). An ended session leaves every
 * process's cache at once: the code that ends it evicts it here and sends `h:<hash>` or
 * `m:<member id>` on SESSION_CHANNEL, which every process LISTENs to (on PostgreSQL through a
 * dedicated connection). The cache answers only while it is listening; when the listener lost its
 * connection it forgets everything and serves nothing until it is back.
 */
export class SessionCache {
  private readonly entries = new Map<string, { ctx: SessionContext; until: number }>();
  private unlisten: Unlisten | null = null;
  private listening = false;

  constructor(
    readonly ttlMs: number,
    private readonly max = 20_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  get(hash: string, now = Date.now()): SessionContext | null {
    if (!this.enabled) return null;
    const e = this.entries.get(hash);
    if (!e) return null;
    if (e.until <= now) {
      this.entries.delete(hash);
      return null;
    }
    return e.ctx;
  }

  set(ctx: SessionContext, now = Date.now()): void {
    if (!this.enabled) return;
    if (this.entries.size >= this.max) {
      // the oldest insertion goes first (a Map iterates in insertion order)
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(ctx.sessionHash, { ctx, until: now + this.ttlMs });
  }

  evictHash(hash: string): void {
    this.entries.delete(hash);
  }

  evictMember(memberId: number): void {
    for (const [hash, e] of this.entries) if (e.ctx.memberId === memberId) this.entries.delete(hash);
  }

  /** What a notification on SESSION_CHANNEL says: `h:<hash>` or `m:<member id>`. */
  apply(payload: string): void {
    if (payload.startsWith('h:')) this.evictHash(payload.slice(2));
    else if (payload.startsWith('m:')) {
      const id = Number(payload.slice(2));
      if (Number.isSafeInteger(id)) this.evictMember(id);
    } else this.entries.clear();
  }

  /** Starts listening (at the app's start); until then, and when it fails, nothing is cached. */
  async start(database: Database, log: FastifyBaseLogger): Promise<void> {
    if (this.ttlMs <= 0) return;
    try {
      this.unlisten = await database.listen(
        SESSION_CHANNEL,
        (n) => {
          // back after a lost connection: what ended meanwhile was not heard
          if (n.reconnected) {
            this.entries.clear();
            this.listening = true;
          } else this.apply(n.payload);
        },
        (err) => {
          this.listening = false;
          this.entries.clear();
          log.warn({ err }, 'session cache listener failed; sessions are read from the database');
        },
      );
      this.listening = true;
    } catch (err) {
      log.warn({ err }, 'session cache not started; sessions are read from the database');
    }
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.entries.clear();
    const off = this.unlisten;
    this.unlisten = null;
    if (off) await off().catch(() => {});
  }
}

import type { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Unlisten } from '../../db/listen.ts';
import { AppError } from '../../lib/errors.ts';
import { unreadMessagesOf } from '../conversation/conversation.repo.ts';
import { LIVE_CHANNEL, type LiveMessage } from '../outbox/live-channel.repo.ts';
import type { TipRow } from '../tip/tip.repo.ts';
import { tipView, unreadOf } from '../tip/tip.service.ts';
import { liveSessionHashes, tipsByIds } from './live.repo.ts';

export interface LiveOptions {
  /** open streams one member may hold in this process (tabs); more answer RATE_LIMITED */
  perMember: number;
  /** open streams this process holds at most */
  maxStreams: number;
  /** a comment line this often keeps proxies from closing an idle stream; streams whose session ended are closed then */
  heartbeatMs: number;
  /** a stream is ended after about this long (± 10 %): the browser reconnects through the guard again */
  lifetimeMs: number;
}

export const LIVE_DEFAULTS: LiveOptions = {
  perMember: 10,
  maxStreams: 10_000,
  heartbeatMs: 25_000,
  lifetimeMs: 3_600_000,
};

/** How long the browser waits before it reconnects (the `retry:` field). */
export const RETRY_MS = 3000;
/** A stream whose client stopped reading and has this much waiting is dropped. */
const MAX_BUFFERED = 512 * 1024;

/** One open event stream of a member. */
export interface LiveStream {
  memberId: number;
  /** the session it was opened with: when it ends (logout, password change), so does the stream */
  sessionHash: string;
  /** the highest tip id sent (the SSE `id:`); a reconnect resumes after it */
  lastId: number;
  out: PassThrough;
  endsAt: number;
  /** tip ids sent lately: a tip that committed out of id order is still sent once */
  recent: number[];
}

/** One server-sent event; `data` is JSON on one line. */
export function sseFrame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The live streams of one server process (docs/adr/0007-live-events.md): member id → its open
 * streams. It LISTENs on LIVE_CHANNEL (a dedicated connection on PostgreSQL, so a change made by
 * any process reaches the streams of every process; PGlite's own notifications in-process) from
 * the first stream on, and sends each notification to the streams of the members it names.
 */
export class LiveHub {
  private readonly members = new Map<number, Set<LiveStream>>();
  private count = 0;
  private unlisten: Unlisten | null = null;
  private listening: Promise<void> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    readonly options: LiveOptions = LIVE_DEFAULTS,
  ) {}

  /** Open streams held by this process. */
  get size(): number {
    return this.count;
  }

  /** Streams a member holds here. */
  streamsOf(memberId: number): number {
    return this.members.get(memberId)?.size ?? 0;
  }

  /** Refuses a new stream over the caps (before anything is written). */
  admit(memberId: number): void {
    if (this.stopped) throw new AppError('RATE_LIMITED', { message: '服务正在重启，请稍后刷新页面' });
    if (this.streamsOf(memberId) >= this.options.perMember)
      throw new AppError('RATE_LIMITED', {
        message: `同一账号最多同时打开 ${this.options.perMember} 个实时连接，请关闭一些页面后刷新`,
      });
    if (this.count >= this.options.maxStreams)
      throw new AppError('RATE_LIMITED', { message: '实时连接已满，请稍后刷新页面' });
  }

  /** Starts listening (once); resolves when notifications are heard. */
  ready(): Promise<void> {
    this.listening ??= this.database
      .listen(
        LIVE_CHANNEL,
        (n) => {
          if (n.reconnected) this.resyncAll();
          else this.deliver(n.payload);
        },
        (err) => this.log.warn({ err }, 'live listener failed'),
      )
      .then((off) => {
        if (this.stopped) void off().catch(() => {});
        else this.unlisten = off;
      })
      .catch((err) => {
        // the next stream tries again; until then streams only get their replay and heartbeats
        this.listening = null;
        throw err;
      });
    this.heartbeat ??= setInterval(() => void this.tick(), this.options.heartbeatMs);
    this.heartbeat.unref();
    return this.listening;
  }

  add(stream: LiveStream): void {
    let set = this.members.get(stream.memberId);
    if (!set) {
      set = new Set();
      this.members.set(stream.memberId, set);
    }
    set.add(stream);
    this.count++;
    stream.out.once('close', () => this.remove(stream));
  }

  remove(stream: LiveStream): void {
    const set = this.members.get(stream.memberId);
    if (!set?.delete(stream)) return;
    this.count--;
    if (set.size === 0) this.members.delete(stream.memberId);
  }

  /** Writes to one stream; a client that stopped reading is dropped (it reconnects and resumes). */
  write(stream: LiveStream, frame: string): void {
    if (stream.out.destroyed) return;
    if (stream.out.writableLength > MAX_BUFFERED) {
      stream.out.destroy();
      return;
    }
    stream.out.write(frame);
  }

  /** Sends tips to a stream, each once, with the stream's highest tip id as the event id. */
  sendTips(stream: LiveStream, rows: TipRow[], unread: number, frames?: string[]): void {
    rows.forEach((r, i) => {
      if (stream.recent.includes(r.id)) return;
      stream.recent.push(r.id);
      if (stream.recent.length > 64) stream.recent.shift();
      // the usual case (the newest tip): the frame made once for all the member's streams
      const frame = r.id > stream.lastId ? frames?.[i] : undefined;
      stream.lastId = Math.max(stream.lastId, r.id);
      this.write(stream, frame ?? sseFrame('tip', { tip: tipView(r), unread }, stream.lastId));
    });
  }

  /** Ends every stream and stops listening (the app's close). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    // the last frame tells the browser when to come back (another process, or this one restarted)
    for (const set of this.members.values()) for (const s of set) s.out.end(`retry: ${RETRY_MS}\n\n`);
    this.members.clear();
    this.count = 0;
    await this.listening?.catch(() => {});
    const off = this.unlisten;
    this.unlisten = null;
    await off?.().catch(() => {});
  }

  /** Heartbeat round: a comment to every stream; streams past their lifetime or session end. */
  tick(): Promise<void> {
    const now = Date.now();
    const hashes = new Set<string>();
    for (const set of this.members.values())
      for (const s of set) {
        if (now >= s.endsAt) s.out.end();
        else {
          this.write(s, ': ping\n\n');
          hashes.add(s.sessionHash);
        }
      }
    if (hashes.size === 0) return Promise.resolve();
    return liveSessionHashes(this.database.db, [...hashes]).then(
      (live) => {
        for (const set of this.members.values())
          for (const s of set) if (!live.has(s.sessionHash)) s.out.end();
      },
      (err) => this.log.warn({ err }, 'live session check failed'),
    );
  }

  /** The LISTEN connection was lost and is back: what was said meanwhile is unknown. */
  private resyncAll(): void {
    for (const set of this.members.values()) for (const s of set) this.write(s, sseFrame('resync', {}));
  }

  private deliver(payload: string): void {
    let msg: LiveMessage;
    try {
      msg = JSON.parse(payload) as LiveMessage;
    } catch {
      this.log.warn('live notification that is not JSON ignored');
      return;
    }
    this.dispatch(msg).catch((err) => this.log.warn({ err, kind: msg.k }, 'live delivery failed'));
  }

  /** Sends one notification to this process's streams of the members it names. */
  async dispatch(msg: LiveMessage): Promise<void> {
    const db = this.database.db;
    if (msg.k === 'project') {
      const data = { id: msg.p, what: msg.w, status: msg.s, quotes: msg.n };
      for (const m of new Set(msg.m)) {
        const set = this.members.get(m);
        if (set) for (const s of set) this.write(s, sseFrame('project', data));
      }
      return;
    }
    if (msg.k === 'thread') {
      for (const m of new Set(msg.m)) {
        if (!this.members.has(m)) continue;
        // the member's unread messages now: the header badge beside the tips
        const messages = await unreadMessagesOf(db, m);
        const frame = sseFrame('thread', { threadId: msg.t, what: msg.w, messages });
        for (const s of this.members.get(m) ?? []) this.write(s, frame);
      }
      return;
    }
    if (!this.members.has(msg.m)) return;
    if (msg.k === 'unread') {
      const unread = await unreadOf(db, msg.m);
      for (const s of this.members.get(msg.m) ?? []) this.write(s, sseFrame('unread', { unread }));
      return;
    }
    if (msg.k === 'tip') {
      const ids = msg.ids.filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, 100);
      const [rows, unread] = await Promise.all([tipsByIds(db, msg.m, ids), unreadOf(db, msg.m)]);
      const frames = rows.map((r) => sseFrame('tip', { tip: tipView(r), unread }, r.id));
      for (const s of this.members.get(msg.m) ?? []) this.sendTips(s, rows, unread, frames);
    }
  }
}

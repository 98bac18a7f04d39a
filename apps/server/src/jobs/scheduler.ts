import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Unlisten } from '../db/listen.ts';
import { revealEndedWindows } from '../modules/evaluation/evaluation.service.ts';
import { OUTBOX_CHANNEL } from '../modules/outbox/outbox.repo.ts';
import type { Outbox } from '../modules/outbox/outbox.ts';
import { type PaymentDeps, reconcile } from '../modules/payment/payment.service.ts';
import { autoAcceptReports } from '../modules/report/report.service.ts';
import { expireProjects } from './expire-projects.ts';
import { releaseJobLock, tryJobLock } from './job-lock.repo.ts';

/** pg advisory lock keys, one per job ("zl" 0x7a6c, job number). */
export const EXPIRE_LOCK_KEY = 0x7a6c_0001;
export const OUTBOX_LOCK_KEY = 0x7a6c_0002;
export const RECONCILE_LOCK_KEY = 0x7a6c_0101;
export const AUTO_ACCEPT_LOCK_KEY = 0x7a6c_0201;
export const REVEAL_LOCK_KEY = 0x7a6c_0202;

export const EXPIRE_JOB = 'expire-projects';
export const OUTBOX_JOB = 'outbox';
export const RECONCILE_JOB = 'reconcile-payments';
export const AUTO_ACCEPT_JOB = 'auto-accept-reports';
export const REVEAL_JOB = 'reveal-evaluations';
/** How often reports past AUTO_ACCEPT_DAYS are looked for (docs/delivery-report.md). */
export const AUTO_ACCEPT_INTERVAL_MS = 10 * 60_000;
/** How often pending Alipay orders and unconfirmed refunds are looked at (docs/payments.md). */
export const RECONCILE_INTERVAL_MS = 60_000;
/** The outbox's safety poll: notifications wake it at once, this only catches what they miss. */
export const OUTBOX_POLL_MS = 30_000;

export interface Job {
  name: string;
  /** pg advisory lock key: of N processes, one runs a round of this job at a time */
  lockKey: number;
  /** how often a round runs once the scheduler is started */
  intervalMs: number;
  /** a round also starts on every notification of this channel (LISTEN), and after a reconnect */
  wakeOn?: string;
  /** one round; may ask for the next one sooner than `intervalMs` */
  run(): Promise<undefined | { nextInMs?: number | null }>;
}

interface JobState {
  job: Job;
  running: Promise<boolean> | null;
  /** a wake-up came during a round: run once more after it */
  again: boolean;
  interval: NodeJS.Timeout | null;
  soon: NodeJS.Timeout | null;
  unlisten: Unlisten | null;
  /** a LISTEN being set up */
  listening: boolean;
}

/**
 * The registry of scheduled work of a server process (expiry, outbox dispatch, payment
 * reconciliation, auto-acceptance of reports, revealing evaluations: `createScheduler` below). `buildApp` creates it without starting it,
 * so tests and tools stay quiet; `server.ts` starts it (JOBS_ENABLED) and the app's close stops
 * it, waiting for rounds in progress. Every round is guarded: one at a time per job in a process
 * (a round asked for while one runs is not doubled) and, on PostgreSQL, one at a time among all
 * processes — a session advisory lock per job, taken with `pg_try_advisory_lock` on a dedicated
 * pooled connection (a process that does not get it skips the round; the holder is woken by the
 * same notifications and runs again). At most half the pool's connections hold job locks at once.
 */
export class Scheduler {
  private readonly jobs = new Map<string, JobState>();
  private started = false;
  /** rounds holding a lock connection now, and rounds waiting for a place (PostgreSQL only) */
  private holding = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    const state: JobState = {
      job,
      running: null,
      again: false,
      interval: null,
      soon: null,
      unlisten: null,
      listening: false,
    };
    this.jobs.set(job.name, state);
    if (this.started) this.arm(state);
  }

  /** One guarded round of `name` now; false when another process holds the job's lock. */
  run(name: string): Promise<boolean> {
    const state = this.state(name);
    state.running ??= this.round(state).finally(() => {
      state.running = null;
      if (state.again && this.started) {
        state.again = false;
        this.wake(name);
      }
    });
    return state.running;
  }

  /** Asks for a round of `name` soon (only once started); one asked during a round runs after it. */
  wake(name: string): void {
    const state = this.state(name);
    if (!this.started) return;
    if (state.running) {
      state.again = true;
      return;
    }
    this.run(name).catch((err) => this.log.warn({ err, job: name }, 'job round failed'));
  }

  /** Starts every job's timer (and LISTEN), and a first round of each. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const state of this.jobs.values()) this.arm(state);
  }

  /** Stops timers and listeners and waits for rounds in progress. */
  async stop(): Promise<void> {
    this.started = false;
    for (const state of this.jobs.values()) {
      if (state.interval) clearInterval(state.interval);
      if (state.soon) clearTimeout(state.soon);
      state.interval = state.soon = null;
      state.again = false;
    }
    await Promise.all(
      [...this.jobs.values()].map(async (state) => {
        const off = state.unlisten;
        state.unlisten = null;
        await off?.().catch(() => {});
        await state.running?.catch(() => {});
      }),
    );
  }

  private state(name: string): JobState {
    const state = this.jobs.get(name);
    if (!state) throw new Error(`no job ${name}`);
    return state;
  }

  private arm(state: JobState): void {
    const { name } = state.job;
    state.interval = setInterval(() => {
      if (state.job.wakeOn && !state.unlisten && !state.listening) this.listen(state);
      this.wake(name);
    }, state.job.intervalMs);
    state.interval.unref();
    if (state.job.wakeOn) this.listen(state);
    this.wake(name);
  }

  /** LISTEN on the job's channel; when that fails the poll goes on and tries again each tick. */
  private listen(state: JobState): void {
    const { name, wakeOn } = state.job;
    if (!wakeOn) return;
    state.listening = true;
    this.database
      .listen(
        wakeOn,
        () => this.wake(name),
        (err) => this.log.warn({ err, job: name }, 'job listener failed'),
      )
      .then(
        (off) => {
          if (this.started) state.unlisten = off;
          else off().catch(() => {});
        },
        (err) => this.log.error({ err, job: name }, 'job LISTEN failed; polling until it works'),
      )
      .finally(() => {
        state.listening = false;
      });
  }

  private async round(state: JobState): Promise<boolean> {
    const { job } = state;
    const pool = this.database.pool;
    if (!pool) {
      await this.work(state);
      return true;
    }
    // A round holds one pooled connection for its lock while its work takes others: at most half
    // the pool's connections hold locks, so the work of the rounds running always finds one
    // (five jobs starting together on a pool of five would otherwise wait on each other forever).
    const max = Math.max(1, Math.floor((pool.options.max ?? 10) / 2));
    if (this.holding >= max) await new Promise<void>((go) => this.waiting.push(go));
    this.holding++;
    try {
      return await this.lockedRound(state, pool);
    } finally {
      this.holding--;
      this.waiting.shift()?.();
    }
  }

  private async lockedRound(state: JobState, pool: NonNullable<Database['pool']>): Promise<boolean> {
    const { job } = state;
    const client = await pool.connect();
    try {
      if (!(await tryJobLock(client, job.lockKey))) return false;
      try {
        await this.work(state);
      } finally {
        await releaseJobLock(client, job.lockKey);
      }
      return true;
    } finally {
      client.release();
    }
  }

  private async work(state: JobState): Promise<void> {
    const out = await state.job.run();
    const nextInMs = out?.nextInMs;
    if (state.soon) clearTimeout(state.soon);
    state.soon = null;
    if (nextInMs !== null && nextInMs !== undefined && this.started && nextInMs < state.job.intervalMs) {
      // at least a second: a delivery another process holds is due too, and must not make a spin
      state.soon = setTimeout(() => this.wake(state.job.name), Math.max(1000, nextInMs));
      state.soon.unref();
    }
  }
}

/** The scheduler of a server process with the platform's jobs registered (not started). */
export function createScheduler(opts: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  outbox: Outbox;
  /** the payment module's wiring; no reconciliation job without it */
  payment?: PaymentDeps;
}): Scheduler {
  const { database, config, log, outbox, payment } = opts;
  const scheduler = new Scheduler(database, log);
  scheduler.register({
    name: EXPIRE_JOB,
    lockKey: EXPIRE_LOCK_KEY,
    intervalMs: config.jobs.expireIntervalMs,
    run: async () => {
      const r = await expireProjects(database.db, {
        onError: (projectId, err) => log.error({ err, projectId }, 'expire project failed'),
      });
      if (r.expired) log.info(r, 'projects expired');
      return undefined;
    },
  });
  scheduler.register({
    name: OUTBOX_JOB,
    lockKey: OUTBOX_LOCK_KEY,
    intervalMs: OUTBOX_POLL_MS,
    wakeOn: OUTBOX_CHANNEL,
    run: async () => {
      const r = await outbox.drain();
      if (r.retried || r.failed) log.info(r, 'outbox round');
      // A retry falls due between polls: come back for it then.
      const next = await outbox.nextDueAt();
      return { nextInMs: next ? next.getTime() - Date.now() : null };
    },
  });
  if (payment?.alipay) {
    scheduler.register({
      name: RECONCILE_JOB,
      lockKey: RECONCILE_LOCK_KEY,
      intervalMs: RECONCILE_INTERVAL_MS,
      run: async () => {
        const r = await reconcile(payment);
        if (r.settled || r.closed || r.refunds || r.failed) log.info(r, 'payment reconciliation');
        return undefined;
      },
    });
  }
  scheduler.register({
    name: AUTO_ACCEPT_JOB,
    lockKey: AUTO_ACCEPT_LOCK_KEY,
    intervalMs: AUTO_ACCEPT_INTERVAL_MS,
    run: async () => {
      const r = await autoAcceptReports(database.db, {
        days: config.marketplace.autoAcceptDays,
        commissionBp: config.marketplace.platformCommissionBp,
        onError: (projectId, err) => log.error({ err, projectId }, 'auto-accept report failed'),
      });
      if (r.accepted || r.failed) log.info(r, 'reports auto-accepted');
      return undefined;
    },
  });
  // Evaluations whose window ended alone become public; both parties get a tip (docs/messages.md).
  scheduler.register({
    name: REVEAL_JOB,
    lockKey: REVEAL_LOCK_KEY,
    intervalMs: AUTO_ACCEPT_INTERVAL_MS,
    run: async () => {
      const revealed = await revealEndedWindows(database.db);
      if (revealed) log.info({ revealed }, 'evaluations revealed at the end of their window');
      return undefined;
    },
  });
  return scheduler;
}

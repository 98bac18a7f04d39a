import { CronExpressionParser } from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../config/env.ts';
import { inBackground } from '../db/background.ts';
import type { Database } from '../db/client.ts';
import type { Unlisten } from '../db/listen.ts';
import { nudgeRound } from '../modules/conversation/conversation-nudge.ts';
import { revealEndedWindows } from '../modules/evaluation/evaluation.service.ts';
import { type NoticeRoundDeps, noticeRound } from '../modules/notice/notice-send.ts';
import { OUTBOX_CHANNEL } from '../modules/outbox/outbox.repo.ts';
import type { Outbox } from '../modules/outbox/outbox.ts';
import { type PaymentDeps, reconcile, releaseRules } from '../modules/payment/payment.service.ts';
import { reminderRound } from '../modules/reminder/reminder.service.ts';
import { autoAcceptReports } from '../modules/report/report.service.ts';
import { autoConfirmRound } from '../modules/site/site.service.ts';
import { stageRound } from '../modules/stage/stage.service.ts';
import { backupRound } from './backup-job.ts';
import { createEngine, cronEvery, DEAD_LETTER_QUEUE, DEFAULT_ENGINE, type EngineSettings } from './engine.ts';
import { expireProjects } from './expire-projects.ts';
import { releaseJobLock, tryJobLock } from './job-lock.repo.ts';
import { LEDGER_CHECK_CRON, LedgerCheck } from './ledger-check.ts';

/** pg advisory lock keys, one per job ("zl" 0x7a6c, job number). */
export const EXPIRE_LOCK_KEY = 0x7a6c_0001;
export const OUTBOX_LOCK_KEY = 0x7a6c_0002;
export const RECONCILE_LOCK_KEY = 0x7a6c_0101;
export const AUTO_ACCEPT_LOCK_KEY = 0x7a6c_0201;
export const REVEAL_LOCK_KEY = 0x7a6c_0202;
export const STAGE_LOCK_KEY = 0x7a6c_0203;
export const NUDGE_LOCK_KEY = 0x7a6c_0204;
export const NOTICE_LOCK_KEY = 0x7a6c_0205;
export const REMINDER_LOCK_KEY = 0x7a6c_0206;
export const SITE_LOCK_KEY = 0x7a6c_0207;
export const BACKUP_LOCK_KEY = 0x7a6c_0301;
export const LEDGER_CHECK_LOCK_KEY = 0x7a6c_0302;

export const EXPIRE_JOB = 'expire-projects';
export const OUTBOX_JOB = 'outbox';
export const RECONCILE_JOB = 'reconcile-payments';
export const AUTO_ACCEPT_JOB = 'auto-accept-reports';
export const REVEAL_JOB = 'reveal-evaluations';
export const STAGE_JOB = 'stage-releases';
export const NUDGE_JOB = 'message-nudge';
export const NOTICE_JOB = 'notices';
export const REMINDER_JOB = 'reminders';
export const SITE_JOB = 'site-confirm';
export const BACKUP_JOB = 'backup';
export const LEDGER_CHECK_JOB = 'ledger-check';
/** How often deadlines are looked at for their T-7 / T-3 / T-1 reminders (docs/show-dates.md). */
export const REMINDER_INTERVAL_MS = 10 * 60_000;
/** How often due notices (SMS, WeChat) are sent (docs/notices.md). */
export const NOTICE_INTERVAL_MS = 60_000;
/** How often unread messages are looked at for an offline SMS nudge (docs/conversation.md "Offline"). */
export const NUDGE_INTERVAL_MS = 60_000;
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
  /**
   * how often a round runs once the scheduler is started: a schedule of the job engine (one run per
   * tick among all processes, ADR 0011) for a timed job; a timer of this process for a job that
   * wakes on a channel
   */
  intervalMs: number;
  /** a round also starts on every notification of this channel (LISTEN), and after a reconnect */
  wakeOn?: string;
  /**
   * a job on a calendar instead (the scheduled backup): its rounds run at this cron expression's
   * times in `tz`, one among all processes, and none at start; `intervalMs` is then the usual gap
   * between two of them (the metrics' job lag)
   */
  cron?: { expression: string; tz: string };
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
  /** the job's queue, schedule and worker being set up on the engine */
  scheduled: Promise<void> | null;
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
 *
 * When started, a timed job (no `wakeOn`, a minute or longer) is timed by the job engine (pg-boss, ADR 0011): a cron
 * schedule makes one run per tick among all processes, a `stately` queue keeps at most one
 * waiting and one running, the worker of one process runs the round, a round that throws is
 * retried with back-off and lands in `jobs-dead` after its last retry. A job that wakes on a
 * channel (the outbox) keeps its LISTEN and timer in each process (ADR 0011: why). When the
 * engine cannot start, timed jobs fall back to timers of this process, and the log says so.
 */
export class Scheduler {
  private readonly jobs = new Map<string, JobState>();
  private started = false;
  /** rounds holding a lock connection now, and rounds waiting for a place (PostgreSQL only) */
  private holding = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly engineSettings: EngineSettings | null;
  /** the engine of this process while started; resolves null when there is none (timers then) */
  private engine: Promise<PgBoss | null> | null = null;
  /** per job: rounds run here and when the last one ended well (the metrics, docs/operations.md § Metrics) */
  private readonly rounds = new Map<string, { ok: number; failed: number; lastOkAt: number | null }>();
  /** what this process's last ledger check found (the metrics) */
  readonly ledgerCheck = new LedgerCheck();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    /** the job engine's settings (tests shorten them); false: timers of this process only */
    engine: Partial<EngineSettings> | false = {},
  ) {
    this.engineSettings = engine === false ? null : { ...DEFAULT_ENGINE, ...engine };
  }

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
      scheduled: null,
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

  /**
   * Asks the engine for one run of the timed job `name` now: whichever process's worker takes it
   * runs the round, once among all processes. False when there is no engine (not started, or it
   * failed) or a run is already waiting.
   */
  async send(name: string): Promise<boolean> {
    this.state(name);
    const boss = await this.engine;
    if (!boss) return false;
    return (await boss.send(name)) !== null;
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

  /** Starts the engine, every job's schedule or timer (and LISTEN), and a first round of each. */
  start(): void {
    if (this.started) return;
    this.started = true;
    // the engine's statements, and those of its timers, are background work too (db/background.ts)
    this.engine = inBackground(() => this.startEngine());
    for (const state of this.jobs.values()) this.arm(state);
  }

  /**
   * One round of each job that `start` gives a first round (every job but those on a calendar),
   * one after another, without starting anything: what the first seconds after a start would do,
   * done ahead (the demo template, docs/adr/0018-demo-template.md § Start time).
   */
  async runFirstRounds(): Promise<void> {
    for (const state of this.jobs.values()) if (!state.job.cron) await this.run(state.job.name);
  }

  /** Resolves once the timed jobs are scheduled (on the engine, or on timers when it failed). */
  async ready(): Promise<void> {
    await this.engine;
    await Promise.all([...this.jobs.values()].map((s) => s.scheduled));
  }

  /** Stops the engine, timers and listeners and waits for rounds in progress. */
  async stop(): Promise<void> {
    this.started = false;
    for (const state of this.jobs.values()) {
      if (state.interval) clearInterval(state.interval);
      if (state.soon) clearTimeout(state.soon);
      state.interval = state.soon = null;
      state.again = false;
    }
    const engine = this.engine;
    this.engine = null;
    await Promise.all([...this.jobs.values()].map((s) => s.scheduled));
    // its workers' rounds finish first (graceful); the database is the app's and stays open
    await (await engine)?.stop({ graceful: true, close: false, timeout: 30_000 }).catch((err: unknown) => {
      this.log.warn({ err }, 'job engine stop failed');
    });
    await Promise.all(
      [...this.jobs.values()].map(async (state) => {
        state.scheduled = null;
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
    if (state.job.cron) {
      // on its calendar only: the engine's schedule, or a timer to the next time without an engine
      state.scheduled = this.engine ? this.schedule(state, this.engine) : null;
      if (!this.engine) this.armCronTimer(state);
      return;
    }
    if (!state.job.wakeOn && this.engine && cronEvery(state.job.intervalMs)) {
      // a timed job: a first round now, then the engine's schedule (or timers, without an engine)
      state.scheduled = this.schedule(state, this.engine);
      this.wake(name);
      return;
    }
    this.armTimer(state);
    if (state.job.wakeOn) this.listen(state);
    this.wake(name);
  }

  private armTimer(state: JobState): void {
    const { name } = state.job;
    state.interval = setInterval(() => {
      if (state.job.wakeOn && !state.unlisten && !state.listening) this.listen(state);
      this.wake(name);
    }, state.job.intervalMs);
    state.interval.unref();
  }

  /** A timer of this process to the cron job's next time (when the engine cannot schedule it). */
  private armCronTimer(state: JobState): void {
    const cron = state.job.cron;
    if (!cron || !this.started) return;
    const next = nextCronTime(cron, new Date());
    // a timer's delay is at most ~24.8 days: a later time is reached in steps
    const delay = Math.min(next.getTime() - Date.now(), 2 ** 31 - 1);
    state.interval = setTimeout(
      () => {
        state.interval = null;
        if (Date.now() >= next.getTime() - 1000) this.wake(state.job.name);
        this.armCronTimer(state);
      },
      Math.max(1000, delay),
    );
    state.interval.unref();
  }

  private async startEngine(): Promise<PgBoss | null> {
    const boss = this.engineSettings && createEngine(this.database, this.engineSettings);
    if (!boss) return null;
    boss.on('error', (err) => this.log.warn({ err }, 'job engine error'));
    boss.on('warning', (warning) => this.log.warn({ warning }, 'job engine warning'));
    try {
      await boss.start();
      await boss.createQueue(DEAD_LETTER_QUEUE);
      return boss;
    } catch (err) {
      this.log.error({ err }, 'job engine failed to start; timed jobs run on timers of this process');
      await boss.stop({ graceful: false, close: false }).catch(() => {});
      return null;
    }
  }

  /**
   * A timed job on the engine: its queue (`stately`: at most one run waiting and one running
   * among all processes; retries with back-off, then the dead-letter queue), its cron schedule
   * (one run per tick, whichever process's clock fires it) and this process's worker.
   */
  private async schedule(state: JobState, engine: Promise<PgBoss | null>): Promise<void> {
    const { name, intervalMs, cron } = state.job;
    const boss = await engine;
    if (!this.started) return;
    if (!boss) {
      if (cron) this.armCronTimer(state);
      else this.armTimer(state);
      return;
    }
    const settings = this.engineSettings!;
    try {
      const retry = {
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        deadLetter: DEAD_LETTER_QUEUE,
      };
      await boss.createQueue(name, { policy: 'stately', retryDelayMax: 600, ...retry });
      await boss.updateQueue(name, retry); // a queue made by an older deploy takes today's settings
      if (cron) await boss.schedule(name, cron.expression, null, { tz: cron.tz });
      else await boss.schedule(name, cronEvery(intervalMs)!);
      if (!this.started) return;
      await boss.work(name, { pollingIntervalSeconds: settings.pollingIntervalSeconds }, async () => {
        if (this.started) await this.run(name);
      });
    } catch (err) {
      this.log.error({ err, job: name }, 'job schedule failed; the job runs on a timer of this process');
      if (this.started) {
        if (cron) this.armCronTimer(state);
        else this.armTimer(state);
      }
    }
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

  /** Rounds of each registered job run in this process: how many ended well or threw, and when the last good one ended. */
  roundStats(): Array<{
    job: string;
    intervalMs: number;
    ok: number;
    failed: number;
    lastOkAt: number | null;
  }> {
    return [...this.jobs.values()].map(({ job }) => ({
      job: job.name,
      intervalMs: job.intervalMs,
      ...(this.rounds.get(job.name) ?? { ok: 0, failed: 0, lastOkAt: null }),
    }));
  }

  private async work(state: JobState): Promise<void> {
    const stats = this.rounds.get(state.job.name) ?? { ok: 0, failed: 0, lastOkAt: null };
    this.rounds.set(state.job.name, stats);
    let out: Awaited<ReturnType<Job['run']>>;
    try {
      // on the embedded database its statements let requests in between them (db/background.ts)
      out = await inBackground(() => state.job.run());
    } catch (err) {
      stats.failed++;
      throw err;
    }
    stats.ok++;
    stats.lastOkAt = Date.now();
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

/** The first time after `after` that the cron expression names, in its zone. */
export function nextCronTime(cron: { expression: string; tz: string }, after: Date): Date {
  return CronExpressionParser.parse(cron.expression, { tz: cron.tz, currentDate: after }).next().toDate();
}

/** The usual gap between two of the cron expression's times (from `from`): what its job lag is measured by. */
export function cronIntervalMs(cron: { expression: string; tz: string }, from = new Date()): number {
  const it = CronExpressionParser.parse(cron.expression, { tz: cron.tz, currentDate: from });
  const a = it.next().getTime();
  const b = it.next().getTime();
  return b - a;
}

/** The scheduler of a server process with the platform's jobs registered (not started). */
export function createScheduler(opts: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  outbox: Outbox;
  /** the payment module's wiring; no reconciliation job without it */
  payment?: PaymentDeps;
  /** the notices' senders; no notices job without them */
  notices?: NoticeRoundDeps;
}): Scheduler {
  const { database, config, log, outbox, payment, notices } = opts;
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
        rules: releaseRules(config),
        onError: (projectId, err) => log.error({ err, projectId }, 'auto-accept report failed'),
      });
      if (r.accepted || r.failed) log.info(r, 'reports auto-accepted');
      return undefined;
    },
  });
  // Build-ins nobody confirmed a day after they began, retentions whose hold ended, stages
  // unpaid past their due time (docs/staged-escrow.md).
  scheduler.register({
    name: STAGE_JOB,
    lockKey: STAGE_LOCK_KEY,
    intervalMs: AUTO_ACCEPT_INTERVAL_MS,
    run: async () => {
      const r = await stageRound(database.db, releaseRules(config), {
        onError: (projectId, err) => log.error({ err, projectId }, 'stage release failed'),
      });
      if (r.confirmed || r.retentions || r.overdue || r.failed) log.info(r, 'stage releases');
      return undefined;
    },
  });
  // An unread message nudges its recipient by SMS after 10 minutes, not at night (docs/conversation.md).
  scheduler.register({
    name: NUDGE_JOB,
    lockKey: NUDGE_LOCK_KEY,
    intervalMs: NUDGE_INTERVAL_MS,
    run: async () => {
      const r = await nudgeRound(database.db);
      if (r.nudged) log.info(r, 'message nudges');
      return undefined;
    },
  });
  // T-7 / T-3 / T-1 reminders of filing deadlines, build-ins and payment stages (docs/show-dates.md).
  scheduler.register({
    name: REMINDER_JOB,
    lockKey: REMINDER_LOCK_KEY,
    intervalMs: REMINDER_INTERVAL_MS,
    run: async () => {
      const r = await reminderRound(database.db);
      if (r.sent) log.info(r, 'reminders');
      return undefined;
    },
  });
  // A check-in the customer has not confirmed in a day is confirmed by the system (docs/site.md).
  scheduler.register({
    name: SITE_JOB,
    lockKey: SITE_LOCK_KEY,
    intervalMs: REMINDER_INTERVAL_MS,
    run: async () => {
      const confirmed = await autoConfirmRound(database.db);
      if (confirmed) log.info({ confirmed }, 'site check-ins confirmed');
      return undefined;
    },
  });
  // Notices outside the site: SMS and WeChat, never at night, retried (docs/notices.md).
  if (notices)
    scheduler.register({
      name: NOTICE_JOB,
      lockKey: NOTICE_LOCK_KEY,
      intervalMs: NOTICE_INTERVAL_MS,
      run: async () => {
        const r = await noticeRound(notices);
        if (r.sent || r.failed || r.retry) log.info(r, 'notices');
        return undefined;
      },
    });
  // Money must balance: the whole ledger checked hourly, its result in the metrics (docs/operations.md § Metrics).
  scheduler.register({
    name: LEDGER_CHECK_JOB,
    lockKey: LEDGER_CHECK_LOCK_KEY,
    cron: LEDGER_CHECK_CRON,
    intervalMs: cronIntervalMs(LEDGER_CHECK_CRON),
    run: async () => {
      await scheduler.ledgerCheck.round(database.db, log);
      return undefined;
    },
  });
  // The scheduled backup, at BACKUP_CRON, in one process (docs/operations.md § Backup and restore).
  if (config.backup.dir) {
    const cron = { expression: config.backup.cron, tz: config.backup.tz };
    scheduler.register({
      name: BACKUP_JOB,
      lockKey: BACKUP_LOCK_KEY,
      cron,
      intervalMs: cronIntervalMs(cron),
      run: async () => {
        await backupRound({ config, database, log });
        return undefined;
      },
    });
  }
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

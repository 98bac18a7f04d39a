import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's own metrics (docs/operations.md § Metrics): Node's default process metrics and
 * the counters of events that happen deep inside a call (logins, payment notifications). One
 * registry per process; each app adds its own (HTTP, pool, outbox, jobs, streams) at scrape time.
 * No label ever carries an id, a mobile, an amount or anything else a member chose.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'zl_' });

/** `User/login` by password: success, failure (wrong mobile or password) or locked (ACCOUNT_LOCKED). */
export const loginsTotal = new Counter({
  name: 'zl_logins_total',
  help: 'Password logins by outcome',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

/** Alipay's notifications: settled (first time), repeated (already settled) or refused (a check failed). */
export const paymentNotificationsTotal = new Counter({
  name: 'zl_payment_notifications_total',
  help: 'Alipay asynchronous notifications by outcome',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

/** Orders settled (a payment booked once), by purpose (coins, prepay) and path (notify, reconcile). */
export const paymentsSettledTotal = new Counter({
  name: 'zl_payments_settled_total',
  help: 'Payments settled into the ledger, by purpose and by the path that settled them',
  labelNames: ['purpose', 'via'] as const,
  registers: [processRegistry],
});

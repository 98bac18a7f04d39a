import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { checkAndRecordLedger } from '../modules/ledger/ledger.service.ts';

/**
 * The hourly ledger check (docs/operations.md § Metrics): `verifyLedger` — every balance recomputed
 * from its postings, every transaction balanced, nothing overdrawn — read by the metrics as
 * `zl_ledger_check_ok` and `zl_ledger_check_timestamp_seconds`, and recorded in `ledger_checks` for the
 * console's 资金概览. It reads every posting once, so it runs hourly (at minute 17, in one process)
 * rather than at every scrape or page load.
 */
export const LEDGER_CHECK_CRON = { expression: '17 * * * *', tz: 'Asia/Shanghai' };

/** What this process's last check found; null before its first. */
export interface LedgerCheckResult {
  ok: boolean;
  at: number;
}

export class LedgerCheck {
  last: LedgerCheckResult | null = null;

  async round(db: Db, log: FastifyBaseLogger, now = Date.now): Promise<void> {
    const { report } = await checkAndRecordLedger(db);
    this.last = { ok: report.ok, at: now() };
    if (report.ok) log.info('ledger check passed');
    else
      log.error(
        {
          balanceMismatches: report.balanceMismatches.length,
          unbalanced: report.unbalanced.length,
          overdrawn: report.overdrawn.length,
          currencyMismatches: report.currencyMismatches,
          runningBalanceMismatches: report.runningBalanceMismatches.length,
        },
        'ledger check FAILED: money does not balance (the console 资金概览 shows the report)',
      );
  }
}

import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';

/** The zone the platform's clocks and the backup schedule are read in (docs/operations.md § Backup and restore). */
export const BACKUP_TZ = 'Asia/Shanghai';

/** Five fields (minute hour day-of-month month day-of-week), as cron and the job engine read them. */
function isCron(text: string): boolean {
  if (text.trim().split(/\s+/).length !== 5) return false;
  try {
    CronExpressionParser.parse(text, { tz: BACKUP_TZ, strict: false });
    return true;
  } catch {
    return false;
  }
}

/** The scheduled backup (docs/operations.md § Backup and restore): off until BACKUP_DIR is set. */
export const backupEnv = z.object({
  /** where the scheduled backups go, one folder each; unset: no scheduled backup */
  BACKUP_DIR: z.string().min(1).max(500).optional(),
  BACKUP_CRON: z
    .string()
    .max(100)
    .refine(isCron, 'BACKUP_CRON 须为 5 段 cron 表达式，如 "0 3 * * *"（每天 03:00，北京时间）')
    .default('0 3 * * *'),
  BACKUP_KEEP: z.coerce
    .number({ message: 'BACKUP_KEEP 须为整数' })
    .int('BACKUP_KEEP 须为整数')
    .min(1, 'BACKUP_KEEP 至少为 1')
    .max(1000)
    .default(7),
});

export type BackupEnv = z.output<typeof backupEnv>;

export function backupConfig(e: BackupEnv) {
  return {
    /** null: no scheduled backup */
    dir: e.BACKUP_DIR ?? null,
    cron: e.BACKUP_CRON.trim().split(/\s+/).join(' '),
    tz: BACKUP_TZ,
    keep: e.BACKUP_KEEP,
  };
}

import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/**
 * The audit log's writer, a module of its own so that every module records its changes without
 * reaching into admin/ (which only reads the log: admin/audit.repo.ts). docs/admin.md (Audit).
 */
export interface AuditEntry {
  actorType: 'admin' | 'member' | 'system';
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: string | number;
  detail: Record<string, unknown>;
  /** when it happened, when not now (the demo data's project histories) */
  at?: Date;
}

/**
 * The one writer of the audit log, for every module (operators, members and the system alike).
 * Written inside the transaction of the change it records: no change without its audit row.
 */
export async function insertAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const { at, ...row } = entry;
  await db
    .insert(auditLog)
    .values({ ...row, targetId: String(entry.targetId), ...(at ? { createdAt: at } : {}) });
}

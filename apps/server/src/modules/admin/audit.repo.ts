import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { admins, auditLog, members, projects } from '../../db/schema/index.ts';
import { partyNameSql } from '../user/party-name.ts';

/** The operators' reading of the audit log; its one writer is modules/audit/audit.repo.ts. */
export async function listAudit(
  db: DbOrTx,
  filter: { targetType?: string | undefined; targetId?: string | undefined; action?: string | undefined },
  page: number,
  pageSize: number,
) {
  const where: SQL[] = [];
  if (filter.targetType) where.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(auditLog.targetId, filter.targetId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  const cond = where.length ? and(...where) : undefined;
  const rows = await db
    .select({
      id: auditLog.id,
      actorType: auditLog.actorType,
      actorId: auditLog.actorId,
      // an operator by username, a member by member number
      actor: sql<string | null>`coalesce(${admins.username}, ${members.cardno})`,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(admins, and(eq(auditLog.actorType, 'admin'), eq(admins.id, auditLog.actorId)))
    .leftJoin(members, and(eq(auditLog.actorType, 'member'), eq(members.id, auditLog.actorId)))
    .where(cond)
    .orderBy(desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = await cappedCount(db, sql`select 1 from audit_log ${cond ? sql`where ${cond}` : sql``}`);
  return { rows, total };
}

/** Lists count at most this many rows: an exact count of a huge table costs a full scan. */
export const COUNT_CAP = 10_000;

export async function cappedCount(db: DbOrTx, inner: SQL): Promise<number> {
  const res = (await db.execute(
    sql`select count(*)::int as n from (${inner} limit ${COUNT_CAP}) as capped`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(res.rows[0]?.n ?? 0);
}

/** `%`, `_` and `\` in a keyword are matched literally (the value itself is always a parameter). */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Member numbers of the members named in audit details (operators know members by cardno). */
export async function cardnosOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const list = [...new Set(ids)].filter((n) => Number.isSafeInteger(n) && n > 0);
  if (list.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, cardno: members.cardno })
    .from(members)
    .where(inArray(members.id, list));
  return new Map(rows.map((r) => [r.id, r.cardno]));
}

const idList = (ids: number[]) => [...new Set(ids)].filter((n) => Number.isSafeInteger(n) && n > 0);

export interface AuditRowRef {
  actorType: string;
  actorId: number | null;
  targetType: string;
  targetId: string;
  detail: unknown;
}

export interface AuditRowWords {
  member: { cardno: string; name: string; mobile: string } | null;
  targetName: string | null;
}

/**
 * What an operator needs to read a page of audit rows: the member each row is about (named in the
 * detail, the member target, the acting member, or the customer owning the project target) with
 * name and mobile, and the object in words (a project's number and title, an operator's username).
 * Three small lookups per page, whatever its size.
 */
export async function describeAuditRows(db: DbOrTx, rows: AuditRowRef[]): Promise<AuditRowWords[]> {
  const num = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  const detailMember = (r: AuditRowRef) => num((r.detail as { memberId?: unknown } | null)?.memberId);
  const projectIds = idList(rows.filter((r) => r.targetType === 'project').map((r) => num(r.targetId)));
  const adminIds = idList(rows.filter((r) => r.targetType === 'admin').map((r) => num(r.targetId)));
  const [projectRows, adminRows] = await Promise.all([
    projectIds.length
      ? db
          .select({
            id: projects.id,
            orders: projects.orders,
            title: projects.title,
            customerId: projects.customerId,
          })
          .from(projects)
          .where(inArray(projects.id, projectIds))
      : [],
    adminIds.length
      ? db
          .select({ id: admins.id, username: admins.username })
          .from(admins)
          .where(inArray(admins.id, adminIds))
      : [],
  ]);
  const projectById = new Map(projectRows.map((p) => [p.id, p]));
  const adminById = new Map(adminRows.map((a) => [a.id, a]));
  const memberIdOf = (r: AuditRowRef): number => {
    const named = detailMember(r);
    if (Number.isSafeInteger(named) && named > 0) return named;
    if (r.targetType === 'member') return num(r.targetId);
    if (r.actorType === 'member' && r.actorId !== null) return r.actorId;
    if (r.targetType === 'project') return projectById.get(num(r.targetId))?.customerId ?? NaN;
    return NaN;
  };
  const memberIds = idList(rows.map(memberIdOf));
  const memberRows = memberIds.length
    ? await db
        .select({
          id: members.id,
          cardno: members.cardno,
          name: partyNameSql(),
          mobile: members.mobile,
        })
        .from(members)
        .where(inArray(members.id, memberIds))
    : [];
  const memberById = new Map(memberRows.map((m) => [m.id, m]));
  return rows.map((r) => {
    const m = memberById.get(memberIdOf(r));
    let targetName: string | null = null;
    if (r.targetType === 'project') {
      const p = projectById.get(num(r.targetId));
      targetName = p ? `${p.orders}《${p.title}》` : null;
    } else if (r.targetType === 'admin') {
      targetName = adminById.get(num(r.targetId))?.username ?? null;
    }
    return {
      member: m ? { cardno: m.cardno, name: m.name, mobile: m.mobile } : null,
      targetName,
    };
  });
}

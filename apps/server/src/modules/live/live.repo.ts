import { and, asc, count, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { projects, quotes, sessions, type TipRow, tips } from '../../db/schema/index.ts';

/** A member's tips with these ids, oldest first (ids of another member's tips find nothing). */
export function tipsByIds(db: DbOrTx, memberId: number, ids: number[]): Promise<TipRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(tips)
    .where(and(eq(tips.memberId, memberId), inArray(tips.id, ids)))
    .orderBy(asc(tips.id));
}

/** Up to `limit` of a member's tips with an id above `afterId`, oldest first (a resumed stream). */
export function tipsAfter(db: DbOrTx, memberId: number, afterId: number, limit: number): Promise<TipRow[]> {
  return db
    .select()
    .from(tips)
    .where(and(eq(tips.memberId, memberId), gt(tips.id, afterId)))
    .orderBy(asc(tips.id))
    .limit(limit);
}

/** The member's newest tip id (0: none): where a new stream starts. */
export async function lastTipId(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(tips.id) })
    .from(tips)
    .where(eq(tips.memberId, memberId));
  return Number(row?.id ?? 0);
}

export interface ProjectLive {
  customerId: number;
  status: number;
  /** number of quotes */
  quotes: number;
  /** the suppliers who quoted (the winner among them) */
  supplierIds: number[];
}

/** What a project's page shows that a live `project` event tells, and who is told. */
export async function projectLive(db: DbOrTx, projectId: number): Promise<ProjectLive | undefined> {
  const [p] = await db
    .select({ customerId: projects.customerId, status: projects.status })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!p) return undefined;
  const rows = await db
    .select({ supplierId: quotes.supplierId, n: count() })
    .from(quotes)
    .where(eq(quotes.projectId, projectId))
    .groupBy(quotes.supplierId);
  return {
    customerId: p.customerId,
    status: p.status,
    quotes: rows.reduce((a, r) => a + Number(r.n), 0),
    supplierIds: rows.map((r) => r.supplierId),
  };
}

/** Of these session ids (sha256 of the cookie), the ones that still exist and have not expired. */
export async function liveSessionHashes(db: DbOrTx, hashes: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < hashes.length; i += 1000) {
    const rows = await db
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(and(inArray(sessions.idHash, hashes.slice(i, i + 1000)), gt(sessions.expiresAt, sql`now()`)));
    for (const r of rows) out.add(r.idHash);
  }
  return out;
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { complaints, projects, quotes } from '../../db/schema/index.ts';

/**
 * Per supplier: won projects accepted (status 6), how many of them had their first report
 * (the earliest `project.uploadReport` audit row) before 00:00 Asia/Shanghai of 开展 (sdate),
 * and complaints against it ruled with a split. Two queries for any number of suppliers.
 */
export async function trackRecordRows(db: DbOrTx, supplierIds: number[]) {
  if (supplierIds.length === 0) return { done: [], upheld: [] };
  const [done, upheld] = await Promise.all([
    db
      .select({
        supplierId: quotes.supplierId,
        completed: sql<number>`count(*)::int`,
        onTime: sql<number>`count(*) filter (where (
          select min(a.created_at) from audit_log a
          where a.target_type = 'project' and a.target_id = ${projects.id}::text
            and a.action = 'project.uploadReport'
        ) < (${projects.sdate}::timestamp at time zone 'Asia/Shanghai'))::int`,
      })
      .from(projects)
      .innerJoin(quotes, eq(quotes.id, projects.winnerQuoteId))
      .where(and(inArray(quotes.supplierId, supplierIds), eq(projects.status, 6)))
      .groupBy(quotes.supplierId),
    db
      .select({ supplierId: complaints.respondentId, n: sql<number>`count(*)::int` })
      .from(complaints)
      .where(
        and(
          inArray(complaints.respondentId, supplierIds),
          eq(complaints.complainantSide, 'customer'),
          eq(complaints.decision, 'split'),
        ),
      )
      .groupBy(complaints.respondentId),
  ]);
  return { done, upheld };
}

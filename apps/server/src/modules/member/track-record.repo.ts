import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { complaints, projects, quotes } from '../../db/schema/index.ts';

/**
 * Per supplier: won projects accepted (status 6), how many of them were on time, how many of those
 * were judged by 展台就绪, and complaints against it ruled with a split. Two queries for any number
 * of suppliers. On time (docs/delivery-complaint.md "Track record"): a project whose build-in
 * starts after the `ready_on_time` mark (the deployment that brought the site's 就绪) counts its
 * 就绪 before 00:00 Asia/Shanghai of 开展 (sdate); an older one keeps its first report (the
 * earliest `project.uploadReport` audit row) before then.
 */
export async function trackRecordRows(db: DbOrTx, supplierIds: number[]) {
  if (supplierIds.length === 0) return { done: [], upheld: [] };
  const byReady = sql`${projects.buildStart} >= coalesce((select m.at from platform_marks m where m.key = 'ready_on_time'), 'infinity')`;
  const [done, upheld] = await Promise.all([
    db
      .select({
        supplierId: quotes.supplierId,
        completed: sql<number>`count(*)::int`,
        onTime: sql<number>`count(*) filter (where case when ${byReady} then exists (
          select 1 from site_events e where e.project_id = ${projects.id} and e.kind = 'ready'
            and e.created_at < (${projects.sdate}::timestamp at time zone 'Asia/Shanghai')
        ) else (
          select min(a.created_at) from audit_log a
          where a.target_type = 'project' and a.target_id = ${projects.id}::text
            and a.action = 'project.uploadReport'
        ) < (${projects.sdate}::timestamp at time zone 'Asia/Shanghai') end)::int`,
        byReady: sql<number>`count(*) filter (where ${byReady})::int`,
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

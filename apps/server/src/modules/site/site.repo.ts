import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { files, type SiteEventRow, siteEvents } from '../../db/schema/index.ts';

/** On site: docs/site.md. */

export type { SiteEventRow };

export function eventsOf(db: DbOrTx, projectId: number): Promise<SiteEventRow[]> {
  return db.select().from(siteEvents).where(eq(siteEvents.projectId, projectId)).orderBy(asc(siteEvents.id));
}

/** Writes one event; undefined when a second check-in or 就绪 lost the race (the unique index). */
export async function insertEvent(
  tx: Tx,
  v: {
    projectId: number;
    supplierId: number;
    kind: string;
    photos: string[];
    note: string;
    lat: number | null;
    lng: number | null;
  },
): Promise<SiteEventRow | undefined> {
  const [row] = await tx.insert(siteEvents).values(v).onConflictDoNothing().returning();
  return row;
}

/** Of `ids`, the member's own uploads of purpose report made after `since` (photos taken now). */
export async function freshPhotos(
  db: DbOrTx,
  memberId: number,
  ids: string[],
  since: Date,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        eq(files.ownerMemberId, memberId),
        eq(files.purpose, 'report'),
        gt(files.createdAt, since),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The customer confirms the check-in, once (a conditional UPDATE). */
export async function confirmCheckIn(db: DbOrTx, projectId: number, by: 'customer' | 'system') {
  const [row] = await db
    .update(siteEvents)
    .set({ confirmedAt: sql`now()`, confirmedBy: by })
    .where(
      and(
        eq(siteEvents.projectId, projectId),
        eq(siteEvents.kind, 'checkin'),
        isNull(siteEvents.confirmedAt),
      ),
    )
    .returning();
  return row;
}

/** The job's round: every check-in unconfirmed for a day is confirmed by the system, in one statement. */
export async function confirmOverdue(tx: Tx, olderThan: Date): Promise<Array<{ projectId: number }>> {
  return tx
    .update(siteEvents)
    .set({ confirmedAt: sql`now()`, confirmedBy: 'system' })
    .where(
      and(
        eq(siteEvents.kind, 'checkin'),
        isNull(siteEvents.confirmedAt),
        lt(siteEvents.createdAt, olderThan),
      ),
    )
    .returning({ projectId: siteEvents.projectId });
}

/** Whether a file is a site photo of a project `memberId` is a party of (the file reader). */
export async function isSitePhotoOf(db: DbOrTx, fileId: string, memberId: number): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from site_events e join projects p on p.id = e.project_id
     left join quotes q on q.id = p.winner_quote_id
     where e.photos @> ${JSON.stringify([fileId])}::jsonb
       and (p.customer_id = ${memberId} or q.supplier_id = ${memberId})
     limit 1`);
  return ((rows as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}

/** A demo event with its own time and confirmation (apps/server/src/demo/demo-site.ts). */
export async function insertDemoEvent(
  tx: Tx,
  v: {
    projectId: number;
    supplierId: number;
    kind: string;
    photos: string[];
    note: string;
    lat: number | null;
    lng: number | null;
    createdAt: Date;
    confirmedAt: Date | null;
    confirmedBy: string | null;
  },
): Promise<void> {
  await tx.insert(siteEvents).values(v).onConflictDoNothing();
}

import { PROJECT_STATUS, REPORT_CHECK } from '@zl/shared';
import { and, asc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import {
  files,
  projectReports,
  projectStages,
  projects,
  quotes,
  reportLines,
} from '../../db/schema/index.ts';

export type ReportLineRow = typeof reportLines.$inferSelect;
export type ProjectReportRow = typeof projectReports.$inferSelect;
export type WinningQuote = Pick<typeof quotes.$inferSelect, 'id' | 'supplierId' | 'lines' | 'total'>;

export async function findProject(db: DbOrTx, id: number) {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

/** The project's winning quote (after the award), or undefined. */
export async function findWinningQuote(db: DbOrTx, projectId: number): Promise<WinningQuote | undefined> {
  const [row] = await db
    .select({ id: quotes.id, supplierId: quotes.supplierId, lines: quotes.lines, total: quotes.total })
    .from(projects)
    .innerJoin(quotes, eq(quotes.id, projects.winnerQuoteId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row;
}

export async function listReportLines(db: DbOrTx, projectId: number): Promise<ReportLineRow[]> {
  return db
    .select()
    .from(reportLines)
    .where(eq(reportLines.projectId, projectId))
    .orderBy(asc(reportLines.id));
}

export async function findProjectReport(
  db: DbOrTx,
  projectId: number,
): Promise<ProjectReportRow | undefined> {
  const [row] = await db
    .select()
    .from(projectReports)
    .where(eq(projectReports.projectId, projectId))
    .limit(1);
  return row;
}

/** Writes (or rewrites) the submitted lines of a report round: photos, note, back to pending. */
export async function upsertReportLines(
  tx: DbOrTx,
  projectId: number,
  round: number,
  lines: { line: string; photos: string[]; note: string }[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(reportLines)
    .values(lines.map((l) => ({ projectId, line: l.line, photos: l.photos, note: l.note, round })))
    .onConflictDoUpdate({
      target: [reportLines.projectId, reportLines.line],
      set: {
        photos: sql`excluded.photos`,
        note: sql`excluded.note`,
        round: sql`excluded.round`,
        state: 'pending',
        reason: '',
        submittedAt: sql`now()`,
        reviewedAt: null,
      },
    });
}

export async function upsertProjectReport(
  tx: DbOrTx,
  projectId: number,
  values: { remark: string; round: number },
): Promise<void> {
  await tx
    .insert(projectReports)
    .values({ projectId, ...values })
    .onConflictDoUpdate({
      target: projectReports.projectId,
      set: { remark: values.remark, round: values.round, submittedAt: sql`now()` },
    });
}

/** The customer's decision on some lines: ok (ticked) or flagged with a reason. */
export async function setLineStates(
  tx: DbOrTx,
  projectId: number,
  decisions: { line: string; state: 'ok' | 'flagged'; reason: string }[],
): Promise<void> {
  for (const d of decisions) {
    await tx
      .update(reportLines)
      .set({ state: d.state, reason: d.reason, reviewedAt: sql`now()` })
      .where(and(eq(reportLines.projectId, projectId), eq(reportLines.line, d.line)));
  }
}

/** Every line still pending is ticked (the acceptance, by the customer or the system). */
export async function tickPendingLines(tx: DbOrTx, projectId: number): Promise<void> {
  await tx
    .update(reportLines)
    .set({ state: 'ok', reason: '', reviewedAt: sql`now()` })
    .where(and(eq(reportLines.projectId, projectId), eq(reportLines.state, 'pending')));
}

export async function markAccepted(
  tx: DbOrTx,
  projectId: number,
  values: { by: 'customer' | 'system' | 'admin'; released: number; commission: number },
): Promise<void> {
  await tx
    .insert(projectReports)
    .values({
      projectId,
      acceptedAt: sql`now()`,
      acceptedBy: values.by,
      released: values.released,
      commission: values.commission,
    })
    .onConflictDoUpdate({
      target: projectReports.projectId,
      set: {
        acceptedAt: sql`now()`,
        acceptedBy: values.by,
        released: values.released,
        commission: values.commission,
      },
    });
}

/**
 * The oldest report awaiting acceptance for longer than the window, not under complaint, locked
 * `FOR UPDATE SKIP LOCKED` (a project another runner holds is passed by).
 */
export async function lockNextDueReport(
  tx: DbOrTx,
  before: Date,
  skip: number[],
): Promise<{ id: number } | undefined> {
  const [due] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.status, PROJECT_STATUS.ACCEPTING),
        eq(projects.reportck, REPORT_CHECK.PENDING),
        eq(projects.complaintOpen, false),
        lt(projects.reportdate, before),
        // acceptance waits for every stage to be paid (docs/staged-escrow.md)
        sql`not exists (select 1 from ${projectStages} where ${projectStages.projectId} = ${projects.id} and ${projectStages.status} = 'due')`,
        skip.length ? notInArray(projects.id, skip) : undefined,
      ),
    )
    .orderBy(asc(projects.reportdate), asc(projects.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return due;
}

/** id, mime and name of these files (for the report's file list). */
export async function fileMeta(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, mime: files.mime, name: files.originalName })
    .from(files)
    .where(inArray(files.id, ids));
}

/**
 * Is this file part of a report (overall photos, files, or a line's photos) of a project where
 * `memberId` is the customer or the winner?
 */
export async function isReportFileOf(db: DbOrTx, fileId: string, memberId: number): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`select 1 as ok
          from ${projects} p
          join ${quotes} q on q.id = p.winner_quote_id
         where (p.customer_id = ${memberId} or q.supplier_id = ${memberId})
           and (p.workpic @> ${JSON.stringify([fileId])}::jsonb
                or p.reports @> ${JSON.stringify([fileId])}::jsonb
                or exists (select 1 from ${reportLines} r
                            where r.project_id = p.id and r.photos @> ${JSON.stringify([fileId])}::jsonb))
         limit 1`,
  );
  return rows.length > 0;
}

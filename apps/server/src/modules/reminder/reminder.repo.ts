import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { projectStages, remindersSent } from '../../db/schema/index.ts';

/** Deadline reminders (docs/show-dates.md "Reminders"). */

export interface Deadline {
  projectId: number;
  /** filing · build · stage:<id> */
  subject: string;
  at: Date;
}

/**
 * The deadlines within `horizonDays` from `now` that someone must act on: the filing deadline (until the filing is approved) and
 * the build-in start of an awarded project not yet built (2–4), and the unpaid stages of a live
 * project (2–5). Each by an index: projects_status_build_idx, project_stages_due_idx.
 */
export async function upcomingDeadlines(db: DbOrTx, now: Date, horizonDays: number): Promise<Deadline[]> {
  const t = now.toISOString();
  const rows = await queryRows<{ project_id: string; subject: string; at: string }>(
    db,
    sql`select p.id as project_id, 'filing' as subject, p.filing_deadline as at from projects p
          where p.status in (2, 3, 4) and p.filing_deadline > ${t}::timestamptz
            and p.filing_deadline <= ${t}::timestamptz + make_interval(days => ${horizonDays})
            -- an approved filing needs no reminder (docs/filing.md)
            and not exists (select 1 from filings f where f.project_id = p.id and f.status = 'approved')
        union all
        select p.id, 'build', p.build_start from projects p
          where p.status in (2, 3, 4) and p.build_start > ${t}::timestamptz
            and p.build_start <= ${t}::timestamptz + make_interval(days => ${horizonDays})
        union all
        select s.project_id, 'stage:' || s.id, s.due_at from project_stages s
          join projects p on p.id = s.project_id
          where s.status = 'due' and p.status in (2, 3, 4, 5) and s.due_at > ${t}::timestamptz
            and s.due_at <= ${t}::timestamptz + make_interval(days => ${horizonDays})`,
  );
  return rows.map((r) => ({ projectId: Number(r.project_id), subject: r.subject, at: new Date(r.at) }));
}

/** Claims one reminder: true for the one caller that wrote it (once, whatever the number of processes). */
export async function claimReminder(
  tx: Tx,
  projectId: number,
  subject: string,
  days: number,
): Promise<boolean> {
  const rows = await tx
    .insert(remindersSent)
    .values({ projectId, subject, days })
    .onConflictDoNothing()
    .returning({ projectId: remindersSent.projectId });
  return rows.length > 0;
}

/** One stage of a project (the reminder's tip reads its kind, amount and whether it is still due). */
export async function stageOfProject(db: DbOrTx, projectId: number, stageId: number) {
  const [row] = await db
    .select({ kind: projectStages.kind, amount: projectStages.amount, status: projectStages.status })
    .from(projectStages)
    .where(and(eq(projectStages.id, stageId), eq(projectStages.projectId, projectId)));
  return row;
}

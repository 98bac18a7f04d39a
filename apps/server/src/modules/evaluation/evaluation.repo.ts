import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { EvaluationRow } from '../../db/schema/index.ts';
import { auditLog, evaluations, members, projects } from '../../db/schema/index.ts';

export type { EvaluationRow };
export type EvaluationSide = 'supplier' | 'customer';

const evaluationColumns = {
  row: evaluations,
  projectTitle: projects.title,
  authorNickname: members.nickname,
  authorCompany: members.company,
};
export interface EvaluationListRow {
  row: EvaluationRow;
  projectTitle: string;
  authorNickname: string;
  authorCompany: string;
}

/**
 * When the project was accepted (docs/delivery-evaluation.md § Window): the newest `project.accept`
 * audit row, written by applyTransition in the same transaction as the 5 → 6 change. Projects made
 * complete without the transition (imported or demo rows) fall back to the project's updated_at.
 */
export async function acceptedAt(db: DbOrTx, projectId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'project'),
        eq(auditLog.targetId, String(projectId)),
        eq(auditLog.action, 'project.accept'),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (row) return row.at;
  const [p] = await db
    .select({ at: projects.updatedAt })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return p?.at;
}

/** Both evaluations of a project (0–2 rows) with the project title and the author's names. */
export async function projectEvaluations(db: DbOrTx, projectId: number): Promise<EvaluationListRow[]> {
  return db
    .select(evaluationColumns)
    .from(evaluations)
    .innerJoin(projects, eq(projects.id, evaluations.projectId))
    .innerJoin(members, eq(members.id, evaluations.authorId))
    .where(eq(evaluations.projectId, projectId));
}

/** One evaluation with the project title and the author's names. */
export async function evaluationView(db: DbOrTx, id: number): Promise<EvaluationListRow | undefined> {
  const [row] = await db
    .select(evaluationColumns)
    .from(evaluations)
    .innerJoin(projects, eq(projects.id, evaluations.projectId))
    .innerJoin(members, eq(members.id, evaluations.authorId))
    .where(eq(evaluations.id, id))
    .limit(1);
  return row;
}

export async function findEvaluation(db: DbOrTx, id: number): Promise<EvaluationRow | undefined> {
  const [row] = await db.select().from(evaluations).where(eq(evaluations.id, id)).limit(1);
  return row;
}

/** Locks one evaluation row for a check-and-write (reply, revision request, edit). */
export async function lockEvaluation(db: DbOrTx, id: number): Promise<EvaluationRow | undefined> {
  const [row] = await db.select().from(evaluations).where(eq(evaluations.id, id)).limit(1).for('update');
  return row;
}

export async function insertEvaluation(
  db: DbOrTx,
  values: typeof evaluations.$inferInsert,
): Promise<EvaluationRow> {
  const [row] = await db.insert(evaluations).values(values).returning();
  return row!;
}

/** Both sides are in: both rows become public now. */
export async function revealProject(db: DbOrTx, projectId: number, at: Date): Promise<void> {
  await db
    .update(evaluations)
    .set({ revealedAt: at })
    .where(and(eq(evaluations.projectId, projectId), isNull(evaluations.revealedAt)));
}

/**
 * Evaluations whose window ended without the other side's (docs/delivery-evaluation.md): marked
 * revealed as of their window's end, each once (the `revealed_at is null` condition holds for one
 * update of a row, whoever runs it). Answers what was revealed.
 */
export function revealEnded(db: DbOrTx, now: Date, limit: number) {
  return db
    .update(evaluations)
    .set({ revealedAt: sql`${evaluations.windowEndsAt}` })
    .where(
      and(
        // checked again on the row as it is when the update reaches it (a second submit may have revealed it)
        isNull(evaluations.revealedAt),
        inArray(
          evaluations.id,
          db
            .select({ id: evaluations.id })
            .from(evaluations)
            .where(and(isNull(evaluations.revealedAt), lte(evaluations.windowEndsAt, now)))
            .orderBy(evaluations.windowEndsAt)
            .limit(limit),
        ),
      ),
    )
    .returning({ id: evaluations.id, projectId: evaluations.projectId, side: evaluations.side });
}

export async function updateEvaluation(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof evaluations.$inferInsert>,
): Promise<EvaluationRow> {
  const [row] = await db
    .update(evaluations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(evaluations.id, id))
    .returning();
  return row!;
}

/** Public at `now`: revealed, or its window over. */
const isPublic = (now: Date) => or(isNotNull(evaluations.revealedAt), lte(evaluations.windowEndsAt, now));

/**
 * Scores of many suppliers in ONE query (docs/delivery-evaluation.md § Score): the mean of the
 * three marks of each supplier's public customer evaluations, one decimal. Absent = none yet.
 */
export async function supplierScores(
  db: DbOrTx,
  supplierIds: number[],
  now: Date,
): Promise<Map<number, number>> {
  if (supplierIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: evaluations.targetId,
      score: sql<string>`round(avg((${evaluations.quality} + ${evaluations.service} + ${evaluations.punctuality})::numeric / 3), 1)`,
    })
    .from(evaluations)
    .where(and(eq(evaluations.side, 'customer'), inArray(evaluations.targetId, supplierIds), isPublic(now)))
    .groupBy(evaluations.targetId);
  return new Map(rows.map((r) => [Number(r.id), Number(r.score)]));
}

/** Evaluations where the member is the author (`given`) or the target (`received`), newest first. */
export async function listEvaluations(
  db: DbOrTx,
  memberId: number,
  opts: { kind: 'given' | 'received'; side?: EvaluationSide; limit: number; offset: number },
) {
  const who = opts.kind === 'given' ? eq(evaluations.authorId, memberId) : eq(evaluations.targetId, memberId);
  const where = opts.side ? and(who, eq(evaluations.side, opts.side)) : who;
  const list = await db
    .select(evaluationColumns)
    .from(evaluations)
    .innerJoin(projects, eq(projects.id, evaluations.projectId))
    .innerJoin(members, eq(members.id, evaluations.authorId))
    .where(where)
    .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(evaluations).where(where);
  return { list, total: Number(n?.n ?? 0) };
}

/** Which sides have evaluated each of `projectIds` (docs/delivery-evaluation.md); one query. */
export async function evaluatedSides(
  db: DbOrTx,
  projectIds: number[],
): Promise<Map<number, { supplier: boolean; customer: boolean }>> {
  const sides = new Map(projectIds.map((id) => [id, { supplier: false, customer: false }]));
  if (projectIds.length === 0) return sides;
  const rows = await db
    .select({ projectId: evaluations.projectId, side: evaluations.side })
    .from(evaluations)
    .where(inArray(evaluations.projectId, projectIds));
  for (const r of rows) {
    const s = sides.get(r.projectId);
    if (s && (r.side === 'supplier' || r.side === 'customer')) s[r.side] = true;
  }
  return sides;
}

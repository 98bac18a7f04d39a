import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  favorites,
  members,
  type ProjectQuestionRow,
  projectQuestions,
  quotes,
} from '../../db/schema/index.ts';
import { partyNameSql } from '../user/party-name.ts';

/** Project Q&A rows (docs/questions.md). */

export async function insertQuestion(
  tx: DbOrTx,
  values: { projectId: number; supplierId: number | null; content: string; pictures: string[] },
): Promise<ProjectQuestionRow> {
  const [row] = await tx
    .insert(projectQuestions)
    .values({
      ...values,
      // a clarification is published as it is posted; a question once answered
      publishedAt: values.supplierId === null ? sql`now()` : null,
    })
    .returning();
  return row!;
}

export interface QuestionWithAsker extends ProjectQuestionRow {
  askerName: string;
  askerCardno: string;
}

/** Every row of a project, oldest first, with the asker's verified name and member number. */
export async function questionsOfProject(db: DbOrTx, projectId: number): Promise<QuestionWithAsker[]> {
  const rows = await db
    .select({
      q: projectQuestions,
      askerName: sql<string>`coalesce(${partyNameSql()}, '')`,
      askerCardno: sql<string>`coalesce(${members.cardno}, '')`,
    })
    .from(projectQuestions)
    .leftJoin(members, eq(members.id, projectQuestions.supplierId))
    .where(eq(projectQuestions.projectId, projectId))
    .orderBy(asc(projectQuestions.id));
  return rows.map((r) => ({ ...r.q, askerName: r.askerName, askerCardno: r.askerCardno }));
}

/**
 * Answers one unanswered question of this project, in one conditional statement: of two answers
 * at once one wins and the other finds it answered (undefined).
 */
export async function answerOnce(
  tx: DbOrTx,
  projectId: number,
  questionId: number,
  answer: string,
): Promise<ProjectQuestionRow | undefined> {
  const [row] = await tx
    .update(projectQuestions)
    .set({ answer, publishedAt: sql`now()` })
    .where(
      and(
        eq(projectQuestions.id, questionId),
        eq(projectQuestions.projectId, projectId),
        isNotNull(projectQuestions.supplierId),
        isNull(projectQuestions.answer),
      ),
    )
    .returning();
  return row;
}

export async function findQuestion(
  db: DbOrTx,
  projectId: number,
  questionId: number,
): Promise<ProjectQuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(projectQuestions)
    .where(and(eq(projectQuestions.id, questionId), eq(projectQuestions.projectId, projectId)))
    .limit(1);
  return row;
}

/**
 * Answers and clarifications published on this project after the supplier's quote was last sent,
 * in one statement; 0 without a quote (the comparison with no quote matches nothing).
 */
export async function publishedSinceOwnQuote(
  db: DbOrTx,
  projectId: number,
  supplierId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projectQuestions)
    .where(
      and(
        eq(projectQuestions.projectId, projectId),
        gt(
          projectQuestions.publishedAt,
          sql`(select ${quotes.updatedAt} from ${quotes}
               where ${quotes.projectId} = ${projectId} and ${quotes.supplierId} = ${supplierId})`,
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The suppliers who quoted on or favourited the project: told of new answers and clarifications. */
export async function followerIds(db: DbOrTx, projectId: number): Promise<number[]> {
  const rows = await db
    .select({ id: quotes.supplierId })
    .from(quotes)
    .where(eq(quotes.projectId, projectId))
    .union(db.select({ id: favorites.memberId }).from(favorites).where(eq(favorites.projectId, projectId)));
  return rows.map((r) => r.id);
}

/** How many rows a project has (the demo seeds its Q&A only once). */
export async function countOfProject(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projectQuestions)
    .where(eq(projectQuestions.projectId, projectId));
  return Number(row?.n ?? 0);
}

/** Rows as they are (the demo data, with its own times). */
export async function insertRows(
  db: DbOrTx,
  rows: Array<typeof projectQuestions.$inferInsert>,
): Promise<void> {
  await db.insert(projectQuestions).values(rows);
}

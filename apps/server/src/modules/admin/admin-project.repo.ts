import { PROJECT_CHECKED, PROJECT_STATUS } from '@zl/shared';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, projects } from '../../db/schema/index.ts';
import { partyNameSql } from '../user/party-name.ts';
import { cappedCount, likeEscape } from './audit.repo.ts';

/** A posting waiting for review: the queue's "pending" (also the console's badge, queue-counts.repo.ts). */
export const pendingProjectCondition = (): SQL =>
  and(eq(projects.checked, PROJECT_CHECKED.PENDING), eq(projects.status, PROJECT_STATUS.PENDING_REVIEW))!;

/**
 * The operator's project queue. "Pending" is status 0 with checked 0 (a project cancelled while
 * pending keeps checked 0 but leaves the queue); decided lists are by `checked`.
 */
export async function projectQueue(
  db: DbOrTx,
  q: { checked: 0 | 1 | 2; keyword?: string | undefined; page: number; pageSize: number },
) {
  const where: SQL[] = [
    q.checked === PROJECT_CHECKED.PENDING ? pendingProjectCondition() : eq(projects.checked, q.checked),
  ];
  if (q.keyword) {
    const k = likeEscape(q.keyword);
    where.push(
      or(
        ilike(projects.title, `%${k}%`),
        ilike(projects.orders, `${k}%`),
        ilike(members.mobile, `${k}%`),
        ilike(members.cardno, `${k}%`),
      )!,
    );
  }
  const cond = and(...where);
  const rows = await db
    .select({
      project: projects,
      cardno: members.cardno,
      name: partyNameSql(),
      nickname: members.nickname,
      memberMobile: members.mobile,
    })
    .from(projects)
    .innerJoin(members, eq(members.id, projects.customerId))
    .where(cond)
    // The queue is worked oldest first; decided lists show the latest decisions first.
    .orderBy(
      q.checked === PROJECT_CHECKED.PENDING ? asc(projects.updatedAt) : desc(projects.checkdate),
      q.checked === PROJECT_CHECKED.PENDING ? asc(projects.id) : desc(projects.id),
    )
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  // without a keyword the count needs no member (every project has its customer): an index-only
  // count of the queue's partial index instead of a join per queued project
  const total = await cappedCount(
    db,
    q.keyword
      ? sql`select 1 from ${projects} inner join ${members} on ${members.id} = ${projects.customerId} where ${cond}`
      : sql`select 1 from ${projects} where ${cond}`,
  );
  return { rows, total };
}

export async function projectWithCustomer(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      project: projects,
      customer: {
        cardno: members.cardno,
        name: partyNameSql(),
        nickname: members.nickname,
        mobile: members.mobile,
        company: members.company,
        realname: members.realname,
        personauth: members.personauth,
        businsauth: members.businsauth,
      },
      quoteCount: sql<number>`(select count(*)::int from quotes q where q.project_id = "projects"."id")`,
    })
    .from(projects)
    .innerJoin(members, eq(members.id, projects.customerId))
    .where(eq(projects.id, id))
    .limit(1);
  return row;
}

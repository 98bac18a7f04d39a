import { AUTH_STATUS } from '@zl/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessAuths, members, personAuths } from '../../db/schema/index.ts';

export type PersonAuthRow = typeof personAuths.$inferSelect;
export type BusinessAuthRow = typeof businessAuths.$inferSelect;

export async function latestPersonAuth(db: DbOrTx, memberId: number): Promise<PersonAuthRow | undefined> {
  const [row] = await db
    .select()
    .from(personAuths)
    .where(eq(personAuths.memberId, memberId))
    .orderBy(desc(personAuths.id))
    .limit(1);
  return row;
}

export async function approvedPersonAuth(db: DbOrTx, memberId: number): Promise<PersonAuthRow | undefined> {
  const [row] = await db
    .select()
    .from(personAuths)
    .where(and(eq(personAuths.memberId, memberId), eq(personAuths.checked, AUTH_STATUS.APPROVED)))
    .orderBy(desc(personAuths.id))
    .limit(1);
  return row;
}

export async function latestBusinessAuth(db: DbOrTx, memberId: number): Promise<BusinessAuthRow | undefined> {
  const [row] = await db
    .select()
    .from(businessAuths)
    .where(eq(businessAuths.memberId, memberId))
    .orderBy(desc(businessAuths.id))
    .limit(1);
  return row;
}

/** An ID number already approved for a different member. */
export async function idcardApprovedElsewhere(
  db: DbOrTx,
  memberId: number,
  idcard: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: personAuths.id })
    .from(personAuths)
    .where(
      and(
        eq(personAuths.idcard, idcard),
        eq(personAuths.checked, AUTH_STATUS.APPROVED),
        ne(personAuths.memberId, memberId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function creditCodeApprovedElsewhere(
  db: DbOrTx,
  memberId: number,
  taxorder: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: businessAuths.id })
    .from(businessAuths)
    .where(
      and(
        eq(businessAuths.taxorder, taxorder),
        eq(businessAuths.checked, AUTH_STATUS.APPROVED),
        ne(businessAuths.memberId, memberId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Locks the member row: two submissions of one member are decided one after the other. */
export async function lockMember(db: DbOrTx, memberId: number) {
  const [row] = await db
    .select({ personauth: members.personauth, businsauth: members.businsauth })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  return row!;
}

export async function insertPersonAuth(db: DbOrTx, values: typeof personAuths.$inferInsert) {
  const [row] = await db.insert(personAuths).values(values).returning({ id: personAuths.id });
  await db
    .update(members)
    .set({ personauth: AUTH_STATUS.PENDING, updatedAt: sql`now()` })
    .where(eq(members.id, values.memberId));
  return row!.id;
}

export async function insertBusinessAuth(db: DbOrTx, values: typeof businessAuths.$inferInsert) {
  const [row] = await db.insert(businessAuths).values(values).returning({ id: businessAuths.id });
  await db
    .update(members)
    .set({ businsauth: AUTH_STATUS.PENDING, updatedAt: sql`now()` })
    .where(eq(members.id, values.memberId));
  return row!.id;
}

import type { AdminRole } from '@zl/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminSessions, admins } from '../../db/schema/index.ts';

export async function findAdminByUsername(db: DbOrTx, username: string) {
  const [row] = await db.select().from(admins).where(eq(admins.username, username)).limit(1);
  return row;
}

export async function listAdmins(db: DbOrTx) {
  return db
    .select({
      id: admins.id,
      username: admins.username,
      displayName: admins.displayName,
      role: admins.role,
      disabled: admins.disabled,
      locked: sql<boolean>`coalesce(${admins.lockedUntil} > now(), false)`,
      createdAt: admins.createdAt,
    })
    .from(admins)
    .orderBy(asc(admins.id))
    .limit(500);
}

export async function insertAdmin(
  db: DbOrTx,
  values: { username: string; passwordHash: string; role: AdminRole; displayName: string },
) {
  const [row] = await db.insert(admins).values(values).onConflictDoNothing().returning();
  return row;
}

/** A new password also lifts a lockout and ends every console session of that operator. */
export async function resetAdminPassword(
  db: DbOrTx,
  id: number,
  values: { passwordHash: string; role?: AdminRole; displayName?: string },
): Promise<void> {
  await db
    .update(admins)
    .set({ ...values, failedLogins: 0, lockedUntil: null, disabled: false })
    .where(eq(admins.id, id));
  await db.delete(adminSessions).where(eq(adminSessions.adminId, id));
}

export async function setAdminDisabled(db: DbOrTx, id: number, disabled: boolean) {
  const [row] = await db
    .update(admins)
    .set({ disabled, ...(disabled ? {} : { failedLogins: 0, lockedUntil: null }) })
    .where(eq(admins.id, id))
    .returning({ id: admins.id, username: admins.username });
  if (row && disabled) await db.delete(adminSessions).where(eq(adminSessions.adminId, id));
  return row;
}

export async function deleteAdminSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.idHash, idHash));
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return Number(row?.n ?? 0);
}

/** Operators by username; a username taken already is left as it is. */
export async function insertAdminsIfMissing(
  db: DbOrTx,
  rows: Array<typeof admins.$inferInsert>,
): Promise<void> {
  await db.insert(admins).values(rows).onConflictDoNothing();
}

import type { AdminRole } from '@zl/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminSessions, admins } from '../../db/schema/index.ts';
import { ADMIN_ABSOLUTE_SECONDS } from '../../plugins/admin-session.ts';

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

/** Counts a failed login; the `maxFailures`-th in a row locks the account for `lockMinutes`. */
export async function recordAdminFailure(
  db: DbOrTx,
  id: number,
  maxFailures: number,
  lockMinutes: number,
): Promise<{ locked: boolean }> {
  const [row] = await db
    .update(admins)
    .set({
      failedLogins: sql`case when ${admins.failedLogins} + 1 >= ${maxFailures} then 0 else ${admins.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${admins.failedLogins} + 1 >= ${maxFailures}
        then now() + make_interval(mins => ${lockMinutes}) else ${admins.lockedUntil} end`,
    })
    .where(eq(admins.id, id))
    .returning({ locked: sql<boolean>`coalesce(${admins.lockedUntil} > now(), false)` });
  return { locked: Boolean(row?.locked) };
}

export async function clearAdminFailures(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(admins)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(admins.id, id), sql`(${admins.failedLogins} > 0 or ${admins.lockedUntil} is not null)`));
}

export async function insertAdminSession(db: DbOrTx, adminId: number, idHash: string): Promise<void> {
  await db.insert(adminSessions).values({
    idHash,
    adminId,
    expiresAt: sql`now() + make_interval(secs => ${ADMIN_ABSOLUTE_SECONDS})`,
  });
}

export async function deleteAdminSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.idHash, idHash));
}

import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminSessions, admins } from '../../db/schema/index.ts';

/**
 * The operator of a live console session (enabled, within the absolute and idle timeouts);
 * `stale` when last_seen_at is older than a minute. Sessions are created and ended in admin.repo.
 */
export async function findLiveAdminSession(db: DbOrTx, idHash: string, idleSeconds: number) {
  const [row] = await db
    .select({
      adminId: admins.id,
      username: admins.username,
      displayName: admins.displayName,
      role: admins.role,
      stale: sql<boolean>`${adminSessions.lastSeenAt} < now() - interval '1 minute'`,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.idHash, idHash),
        eq(admins.disabled, false),
        gt(adminSessions.expiresAt, sql`now()`),
        gt(adminSessions.lastSeenAt, sql`now() - make_interval(secs => ${idleSeconds})`),
      ),
    )
    .limit(1);
  return row;
}

export async function touchAdminSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.update(adminSessions).set({ lastSeenAt: sql`now()` }).where(eq(adminSessions.idHash, idHash));
}

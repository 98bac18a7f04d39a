import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { adminSessions, admins } from '../db/schema/index.ts';
import { sha256 } from '../lib/crypto.ts';
import type { App } from '../lib/types.ts';

export type AdminRole = 'reviewer' | 'finance' | 'super';

export interface AdminContext {
  adminId: number;
  username: string;
  displayName: string;
  role: AdminRole;
  sessionHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of a live console session (cookie `zl_admin`); null otherwise. */
    admin: AdminContext | null;
  }
}

/** The console's own cookie: a member session never opens the console, and vice versa. */
export const ADMIN_COOKIE = 'zl_admin';
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** Operator sessions are shorter than members': 30 minutes idle, 12 hours absolute. */
export const ADMIN_IDLE_SECONDS = 30 * 60;
export const ADMIN_ABSOLUTE_SECONDS = 12 * 3600;

export function registerAdminSessionHook(app: App, db: Db, _config: Config): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[ADMIN_COOKIE];
    if (!token || !TOKEN_RE.test(token)) return;
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/files/')) return;
    const idHash = sha256(token);
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
          gt(adminSessions.lastSeenAt, sql`now() - make_interval(secs => ${ADMIN_IDLE_SECONDS})`),
        ),
      )
      .limit(1);
    if (!row) return;
    if (row.stale)
      await db.update(adminSessions).set({ lastSeenAt: sql`now()` }).where(eq(adminSessions.idHash, idHash));
    request.admin = {
      adminId: row.adminId,
      username: row.username,
      displayName: row.displayName,
      role: row.role,
      sessionHash: idHash,
    };
  });
}

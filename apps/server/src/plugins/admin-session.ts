import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { sha256 } from '../lib/crypto.ts';
import type { App } from '../lib/types.ts';
import { findLiveAdminSession, touchAdminSession } from '../modules/admin/admin-session.repo.ts';

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
  async function lookUp(request: FastifyRequest, token: string): Promise<void> {
    const idHash = sha256(token);
    const row = await findLiveAdminSession(db, idHash, ADMIN_IDLE_SECONDS);
    if (!row) return;
    if (row.stale) await touchAdminSession(db, idHash);
    request.admin = {
      adminId: row.adminId,
      username: row.username,
      displayName: row.displayName,
      role: row.role,
      sessionHash: idHash,
    };
  }
  // A callback hook: a request without the console's cookie — nearly all — goes on without a
  // promise (docs/bench/search.md, "Per request").
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[ADMIN_COOKIE];
    if (!token || !TOKEN_RE.test(token)) return done();
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/files/')) return done();
    lookUp(request, token).then(() => done(), done);
  });
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { App } from '../../lib/types.ts';
import { BACKUP_PATH, BACKUP_TOKEN_FILE, dumpPglite, tokensEqual } from './backup.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `npm run backup` on an embedded PGlite database the server holds (ADR 0016): the server
 * writes a random token into DATA_DIR (only who can read the data directory can ask) and answers
 * `GET /internal/backup` — from loopback, with that token — with a consistent dump of its database.
 * Not registered on a PostgreSQL server (pg_dump takes its own snapshot) nor in memory.
 * Not an API route (no envelope, hidden from the OpenAPI document, loopback only): it lives outside
 * the *.routes.ts files, like the metrics endpoint.
 */
export function registerBackupRoute(app: App, deps: { config: Config; database: Database }): void {
  const client = deps.database.pglite;
  if (!client?.dataDir || deps.config.database.url) return;
  // the DATA_DIR the database was opened from (its pglite/ folder's parent), which the command reads
  const tokenFile = path.join(path.dirname(client.dataDir), BACKUP_TOKEN_FILE);
  const token = randomBytes(24).toString('base64url');
  fs.writeFileSync(tokenFile, token, { mode: 0o600 });
  app.get(BACKUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const given = request.headers['x-backup-token'];
    if (
      !LOOPBACK.has(request.socket.remoteAddress ?? '') ||
      typeof given !== 'string' ||
      !tokensEqual(given, token)
    ) {
      return reply.code(403).type('text/plain').send('forbidden');
    }
    const gz = await dumpPglite(client);
    return reply.type('application/gzip').header('cache-control', 'no-store').send(gz);
  });
}

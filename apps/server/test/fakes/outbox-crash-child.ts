/**
 * A process that commits a project transition (so its outbox event) and then hangs without ever
 * dispatching it, to be killed with SIGKILL by test/outbox.test.ts. Database: ZL_DATABASE_URL
 * (PostgreSQL) or ZL_DATA_DIR (PGlite); the project: ZL_PROJECT_ID (status 0, pending review).
 */
import { openDatabase } from '../../src/db/client.ts';
import { applyTransition } from '../../src/modules/project/project-transition.ts';

const database = await openDatabase({
  databaseUrl: process.env.ZL_DATABASE_URL || undefined,
  dataDir: process.env.ZL_DATA_DIR || undefined,
  poolSize: 2,
});
const projectId = Number(process.env.ZL_PROJECT_ID);
const res = await database.db.transaction((tx) =>
  applyTransition(tx, { projectId, event: 'approve', actor: { type: 'admin', id: 1 } }, () => ({
    checked: 1,
    coins: 5,
  })),
);
process.stdout.write(`committed ${res.events[0]!.eventId}\n`);
// Never dispatches, never exits: the test kills it.
setInterval(() => {}, 60_000);

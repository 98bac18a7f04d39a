import path from 'node:path';
import { z } from 'zod';
import { bool } from './values.ts';

/** Where the data lives: embedded PGlite under DATA_DIR, or a PostgreSQL server (ADR 0003). */
export const databaseEnv = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** false/0: a fresh DATA_DIR runs initdb and every migration instead of starting from the build's template */
  PGLITE_TEMPLATE: bool,
});

export type DatabaseEnv = z.output<typeof databaseEnv>;

export function databaseConfig(e: DatabaseEnv) {
  return {
    /** unset: the embedded PGlite database under dataDir */
    url: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    /** connections per process to the PostgreSQL server */
    poolSize: e.DB_POOL_SIZE,
    /** a fresh PGlite DATA_DIR starts from dist/pglite-template.tar.gz when it matches (ADR 0003) */
    pgliteTemplate: e.PGLITE_TEMPLATE ?? true,
  };
}

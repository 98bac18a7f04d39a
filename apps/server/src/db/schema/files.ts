import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Uploaded files. `public` files (showcase) are served to anyone; `private` ones (identity
 * documents, licences, contracts) only to their owner and to operators.
 */
export const files = pgTable(
  'files',
  {
    /** random, URL-safe: knowing an id is not enough to read a private file */
    id: varchar('id', { length: 32 }).primaryKey(),
    ownerMemberId: bigint('owner_member_id', { mode: 'number' }),
    ownerAdminId: bigint('owner_admin_id', { mode: 'number' }),
    visibility: varchar('visibility', { length: 10 }).notNull().$type<'public' | 'private'>(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    mime: varchar('mime', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    thumbKey: varchar('thumb_key', { length: 200 }),
    originalName: varchar('original_name', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_member_idx').on(t.ownerMemberId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * The supplier's showroom (docs/showroom.md): one company profile per supplier, saved by
 * Company/saveInfo and shown on the public page /show?id=<cardno>. Logo and banner are file ids of
 * the supplier's own public uploads ('' = none).
 */
export const showrooms = pgTable('showrooms', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 60 }).notNull(),
  logo: varchar('logo', { length: 40 }).notNull().default(''),
  banner: varchar('banner', { length: 40 }).notNull().default(''),
  introduction: varchar('introduction', { length: 2000 }).notNull().default(''),
  scale: varchar('scale', { length: 30 }).notNull().default(''),
  /** year founded; null = not given */
  founded: smallint('founded'),
  regions: jsonb('regions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  specialities: jsonb('specialities').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** the showroom's public contact, shown to everyone */
  contact: varchar('contact', { length: 60 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The supplier's cases (the seed's Case: title, descr, faceimg, pictures). A title is unique per
 * supplier, so the same case saved twice at once is stored once.
 */
export const showroomCases = pgTable(
  'showroom_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 60 }).notNull(),
    descr: varchar('descr', { length: 1000 }).notNull().default(''),
    faceimg: varchar('faceimg', { length: 40 }).notNull(),
    pictures: jsonb('pictures').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('showroom_cases_member_title_uq').on(t.memberId, t.title),
    index('showroom_cases_member_created_idx').on(t.memberId, t.createdAt.desc(), t.id.desc()),
  ],
);

export type ShowroomRow = typeof showrooms.$inferSelect;
export type ShowroomCaseRow = typeof showroomCases.$inferSelect;

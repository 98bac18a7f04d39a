import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * A supplier's designs (设计作品, docs/works.md): title, style, booth area in ㎡, public images
 * (file ids, purpose 'design') and a description. One title per supplier.
 */
export const designs = pgTable(
  'designs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 40 }).notNull(),
    style: varchar('style', { length: 20 }).notNull(),
    area: integer('area').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('designs_member_title_uq').on(t.memberId, t.title),
    index('designs_member_idx').on(t.memberId, t.createdAt.desc()),
    check('designs_area_range', sql`${t.area} between 1 and 100000`),
  ],
);

/**
 * A supplier's services (docs/works.md): `priced` (newService: price in 分 per unit, images,
 * description) or `text` (newWordService: text content, optional images). One title per supplier.
 */
export const services = pgTable(
  'services',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull().$type<'priced' | 'text'>(),
    title: varchar('title', { length: 40 }).notNull(),
    /** 分 per unit (priced only) */
    priceFen: bigint('price_fen', { mode: 'number' }),
    unit: varchar('unit', { length: 10 }),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    content: varchar('content', { length: 5000 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_member_title_uq').on(t.memberId, t.title),
    index('services_member_idx').on(t.memberId, t.createdAt.desc()),
    check(
      'services_kind_price',
      sql`(${t.kind} = 'priced' and ${t.priceFen} between 1 and 100000000 and ${t.unit} is not null)
        or (${t.kind} = 'text' and ${t.priceFen} is null and ${t.unit} is null)`,
    ),
  ],
);

export type DesignRow = typeof designs.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;

import type { PayPlan, QuoteLine, RequirementItem } from '@zl/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * One requirement line (docs/product.md § Project fields): the seven lists dimian … zulin hold these;
 * a priced quotation line adds the unit price and amount in 分. Both are the API's own shapes.
 */
export type { QuoteLine, RequirementItem };

export type RequirementLists = Record<
  'dimian' | 'beiban' | 'mentou' | 'zhanshi' | 'jiedai' | 'meigong' | 'zulin',
  RequirementItem[]
>;

/**
 * Booth projects (the seed's orderDetail). Status and checked codes: docs/product.md § Status codes; every status
 * change goes through the transition table in packages/shared/src/project/project-states.ts.
 */
export const projects = pgTable(
  'projects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** order number, e.g. P202611220001 */
    orders: varchar('orders', { length: 20 }).notNull().unique(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** the customer's contact mobile: visible to operators, and from status 2 on to the winner */
    mobile: varchar('mobile', { length: 11 }).notNull(),
    /** 1 特装展台 · 2 标准展位 · 3 展厅/展馆 · 4 舞台活动 · 5 其他 */
    groupid: smallint('groupid').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    /** metres, two decimals */
    length: numeric('length', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    width: numeric('width', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    height: numeric('height', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    /** m², computed from length × width */
    areas: numeric('areas', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    opens: smallint('opens').notNull(),
    /** prepayment asked, 分 */
    prepay: bigint('prepay', { mode: 'number' }).notNull(),
    /** coins a supplier pays to quote; set by the operator on approval */
    coins: integer('coins').notNull().default(0),
    /** number of quotes */
    peoples: integer('peoples').notNull().default(0),
    picture: jsonb('picture').$type<string[]>().notNull().default([]),
    workpic: jsonb('workpic').$type<string[]>().notNull().default([]),
    attach: varchar('attach', { length: 32 }).notNull().default(''),
    attachname: varchar('attachname', { length: 200 }).notNull().default(''),
    conts: text('conts').notNull().default(''),
    sdate: date('sdate', { mode: 'string' }).notNull(),
    edate: date('edate', { mode: 'string' }).notNull(),
    /**
     * The show's hard dates (docs/show-dates.md): build-in and teardown windows. NOT NULL; a row
     * inserted without them gets the defaults from sdate/edate (trigger zl_project_dates, migration
     * 0026) — DEFAULT NULL only lets the trigger fill them.
     */
    buildStart: timestamp('build_start', { withTimezone: true }).notNull().default(sql`null`),
    buildEnd: timestamp('build_end', { withTimezone: true }).notNull().default(sql`null`),
    teardownStart: timestamp('teardown_start', { withTimezone: true }).notNull().default(sql`null`),
    teardownEnd: timestamp('teardown_end', { withTimezone: true }).notNull().default(sql`null`),
    /** the venue's drawing-approval deadline (报馆截止), when known */
    filingDeadline: timestamp('filing_deadline', { withTimezone: true }),
    /** 馆号, 展位号 */
    hall: varchar('hall', { length: 20 }).notNull().default(''),
    booth: varchar('booth', { length: 20 }).notNull().default(''),
    /** 施工押金, 分 */
    deposit: bigint('deposit', { mode: 'number' }).notNull().default(0),
    /** bidding deadline: bidding closes then; with no winner the project expires (status 7) */
    biddl: timestamp('biddl', { withTimezone: true }).notNull(),
    prov: varchar('prov', { length: 20 }).notNull(),
    city: varchar('city', { length: 20 }).notNull(),
    strt: varchar('strt', { length: 20 }).notNull().default(''),
    addr: varchar('addr', { length: 200 }).notNull().default(''),
    dimian: jsonb('dimian').$type<RequirementItem[]>().notNull().default([]),
    beiban: jsonb('beiban').$type<RequirementItem[]>().notNull().default([]),
    mentou: jsonb('mentou').$type<RequirementItem[]>().notNull().default([]),
    zhanshi: jsonb('zhanshi').$type<RequirementItem[]>().notNull().default([]),
    jiedai: jsonb('jiedai').$type<RequirementItem[]>().notNull().default([]),
    meigong: jsonb('meigong').$type<RequirementItem[]>().notNull().default([]),
    zulin: jsonb('zulin').$type<RequirementItem[]>().notNull().default([]),
    status: smallint('status').notNull().default(0),
    checked: smallint('checked').notNull().default(0),
    checkdate: timestamp('checkdate', { withTimezone: true }),
    /** why the operator rejected it, or why it was closed */
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    /** how a status-7 project was closed: rejected | cancelled | expired | complaint */
    closedBy: varchar('closed_by', { length: 12 }).notNull().default(''),
    winnerQuoteId: bigint('winner_quote_id', { mode: 'number' }),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    contract: jsonb('contract').$type<string[]>().notNull().default([]),
    contctck: smallint('contctck').notNull().default(0),
    contctckdt: timestamp('contctckdt', { withTimezone: true }),
    reports: jsonb('reports').$type<string[]>().notNull().default([]),
    reportck: smallint('reportck').notNull().default(0),
    reportdate: timestamp('reportdate', { withTimezone: true }),
    /** prepayment paid into escrow, 分 */
    prepayp: bigint('prepayp', { mode: 'number' }).notNull().default(0),
    ispaid: boolean('ispaid').notNull().default(false),
    /** the payment plan chosen at publish, % (docs/staged-escrow.md) */
    payPlan: jsonb('pay_plan')
      .$type<PayPlan>()
      .notNull()
      .default({ prepay: 30, progress: 40, final: 30, retention: 0 }),
    /** the contract amount, 分: the winning total at the award, plus approved change orders */
    contractAmount: bigint('contract_amount', { mode: 'number' }),
    /** the build-in confirmed (by the customer's 确认进场 or the job a day after the build-in start) */
    buildinConfirmedAt: timestamp('buildin_confirmed_at', { withTimezone: true }),
    /**
     * A complaint about the project is open (docs/delivery.md "Complaints"): set and cleared by
     * the complaint calls in the same transaction as the complaint; while true the escrow is
     * frozen — no acceptance releases it and the auto-acceptance job passes the project by.
     */
    complaintOpen: boolean('complaint_open').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The order centre lists open projects newest first, by deadline or by area, with keyset paging.
    index('projects_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('projects_status_biddl_idx').on(t.status, t.biddl, t.id),
    index('projects_status_areas_idx').on(t.status, t.areas, t.id),
    // by build-in start (searchList's buildFrom/buildTo and sort 'build'; docs/show-dates.md)
    index('projects_status_build_idx').on(t.status, t.buildStart, t.id),
    // the console's 报馆 list: awarded projects under way that have a filing deadline (docs/filing.md)
    index('projects_filing_deadline_idx')
      .on(t.filingDeadline, t.id)
      .where(sql`${t.filingDeadline} is not null and ${t.status} between 2 and 4`),
    // Region and type filters, newest first, in index order (keyset-ready: the id ends each key).
    // The region ones carry groupid and biddl after the key (migration 0014): a count of "type +
    // region" (the common filter pair) checks both in the index, an index-only scan, instead of
    // fetching every row of the region (docs/marketplace.md § searchList).
    index('projects_status_region_idx').on(
      t.status,
      t.prov,
      t.city,
      t.createdAt.desc(),
      t.id.desc(),
      t.groupid,
      t.biddl,
    ),
    index('projects_status_prov_idx').on(
      t.status,
      t.prov,
      t.createdAt.desc(),
      t.id.desc(),
      t.groupid,
      t.biddl,
    ),
    index('projects_status_group_idx').on(t.status, t.groupid, t.createdAt.desc(), t.id.desc()),
    index('projects_customer_idx').on(t.customerId, t.createdAt.desc()),
    // a supplier's won projects from its quotes (the track record, docs/delivery-complaint.md
    // "Track record"): without it every accepted project was read (docs/bench/growth.md)
    index('projects_winner_quote_idx').on(t.winnerQuoteId).where(sql`${t.winnerQuoteId} is not null`),
    // the console's review queue, oldest first, and its badge count: the queue's own rows only, not
    // a filter over every project of status 0 (docs/bench/growth.md)
    index('projects_review_queue_idx').on(t.updatedAt, t.id).where(sql`${t.checked} = 0 and ${t.status} = 0`),
    // Keyword indexes on the title, city and venue (zl_search_text, migration 0017: a keyword's
    // words are looked for in all three), without a pending list (fastupdate off, migration 0014):
    // with it every keyword search also read the list of rows not yet merged, up to 4 MB.
    index('projects_search_trgm_idx')
      .using('gin', sql`zl_search_text(${t.title}, ${t.city}, ${t.addr}) gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    // two-character words (zl_bigrams: migration 0003)
    index('projects_search_bigram_idx')
      .using('gin', sql`zl_bigrams(zl_search_text(${t.title}, ${t.city}, ${t.addr}))`)
      .with({ fastupdate: 'off' }),
  ],
);

/** One quotation per supplier per project (docs/product.md § Quote status), editable until the award. */
export const quotes = pgTable(
  'quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** priced lines per category: { dimian: QuoteLine[], … } */
    lines: jsonb('lines').$type<Partial<Record<keyof RequirementLists, QuoteLine[]>>>().notNull(),
    /** per-category subtotals in 分 */
    subtotals: jsonb('subtotals').$type<Partial<Record<keyof RequirementLists, number>>>().notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** construction days */
    days: integer('days').notNull(),
    remark: varchar('remark', { length: 1000 }).notNull().default(''),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    /** 0 pending · 1 won · 2 lost · 3 withdrawn (project cancelled or expired, coins refunded) */
    status: smallint('status').notNull().default(0),
    coinsPaid: integer('coins_paid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotes_project_supplier_uq').on(t.projectId, t.supplierId),
    index('quotes_supplier_idx').on(t.supplierId, t.createdAt.desc()),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.projectId] }),
    index('favorites_member_idx').on(t.memberId, t.createdAt.desc()),
  ],
);

/** Daily counter behind order numbers P{yyyymmdd}{seq}. */
export const orderSequences = pgTable('order_sequences', {
  day: varchar('day', { length: 8 }).primaryKey(),
  seq: integer('seq').notNull(),
});

/**
 * A supplier's quote figures (docs/home.md): quotes made, won, lost, and won projects completed —
 * kept by triggers on `quotes` and `projects` in the transaction that changes them (migration 0035),
 * so the home reads one row instead of counting the supplier's whole history.
 */
export const supplierQuoteCounts = pgTable('supplier_quote_counts', {
  memberId: bigint('member_id', { mode: 'number' }).primaryKey(),
  quotes: integer('quotes').notNull().default(0),
  won: integer('won').notNull().default(0),
  lost: integer('lost').notNull().default(0),
  completed: integer('completed').notNull().default(0),
});

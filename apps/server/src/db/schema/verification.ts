import {
  bigint,
  bigserial,
  index,
  type PgColumnBuilderBase,
  pgTable,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * A table of verification submissions, one row per submission: the member, what they submitted
 * (`fields`) and the review (docs/product.md § Verification status: checked 0 pending · 1 approved · 2 rejected).
 */
function submissionTable<const N extends string, F extends Record<string, PgColumnBuilderBase>>(
  name: N,
  fields: F,
) {
  return pgTable(
    name,
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      memberId: bigint('member_id', { mode: 'number' })
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      ...fields,
      checked: smallint('checked').notNull().default(0),
      reason: varchar('reason', { length: 200 }).notNull().default(''),
      reviewerId: bigint('reviewer_id', { mode: 'number' }),
      reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      index(`${name}_member_idx`).on(t.memberId, t.id),
      index(`${name}_checked_idx`).on(t.checked, t.id),
    ],
  );
}

/** docs/product.md § Verification status: checked 0 pending · 1 approved · 2 rejected. One row per submission. */
export const personAuths = submissionTable('person_auths', {
  realname: varchar('realname', { length: 30 }).notNull(),
  idcard: varchar('idcard', { length: 18 }).notNull(),
  cardfrt: varchar('cardfrt', { length: 32 }).notNull(),
  cardrvs: varchar('cardrvs', { length: 32 }).notNull(),
});

/** The seed's authInfo record (Member/businesAuth, Member/businesAuthInfo). */
export const businessAuths = submissionTable('business_auths', {
  /** contact person, their mobile and landline */
  name: varchar('name', { length: 30 }).notNull(),
  mobile: varchar('mobile', { length: 11 }).notNull(),
  tlphone: varchar('tlphone', { length: 20 }).notNull().default(''),
  /** legal representative's ID card, front and back (file ids) */
  cardfrt: varchar('cardfrt', { length: 32 }).notNull(),
  cardrvs: varchar('cardrvs', { length: 32 }).notNull(),
  /** business type, company name, licence image, date founded */
  bstype: varchar('bstype', { length: 20 }).notNull(),
  btitle: varchar('btitle', { length: 100 }).notNull(),
  bcerts: varchar('bcerts', { length: 32 }).notNull(),
  bdate: varchar('bdate', { length: 10 }).notNull().default(''),
  /** registered address */
  bprov: varchar('bprov', { length: 20 }).notNull(),
  bcity: varchar('bcity', { length: 20 }).notNull(),
  bstrt: varchar('bstrt', { length: 20 }).notNull().default(''),
  /** invoice: receipt type, full invoice title, unified social credit code */
  receipt: varchar('receipt', { length: 20 }).notNull().default(''),
  fultitle: varchar('fultitle', { length: 100 }).notNull().default(''),
  taxorder: varchar('taxorder', { length: 18 }).notNull(),
  /** settlement bank and account */
  bkname: varchar('bkname', { length: 60 }).notNull(),
  bkorder: varchar('bkorder', { length: 30 }).notNull(),
  /** mailing address */
  mprov: varchar('mprov', { length: 20 }).notNull().default(''),
  mcity: varchar('mcity', { length: 20 }).notNull().default(''),
  mstrt: varchar('mstrt', { length: 20 }).notNull().default(''),
  maddr: varchar('maddr', { length: 200 }).notNull().default(''),
});

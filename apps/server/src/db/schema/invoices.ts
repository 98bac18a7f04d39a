import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { projects } from './projects.ts';

/**
 * Invoices (发票, docs/invoices.md): a project's customer asks its winning supplier for an
 * invoice over part of what it paid into escrow; the supplier issues it (an uploaded PDF or
 * picture, purpose `invoice`) or rejects the request. `requested` → `issued` | `rejected`, once,
 * by a conditional UPDATE. What is requested or issued never exceeds what was paid: the request
 * is inserted under the project's row lock after summing the others.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** normal 普通发票 · special 增值税专用发票 */
    kind: varchar('kind', { length: 8 }).notNull().$type<'normal' | 'special'>(),
    title: varchar('title', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 18 }).notNull().default(''),
    address: varchar('address', { length: 120 }).notNull().default(''),
    bank: varchar('bank', { length: 60 }).notNull().default(''),
    bankAccount: varchar('bank_account', { length: 30 }).notNull().default(''),
    /** 分 */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** requested · issued · rejected */
    status: varchar('status', { length: 10 })
      .notNull()
      .default('requested')
      .$type<'requested' | 'issued' | 'rejected'>(),
    /** the issued invoice (file id, purpose `invoice`, the supplier's own upload) */
    fileId: varchar('file_id', { length: 32 }),
    /** 发票号码 as printed, optional */
    number: varchar('number', { length: 20 }).notNull().default(''),
    /** why the supplier rejected it */
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('invoices_project_idx').on(t.projectId, t.id),
    index('invoices_customer_idx').on(t.customerId, t.id.desc()),
    index('invoices_supplier_idx').on(t.supplierId, t.id.desc()),
    check('invoices_amount_positive', sql`${t.amount} > 0`),
    check('invoices_status_known', sql`${t.status} in ('requested', 'issued', 'rejected')`),
    check('invoices_issued_has_file', sql`(${t.status} = 'issued') = (${t.fileId} is not null)`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

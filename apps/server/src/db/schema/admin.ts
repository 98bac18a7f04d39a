import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** Platform operators: a separate table from members, roles per docs/product.md § Roles. */
export const admins = pgTable('admins', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: varchar('username', { length: 32 }).notNull().unique(),
  passwordHash: varchar('password_hash', { length: 200 }).notNull(),
  role: varchar('role', { length: 16 }).notNull().$type<'reviewer' | 'finance' | 'super'>(),
  displayName: varchar('display_name', { length: 30 }).notNull().default(''),
  disabled: boolean('disabled').notNull().default(false),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** when the latest password try was reserved (docs/members.md, "Login limits") */
  triesAt: timestamp('tries_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adminSessions = pgTable(
  'admin_sessions',
  {
    idHash: varchar('id_hash', { length: 64 }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId)],
);

/** Who did what to which record, and when: every operator decision and state change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorType: varchar('actor_type', { length: 10 }).notNull().$type<'admin' | 'member' | 'system'>(),
    actorId: bigint('actor_id', { mode: 'number' }),
    action: varchar('action', { length: 40 }).notNull(),
    targetType: varchar('target_type', { length: 30 }).notNull(),
    targetId: varchar('target_id', { length: 40 }).notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId, t.id)],
);

import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type DesignRow, designs, members, type ServiceRow, services } from '../../db/schema/index.ts';

export type { DesignRow, ServiceRow };

/** The public face of a supplier: found by its 8-digit member number, suppliers only. */
export async function findSupplierByCardno(db: DbOrTx, cardno: string) {
  const [row] = await db
    .select({ id: members.id, cardno: members.cardno, company: members.company, nickname: members.nickname })
    .from(members)
    .where(and(eq(members.cardno, cardno), eq(members.cardtype, 'workshop')))
    .limit(1);
  return row;
}

/** The owner of a work, for its detail page (suppliers only: a member who is not one has no works to show). */
export async function findSupplierById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: members.id, cardno: members.cardno, company: members.company, nickname: members.nickname })
    .from(members)
    .where(and(eq(members.id, id), eq(members.cardtype, 'workshop')))
    .limit(1);
  return row;
}

// ---------- designs ----------

export type NewDesign = Omit<typeof designs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type DesignChanges = Omit<NewDesign, 'memberId'>;

export async function insertDesign(db: DbOrTx, values: NewDesign): Promise<DesignRow> {
  const [row] = await db.insert(designs).values(values).returning();
  if (!row) throw new Error('insert designs returned nothing');
  return row;
}

/** Updates the member's own design; undefined when it is not theirs (or does not exist). */
export async function updateOwnDesign(
  db: DbOrTx,
  memberId: number,
  id: number,
  changes: DesignChanges,
): Promise<DesignRow | undefined> {
  const [row] = await db
    .update(designs)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(designs.id, id), eq(designs.memberId, memberId)))
    .returning();
  return row;
}

export async function deleteOwnDesign(db: DbOrTx, memberId: number, id: number): Promise<boolean> {
  const out = await db
    .delete(designs)
    .where(and(eq(designs.id, id), eq(designs.memberId, memberId)))
    .returning({ id: designs.id });
  return out.length > 0;
}

export async function findDesign(db: DbOrTx, id: number): Promise<DesignRow | undefined> {
  const [row] = await db.select().from(designs).where(eq(designs.id, id)).limit(1);
  return row;
}

/** All designs of a member, newest first (bounded by WORKS_RULES.maxDesigns). */
export function listDesigns(db: DbOrTx, memberId: number): Promise<DesignRow[]> {
  return db
    .select()
    .from(designs)
    .where(eq(designs.memberId, memberId))
    .orderBy(desc(designs.createdAt), desc(designs.id));
}

export async function countDesigns(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(designs).where(eq(designs.memberId, memberId));
  return Number(row?.n ?? 0);
}

/** Whether the member has another design of this title (`exceptId`: the one being edited). */
export async function designTitleTaken(
  db: DbOrTx,
  memberId: number,
  title: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: designs.id })
    .from(designs)
    .where(and(eq(designs.memberId, memberId), eq(designs.title, title)))
    .limit(1);
  return row !== undefined && row.id !== exceptId;
}

// ---------- services ----------

export type NewService = Omit<typeof services.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ServiceChanges = Omit<NewService, 'memberId' | 'kind'>;

export async function insertService(db: DbOrTx, values: NewService): Promise<ServiceRow> {
  const [row] = await db.insert(services).values(values).returning();
  if (!row) throw new Error('insert services returned nothing');
  return row;
}

/** Updates the member's own service of that kind; undefined when there is none. */
export async function updateOwnService(
  db: DbOrTx,
  memberId: number,
  id: number,
  kind: ServiceRow['kind'],
  changes: ServiceChanges,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(services.id, id), eq(services.memberId, memberId), eq(services.kind, kind)))
    .returning();
  return row;
}

export async function deleteOwnService(db: DbOrTx, memberId: number, id: number): Promise<boolean> {
  const out = await db
    .delete(services)
    .where(and(eq(services.id, id), eq(services.memberId, memberId)))
    .returning({ id: services.id });
  return out.length > 0;
}

export async function findService(
  db: DbOrTx,
  id: number,
  memberId?: number,
): Promise<ServiceRow | undefined> {
  const where: SQL | undefined = and(
    eq(services.id, id),
    memberId === undefined ? undefined : eq(services.memberId, memberId),
  );
  const [row] = await db.select().from(services).where(where).limit(1);
  return row;
}

export function listServices(db: DbOrTx, memberId: number): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(eq(services.memberId, memberId))
    .orderBy(desc(services.createdAt), desc(services.id));
}

export async function countServices(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(services).where(eq(services.memberId, memberId));
  return Number(row?.n ?? 0);
}

export async function serviceTitleTaken(
  db: DbOrTx,
  memberId: number,
  title: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.memberId, memberId), eq(services.title, title)))
    .limit(1);
  return row !== undefined && row.id !== exceptId;
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

export async function findFileById(db: DbOrTx, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** A file only when this member uploaded it: someone else's id reads as missing. */
export async function findMemberFile(db: DbOrTx, memberId: number, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.ownerMemberId, memberId)))
    .limit(1);
  return row;
}

/** Which of these file ids are images (they have a thumbnail). */
export async function imageIdsAmong(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), sql`${files.mime} like 'image/%'`));
  return rows.map((f) => f.id);
}

/** The mime type of each of these files (a made-up id is left out). */
export async function fileMimes(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const list = ids.filter(Boolean);
  if (list.length === 0) return new Map();
  const rows = await db.select({ id: files.id, mime: files.mime }).from(files).where(inArray(files.id, list));
  return new Map(rows.map((r) => [r.id, r.mime]));
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
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

/**
 * Adds `bytes` to the member's count of the day that began at `dayStart`, in one conditional
 * statement: only while the day's total stays within `limit` (a count of an earlier day starts over).
 * Parallel uploads each wait for the row and see the others' bytes, so together they never pass the
 * limit. Answers the new total, or null when the bytes do not fit.
 */
export async function reserveUploadBytes(
  db: DbOrTx,
  key: string,
  dayStart: Date,
  bytes: number,
  limit: number,
): Promise<number | null> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
      insert into rate_counters (key, window_start, count)
      select ${key}, ${dayStart}::timestamptz, ${bytes}::int where ${bytes}::bigint <= ${limit}::bigint
      on conflict (key) do update set
        count = case when rate_counters.window_start < ${dayStart}::timestamptz then ${bytes}::int
                     else rate_counters.count + ${bytes}::int end,
        window_start = greatest(rate_counters.window_start, ${dayStart}::timestamptz)
      -- bigint: a count near a 2000 MB quota plus one file would overflow int
      where (case when rate_counters.window_start < ${dayStart}::timestamptz then 0
                  else rate_counters.count::bigint end) + ${bytes}::bigint <= ${limit}::bigint
      returning count`,
  );
  return rows[0] ? Number(rows[0].count) : null;
}

/** Gives back bytes reserved for an upload that stored nothing (same day only). */
export async function releaseUploadBytes(db: DbOrTx, key: string, dayStart: Date, bytes: number) {
  await db.execute(sql`
    update rate_counters set count = greatest(0, count - ${bytes}::int)
    where key = ${key} and window_start = ${dayStart}::timestamptz`);
}

/** The mime type of each of these files (a made-up id is left out). */
export async function fileMimes(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const list = ids.filter(Boolean);
  if (list.length === 0) return new Map();
  const rows = await db.select({ id: files.id, mime: files.mime }).from(files).where(inArray(files.id, list));
  return new Map(rows.map((r) => [r.id, r.mime]));
}

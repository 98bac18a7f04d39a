import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { lockForTransaction } from '../../db/lock.repo.ts';
import { favorites, projects } from '../../db/schema/index.ts';
import { summaryColumns } from '../projectcenter/search.repo.ts';

/**
 * Adds the favourite, or removes it when it was there. Answers whether it is now a favourite.
 * One transaction under a lock per (member, project): N toggles at once alternate strictly
 * (without it, parallel toggles all saw "no favourite" and all answered "added").
 */
export async function toggleFavorite(db: Db, memberId: number, projectId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, `fav:${memberId}:${projectId}`);
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.memberId, memberId), eq(favorites.projectId, projectId)))
      .returning({ projectId: favorites.projectId });
    if (removed.length > 0) return false;
    await tx.insert(favorites).values({ memberId, projectId }).onConflictDoNothing();
    return true;
  });
}

export async function listFavorites(db: DbOrTx, memberId: number, page: number, pageSize: number) {
  const where = eq(favorites.memberId, memberId);
  const [items, [count]] = await Promise.all([
    db
      .select({ ...summaryColumns(memberId), favoritedAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(projects, eq(projects.id, favorites.projectId))
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.projectId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(favorites).where(where),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { projectSummary, shanghaiDateTime } from '../project/project-view.ts';
import { findProject, isPublic } from '../projectcenter/projectcenter.repo.ts';
import { listFavorites, toggleFavorite } from './favorite.repo.ts';

/** Myfavorite/bPrjctFvr: only projects of the order centre (approved) can be favourited. */
export async function toggle(db: Db, memberId: number, projectId: number) {
  const p = await findProject(db, projectId);
  if (!p || !isPublic(p)) throw new AppError('NOT_FOUND');
  return { favorite: await toggleFavorite(db, memberId, projectId) };
}

/** Myfavorite/bPrjctList: newest favourite first. Projects closed since then stay listed with their status. */
export async function list(db: DbOrTx, memberId: number, page: number, pageSize: number) {
  const { items, total } = await listFavorites(db, memberId, page, pageSize);
  return {
    listItem: items.map((r) => ({
      ...projectSummary(r, true),
      favoritedAt: shanghaiDateTime(r.favoritedAt),
    })),
    total,
    page,
  };
}

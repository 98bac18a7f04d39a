import type { Tip, TipChange, TipListPage, tipDeleteSchema, tipEditSchema, tipListSchema } from '@zl/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../lib/types.ts';
import { notifyLive } from '../outbox/live-channel.repo.ts';
import * as repo from './tip.repo.ts';

/** Tip row → the API's Tip (Tipcenter/getList and the live stream's `tip` event). */
export function tipView(r: repo.TipRow): Tip {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    content: r.content,
    link: r.link,
    read: r.isRead,
    created: r.createdAt.toISOString(),
  };
}

/** Tipcenter/getList: the caller's tips, newest first, with the unread count for the badge. */
export async function list(
  deps: Deps,
  memberId: number,
  input: z.output<typeof tipListSchema>,
): Promise<TipListPage> {
  const filter: repo.TipFilter = {
    type: input.type,
    read: input.read === undefined ? undefined : input.read === 1,
  };
  const [rows, total, unread] = await Promise.all([
    repo.listTips(deps.db, memberId, filter, input.pageSize, (input.page - 1) * input.pageSize),
    repo.countTips(deps.db, memberId, filter),
    repo.countUnread(deps.db, memberId),
  ]);
  return { listItem: rows.map(tipView), total, page: input.page, unread };
}

/** Tipcenter/editMsg: marks read only the caller's own tips; ids of others' tips change nothing. */
export async function markRead(
  deps: Deps,
  memberId: number,
  input: z.output<typeof tipEditSchema>,
): Promise<TipChange> {
  const changed = await repo.markRead(deps.db, memberId, input.all === true ? undefined : input.ids);
  if (changed > 0) await notifyLive(deps.db, { k: 'unread', m: memberId });
  return { changed, unread: await repo.countUnread(deps.db, memberId) };
}

/** Tipcenter/delMsg: deletes only the caller's own tips. */
export async function remove(
  deps: Deps,
  memberId: number,
  input: z.output<typeof tipDeleteSchema>,
): Promise<TipChange> {
  const changed = await repo.deleteTips(deps.db, memberId, input.ids);
  if (changed > 0) await notifyLive(deps.db, { k: 'unread', m: memberId });
  return { changed, unread: await repo.countUnread(deps.db, memberId) };
}

/** userInfo's `unread` (and `hastips`). */
export function unreadOf(db: DbOrTx, memberId: number): Promise<number> {
  return repo.countUnread(db, memberId);
}

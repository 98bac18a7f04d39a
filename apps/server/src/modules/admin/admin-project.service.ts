import {
  type AdminProjectDetail,
  type AdminProjectItem,
  type adminProjectQueueSchema,
  type adminProjectReviewSchema,
  PROJECT_CHECKED,
  suggestedCoins,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminContext } from '../../plugins/admin-session.ts';
import { applyTransition } from '../project/project-transition.ts';
import { projectDetail, projectSummary, shanghaiDateTime } from '../project/project-view.ts';
import * as repo from './admin-project.repo.ts';

export async function projectQueue(db: Db, q: z.output<typeof adminProjectQueueSchema>) {
  const { rows, total } = await repo.projectQueue(db, q);
  const listItem: AdminProjectItem[] = rows.map((r) => ({
    ...projectSummary(r.project),
    checked: r.project.checked,
    reason: r.project.reason,
    closedBy: r.project.closedBy,
    submitted: r.project.updatedAt.toISOString(),
    checkdate: shanghaiDateTime(r.project.checkdate),
    customer: { cardno: r.cardno, name: r.name, nickname: r.nickname, mobile: r.project.mobile },
  }));
  return { listItem, total, page: q.page };
}

export async function projectDetailFor(db: Db, id: number): Promise<AdminProjectDetail> {
  const row = await repo.projectWithCustomer(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    ...projectDetail(row.project, { showMobile: true }),
    customer: row.customer,
    suggestedCoins: suggestedCoins(Number(row.project.areas)),
    quoteCount: Number(row.quoteCount),
  };
}

/**
 * Approve (0 → 1: checked 1, checkdate, the coins a quote costs) or reject (0 → 7: checked 2,
 * closedBy rejected, the reason the customer sees). Through the transition: one row lock, so of
 * two operators deciding at once the second is refused with INVALID_STATE; audited there.
 */
export async function projectReview(
  db: Db,
  actor: AdminContext,
  input: z.output<typeof adminProjectReviewSchema>,
): Promise<AdminProjectDetail> {
  await db.transaction((tx) =>
    applyTransition(
      tx,
      {
        projectId: input.id,
        event: input.approve ? 'approve' : 'reject',
        actor: { type: 'admin', id: actor.adminId },
        detail: input.approve ? { coins: input.coins } : { reason: input.reason },
      },
      (project) => {
        if (!input.approve)
          return {
            checked: PROJECT_CHECKED.REJECTED,
            checkdate: new Date(),
            closedBy: 'rejected',
            reason: input.reason ?? '',
          };
        // A posting whose deadline passed while it waited would expire at once: it goes back instead.
        if (project.biddl.getTime() <= Date.now())
          throw new AppError('INVALID_STATE', { message: '报价截止时间已过，请驳回并请客户修改截止时间' });
        return { checked: PROJECT_CHECKED.APPROVED, checkdate: new Date(), coins: input.coins!, reason: '' };
      },
    ),
  );
  return projectDetailFor(db, input.id);
}

import type { ProjectActor, ProjectEvent, ProjectStatus } from '@zl/shared';
import type { Db } from '../db/client.ts';
import { findProjectByTitle } from '../modules/payment/payment.repo.ts';
import { projectTimeline } from '../modules/projectcenter/projectcenter.repo.ts';
import { projectTips } from '../modules/tip/tip.events.ts';
import { hasEventlessTips, insertTips, type NewTip } from '../modules/tip/tip.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import type { DemoMobiles } from './demo-project.ts';

const DAY = 86_400_000;

/**
 * The message centre of a demo database (docs/messages.md "Demo"): the tips the demo projects'
 * histories would have sent, made by the real `projectTips` from each project's audit rows and
 * dated as those steps; tips older than three days are read. Demo tips have negative event ids
 * (`-(projectId * 1000 + step)`: no outbox event); once per database.
 */
export async function seedDemoTips(db: Db, demo: DemoMobiles, titles: readonly string[]): Promise<string[]> {
  // once per database: a restart neither reads every demo history again nor writes anything
  if (await hasEventlessTips(db)) return [];
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!customer) return [];
  const now = Date.now();
  let written = 0;
  await db.transaction(async (tx) => {
    for (const title of titles) {
      const found = await findProjectByTitle(tx, customer.id, title);
      if (!found) continue;
      const timeline = await projectTimeline(tx, found.id);
      for (const [step, row] of timeline.entries()) {
        if (!row.action.startsWith('project.')) continue;
        const d = row.detail as Record<string, unknown>;
        const role = typeof d.actorRole === 'string' ? d.actorRole : row.actorType;
        const drafts = await projectTips(tx, {
          type: row.action as `project.${ProjectEvent}`,
          projectId: found.id,
          from: (typeof d.from === 'number' ? d.from : 0) as ProjectStatus,
          to: (typeof d.to === 'number' ? d.to : 0) as ProjectStatus,
          actor: { type: role as ProjectActor, id: null },
          detail: d,
        });
        const rows: NewTip[] = drafts.map((t) => ({
          ...t,
          eventId: -(found.id * 1000 + step),
          createdAt: row.at,
          isRead: now - row.at.getTime() > 3 * DAY,
        }));
        written += (await insertTips(tx, rows)).length;
      }
    }
  });
  return written > 0 ? [`  演示消息中心：${written} 条项目消息（近 3 天的为未读）`] : [];
}

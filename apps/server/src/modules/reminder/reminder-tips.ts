import { formatFen, shanghaiMinute, stageKindLabels } from '@zl/shared';
import type { Tx } from '../../db/client.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { writeTips } from '../tip/tip.events.ts';
import { projectParties } from '../tip/tip.repo.ts';
import { clip, customerLink, type Draft, supplierLink } from '../tip/tip-drafts.ts';
import { stageOfProject } from './reminder.repo.ts';
import type { ReminderPayload } from './reminder.service.ts';

export const TIP_REMINDER_HANDLER = 'tips.reminder';

/** `MM-DD HH:mm` in Asia/Shanghai */
const minute = (iso: string) => shanghaiMinute(new Date(iso)).slice(5);

/**
 * The tip of one reminder: the filing deadline and the build-in start to the winner (notice kind
 * deadline), a payment stage's due date to the customer (notice kind payment).
 */
export async function reminderTips(tx: Tx, e: ReminderPayload): Promise<Draft[]> {
  const p = await projectParties(tx, e.projectId);
  if (!p) return [];
  const name = `「${clip(p.title, 60)}」`;
  const when = minute(e.at);
  if (e.subject === 'filing' || e.subject === 'build') {
    if (p.winnerId === null) return [];
    const what = e.subject === 'filing' ? '报馆截止' : '进场布展';
    return [
      {
        memberId: p.winnerId,
        type: 'project',
        title: clip(`${what}还有 ${e.days} 天：${p.title}`, 100),
        content:
          e.subject === 'filing'
            ? `项目${name}的报馆截止时间为 ${when}，请尽快向展馆提交报馆资料。`
            : `项目${name}的进场布展开始于 ${when}，请安排好人员、物料和运输。`,
        link: supplierLink(e.projectId),
        notice: 'deadline',
        projectId: e.projectId,
      },
    ];
  }
  const stageId = Number(e.subject.slice('stage:'.length));
  const s = Number.isSafeInteger(stageId) ? await stageOfProject(tx, e.projectId, stageId) : undefined;
  if (!s || s.status !== 'due') return [];
  const label = stageKindLabels[s.kind];
  return [
    {
      memberId: p.customerId,
      type: 'finance',
      title: clip(`${label}还有 ${e.days} 天到期：${p.title}`, 100),
      content: `项目${name}的${label} ${formatFen(s.amount)} 应于 ${when} 前支付，可在项目页「付款计划」中支付。`,
      link: `${customerLink(e.projectId)}#stages`,
      notice: 'payment',
      projectId: e.projectId,
    },
  ];
}

/** Registers the handler that turns `reminder.due` events into tips (and their notices). */
export function registerReminderTips(outbox: Outbox): () => void {
  return outbox.on<ReminderPayload>(TIP_REMINDER_HANDLER, 'reminder.*', async (event, ctx) => {
    await writeTips(ctx.tx, await reminderTips(ctx.tx, event.payload), event.id);
  });
}

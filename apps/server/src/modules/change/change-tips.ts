import { changeKindLabels, formatFen } from '@zl/shared';
import type { Tx } from '../../db/client.ts';
import { notifyProject } from '../live/live.events.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { writeTips } from '../tip/tip.events.ts';
import { projectParties } from '../tip/tip.repo.ts';
import { clip, customerLink, type Draft, supplierLink } from '../tip/tip-drafts.ts';
import type { ChangeEventPayload } from './change.service.ts';

// The tips of change orders (docs/change-orders.md § Tips): the other party, at each step.

export const TIP_CHANGE_HANDLER = 'tips.change';
export const LIVE_CHANGE_HANDLER = 'live.change';

/**
 * The tips, and the live `project` event that makes the other party's open page read the orders
 * (and the stages they moved) again (docs/adr/0007-live-events.md).
 */
export function registerChangeTips(outbox: Outbox): () => void {
  const offTips = outbox.on<ChangeEventPayload>(TIP_CHANGE_HANDLER, 'change.*', async (event, ctx) => {
    await writeTips(ctx.tx, await changeTips(ctx.tx, event.type, event.payload), event.id);
  });
  const offLive = outbox.on<ChangeEventPayload>(LIVE_CHANGE_HANDLER, 'change.*', (event, ctx) =>
    notifyProject(ctx.tx, event.payload.projectId, 'project'),
  );
  return () => {
    offTips();
    offLive();
  };
}

/** The tips one `change.*` event sends. */
export async function changeTips(tx: Tx, type: string, e: ChangeEventPayload): Promise<Draft[]> {
  const p = await projectParties(tx, e.projectId);
  if (!p) return [];
  const name = `「${clip(p.title, 60)}」`;
  const what = `变更单 ${e.seq}（${changeKindLabels[e.kind]} ${formatFen(e.amount)}）`;
  switch (type) {
    case 'change.proposed':
      return [
        {
          memberId: e.customerId,
          type: 'project',
          title: clip(`供应商提出${changeKindLabels[e.kind]}：${p.title}`, 100),
          content: `供应商为项目${name}提出了${what}，请在项目页的「变更单」中查看明细并确认或拒绝。`,
          link: `${customerLink(e.projectId)}#changes`,
        },
      ];
    case 'change.approved':
      return [
        {
          memberId: e.supplierId,
          type: 'project',
          title: clip(`参展商已同意${changeKindLabels[e.kind]}：${p.title}`, 100),
          content: `参展商同意了项目${name}的${what}，合同金额已调整，补充协议可在订单详情的「变更单」中下载。`,
          link: `${supplierLink(e.projectId)}#changes`,
        },
      ];
    case 'change.rejected':
      return [
        {
          memberId: e.supplierId,
          type: 'project',
          title: clip(`参展商拒绝了${changeKindLabels[e.kind]}：${p.title}`, 100),
          content: `参展商拒绝了项目${name}的${what}${e.reason ? `，原因：${clip(e.reason, 100)}` : ''}。`,
          link: `${supplierLink(e.projectId)}#changes`,
        },
      ];
    default:
      return [];
  }
}

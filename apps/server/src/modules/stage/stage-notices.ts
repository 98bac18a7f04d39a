import { formatFen, type StageKind, stageKindLabels } from '@zl/shared';
import type { Tx } from '../../db/client.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { writeTips } from '../tip/tip.events.ts';
import { projectParties } from '../tip/tip.repo.ts';
import { asNotice, clip, customerLink, supplierLink } from '../tip/tip-drafts.ts';

// What an overdue stage tells (docs/staged-escrow.md "Overdue"): a tip to each party, which goes
// out of the site too as a notice of kind payment (docs/notices.md).

export const TIP_STAGE_HANDLER = 'tips.stage';

/** The payload of `stage.overdue` (one per stage, written when the job marks it). */
export interface StageOverduePayload {
  stageId: number;
  projectId: number;
  kind: StageKind;
  amount: number;
}

export function registerStageNotices(outbox: Outbox): () => void {
  const offTips = outbox.on<StageOverduePayload>(TIP_STAGE_HANDLER, 'stage.*', async (event, ctx) => {
    if (event.type !== 'stage.overdue') return;
    // both parties' tips are notices of kind payment: SMS / WeChat as each chose (docs/notices.md)
    await writeTips(
      ctx.tx,
      asNotice(await overdueTips(ctx.tx, event.payload), 'payment', event.payload.projectId),
      event.id,
    );
  });
  return offTips;
}

/** Both parties' tips for one overdue stage. */
export async function overdueTips(tx: Tx, e: StageOverduePayload) {
  const p = await projectParties(tx, e.projectId);
  if (!p) return [];
  const name = `「${clip(p.title, 60)}」`;
  const what = `${stageKindLabels[e.kind]} ${formatFen(e.amount)}`;
  return [
    {
      memberId: p.customerId,
      type: 'finance' as const,
      title: clip(`${stageKindLabels[e.kind]}已逾期：${p.title}`, 100),
      content: `项目${name}的${what}已到应付时间仍未支付，请尽快在项目页支付${e.kind === 'final' ? '；尾款付清后才能验收' : ''}。`,
      link: `${customerLink(e.projectId)}#stages`,
    },
    ...(p.winnerId === null
      ? []
      : [
          {
            memberId: p.winnerId,
            type: 'finance' as const,
            title: clip(`参展商${stageKindLabels[e.kind]}逾期未付：${p.title}`, 100),
            content: `项目${name}的${what}已逾期，平台已提醒参展商支付；到账后托管于平台，按约定结算给您。`,
            link: supplierLink(e.projectId),
          },
        ]),
  ];
}

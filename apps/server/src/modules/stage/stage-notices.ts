import { formatFen, type StageKind, stageKindLabels } from '@zl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { writeTips } from '../tip/tip.events.ts';
import { projectParties } from '../tip/tip.repo.ts';
import { clip, customerLink, supplierLink } from '../tip/tip-drafts.ts';
import type { SmsSender } from '../user/sms-sender.ts';
import { findCustomerMobile } from './stage.repo.ts';

// What an overdue stage tells (docs/staged-escrow.md "Overdue"): a tip to each party, and one SMS
// to the customer through the SMS provider (the development outbox by default).

export const TIP_STAGE_HANDLER = 'tips.stage';
export const SMS_STAGE_HANDLER = 'sms.stage';

/** The payload of `stage.overdue` (one per stage, written when the job marks it). */
export interface StageOverduePayload {
  stageId: number;
  projectId: number;
  kind: StageKind;
  amount: number;
}

export function registerStageNotices(outbox: Outbox, sms: SmsSender, log: FastifyBaseLogger): () => void {
  const offTips = outbox.on<StageOverduePayload>(TIP_STAGE_HANDLER, 'stage.*', async (event, ctx) => {
    if (event.type !== 'stage.overdue') return;
    await writeTips(ctx.tx, await overdueTips(ctx.tx, event.payload), event.id);
  });
  const offSms = outbox.on<StageOverduePayload>(SMS_STAGE_HANDLER, 'stage.*', async (event, ctx) => {
    if (event.type !== 'stage.overdue' || !sms.notify) return;
    const e = event.payload;
    const p = await projectParties(ctx.tx, e.projectId);
    const mobile = await findCustomerMobile(ctx.tx, e.projectId);
    if (!p || !mobile) return;
    const project = clip(p.title, 20);
    const stage = stageKindLabels[e.kind];
    const amount = formatFen(e.amount);
    const sent = await sms.notify(
      {
        mobile,
        kind: 'stageOverdue',
        params: { project, stage, amount },
        text: `【展览供应商接单平台】您的项目「${project}」${stage} ${amount} 已逾期未付，请尽快登录平台支付。`,
      },
      ctx.tx,
    );
    if (sent) log.info({ stageId: e.stageId, projectId: e.projectId }, 'overdue notice sent');
  });
  return () => {
    offTips();
    offSms();
  };
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

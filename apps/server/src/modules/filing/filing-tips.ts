import type { Tx } from '../../db/client.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { writeTips } from '../tip/tip.events.ts';
import { projectParties } from '../tip/tip.repo.ts';
import { clip, customerLink, type Draft } from '../tip/tip-drafts.ts';
import type { FilingPayload } from './filing.service.ts';

export const TIP_FILING_HANDLER = 'tips.filing';

const WORDS: Record<FilingPayload['status'], [string, string]> = {
  submitted: ['报馆资料已提交场馆', '供应商已把报馆资料提交场馆审核。'],
  approved: ['报馆已通过', '场馆已审核通过报馆资料，可在项目页查看场馆回执。'],
  changes: ['场馆要求修改报馆资料', '场馆要求修改报馆资料，供应商正在修改。'],
};

/** The customer hears of each answer the winner records (docs/filing.md). */
export async function filingTips(tx: Tx, e: FilingPayload): Promise<Draft[]> {
  const p = await projectParties(tx, e.projectId);
  if (!p) return [];
  const [title, content] = WORDS[e.status];
  return [
    {
      memberId: p.customerId,
      type: 'project',
      title: clip(`${title}：${p.title}`, 100),
      content: `项目「${clip(p.title, 60)}」：${content}`,
      link: `${customerLink(e.projectId)}#filing`,
    },
  ];
}

export function registerFilingTips(outbox: Outbox): () => void {
  return outbox.on<FilingPayload>(TIP_FILING_HANDLER, 'filing.*', async (event, ctx) => {
    await writeTips(ctx.tx, await filingTips(ctx.tx, event.payload), event.id);
  });
}

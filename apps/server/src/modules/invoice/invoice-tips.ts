import { formatFen } from '@zl/shared';
import type { Tx } from '../../db/client.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { writeTips } from '../tip/tip.events.ts';
import { projectParties } from '../tip/tip.repo.ts';
import { clip, customerLink, type Draft, supplierLink } from '../tip/tip-drafts.ts';
import type { InvoiceEventPayload } from './invoice.service.ts';

// The tips of invoices (docs/invoices.md § Tips): the other party, at each step.

export const TIP_INVOICE_HANDLER = 'tips.invoice';

export function registerInvoiceTips(outbox: Outbox): () => void {
  return outbox.on<InvoiceEventPayload>(TIP_INVOICE_HANDLER, 'invoice.*', async (event, ctx) => {
    await writeTips(ctx.tx, await invoiceTips(ctx.tx, event.type, event.payload), event.id);
  });
}

/** The tips one `invoice.*` event sends. */
export async function invoiceTips(tx: Tx, type: string, e: InvoiceEventPayload): Promise<Draft[]> {
  const p = await projectParties(tx, e.projectId);
  if (!p) return [];
  const name = `「${clip(p.title, 60)}」`;
  const amount = formatFen(e.amount);
  switch (type) {
    case 'invoice.requested':
      return [
        {
          memberId: e.supplierId,
          type: 'project',
          title: clip(`参展商申请开具发票：${p.title}`, 100),
          content: `参展商为项目${name}申请了 ${amount} 的发票，请在订单详情的「发票」中上传发票或说明原因。`,
          link: supplierLink(e.projectId),
        },
      ];
    case 'invoice.issued':
      return [
        {
          memberId: e.customerId,
          type: 'project',
          title: clip(`发票已开具：${p.title}`, 100),
          content: `供应商已为项目${name}开具 ${amount} 的发票，可在项目的「发票」中下载。`,
          link: customerLink(e.projectId),
        },
      ];
    case 'invoice.rejected':
      return [
        {
          memberId: e.customerId,
          type: 'project',
          title: clip(`发票申请被拒绝：${p.title}`, 100),
          content: `供应商拒绝了项目${name}的 ${amount} 发票申请，可查看原因后重新申请。`,
          link: customerLink(e.projectId),
        },
      ];
    default:
      return [];
  }
}

import { formatFen } from '@zl/shared';
import { openPdf, signatureBlock, tableRows } from '../../lib/pdf-fonts.ts';
import { shanghaiDateTime } from '../project/project-view.ts';
import type { ChangeOrderRow } from './change.repo.ts';

/** What the 补充协议 of an approved change order prints (docs/change-orders.md "补充协议"). */
export interface ChangeDraft {
  orders: string;
  title: string;
  customer: { name: string; mobile: string };
  supplier: { name: string; mobile: string };
  order: ChangeOrderRow;
}

/** The 补充协议 PDF, in the contract's Chinese font: the lines, the amounts before and after, signatures. */
export async function renderChangePdf(d: ChangeDraft): Promise<Buffer> {
  const o = d.order;
  const kind = o.kind === 'add' ? '增项' : '减项';
  const { doc, done } = await openPdf(`补充协议 ${d.orders}-${o.seq}`);
  const width = doc.page.width - 100;
  const h = (t: string) =>
    doc.moveDown(0.6).font('zhb').fontSize(12).text(t).moveDown(0.2).font('zh').fontSize(10);
  const p = (t: string) => doc.font('zh').fontSize(10).text(t, { width, lineGap: 2 });

  doc.font('zhb').fontSize(18).text('展台搭建合同补充协议', { align: 'center' });
  doc
    .font('zh')
    .fontSize(9)
    .fillColor('#666')
    .text(`协议编号：HT-${d.orders}-BC${o.seq}　　原合同编号：HT-${d.orders}　　变更单 ${o.seq}（${kind}）`, {
      align: 'center',
    });
  doc.fillColor('#000');

  h('一、协议双方');
  p(`甲方（参展商）：${d.customer.name}　联系电话：${d.customer.mobile}`);
  p(`乙方（供应商）：${d.supplier.name}　联系电话：${d.supplier.mobile}`);
  p(
    `甲乙双方就项目「${d.title}」（订单号 ${d.orders}）的展台搭建合同，经乙方提出、甲方于 ${shanghaiDateTime(o.reviewedAt).slice(0, 16)} 在展览供应商接单平台确认，订立本补充协议。本协议是原合同不可分割的一部分，未变更的条款继续有效。`,
  );

  h(`二、${kind}明细（金额单位：元）`);
  const cols = [
    { t: '类别', w: 0.12 },
    { t: '项目', w: 0.24 },
    { t: '规格', w: 0.2 },
    { t: '单价', w: 0.15 },
    { t: '数量', w: 0.11 },
    { t: '金额', w: 0.18 },
  ];
  const row = tableRows(doc, cols, width);
  row(
    cols.map((c) => c.t),
    true,
  );
  for (const l of o.lines) {
    row([
      l.categoryName,
      l.name,
      l.spec || '—',
      formatFen(l.price),
      `${l.qty}${l.unit}`,
      formatFen(l.amount),
    ]);
  }
  row(['', '', '', '', '合计', formatFen(o.amount)], true);
  doc.moveDown(0.3);
  p(`变更原因：${o.reason}`);

  h('三、合同金额与付款');
  p(
    `原合同金额 ${formatFen(o.contractBefore ?? 0)}，${kind} ${formatFen(o.amount)}，变更后合同金额 ${formatFen(o.contractAfter ?? 0)}。`,
  );
  p(
    o.kind === 'add'
      ? o.stageId === null
        ? `增项款 ${formatFen(o.amount)} 计入下一笔待付款项，由甲方按付款计划通过平台支付并托管，随该阶段结算给乙方。`
        : `增项款 ${formatFen(o.amount)} 作为单独一笔款项，甲方于确认后即通过平台支付并托管，验收通过后结算给乙方。`
      : o.refunded > 0
        ? `减项从尚未结算的款项中扣减；其中甲方已支付、由平台托管的 ${formatFen(o.refunded)} 原路退回甲方的付款账户。`
        : '减项从尚未支付的款项中扣减，甲方无需支付该部分款项。',
  );
  if (o.kind === 'add') p('增项内容与原合同报价明细一并作为验收清单的一部分，由甲方逐项验收。');

  signatureBlock(doc, { customer: d.customer.name, supplier: d.supplier.name }, width);
  doc.end();
  return done;
}

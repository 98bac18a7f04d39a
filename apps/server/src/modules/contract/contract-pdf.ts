import {
  AUTO_ACCEPT_DAYS_DEFAULT,
  formatFen,
  shanghaiMinute as minute,
  type QuoteLine,
  REQUIREMENT_CATEGORIES,
} from '@zl/shared';
import { openPdf, signatureBlock, tableRows } from '../../lib/pdf-fonts.ts';

/**
 * Drafts the contract PDF from the award (docs/delivery-contract.md "Contract PDF"), in the
 * platform's Chinese font (lib/pdf-fonts.ts).
 */

export interface ContractParty {
  /** the verified name: company, else real name (docs/members.md "Party names") */
  name: string;
  mobile: string;
}

export interface ContractDraft {
  orders: string;
  title: string;
  prov: string;
  city: string;
  strt: string;
  addr: string;
  sdate: string;
  edate: string;
  /** the show's hard dates (docs/show-dates.md) */
  buildStart: Date;
  buildEnd: Date;
  teardownStart: Date;
  teardownEnd: Date;
  filingDeadline: Date | null;
  hall: string;
  booth: string;
  /** 施工押金, 分 */
  deposit: number;
  areas: number;
  customer: ContractParty;
  supplier: ContractParty;
  lines: Partial<Record<string, QuoteLine[]>>;
  total: number;
  /** the contract amount (the winning total at the award), 分 */
  contractAmount: number;
  /** the payment plan's stages (docs/staged-escrow.md), in order */
  stages: ContractStage[];
  days: number;
  awardedAt: string;
}

/** One stage of the payment plan as the contract prints it. */
export interface ContractStage {
  label: string;
  percent: number;
  amount: number;
  /** when it is due, in words (a date, or 合同审核通过后) */
  due: string;
  /** when the platform pays it to 乙方 */
  release: string;
}

export function contractFileName(orders: string): string {
  return `展台搭建合同-${orders}.pdf`;
}

export async function renderContractPdf(d: ContractDraft): Promise<Buffer> {
  const { doc, done } = await openPdf(`展台搭建合同 ${d.orders}`);
  const width = doc.page.width - 100;
  const h = (t: string) =>
    doc.moveDown(0.6).font('zhb').fontSize(12).text(t).moveDown(0.2).font('zh').fontSize(10);
  const p = (t: string) => doc.font('zh').fontSize(10).text(t, { width, lineGap: 2 });

  doc.font('zhb').fontSize(18).text('展台搭建合同', { align: 'center' });
  doc.font('zh').fontSize(9).fillColor('#666').text(`合同编号：HT-${d.orders}　　订单号：${d.orders}`, {
    align: 'center',
  });
  doc.fillColor('#000');

  h('一、合同双方');
  p(`甲方（参展商）：${d.customer.name}　联系电话：${d.customer.mobile}`);
  p(`乙方（供应商）：${d.supplier.name}　联系电话：${d.supplier.mobile}`);
  p(
    '甲乙双方经展览供应商接单平台（以下简称“平台”）撮合，乙方报价经甲方选定中标，就下列展台搭建事项订立本合同。',
  );

  h('二、项目信息');
  p(`项目名称：${d.title}`);
  p(`订单号：${d.orders}　　展台面积：${d.areas} 平方米`);
  p(`展会地点：${[d.prov, d.city, d.strt, d.addr].filter(Boolean).join(' ')}`);
  if (d.hall || d.booth)
    p(`展位：${[d.hall && `${d.hall}`, d.booth && `展位号 ${d.booth}`].filter(Boolean).join('　')}`);
  p(`进场布展：${minute(d.buildStart)} 至 ${minute(d.buildEnd)}`);
  p(`开展：${d.sdate} 至 ${d.edate}　　撤场：${minute(d.teardownStart)} 至 ${minute(d.teardownEnd)}`);
  if (d.filingDeadline || d.deposit > 0)
    p(
      [
        d.filingDeadline ? `报馆截止：${minute(d.filingDeadline)}` : '',
        d.deposit > 0 ? `施工押金：${formatFen(d.deposit)}` : '',
      ]
        .filter(Boolean)
        .join('　　'),
    );
  p(`乙方承诺工期：${d.days} 天　　定标时间：${d.awardedAt}`);

  h('三、报价明细（金额单位：元）');
  const cols = [
    { t: '项目', w: 0.3 },
    { t: '规格', w: 0.22 },
    { t: '单价', w: 0.16 },
    { t: '数量', w: 0.12 },
    { t: '金额', w: 0.2 },
  ];
  const row = tableRows(doc, cols, width);
  row(
    cols.map((c) => c.t),
    true,
  );
  for (const [key, label] of REQUIREMENT_CATEGORIES) {
    const lines = d.lines[key] ?? [];
    if (lines.length === 0) continue;
    doc
      .font('zhb')
      .fontSize(10)
      .text(`${label}`, 50, doc.y + 2);
    for (const l of lines) {
      row([l.name, l.spec || '—', formatFen(l.price), `${l.qty}${l.unit}`, formatFen(l.amount)]);
    }
    const sub = lines.reduce((s, l) => s + l.amount, 0);
    row(['', '', '', `${label}小计`, formatFen(sub)], true);
  }
  doc.moveDown(0.3);
  p(`合同总价：${formatFen(d.total)}（含上述全部项目）`);
  p(
    `合同金额：${formatFen(d.contractAmount)}。全部款项由甲方按以下付款计划通过平台支付，由平台托管，按约定结算给乙方：`,
  );
  d.stages.forEach((s, i) => {
    const share = s.percent > 0 ? `（${s.percent}%）` : '';
    p(`${i + 1}. ${s.label}${share}：${formatFen(s.amount)}，${s.due}支付；${s.release}。`);
  });
  if (d.stages.length === 0) p('付款计划：无需通过平台支付的款项。');

  h('四、履约与验收');
  p('1. 乙方按报价明细完成搭建，在开展前完成施工并通过平台上传完工报告（现场照片及说明）。');
  p(
    '2. 甲方按报价明细逐项验收：逐项确认合格后验收通过；对不合格的项目逐项说明原因，乙方整改后重新提交该部分。',
  );
  p(
    `3. 乙方提交完工报告后，甲方 ${AUTO_ACCEPT_DAYS_DEFAULT} 日内未验收也未提出异议的，视为验收通过；存在未处理完毕的投诉时暂停自动验收。`,
  );
  p(
    '4. 甲方在平台确认进场后（或进场开始一日后自动确认），平台将托管的预付款、进场款结算给乙方；尾款须在验收前支付，验收通过后结算给乙方；质保金在撤展后质保期满且无未处理投诉时结算给乙方。平台按结算金额收取服务费。',
  );
  p('5. 履约过程中发生争议，任一方可通过平台发起投诉，由平台依据双方陈述与证据处理。');

  h('五、其他');
  p(
    '本合同经乙方签字（盖章）后上传至平台、甲方在平台审核通过之日起生效。本合同一式两份，双方各执一份，具有同等法律效力。',
  );

  signatureBlock(doc, { customer: d.customer.name, supplier: d.supplier.name }, width);
  doc.end();
  return done;
}

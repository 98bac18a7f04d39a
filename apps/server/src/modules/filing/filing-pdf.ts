import {
  FIRE_RATINGS,
  type FireRating,
  fireRatingLabels,
  formatFen,
  shanghaiMinute as minute,
} from '@zl/shared';
import { openPdf, signatureBlock, tableRows } from '../../lib/pdf-fonts.ts';

/**
 * The 报馆 pack as one PDF (docs/filing.md "The PDF"), in the platform's Chinese font: a cover, the
 * booth data, the winning quote's 效果图, the materials with their fire rating, the electrical
 * table, the crew and a 施工安全责任书 naming both parties. The customer's copy carries the crew's
 * ID numbers masked but the last 4 (the caller passes them masked).
 */
export interface FilingDraft {
  orders: string;
  title: string;
  place: string;
  hall: string;
  booth: string;
  size: string;
  areas: number;
  sdate: string;
  edate: string;
  buildStart: Date;
  buildEnd: Date;
  teardownStart: Date;
  teardownEnd: Date;
  filingDeadline: Date | null;
  deposit: number;
  customer: string;
  supplier: string;
  supplierMobile: string;
  powerKw: number;
  powerBox: string;
  crew: Array<{ name: string; role: string; mobile: string; idcard: string }>;
  materials: Array<{ name: string; fireRating: string }>;
  /** the 效果图 pictures as JPEG bytes, and the names of the quote's PDF attachments */
  renders: Buffer[];
  otherAttachments: number;
  insurance: boolean;
  statusText: string;
  copy: 'supplier' | 'customer';
  generatedAt: Date;
}

export function filingFileName(orders: string): string {
  return `报馆资料-${orders}.pdf`;
}

export async function renderFilingPdf(d: FilingDraft): Promise<Buffer> {
  const { doc, done } = await openPdf(`报馆资料 ${d.orders}`);
  const width = doc.page.width - 100;
  const h = (t: string) =>
    doc.moveDown(0.6).font('zhb').fontSize(12).text(t, 50).moveDown(0.2).font('zh').fontSize(10);
  const p = (t: string) => doc.font('zh').fontSize(10).text(t, 50, undefined, { width, lineGap: 2 });

  // cover
  doc.moveDown(6);
  doc.font('zhb').fontSize(24).text('展台搭建报馆资料', { align: 'center' });
  doc.moveDown(0.8).font('zh').fontSize(14).text(d.title, { align: 'center' });
  doc.moveDown(3).fontSize(11);
  const cover = [
    `展会地点：${d.place}`,
    `馆号 / 展位号：${d.hall || '—'} / ${d.booth || '—'}`,
    `展台面积：${d.areas} 平方米（${d.size}）`,
    `进场布展：${minute(d.buildStart)} 至 ${minute(d.buildEnd)}`,
    `开展：${d.sdate} 至 ${d.edate}`,
    `撤场：${minute(d.teardownStart)} 至 ${minute(d.teardownEnd)}`,
    `报馆截止：${d.filingDeadline ? minute(d.filingDeadline) : '以场馆通知为准'}`,
    `参展商：${d.customer}`,
    `搭建商：${d.supplier}`,
    `订单号：${d.orders}`,
  ];
  for (const line of cover) doc.text(line, 110, undefined, { width: width - 120, lineGap: 4 });
  doc
    .moveDown(3)
    .fontSize(9)
    .fillColor('#666')
    .text(
      `${d.copy === 'customer' ? '参展商副本（施工人员身份证号已隐去）' : '搭建商存档（含完整身份证号，请妥善保管）'}　生成于 ${minute(d.generatedAt)}　状态：${d.statusText}`,
      50,
      undefined,
      { width, align: 'center' },
    )
    .fillColor('#000');

  doc.addPage();
  h('一、展位信息');
  p(`项目名称：${d.title}　　订单号：${d.orders}`);
  p(`展会地点：${d.place}`);
  p(`馆号：${d.hall || '—'}　　展位号：${d.booth || '—'}　　展台尺寸：${d.size}（${d.areas} 平方米）`);
  p(`进场布展：${minute(d.buildStart)} 至 ${minute(d.buildEnd)}`);
  p(`开展：${d.sdate} 至 ${d.edate}　　撤场：${minute(d.teardownStart)} 至 ${minute(d.teardownEnd)}`);
  p(
    `报馆截止：${d.filingDeadline ? minute(d.filingDeadline) : '以场馆通知为准'}${d.deposit > 0 ? `　　施工押金：${formatFen(d.deposit)}` : ''}`,
  );
  p(`参展商：${d.customer}　　搭建商：${d.supplier}（联系电话 ${d.supplierMobile}）`);

  h('二、效果图');
  if (d.renders.length === 0) p('中标报价未附效果图图片。');
  for (const [i, img] of d.renders.entries()) {
    if (doc.y + 300 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    doc.image(img, 50, top, { fit: [width, 280], align: 'center' });
    doc.y = top + 284;
    doc
      .font('zh')
      .fontSize(9)
      .fillColor('#666')
      .text(`效果图 ${i + 1}`, 50, undefined, { width, align: 'center' })
      .fillColor('#000');
  }
  if (d.otherAttachments > 0) p(`另有 ${d.otherAttachments} 份 PDF 附件（施工图等），见平台项目页。`);

  h('三、搭建材料及防火等级');
  const mcols = [
    { t: '序号', w: 0.1 },
    { t: '材料名称', w: 0.55 },
    { t: '防火等级', w: 0.35 },
  ];
  const mrow = tableRows(doc, mcols, width);
  mrow(
    mcols.map((c) => c.t),
    true,
  );
  d.materials.forEach((m, i) => {
    const rating = (FIRE_RATINGS as readonly string[]).includes(m.fireRating)
      ? fireRatingLabels[m.fireRating as FireRating]
      : m.fireRating;
    mrow([String(i + 1), m.name, rating]);
  });

  h('四、用电申报');
  const ecols = [
    { t: '用电功率（kW）', w: 0.35 },
    { t: '电箱规格', w: 0.65 },
  ];
  const erow = tableRows(doc, ecols, width);
  erow(
    ecols.map((c) => c.t),
    true,
  );
  erow([String(d.powerKw), d.powerBox]);

  h('五、施工人员名单');
  const ccols = [
    { t: '姓名', w: 0.2 },
    { t: '工种', w: 0.2 },
    { t: '手机号', w: 0.25 },
    { t: '身份证号', w: 0.35 },
  ];
  const crow = tableRows(doc, ccols, width);
  crow(
    ccols.map((c) => c.t),
    true,
  );
  for (const c of d.crew) crow([c.name, c.role, c.mobile, c.idcard]);

  h('六、施工保险');
  p(d.insurance ? '搭建商已在平台上传施工人员意外险 / 第三者责任险保单（见平台项目页）。' : '未上传保单。');

  doc.addPage();
  doc.font('zhb').fontSize(16).text('施工安全责任书', 50, undefined, { width, align: 'center' });
  doc.moveDown(0.6);
  p(`甲方（参展商）：${d.customer}`);
  p(`乙方（搭建商）：${d.supplier}`);
  p(`项目：${d.title}（${d.place}${d.hall ? ` ${d.hall}` : ''}${d.booth ? ` 展位 ${d.booth}` : ''}）`);
  doc.moveDown(0.4);
  const clauses = [
    '乙方是本展台搭建、撤除期间的施工安全责任人，遵守场馆的施工管理规定、消防规定和用电规定，服从场馆与主办方的现场管理。',
    '乙方使用的搭建材料符合上列防火等级，不使用易燃（B3 级）材料作主体结构；木结构表面做防火处理，现场不进行油漆喷涂和明火作业。',
    '乙方按申报的用电功率与电箱规格接电，电气线路由持证电工敷设，不私拉乱接、不超负荷用电；每日离场前断电。',
    '乙方施工人员须为上列人员，持证上岗，佩戴安全帽，高处作业系安全带；乙方已为施工人员投保意外险与第三者责任险。',
    '展台结构牢固、稳定，高度与限高符合场馆要求；开展期间乙方保留现场值守电工，发现隐患立即整改。',
    '乙方按时进场、按时撤场，撤场时清理全部搭建垃圾，恢复场地原状；因乙方原因造成的场馆罚款、押金扣除及人身财产损失由乙方承担。',
    '甲方提供展位信息与设计确认，不要求乙方违反场馆规定施工；甲方人员进入施工区域时遵守现场安全要求。',
    '本责任书自双方签字之日起生效，至撤场完毕、场馆退还施工押金时止。',
  ];
  clauses.forEach((c, i) => {
    p(`${i + 1}. ${c}`);
  });
  signatureBlock(doc, { customer: d.customer, supplier: d.supplier }, width);
  doc.end();
  return done;
}

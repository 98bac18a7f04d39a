import { formatFen, shanghaiIso } from '@zl/shared';
import { openPdf } from '../../lib/pdf-fonts.ts';
import type { CommissionLine } from './invoice.repo.ts';

/** A supplier's monthly commission statement (佣金月结单, docs/invoices.md § Commission statement). */
export interface StatementData {
  /** YYYY-MM */
  month: string;
  supplier: { name: string; cardno: string };
  lines: CommissionLine[];
}

export async function statementPdf(d: StatementData): Promise<Buffer> {
  const { doc, done } = await openPdf(`平台佣金月结单 ${d.month}`);
  const [y, m] = d.month.split('-');
  doc.font('zhb').fontSize(18).text('平台佣金月结单', { align: 'center' });
  doc
    .font('zh')
    .fontSize(10)
    .fillColor('#555')
    .text(
      `${y} 年 ${Number(m)} 月（北京时间）　　供应商：${d.supplier.name}　　会员编号：${d.supplier.cardno}`,
      {
        align: 'center',
      },
    )
    .fillColor('#000')
    .moveDown(1);

  const cols = [
    { t: '结算时间', w: 95 },
    { t: '项目', w: 165 },
    { t: '托管结算', w: 80 },
    { t: '平台佣金', w: 80 },
    { t: '实收', w: 75 },
  ];
  const row = (cells: string[], bold = false) => {
    const top = doc.y;
    let x = 50;
    doc.font(bold ? 'zhb' : 'zh').fontSize(9);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.w - 6 }));
    const h = Math.max(...heights) + 6;
    if (top + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y0 = doc.y;
    cells.forEach((c, i) => {
      doc.text(c, x + 3, y0 + 3, { width: cols[i]!.w - 6, align: i >= 2 ? 'right' : 'left' });
      x += cols[i]!.w;
    });
    doc
      .moveTo(50, y0 + h)
      .lineTo(50 + cols.reduce((s, c) => s + c.w, 0), y0 + h)
      .strokeColor('#ccc')
      .stroke();
    doc.x = 50;
    doc.y = y0 + h;
  };
  row(
    cols.map((c) => c.t),
    true,
  );
  if (d.lines.length === 0) {
    doc.moveDown(0.5).font('zh').fontSize(10).text('本月没有托管款结算，无平台佣金。', 50);
  }
  for (const l of d.lines) {
    row([
      shanghaiIso(l.at).slice(0, 16).replace('T', ' '),
      l.memo,
      formatFen(l.gross),
      formatFen(l.commission),
      formatFen(l.payout),
    ]);
  }
  const sum = (k: 'gross' | 'commission' | 'payout') => d.lines.reduce((s, l) => s + l[k], 0);
  if (d.lines.length > 0) {
    row(
      [
        '合计',
        `${d.lines.length} 笔`,
        formatFen(sum('gross')),
        formatFen(sum('commission')),
        formatFen(sum('payout')),
      ],
      true,
    );
  }
  doc
    .moveDown(1.2)
    .font('zh')
    .fontSize(9)
    .fillColor('#555')
    .text(
      '说明：平台在托管款结算给供应商时按结算金额收取佣金（佣金 = 结算金额 × 佣金比例，向下取整到分），实收为结算金额减佣金，已计入您的账户余额。本单据依据平台账本生成，明细可在「收支明细」中核对。',
      50,
      doc.y,
      { width: doc.page.width - 100, lineGap: 2 },
    )
    .text(`生成时间：${shanghaiIso(new Date()).slice(0, 19).replace('T', ' ')}（北京时间）`, {
      width: doc.page.width - 100,
    });
  doc.end();
  return done;
}

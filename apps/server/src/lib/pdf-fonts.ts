import { createRequire } from 'node:module';

/**
 * The Chinese font of every PDF the platform drafts (contract, commission statement): Noto Sans SC
 * from @embedpdf/fonts-sc. pdfkit embeds only the glyphs used (a subset), so a document is tens of
 * kilobytes and its text stays extractable (docs/delivery-contract.md "Contract PDF").
 */
const require = createRequire(import.meta.url);
export const PDF_FONT = require
  .resolve('@embedpdf/fonts-sc')
  .replace(/dist[/\\]index\.c?js$/, 'fonts/NotoSansHans-Regular.otf');
export const PDF_FONT_BOLD = PDF_FONT.replace('Regular', 'Medium');

/**
 * A new A4 document in the platform's fonts (`zh`, `zhb`), and the promise of its bytes once
 * `doc.end()` is called: how the contract, the 补充协议 and the commission statement start.
 * pdfkit (with its font engine, some 80 modules) loads with the first document, not at start
 * (docs/adr/0018-demo-template.md "Start time").
 */
export async function openPdf(title: string): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: title, Author: '展览供应商接单平台' },
  });
  doc.registerFont('zh', PDF_FONT);
  doc.registerFont('zhb', PDF_FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * The parties' signature block: each party's name, 签字/盖章 and 日期, side by side. It is kept
 * together on one page: when it does not fit below the last clause it starts the next page, so a
 * party never signs on one page and dates on another (docs/delivery-contract.md "Contract PDF").
 */
export function signatureBlock(
  doc: PDFKit.PDFDocument,
  names: { customer: string; supplier: string },
  width: number,
): void {
  const colW = width / 2 - 10;
  const col = (lines: string[]) => lines.map((l) => doc.heightOfString(l, { width: colW, lineGap: 2 }));
  const left = [`甲方（参展商）：${names.customer}`, '甲方（签字/盖章）：', '日期：　　　年　　月　　日'];
  const right = [`乙方（供应商）：${names.supplier}`, '乙方（签字/盖章）：', '日期：　　　年　　月　　日'];
  doc.font('zh').fontSize(10);
  const rowGap = doc.currentLineHeight(true) * 2;
  const rowHeights = left.map((_, i) => Math.max(col(left)[i]!, col(right)[i]!));
  const needed = doc.currentLineHeight(true) * 2 + rowHeights.reduce((s, h) => s + h + rowGap, 0);
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  else doc.moveDown(2);
  let y = doc.y;
  rowHeights.forEach((h, i) => {
    doc.text(left[i]!, 50, y, { width: colW, lineGap: 2 });
    doc.text(right[i]!, 50 + width / 2, y, { width: colW, lineGap: 2 });
    y += h + rowGap;
  });
  doc.x = 50;
  doc.y = y;
}

/** A table row writer for `cols` (shares of the width; cells from the third on right-aligned). */
export function tableRows(doc: PDFKit.PDFDocument, cols: readonly { w: number }[], width: number) {
  return (cells: string[], bold = false) => {
    const y = doc.y;
    let x = 50;
    let bottom = y;
    doc.font(bold ? 'zhb' : 'zh').fontSize(9);
    cells.forEach((c, i) => {
      const w = cols[i]!.w * width;
      doc.text(c, x, y, { width: w - 4, align: i >= 2 ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.x = 50;
    doc.y = bottom + 2;
    if (doc.y > doc.page.height - 80) doc.addPage();
  };
}

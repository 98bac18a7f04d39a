import { PROJECT_STATUS, reportLineKey } from '@zl/shared';
import sharp from 'sharp';
import type { Db, Tx } from '../db/client.ts';
import { randomToken } from '../lib/crypto.ts';
import { insertFile } from '../modules/file/file.repo.ts';
import { processImage } from '../modules/file/image.ts';
import { type FileStorage, newStorageKey } from '../modules/file/storage.ts';
import { prepayIn } from '../modules/ledger/movements.ts';
import { findProjectByTitle, insertOrder, markPaid } from '../modules/payment/payment.repo.ts';
import { newOutTradeNo } from '../modules/payment/payment.service.ts';
import { upsertProjectReport, upsertReportLines } from '../modules/report/report.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import { DEMO_QUOTE_LINES, insertDemoAwardedProject } from './demo-project.ts';

const DAY = 86_400_000;
export const DEMO_REPORT_TITLE = '2026 广州国际照明展特装展台（完工待验收）';
export const DEMO_REPORT_PREPAY_FEN = 600_000;

/** Small real photos for the demo report: a coloured "booth" drawn with shapes (no text, no fonts). */
async function demoPhoto(hue: number, variant: number): Promise<Buffer> {
  const bg = `hsl(${hue}, 45%, 82%)`;
  const fg = `hsl(${hue}, 55%, 38%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${bg}"/>
    <rect x="0" y="430" width="800" height="170" fill="hsl(${hue}, 20%, 55%)"/>
    <rect x="${120 + variant * 40}" y="120" width="560" height="310" fill="${fg}" rx="12"/>
    <rect x="${170 + variant * 40}" y="170" width="220" height="140" fill="#ffffff" opacity="0.85"/>
    <circle cx="${560 + variant * 20}" cy="240" r="70" fill="#ffd666" opacity="0.9"/>
    <rect x="${200 + variant * 30}" y="450" width="400" height="40" fill="#ffffff" opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Stores a demo photo like an upload of `ownerId` (purpose report, private): bytes, thumbnail, row. */
async function storeDemoPhoto(
  tx: Tx,
  storage: FileStorage | null,
  ownerId: number,
  name: string,
  hue: number,
  variant: number,
): Promise<string> {
  const image = await processImage(await demoPhoto(hue, variant), 'image/jpeg');
  const key = newStorageKey('jpg');
  const thumbKey = key.replace(/\.[a-z]+$/, '_t.webp');
  if (storage) {
    await storage.put(key, image.data, 'image/jpeg');
    await storage.put(thumbKey, image.thumb, 'image/webp');
  }
  const row = await insertFile(tx, {
    id: randomToken(16),
    ownerMemberId: ownerId,
    visibility: 'private',
    purpose: 'report',
    mime: 'image/jpeg',
    size: image.data.length,
    width: image.width,
    height: image.height,
    storageKey: key,
    thumbKey,
    originalName: `${name}.jpg`,
  });
  return row.id;
}

/**
 * The completion report awaiting acceptance on a demo database (docs/delivery-report.md): the
 * demo customer's project in 待验收 (5, reportck 1) won by the demo supplier, contract approved,
 * its prepayment paid into escrow through the real `prepay_in` movement (a paid order, as the
 * Alipay settlement books it), and a report with photos for every line of the winning quote.
 * Once per database (by title). Without `storage` the photo rows are made without bytes.
 */
export async function seedDemoReport(
  db: Db,
  demo: { supplierMobile: string; customerMobile: string; storage?: FileStorage | undefined },
): Promise<string[]> {
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!supplier || !customer) return [];
  if (await findProjectByTitle(db, customer.id, DEMO_REPORT_TITLE)) return [];
  const storage = demo.storage ?? null;
  await db.transaction(async (tx) => {
    const workpic: string[] = [];
    for (let i = 0; i < 3; i++)
      workpic.push(await storeDemoPhoto(tx, storage, supplier.id, `展台全景${i + 1}`, 200, i));
    const lines: { line: string; photos: string[]; note: string }[] = [];
    const hues = { dimian: 30, beiban: 280, zhanshi: 150 } as const;
    for (const [category, items] of Object.entries(DEMO_QUOTE_LINES) as [
      keyof typeof hues,
      { name: string }[],
    ][]) {
      for (const [index, item] of items.entries()) {
        const photos = [
          await storeDemoPhoto(tx, storage, supplier.id, `${item.name}1`, hues[category], 0),
          await storeDemoPhoto(tx, storage, supplier.id, `${item.name}2`, hues[category], 2),
        ];
        lines.push({
          line: reportLineKey(category, index),
          photos,
          note: `${item.name}已按报价规格完成并调试`,
        });
      }
    }
    const { projectId, orders } = await insertDemoAwardedProject(tx, {
      customer,
      supplierId: supplier.id,
      title: DEMO_REPORT_TITLE,
      conts: '照明新品展台：灯光秀背景墙、产品展示台与洽谈区。供应商已完工并提交验收清单，待参展商逐项验收。',
      prepay: DEMO_REPORT_PREPAY_FEN,
      showInDays: -1,
      status: PROJECT_STATUS.ACCEPTING,
      changes: {
        contctck: 2,
        contctckdt: new Date(Date.now() - 12 * DAY),
        ispaid: true,
        prepayp: DEMO_REPORT_PREPAY_FEN,
        reportck: 1,
        reportdate: new Date(Date.now() - DAY),
        workpic,
      },
      note: '演示：完工报告待验收，预付款托管中',
    });
    // the prepayment, booked as the Alipay settlement books it (payment.service.ts settleOrder)
    const outTradeNo = newOutTradeNo();
    await insertOrder(tx, {
      outTradeNo,
      memberId: customer.id,
      purpose: 'prepay',
      projectId,
      amount: DEMO_REPORT_PREPAY_FEN,
      subject: `展览供应商接单平台 - 项目 ${orders} 预付款`,
    });
    await markPaid(tx, outTradeNo, DEMO_REPORT_PREPAY_FEN, `DEMO${outTradeNo.slice(1)}`);
    await prepayIn(
      tx,
      { outTradeNo, customerId: customer.id, projectId, amountFen: DEMO_REPORT_PREPAY_FEN, orders },
      true,
    );
    await upsertReportLines(tx, projectId, 1, lines);
    await upsertProjectReport(tx, projectId, {
      remark: '展台已按设计图完工，灯光调试完毕，请验收。',
      round: 1,
    });
  });
  return ['  演示参展商有 1 个完工报告待验收的项目（预付款托管中），可逐项验收或退回整改'];
}

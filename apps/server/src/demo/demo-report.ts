import { CONTRACT_CHECK, PROJECT_STATUS, REPORT_CHECK, reportLineKey } from '@zl/shared';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../modules/file/storage.ts';
import { prepayIn } from '../modules/ledger/movements.ts';
import { upsertProjectReport, upsertReportLines } from '../modules/report/report.repo.ts';
import { storeDemoPhoto } from './demo-files.ts';
import {
  DEMO_QUOTE_LINES,
  type DemoMobiles,
  demoPaidOrder,
  demoPartiesOnce,
  insertDemoAwardedProject,
} from './demo-project.ts';

const DAY = 86_400_000;
export const DEMO_REPORT_TITLE = '2026 广州国际照明展特装展台（完工待验收）';
export const DEMO_REPORT_PREPAY_FEN = 600_000;

/**
 * The completion report awaiting acceptance on a demo database (docs/delivery-report.md): the
 * demo customer's project in 待验收 (5, reportck 1) won by the demo supplier, contract approved,
 * its prepayment paid into escrow through the real `prepay_in` movement (a paid order, as the
 * Alipay settlement books it), and a report with photos for every line of the winning quote.
 * Once per database (by title). Without `storage` the photo rows are made without bytes.
 */
export async function seedDemoReport(
  db: Db,
  demo: DemoMobiles & { storage?: FileStorage | undefined },
): Promise<string[]> {
  const found = await demoPartiesOnce(db, demo, DEMO_REPORT_TITLE);
  if (!found) return [];
  const { supplier, customer } = found;
  const storage = demo.storage ?? null;
  await db.transaction(async (tx) => {
    const workpic: string[] = [];
    for (let i = 0; i < 3; i++)
      workpic.push(await storeDemoPhoto(tx, storage, 'report', supplier.id, `展台全景${i + 1}`, 200, i));
    const lines: { line: string; photos: string[]; note: string }[] = [];
    const hues = { dimian: 30, beiban: 280, zhanshi: 150 } as const;
    for (const [category, items] of Object.entries(DEMO_QUOTE_LINES) as [
      keyof typeof hues,
      { name: string }[],
    ][]) {
      for (const [index, item] of items.entries()) {
        const photos = [
          await storeDemoPhoto(tx, storage, 'report', supplier.id, `${item.name}1`, hues[category], 0),
          await storeDemoPhoto(tx, storage, 'report', supplier.id, `${item.name}2`, hues[category], 2),
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
        contctck: CONTRACT_CHECK.APPROVED,
        contctckdt: new Date(Date.now() - 12 * DAY),
        ispaid: true,
        prepayp: DEMO_REPORT_PREPAY_FEN,
        reportck: REPORT_CHECK.PENDING,
        reportdate: new Date(Date.now() - DAY),
        workpic,
      },
      note: '演示：完工报告待验收，预付款托管中',
    });
    // the prepayment, booked as the Alipay settlement books it (payment.service.ts settleOrder)
    const outTradeNo = await demoPaidOrder(tx, {
      memberId: customer.id,
      purpose: 'prepay',
      projectId,
      amount: DEMO_REPORT_PREPAY_FEN,
      subject: `展览供应商接单平台 - 项目 ${orders} 预付款`,
    });
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

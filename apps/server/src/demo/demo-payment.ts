import { CONTRACT_CHECK, PROJECT_STATUS } from '@zl/shared';
import type { Db } from '../db/client.ts';
import { type DemoMobiles, demoPartiesOnce, insertDemoAwardedProject } from './demo-project.ts';

const DAY = 86_400_000;
export const DEMO_PREPAY_TITLE = '2026 深圳国际消费电子展特装展台（待付预付款）';
export const DEMO_PREPAY_FEN = 1_280_000;

/**
 * The prepayment on a demo database (docs/payments.md): the demo customer's project in 签约中 (3)
 * with the demo supplier as winner and the contract approved (contctck 2), its ¥12,800.00
 * prepayment due, so a newcomer can pay it in the sandbox 收银台. Once per database (by title).
 */
export async function seedDemoPrepay(db: Db, demo: DemoMobiles): Promise<string[]> {
  const found = await demoPartiesOnce(db, demo, DEMO_PREPAY_TITLE);
  if (!found) return [];
  const { supplier, customer } = found;
  await db.transaction((tx) =>
    insertDemoAwardedProject(tx, {
      customer,
      supplierId: supplier.id,
      title: DEMO_PREPAY_TITLE,
      conts: '消费电子新品发布展台，含产品体验区、洽谈区与 LED 大屏。合同已审核通过，待参展商支付预付款。',
      prepay: DEMO_PREPAY_FEN,
      showInDays: 40,
      status: PROJECT_STATUS.SIGNING,
      changes: { contctck: CONTRACT_CHECK.APPROVED, contctckdt: new Date(Date.now() - DAY) },
      note: '演示：签约中、合同已审核、待付预付款',
    }),
  );
  return ['  演示参展商有 1 个待支付预付款的项目（签约中，合同已审核），可在沙箱收银台支付'];
}

import { CONTRACT_CHECK, PROJECT_STATUS } from '@zl/shared';
import type { Db, Tx } from '../db/client.ts';
import { insertAudit } from '../modules/audit/audit.repo.ts';
import { insertComplaint, setComplaintOpen } from '../modules/complaint/complaint.repo.ts';
import { prepayIn } from '../modules/ledger/movements.ts';
import {
  type DemoMobiles,
  demoPaidOrder,
  demoPartiesOnce,
  insertDemoAwardedProject,
} from './demo-project.ts';

const DAY = 86_400_000;
export const DEMO_COMPLAINT_TITLE = '2026 广州国际照明展特装展台（投诉处理中）';
export const DEMO_COMPLAINT_PREPAY_FEN = 960_000;

/**
 * A prepayment paid into escrow as Alipay's notification books it (docs/payments.md): a paid
 * prepay order and the `prepay_in` movement into the project's escrow. For demo data and tests.
 */
export async function fundDemoEscrow(
  tx: Tx,
  p: { projectId: number; customerId: number; orders: string; amountFen: number },
): Promise<string> {
  const outTradeNo = await demoPaidOrder(tx, {
    memberId: p.customerId,
    purpose: 'prepay',
    projectId: p.projectId,
    amount: p.amountFen,
    subject: `项目 ${p.orders} 预付款`,
    paidAt: new Date(Date.now() - 5 * DAY),
  });
  await prepayIn(tx, { outTradeNo, ...p }, true);
  return outTradeNo;
}

/**
 * A complaint on a demo database (docs/delivery-complaint.md "Demo"): the demo customer's project
 * in 施工中 (4) with its ¥9,600.00 prepayment in escrow, a complaint filed by the customer and
 * answered by the demo supplier, waiting for the operator's ruling. Once per database (by title).
 */
export async function seedDemoComplaint(db: Db, demo: DemoMobiles): Promise<string[]> {
  const found = await demoPartiesOnce(db, demo, DEMO_COMPLAINT_TITLE);
  if (!found) return [];
  const { supplier, customer } = found;
  await db.transaction(async (tx) => {
    const p = await insertDemoAwardedProject(tx, {
      customer,
      supplierId: supplier.id,
      title: DEMO_COMPLAINT_TITLE,
      conts: '照明新品展台，含灯光秀区与洽谈区。施工中，参展商对进度提出投诉，等待平台裁决。',
      prepay: DEMO_COMPLAINT_PREPAY_FEN,
      showInDays: 6,
      status: PROJECT_STATUS.BUILDING,
      changes: {
        contctck: CONTRACT_CHECK.APPROVED,
        contctckdt: new Date(Date.now() - 6 * DAY),
        ispaid: true,
        prepayp: DEMO_COMPLAINT_PREPAY_FEN,
      },
      note: '演示：施工中、预付款已托管、投诉待裁决',
    });
    await fundDemoEscrow(tx, {
      projectId: p.projectId,
      customerId: customer.id,
      orders: p.orders,
      amountFen: DEMO_COMPLAINT_PREPAY_FEN,
    });
    const c = await insertComplaint(tx, {
      projectId: p.projectId,
      complainantId: customer.id,
      complainantSide: 'customer',
      respondentId: supplier.id,
      type: '工期延误',
      content: '合同约定进场后 2 天完成主体结构，现已第 4 天，背景墙仍未完成，LED 大屏尚未进场，影响开展。',
      answer: '背景墙材料因物流延误晚到一天，目前主体已完成 80%，LED 大屏明日进场，保证开展前完工。',
      answeredAt: new Date(Date.now() - DAY),
      state: 'answered',
      createdAt: new Date(Date.now() - 2 * DAY),
    });
    await setComplaintOpen(tx, p.projectId, true);
    await insertAudit(tx, {
      actorType: 'system',
      actorId: null,
      action: 'complaint.add',
      targetType: 'complaint',
      targetId: c.id,
      detail: { projectId: p.projectId, demo: true },
    });
  });
  return ['  演示参展商有 1 个投诉处理中的项目（施工中，预付款托管），审核员可在「投诉处理」裁决'];
}

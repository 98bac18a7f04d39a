import {
  CONTRACT_CHECK,
  type PayPlan,
  PROJECT_STATUS,
  REPORT_CHECK,
  splitPlan,
  stageKindLabels,
} from '@zl/shared';
import type { Db, Tx } from '../db/client.ts';
import { prepayIn, stageIn } from '../modules/ledger/movements.ts';
import { insertOrder, markPaid } from '../modules/payment/payment.repo.ts';
import { newOutTradeNo } from '../modules/payment/payment.service.ts';
import { lockProject } from '../modules/project/project-transition.ts';
import { confirmBuildIn, markStagePaid, type ProjectStageRow } from '../modules/stage/stage.repo.ts';
import { createStages, markOverdueStages, releaseDue } from '../modules/stage/stage.service.ts';
import { type DemoMobiles, demoPartiesOnce, insertDemoAwardedProject } from './demo-project.ts';

/**
 * The payment plan's steps on demo projects of the demo customer won by the demo supplier
 * (docs/staged-escrow.md "Demo"): a 进场款 due before the build-in, a 尾款 overdue after the show,
 * a 质保金 held after the acceptance. Each is awarded with a plan through `createStages`, paid
 * through the settlement's own movements (an Alipay order marked paid, `prepay_in` / `stage_in`,
 * the stage due → paid) and released through `releaseDue`. Once per database (by title).
 */
const DAY = 86_400_000;
/** the default PLATFORM_COMMISSION_BP (5 %) and RETENTION_DAYS (7) */
const DEMO_RULES = { commissionBp: 500, retentionDays: 7 };
/** the demo quote's total (demo-project.ts DEMO_QUOTE_LINES) */
const DEMO_TOTAL = 1_992_000;

export const DEMO_STAGE_TITLES = {
  progressDue: '2026 深圳国际家居展特装展台（进场款待付）',
  finalOverdue: '2026 东莞国际机械展特装展台（尾款逾期）',
  retentionHeld: '2026 广州国际汽车零部件展展台（质保金托管中）',
} as const;

const PLAN: PayPlan = { prepay: 30, progress: 40, final: 30, retention: 0 };
const PLAN_RETENTION: PayPlan = { prepay: 30, progress: 40, final: 30, retention: 10 };

/** One stage paid by the demo customer, as the Alipay settlement books it. */
async function payStage(
  tx: Tx,
  s: ProjectStageRow,
  p: { customerId: number; orders: string },
): Promise<void> {
  const outTradeNo = newOutTradeNo();
  const label = stageKindLabels[s.kind];
  await insertOrder(tx, {
    outTradeNo,
    memberId: p.customerId,
    purpose: s.kind === 'prepay' ? 'prepay' : 'stage',
    projectId: s.projectId,
    stageId: s.id,
    amount: s.amount,
    subject: `展览供应商接单平台 - 项目 ${p.orders} ${label}`,
  });
  await markPaid(tx, outTradeNo, s.amount, `DEMO${outTradeNo.slice(1)}`);
  const money = {
    outTradeNo,
    customerId: p.customerId,
    projectId: s.projectId,
    amountFen: s.amount,
    orders: p.orders,
  };
  if (s.kind === 'prepay') await prepayIn(tx, money, true);
  else await stageIn(tx, { ...money, label }, true);
  await markStagePaid(tx, s.id, s.amount);
}

export async function seedDemoStages(db: Db, demo: DemoMobiles): Promise<string[]> {
  const found = await demoPartiesOnce(db, demo, DEMO_STAGE_TITLES.progressDue);
  if (!found) return [];
  const { supplier, customer } = found;
  const projects: Array<{
    title: string;
    plan: PayPlan;
    showInDays: number;
    status: number;
    paid: number;
    confirmed: boolean;
    conts: string;
    note: string;
  }> = [
    {
      title: DEMO_STAGE_TITLES.progressDue,
      plan: PLAN,
      showInDays: 6,
      status: PROJECT_STATUS.BUILDING,
      paid: 1,
      confirmed: false,
      conts: '家居品牌展台：样板间式布局、软装陈列区与洽谈区。预付款已托管，进场前请支付进场款。',
      note: '演示：预付款已托管，进场款待付',
    },
    {
      title: DEMO_STAGE_TITLES.finalOverdue,
      plan: PLAN,
      showInDays: -5,
      status: PROJECT_STATUS.BUILDING,
      paid: 2,
      confirmed: true,
      conts: '机械设备展台：重型地台、设备展示区与接待台。展会已结束，预付款与进场款已结算，尾款逾期未付。',
      note: '演示：尾款逾期未付',
    },
    {
      title: DEMO_STAGE_TITLES.retentionHeld,
      plan: PLAN_RETENTION,
      showInDays: -4,
      status: PROJECT_STATUS.DONE,
      paid: 4,
      confirmed: true,
      conts: '汽车零部件展台：产品陈列墙与互动屏。已验收结算，10% 质保金在撤展后质保期内托管。',
      note: '演示：已验收，质保金托管中',
    },
  ];
  for (const d of projects) {
    await db.transaction(async (tx) => {
      const { projectId, orders } = await insertDemoAwardedProject(tx, {
        customer,
        supplierId: supplier.id,
        title: d.title,
        conts: d.conts,
        prepay: 0,
        showInDays: d.showInDays,
        status: d.status,
        changes: {
          payPlan: d.plan,
          // the seed's fields of the first stage: its amount paid (the stages made below agree)
          ispaid: true,
          prepayp: splitPlan(DEMO_TOTAL, d.plan)[0]!.amount,
          contctck: CONTRACT_CHECK.APPROVED,
          ...(d.status === PROJECT_STATUS.DONE
            ? { reportck: REPORT_CHECK.ACCEPTED, reportdate: new Date(Date.now() - DAY) }
            : {}),
        },
        note: d.note,
      });
      const project = (await lockProject(tx, projectId))!;
      const stages = await createStages(tx, project, DEMO_TOTAL);
      for (const s of stages.slice(0, d.paid)) await payStage(tx, s, { customerId: customer.id, orders });
      if (d.confirmed) await confirmBuildIn(tx, projectId);
      await releaseDue(tx, projectId, DEMO_RULES);
    });
  }
  // the overdue job's own round: the 尾款 after the show is marked, its tips and SMS follow
  await markOverdueStages(db);
  return [
    '  演示参展商有分阶段付款的项目：进场款待付、尾款逾期（验收前须付清）、已验收质保金托管中（项目页「付款计划」）',
  ];
}

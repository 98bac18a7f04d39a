import {
  CONTRACT_CHECK,
  type PayPlan,
  PROJECT_STATUS,
  REPORT_CHECK,
  splitPlan,
  stageKindLabels,
} from '@zl/shared';
import type { Db, Tx } from '../db/client.ts';
import { addChangeOrder, decideChangeOrder } from '../modules/change/change.service.ts';
import { prepayIn, stageIn } from '../modules/ledger/movements.ts';
import { findProjectByTitle } from '../modules/payment/payment.repo.ts';
import { lockProject } from '../modules/project/project-transition.ts';
import { confirmBuildIn, markStagePaid, type ProjectStageRow } from '../modules/stage/stage.repo.ts';
import { createStages, markOverdueStages, releaseDue } from '../modules/stage/stage.service.ts';
import {
  type DemoMobiles,
  demoPaidOrder,
  demoPartiesOnce,
  insertDemoAwardedProject,
} from './demo-project.ts';

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
  const label = stageKindLabels[s.kind];
  const outTradeNo = await demoPaidOrder(tx, {
    memberId: p.customerId,
    purpose: s.kind === 'prepay' ? 'prepay' : 'stage',
    projectId: s.projectId,
    stageId: s.id,
    amount: s.amount,
    subject: `展览供应商接单平台 - 项目 ${p.orders} ${label}`,
  });
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

/**
 * The change orders of the 进场款 project (docs/change-orders.md "Demo"): the demo supplier proposes
 * two 增项 through the real call's service; the demo customer approves the first (its amount joins
 * the 进场款, a 补充协议 is drawn) and leaves the second waiting.
 */
async function seedDemoChanges(db: Db, supplierId: number, customerId: number): Promise<void> {
  const project = await findProjectByTitle(db, customerId, DEMO_STAGE_TITLES.progressDue);
  if (!project) return;
  const approved = await addChangeOrder(db, supplierId, {
    id: project.id,
    kind: 'add',
    lines: [
      { category: 'zhanshi', name: '追加 LED 射灯', spec: '30W 暖光', unit: '个', qty: 10, price: 5_000 },
      { category: 'meigong', name: '样板间墙面写真', spec: '3m × 2.4m', unit: '幅', qty: 2, price: 38_000 },
    ],
    reason: '参展商看过效果图后要求加强样板间照明，并增加两幅墙面写真。',
    photos: [],
  });
  await db.transaction((tx) =>
    decideChangeOrder(tx, customerId, { id: project.id, orderId: approved.id, approve: true }),
  );
  await addChangeOrder(db, supplierId, {
    id: project.id,
    kind: 'add',
    lines: [{ category: 'dimian', name: '加装地插', spec: '五孔 10A', unit: '个', qty: 4, price: 12_000 }],
    reason: '洽谈区新增两张桌子，需要在地台内预埋 4 个地插供电。',
    photos: [],
  });
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
  await seedDemoChanges(db, supplier.id, customer.id);
  // the overdue job's own round: the 尾款 after the show is marked, its tips and SMS follow
  await markOverdueStages(db);
  return [
    '  演示参展商有分阶段付款的项目：进场款待付、尾款逾期（验收前须付清）、已验收质保金托管中（项目页「付款计划」）',
    `  「${DEMO_STAGE_TITLES.progressDue}」有变更单：一张已同意的增项（进场款随之增加，可下载补充协议），一张待参展商确认的增项（项目页 / 订单详情「变更单」）`,
  ];
}

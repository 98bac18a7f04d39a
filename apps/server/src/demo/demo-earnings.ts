import { PAY_PLAN_FULL_PREPAY, PROJECT_STATUS, REPORT_CHECK } from '@zl/shared';
import type { Db } from '../db/client.ts';
import { insertAudit } from '../modules/audit/audit.repo.ts';
import { prepayIn } from '../modules/ledger/movements.ts';
import { lockProject } from '../modules/project/project-transition.ts';
import { markStagePaid } from '../modules/stage/stage.repo.ts';
import { createStages, releaseDue } from '../modules/stage/stage.service.ts';
import { backdateLedgerTransaction } from './demo-bills.repo.ts';
import { type DemoMobiles, demoPartiesOnce, insertDemoAwardedProject } from './demo-project.ts';

/**
 * A year of earnings for the demo supplier's home (docs/home.md "Demo"): earlier projects of the
 * demo customer won by the demo supplier, each completed with its prepayment paid into escrow
 * (`prepay_in`, one 100 % prepayment stage) and released to the supplier less the commission
 * (`stage_release`, through releaseDue, the acceptance's own path). The movements are then moved to the days they stand
 * for, so the home's chart and 收支明细 have months to show. Once per database (by title).
 */
const DAY = 86_400_000;
/** the default PLATFORM_COMMISSION_BP (5 %), as the acceptance would take it */
const DEMO_COMMISSION_BP = 500;

export const DEMO_EARNING_PROJECTS = [
  { title: '2025 上海国际广告展特装展台（往期·已结算）', prepay: 1_800_000, acceptedDaysAgo: 320 },
  { title: '2026 广州国际美博会特装展台（往期·已结算）', prepay: 2_400_000, acceptedDaysAgo: 250 },
  { title: '2026 北京国际汽车用品展展台（往期·已结算）', prepay: 3_600_000, acceptedDaysAgo: 190 },
  { title: '2026 深圳文博会企业展台（往期·已结算）', prepay: 1_500_000, acceptedDaysAgo: 130 },
  { title: '2026 成都秋季糖酒会展台（往期·已结算）', prepay: 2_200_000, acceptedDaysAgo: 75 },
  { title: '2026 厦门国际石材展展台（往期·已结算）', prepay: 1_200_000, acceptedDaysAgo: 40 },
  { title: '2026 上海国际工业博览会展台（往期·已结算）', prepay: 2_800_000, acceptedDaysAgo: 9 },
] as const;
export const DEMO_EARNING_TITLES = DEMO_EARNING_PROJECTS.map((p) => p.title);

export async function seedDemoEarnings(db: Db, demo: DemoMobiles, now = Date.now()): Promise<string[]> {
  const found = await demoPartiesOnce(db, demo, DEMO_EARNING_PROJECTS[0].title);
  if (!found) return [];
  const { supplier, customer } = found;
  for (const d of DEMO_EARNING_PROJECTS) {
    await db.transaction(async (tx) => {
      const accepted = new Date(now - d.acceptedDaysAgo * DAY);
      const paid = new Date(accepted.getTime() - 20 * DAY);
      const { projectId, orders } = await insertDemoAwardedProject(tx, {
        customer,
        supplierId: supplier.id,
        title: d.title,
        conts: '往期演示项目：已搭建完成、参展商验收通过，托管的预付款已扣除服务费结算给供应商。',
        prepay: d.prepay,
        showInDays: -(d.acceptedDaysAgo + 4),
        status: PROJECT_STATUS.DONE,
        changes: { ispaid: true, prepayp: d.prepay, reportck: REPORT_CHECK.ACCEPTED, reportdate: accepted },
        note: '演示：往期已完成并结算',
      });
      await insertAudit(tx, {
        actorType: 'member',
        actorId: customer.id,
        targetType: 'project',
        targetId: projectId,
        action: 'project.accept',
        detail: { from: 5, to: 6, demo: true, note: '演示：往期已完成并结算', actorRole: 'customer' },
        at: accepted,
      });
      const outTradeNo = `DEMOEARN${projectId}`;
      await prepayIn(
        tx,
        { outTradeNo, customerId: customer.id, projectId, amountFen: d.prepay, orders },
        true,
      );
      const project = await lockProject(tx, projectId);
      const [stage] = await createStages(tx, { ...project!, payPlan: PAY_PLAN_FULL_PREPAY }, d.prepay);
      await markStagePaid(tx, stage!.id, d.prepay);
      await releaseDue(tx, projectId, { commissionBp: DEMO_COMMISSION_BP, retentionDays: 0 });
      await backdateLedgerTransaction(tx, `pay:${outTradeNo}`, paid);
      await backdateLedgerTransaction(tx, `release:stage:${stage!.id}`, accepted);
    });
  }
  return [`  演示供应商有 ${DEMO_EARNING_PROJECTS.length} 个往期已结算的项目（首页近 12 个月收入）`];
}

import { EVALUATION_RULES, PROJECT_STATUS } from '@zl/shared';
import type { Db, Tx } from '../db/client.ts';
import { insertAudit } from '../modules/audit/audit.repo.ts';
import { insertEvaluation, revealProject, updateEvaluation } from '../modules/evaluation/evaluation.repo.ts';
import { type DemoMobiles, demoPartiesOnce, insertDemoAwardedProject } from './demo-project.ts';

const DAY = 86_400_000;
export const DEMO_EVALUATED_TITLE = '2026 广州国际照明展特装展台（已完成·双方已评价）';
export const DEMO_HALF_EVALUATED_TITLE = '2026 深圳国际家具展特装展台（已完成·参展商已评价）';
export const DEMO_TO_EVALUATE_TITLE = '2026 深圳国际礼品展特装展台（已完成·待双方评价）';

/** A completed (status 6) demo project accepted `acceptedDaysAgo` days ago (the `project.accept` audit row). */
async function completedProject(
  tx: Tx,
  demo: { customer: { id: number; mobile: string }; supplierId: number },
  title: string,
  acceptedDaysAgo: number,
  note: string,
) {
  const { projectId } = await insertDemoAwardedProject(tx, {
    customer: demo.customer,
    supplierId: demo.supplierId,
    title,
    conts: '品牌形象展台，含洽谈区、产品陈列与灯光。已搭建完成、参展商验收通过。',
    // no prepayment: the money path of delivery is shown by the other demo projects
    prepay: 0,
    showInDays: -(acceptedDaysAgo + 4),
    status: PROJECT_STATUS.DONE,
    note,
  });
  const at = new Date(Date.now() - acceptedDaysAgo * DAY);
  await insertAudit(tx, {
    actorType: 'member',
    actorId: demo.customer.id,
    targetType: 'project',
    targetId: projectId,
    action: 'project.accept',
    detail: { from: 5, to: 6, demo: true, note, actorRole: 'customer' },
    at,
  });
  return { projectId, windowEndsAt: new Date(at.getTime() + EVALUATION_RULES.windowDays * DAY) };
}

/**
 * Evaluations on a demo database (docs/delivery-evaluation.md): three completed projects of the
 * demo customer won by the demo supplier — one both sides evaluated (revealed, with the supplier's
 * reply, so the supplier has a score), one only the customer evaluated (hidden until the supplier
 * does), one nobody evaluated yet. Once per database (by title).
 */
export async function seedDemoEvaluations(db: Db, demo: DemoMobiles): Promise<string[]> {
  const found = await demoPartiesOnce(db, demo, DEMO_EVALUATED_TITLE);
  if (!found) return [];
  const { supplier, customer } = found;
  const parties = { customer, supplierId: supplier.id };
  await db.transaction(async (tx) => {
    const both = await completedProject(tx, parties, DEMO_EVALUATED_TITLE, 5, '演示：已完成、双方已评价');
    await insertEvaluation(tx, {
      projectId: both.projectId,
      side: 'supplier',
      authorId: supplier.id,
      targetId: customer.id,
      score: 5,
      content: '参展商需求清晰、沟通高效，验收和付款都很及时，期待再次合作。',
      windowEndsAt: both.windowEndsAt,
    });
    const received = await insertEvaluation(tx, {
      projectId: both.projectId,
      side: 'customer',
      authorId: customer.id,
      targetId: supplier.id,
      quality: 5,
      service: 4,
      punctuality: 4,
      content: '展台做工精细，灯光效果很好；布展第一天稍有延误，但按时开展。',
      windowEndsAt: both.windowEndsAt,
    });
    await revealProject(tx, both.projectId, new Date(Date.now() - 3 * DAY));
    await updateEvaluation(tx, received.id, {
      reply: '感谢认可！延误是因为场馆进场时间调整，下次我们会预留更多时间。',
      repliedAt: new Date(Date.now() - 2 * DAY),
    });

    const half = await completedProject(
      tx,
      parties,
      DEMO_HALF_EVALUATED_TITLE,
      2,
      '演示：已完成、参展商已评价',
    );
    await insertEvaluation(tx, {
      projectId: half.projectId,
      side: 'customer',
      authorId: customer.id,
      targetId: supplier.id,
      quality: 4,
      service: 5,
      punctuality: 5,
      content: '工期准时，现场服务周到，整体满意。',
      windowEndsAt: half.windowEndsAt,
    });

    await completedProject(tx, parties, DEMO_TO_EVALUATE_TITLE, 1, '演示：已完成、待双方评价');
  });
  return ['  演示参展商有 3 个已完成的项目：双方已评价、参展商已评价（待供应商评价后公开）、待双方评价'];
}

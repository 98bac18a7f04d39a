import { randomBytes } from 'node:crypto';
import { CONTRACT_CHECK } from '@zl/shared';
import { eq } from 'drizzle-orm';
import { files, projectStages, projects, quotes } from '../src/db/schema/index.ts';
import { prepayIn } from '../src/modules/ledger/movements.ts';
import type { TestContext } from './helpers.ts';
import { makeProject } from './project-fixtures.ts';

/** The winning quote of the report tests: two lines of 地面, one of 背板 (docs/delivery-report.md). */
export const REPORT_QUOTE_LINES = {
  dimian: [
    { name: '木地台', spec: '灰色地毯', unit: '㎡', qty: 36, remark: '', price: 9000, amount: 324_000 },
    { name: '踢脚线', spec: '铝合金', unit: '米', qty: 24, remark: '', price: 2000, amount: 48_000 },
  ],
  beiban: [
    {
      name: '品牌背景墙',
      spec: '木结构+喷绘',
      unit: '㎡',
      qty: 20,
      remark: '',
      price: 25_000,
      amount: 500_000,
    },
  ],
};
export const REPORT_LINE_KEYS = ['dimian:0', 'dimian:1', 'beiban:0'];
export const PREPAY = 300_000;

/**
 * A project of `customerId` in 施工中 (4) won by `supplierId`, contract approved and the
 * prepayment paid into escrow through the real `prepay_in` movement.
 */
export async function buildingProject(
  ctx: TestContext,
  customerId: number,
  supplierId: number,
  prepay = PREPAY,
): Promise<{ id: number; orders: string }> {
  const p = await makeProject(ctx, customerId, {
    status: 4,
    prepay,
    prepayp: prepay,
    ispaid: prepay > 0,
    contctck: CONTRACT_CHECK.APPROVED,
    biddl: new Date(Date.now() - 86_400_000),
  });
  await ctx.database.db.transaction(async (tx) => {
    const [q] = await tx
      .insert(quotes)
      .values({
        projectId: p.id,
        supplierId,
        lines: REPORT_QUOTE_LINES,
        subtotals: { dimian: 372_000, beiban: 500_000 },
        total: 872_000,
        days: 3,
        status: 1,
        coinsPaid: 0,
      })
      .returning();
    // the part of the contract that goes through the platform here: the prepayment alone, paid
    // (a 100 % prepayment plan; docs/staged-escrow.md), so the report flow is not held by a 尾款
    await tx
      .update(projects)
      // the build-in began yesterday: the completion report may be handed in (docs/delivery-report.md)
      .set({
        winnerQuoteId: q!.id,
        peoples: 1,
        contractAmount: prepay,
        buildStart: new Date(Date.now() - 86_400_000),
      })
      .where(eq(projects.id, p.id));
    if (prepay > 0)
      await tx.insert(projectStages).values({
        projectId: p.id,
        seq: 1,
        kind: 'prepay',
        percent: 100,
        amount: prepay,
        dueAt: new Date(),
        status: 'paid',
        paidAt: new Date(),
      });
    if (prepay > 0) {
      await prepayIn(
        tx,
        {
          outTradeNo: `T${randomBytes(8).toString('hex')}`,
          customerId,
          projectId: p.id,
          amountFen: prepay,
          orders: p.orders,
        },
        true,
      );
    }
  });
  return { id: p.id, orders: p.orders };
}

/** A report file row of `ownerMemberId` (no bytes: the calls check ownership, purpose and type). */
export async function reportFile(ctx: TestContext, ownerMemberId: number, pdf = false): Promise<string> {
  const id = randomBytes(16).toString('base64url').slice(0, 22);
  await ctx.database.db.insert(files).values({
    id,
    ownerMemberId,
    visibility: 'private',
    purpose: 'report',
    mime: pdf ? 'application/pdf' : 'image/jpeg',
    size: 1000,
    storageKey: `test/${id}`,
    originalName: pdf ? '验收报告.pdf' : '完工.jpg',
  });
  return id;
}

/** A complete first report body: every line with one photo. */
export async function reportBody(
  ctx: TestContext,
  projectId: number,
  supplierId: number,
  keys = REPORT_LINE_KEYS,
) {
  return {
    id: projectId,
    workpic: [await reportFile(ctx, supplierId)],
    reports: [await reportFile(ctx, supplierId, true)],
    remark: '已按图纸完成搭建',
    lines: await Promise.all(
      keys.map(async (line) => ({ line, photos: [await reportFile(ctx, supplierId)], note: `${line} 完成` })),
    ),
  };
}

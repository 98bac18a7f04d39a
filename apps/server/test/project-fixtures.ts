import { randomBytes } from 'node:crypto';
import { purposeVisibility, shanghaiToday } from '@zl/shared';
import { eq } from 'drizzle-orm';
import { files, projects, quotes } from '../src/db/schema/index.ts';
import { insertAudit } from '../src/modules/audit/audit.repo.ts';
import { postTransaction } from '../src/modules/ledger/ledger.service.ts';
import type { TestContext } from './helpers.ts';

export type ProjectInsert = typeof projects.$inferInsert;

const DAY = 86_400_000;
export const isoDate = (ms: number) => shanghaiToday(ms); // Asia/Shanghai calendar day

/** A project row inserted directly (status 1 bidding unless told), owned by `customerId`. */
export async function makeProject(
  ctx: TestContext,
  customerId: number,
  values: Partial<ProjectInsert> = {},
): Promise<typeof projects.$inferSelect> {
  const now = Date.now();
  const [row] = await ctx.database.db
    .insert(projects)
    .values({
      orders: `T${randomBytes(6).toString('hex')}`,
      customerId,
      mobile: '13900000000',
      groupid: 1,
      title: '上海国际车展特装展台搭建',
      length: 6,
      width: 6,
      height: 3,
      areas: 36,
      opens: 2,
      prepay: 1_000_000,
      coins: 5,
      sdate: isoDate(now + 30 * DAY),
      edate: isoDate(now + 33 * DAY),
      biddl: new Date(now + 14 * DAY),
      prov: '上海市',
      city: '上海市',
      status: 1,
      checked: 1,
      ...values,
    })
    .returning();
  return row!;
}

/** A pending quote of `supplierId`, its coins really paid through the ledger (as Projectcenter does). */
export async function makeQuote(
  ctx: TestContext,
  projectId: number,
  supplierId: number,
  coins = 5,
): Promise<typeof quotes.$inferSelect> {
  return ctx.database.db.transaction(async (tx) => {
    await postTransaction(tx, {
      type: 'demo_grant',
      postings: [
        { account: { kind: 'platform_coins' }, amount: -coins, currency: 'COIN' },
        { account: { kind: 'member_coins', memberId: supplierId }, amount: coins, currency: 'COIN' },
      ],
    });
    const [q] = await tx
      .insert(quotes)
      .values({
        projectId,
        supplierId,
        lines: {
          dimian: [
            { name: '地毯', spec: '灰色', unit: '㎡', qty: 36, remark: '', price: 3000, amount: 108000 },
          ],
        },
        subtotals: { dimian: 108000 },
        total: 108000,
        days: 3,
        coinsPaid: coins,
      })
      .returning();
    await postTransaction(tx, {
      type: 'quote_fee',
      refType: 'quote',
      refId: q!.id,
      idempotencyKey: `quote:${q!.id}`,
      postings: [
        { account: { kind: 'member_coins', memberId: supplierId }, amount: -coins, currency: 'COIN' },
        { account: { kind: 'platform_revenue' }, amount: coins, currency: 'COIN' },
      ],
    });
    await tx
      .update(projects)
      .set({ peoples: (await tx.select().from(projects).where(eq(projects.id, projectId)))[0]!.peoples + 1 })
      .where(eq(projects.id, projectId));
    return q!;
  });
}

/**
 * A completed project (status 6 unless told) of `customerId` won by `supplierId`, last changed
 * `acceptedDaysAgo` days ago, with the `project.accept` audit row of that time (the evaluation
 * window starts there, docs/delivery-evaluation.md) unless `audit: false`. Answers its id.
 */
export async function completedProject(
  ctx: TestContext,
  customerId: number,
  supplierId: number,
  opts: { status?: number; acceptedDaysAgo?: number; audit?: boolean; title?: string } = {},
): Promise<number> {
  const p = await makeProject(ctx, customerId, {
    status: opts.status ?? 6,
    ...(opts.title ? { title: opts.title } : {}),
  });
  const q = await makeQuote(ctx, p.id, supplierId, 1);
  const at = new Date(Date.now() - (opts.acceptedDaysAgo ?? 1) * 86_400_000);
  await ctx.database.db
    .update(projects)
    .set({ winnerQuoteId: q.id, updatedAt: at })
    .where(eq(projects.id, p.id));
  if (opts.audit !== false)
    await insertAudit(ctx.database.db, {
      actorType: 'member',
      actorId: customerId,
      action: 'project.accept',
      targetType: 'project',
      targetId: p.id,
      detail: {},
      at,
    });
  return p.id;
}

/** An upload row of `ownerMemberId` (no bytes: the project calls only check ownership and purpose). */
export async function makeUpload(
  ctx: TestContext,
  ownerMemberId: number,
  purpose: 'project' | 'attachment' | 'idcard' | 'case' | 'showroom' = 'project',
  originalName = '参考图.jpg',
): Promise<string> {
  const id = randomBytes(16).toString('base64url').slice(0, 22);
  await ctx.database.db.insert(files).values({
    id,
    ownerMemberId,
    visibility: purposeVisibility(purpose),
    purpose,
    mime: originalName.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
    size: 1000,
    storageKey: `test/${id}`,
    originalName,
  });
  return id;
}

/** A valid Customer/projectSave body (dates relative to now). */
export function publishBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Date.now();
  return {
    groupid: 1,
    title: '2026 上海国际汽车展览会特装展台',
    length: 6.5,
    width: 4.25,
    height: 3,
    opens: 2,
    sdate: isoDate(now + 30 * DAY),
    edate: isoDate(now + 33 * DAY),
    biddl: new Date(now + 14 * DAY).toISOString(),
    prov: '上海市',
    city: '上海市',
    strt: '浦东新区',
    addr: '国家会展中心（上海）7.1 号馆',
    conts: '双开口特装展台，需含灯光与地台。',
    dimian: [{ name: '地台', spec: '10cm 木地台+灰色地毯', unit: '㎡', qty: 28, remark: '' }],
    beiban: [{ name: '背景墙', spec: '喷绘', unit: '㎡', qty: 12, remark: '含灯箱' }],
    ...overrides,
  };
}

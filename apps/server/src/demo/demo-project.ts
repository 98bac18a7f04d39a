import {
  CONTRACT_CHECK,
  computeAreas,
  PROJECT_CHECKED,
  PROJECT_STATUS,
  type QuoteLine,
  shanghaiToday,
} from '@zl/shared';
import type { DbOrTx, Tx } from '../db/client.ts';
import { insertAudit } from '../modules/audit/audit.repo.ts';
import { findProjectByTitle, insertOrder, markPaid } from '../modules/payment/payment.repo.ts';
import { newOutTradeNo } from '../modules/payment/payment.service.ts';
import { insertTrade } from '../modules/payment/sandbox.repo.ts';
import { insertProject, nextOrderNumber, setProjectStatus } from '../modules/project/project.repo.ts';
import type { ProjectUpdate } from '../modules/project/project-transition.ts';
import { insertQuote } from '../modules/projectcenter/projectcenter.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';

const DAY = 86_400_000;
/** A calendar date (Asia/Shanghai) `ms` from the epoch, as the API writes dates. */
export const demoDate = (ms: number) => shanghaiToday(ms);

/** The demo accounts' mobiles, as the seed names them. */
export interface DemoMobiles {
  supplierMobile: string;
  customerMobile: string;
}

/**
 * The demo supplier and customer for one demo stage, seeded once per database: undefined when
 * either account is missing or the customer already has the stage's project titled `title`.
 */
export async function demoPartiesOnce(db: DbOrTx, demo: DemoMobiles, title: string) {
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!supplier || !customer) return undefined;
  if (await findProjectByTitle(db, customer.id, title)) return undefined;
  return { supplier, customer };
}

export interface DemoAwardInput {
  customer: { id: number; mobile: string };
  supplierId: number;
  title: string;
  conts: string;
  prepay: number;
  /** days from now to the show's first day (开展) */
  showInDays: number;
  /** the status the project is left in (2 and later), with what else the stage sets */
  status: number;
  changes?: ProjectUpdate;
  /** the audit note that explains the demo stage */
  note: string;
}

/** The winning quote's priced lines of every demo project in the delivery stages. */
export const DEMO_QUOTE_LINES: Partial<Record<'dimian' | 'beiban' | 'zhanshi', QuoteLine[]>> = {
  dimian: [
    { name: '木地台', spec: '灰色地毯', unit: '㎡', qty: 48, remark: '', price: 9000, amount: 432_000 },
  ],
  beiban: [
    {
      name: '品牌背景墙',
      spec: '木结构+喷绘',
      unit: '㎡',
      qty: 24,
      remark: '',
      price: 25_000,
      amount: 600_000,
    },
  ],
  zhanshi: [
    {
      name: 'LED 大屏',
      spec: 'P2.5 室内',
      unit: '㎡',
      qty: 12,
      remark: '含安装',
      price: 80_000,
      amount: 960_000,
    },
  ],
};

/**
 * One demo project of the demo customer awarded to the demo supplier (docs/delivery.md "Demo"),
 * inserted directly in `tx` at the stage `input.status`: the project, the winning quote with
 * DEMO_QUOTE_LINES, the stage's fields and the audit rows of the steps that led there, dated as
 * they would have happened, so the timeline (`orbits`) reads like a real project's. Answers the ids.
 */
export async function insertDemoAwardedProject(
  tx: Tx,
  input: DemoAwardInput,
): Promise<{ projectId: number; quoteId: number; orders: string }> {
  const now = Date.now();
  // bidding closed 25 days before today or before the show, whichever is earlier; awarded a day later
  const biddl = Math.min(now, now + input.showInDays * DAY) - 25 * DAY;
  const p = await insertProject(tx, {
    orders: await nextOrderNumber(tx),
    customerId: input.customer.id,
    mobile: input.customer.mobile,
    groupid: 1,
    title: input.title,
    length: 8,
    width: 6,
    height: 4,
    areas: computeAreas(8, 6),
    opens: 3,
    prepay: input.prepay,
    coins: 0,
    sdate: demoDate(now + input.showInDays * DAY),
    edate: demoDate(now + (input.showInDays + 3) * DAY),
    biddl: new Date(biddl),
    prov: '广东省',
    city: '深圳市',
    strt: '宝安区',
    addr: '深圳国际会展中心 6 号馆',
    dimian: [{ name: '木地台', spec: '灰色地毯', unit: '㎡', qty: 48, remark: '' }],
    beiban: [{ name: '品牌背景墙', spec: '木结构+喷绘', unit: '㎡', qty: 24, remark: '' }],
    zhanshi: [{ name: 'LED 大屏', spec: 'P2.5 室内', unit: '㎡', qty: 12, remark: '租赁' }],
    conts: input.conts,
    status: PROJECT_STATUS.AWARDED,
    checked: PROJECT_CHECKED.APPROVED,
    checkdate: new Date(biddl - 10 * DAY),
    createdAt: new Date(biddl - 12 * DAY),
  });
  const q = await insertQuote(tx, {
    projectId: p.id,
    supplierId: input.supplierId,
    lines: DEMO_QUOTE_LINES,
    subtotals: { dimian: 432_000, beiban: 600_000, zhanshi: 960_000 },
    total: 1_992_000,
    days: 4,
    status: 1,
    coinsPaid: 0,
  });
  await setProjectStatus(tx, p.id, input.status, {
    winnerQuoteId: q.id,
    peoples: 1,
    awardedAt: new Date(biddl + DAY),
    // building and later: the contract was approved (a stage may say when)
    ...(input.status >= PROJECT_STATUS.BUILDING
      ? {
          contctck: CONTRACT_CHECK.APPROVED,
          contctckdt: new Date(Math.min(biddl + 4 * DAY, now - 3_600_000)),
        }
      : {}),
    ...input.changes,
  });
  for (const step of demoHistory(input, biddl, now)) {
    const party = step.role === 'customer' || step.role === 'supplier';
    await insertAudit(tx, {
      actorType: party ? 'member' : (step.role as 'admin' | 'system'),
      actorId: party ? (step.role === 'customer' ? input.customer.id : input.supplierId) : null,
      targetType: 'project',
      targetId: p.id,
      action: `project.${step.event}`,
      detail: {
        to: step.to,
        ...step.detail,
        ...(party ? { actorRole: step.role } : {}),
        ...(step.event === 'publish' ? { demo: true, note: input.note } : {}),
      },
      at: new Date(step.at),
    });
  }
  return { projectId: p.id, quoteId: q.id, orders: p.orders };
}

interface DemoStep {
  event: string;
  to: number;
  role: 'customer' | 'supplier' | 'admin' | 'system';
  at: number;
  detail?: Record<string, unknown>;
}

/**
 * The steps a project at `input.status` went through (docs/delivery.md), as the services write
 * them: published and approved before the bidding deadline, awarded the day after, the contract
 * uploaded and reviewed, the prepayment paid, the report handed in two days before 开展. The
 * acceptance of a completed project is left to its stage (demo-evaluation.ts dates it).
 */
function demoHistory(input: DemoAwardInput, biddl: number, now: number): DemoStep[] {
  const c = input.changes ?? {};
  const show = now + input.showInDays * DAY;
  // after the award, spaced out and never later than an hour ago
  const after = (days: number) => Math.min(biddl + days * DAY, now - 3_600_000);
  const steps: DemoStep[] = [
    { event: 'publish', to: PROJECT_STATUS.PENDING_REVIEW, role: 'customer', at: biddl - 12 * DAY },
    { event: 'approve', to: PROJECT_STATUS.BIDDING, role: 'admin', at: biddl - 10 * DAY },
    { event: 'award', to: PROJECT_STATUS.AWARDED, role: 'customer', at: biddl + DAY },
  ];
  const building = input.status >= PROJECT_STATUS.BUILDING;
  const contract = building || (c.contctck ?? CONTRACT_CHECK.NONE) !== CONTRACT_CHECK.NONE;
  const approved = building || c.contctck === CONTRACT_CHECK.APPROVED;
  if (contract)
    steps.push({ event: 'uploadContract', to: PROJECT_STATUS.SIGNING, role: 'supplier', at: after(3) });
  if (approved)
    steps.push({
      event: 'reviewContract',
      to: PROJECT_STATUS.SIGNING,
      role: 'customer',
      at: after(4),
      detail: { approve: true },
    });
  if (building)
    steps.push(
      input.prepay > 0
        ? { event: 'prepayPaid', to: PROJECT_STATUS.BUILDING, role: 'system', at: after(5) }
        : { event: 'startBuilding', to: PROJECT_STATUS.BUILDING, role: 'customer', at: after(4) },
    );
  // a report awaiting acceptance was just handed in (its report row is dated now); a completed
  // project's two days before 开展 (on time for the track record)
  if (input.status >= PROJECT_STATUS.ACCEPTING)
    steps.push({
      event: 'uploadReport',
      to: PROJECT_STATUS.ACCEPTING,
      role: 'supplier',
      at:
        input.status === PROJECT_STATUS.ACCEPTING
          ? now
          : Math.max(after(6), Math.min(show - 2 * DAY, now - 2 * 3_600_000)),
    });
  return steps;
}

/**
 * A paid Alipay order of a demo project, as the settlement books it (payment_orders pending →
 * paid), and known to the built-in sandbox gateway as after its 收银台, so a ruling's or a 减项's
 * refund goes through it too. Answers the order number; the caller posts the money's movement.
 */
export async function demoPaidOrder(
  tx: Tx,
  o: {
    memberId: number;
    purpose: 'prepay' | 'stage';
    projectId: number;
    stageId?: number;
    amount: number;
    subject: string;
    paidAt?: Date;
  },
): Promise<string> {
  const outTradeNo = newOutTradeNo();
  const tradeNo = `DEMO${outTradeNo.slice(1)}`;
  await insertOrder(tx, {
    outTradeNo,
    memberId: o.memberId,
    purpose: o.purpose,
    projectId: o.projectId,
    stageId: o.stageId ?? null,
    amount: o.amount,
    subject: o.subject,
  });
  await markPaid(tx, outTradeNo, o.amount, tradeNo);
  await insertTrade(tx, {
    outTradeNo,
    tradeNo,
    subject: o.subject,
    totalAmount: o.amount,
    status: 'TRADE_SUCCESS',
    paidAt: o.paidAt ?? new Date(),
  });
  return outTradeNo;
}

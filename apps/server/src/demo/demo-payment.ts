import { computeAreas, PROJECT_CHECKED, PROJECT_STATUS } from '@zl/shared';
import type { Db } from '../db/client.ts';
import { insertAudit } from '../modules/admin/audit.repo.ts';
import { findProjectByTitle } from '../modules/payment/payment.repo.ts';
import { insertProject, nextOrderNumber, setProjectStatus } from '../modules/project/project.repo.ts';
import { insertQuote } from '../modules/projectcenter/projectcenter.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';

const DAY = 86_400_000;
export const DEMO_PREPAY_TITLE = '2026 深圳国际消费电子展特装展台（待付预付款）';
export const DEMO_PREPAY_FEN = 1_280_000;
const iso = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * The prepayment on a demo database (docs/payments.md): the demo customer's project in 签约中 (3)
 * with the demo supplier as winner and the contract approved (contctck 2), its ¥12,800.00
 * prepayment due, so a newcomer can pay it in the sandbox 收银台. Once per database (by title).
 */
export async function seedDemoPrepay(
  db: Db,
  demo: { supplierMobile: string; customerMobile: string },
): Promise<string[]> {
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!supplier || !customer) return [];
  if (await findProjectByTitle(db, customer.id, DEMO_PREPAY_TITLE)) return [];
  const now = Date.now();
  await db.transaction(async (tx) => {
    const areas = computeAreas(8, 6);
    const p = await insertProject(tx, {
      orders: await nextOrderNumber(tx),
      customerId: customer.id,
      mobile: customer.mobile,
      groupid: 1,
      title: DEMO_PREPAY_TITLE,
      length: 8,
      width: 6,
      height: 4,
      areas,
      opens: 3,
      prepay: DEMO_PREPAY_FEN,
      coins: 0,
      sdate: iso(now + 40 * DAY),
      edate: iso(now + 43 * DAY),
      biddl: new Date(now - DAY),
      prov: '广东省',
      city: '深圳市',
      strt: '宝安区',
      addr: '深圳国际会展中心 6 号馆',
      dimian: [{ name: '木地台', spec: '灰色地毯', unit: '㎡', qty: 48, remark: '' }],
      beiban: [{ name: '品牌背景墙', spec: '木结构+喷绘', unit: '㎡', qty: 24, remark: '' }],
      zhanshi: [{ name: 'LED 大屏', spec: 'P2.5 室内', unit: '㎡', qty: 12, remark: '租赁' }],
      conts: '消费电子新品发布展台，含产品体验区、洽谈区与 LED 大屏。合同已审核通过，待参展商支付预付款。',
      status: PROJECT_STATUS.AWARDED,
      checked: PROJECT_CHECKED.APPROVED,
      checkdate: new Date(now - 10 * DAY),
    });
    const q = await insertQuote(tx, {
      projectId: p.id,
      supplierId: supplier.id,
      lines: {
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
      },
      subtotals: { dimian: 432_000, beiban: 600_000, zhanshi: 960_000 },
      total: 1_992_000,
      days: 4,
      status: 1,
      coinsPaid: 0,
    });
    await setProjectStatus(tx, p.id, PROJECT_STATUS.SIGNING, {
      winnerQuoteId: q.id,
      peoples: 1,
      contctck: 2,
      contctckdt: new Date(now - DAY),
    });
    await insertAudit(tx, {
      actorType: 'system',
      actorId: null,
      targetType: 'project',
      targetId: p.id,
      action: 'project.publish',
      detail: { to: 0, demo: true, note: '演示：签约中、合同已审核、待付预付款' },
    });
  });
  return ['  演示参展商有 1 个待支付预付款的项目（签约中，合同已审核），可在沙箱收银台支付'];
}

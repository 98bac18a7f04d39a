import { computeAreas, PROJECT_CHECKED, PROJECT_STATUS, QUOTE_STATUS } from '@zl/shared';
import type { Db } from '../db/client.ts';
import { quoteFee } from '../modules/ledger/movements.ts';
import { insertProject, nextOrderNumber } from '../modules/project/project.repo.ts';
import { refundBidders } from '../modules/project/project-refund.ts';
import { countBidder, insertQuote } from '../modules/projectcenter/projectcenter.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import {
  backdateLedgerTransaction,
  backdateProject,
  backdateQuote,
  countQuotesOf,
  setProjectStatus,
} from './demo-bills.repo.ts';

/**
 * A few months of 收支明细 for the demo supplier (docs/bills.md "Demo"), only through the real
 * movements: the supplier quoted on four earlier projects of the demo customer (quote fee,
 * `quote_fee`) that were then closed (every bidder refunded through refundBidders,
 * `quote_refund`), and the demo coins of demo-marketplace.ts date from before them. The rows are
 * then moved to the days they stand for. The coins balance is unchanged (every fee came back).
 * Once: nothing when the demo supplier has quoted already.
 */
const DAY = 86_400_000;

const PAST = [
  { title: '2026 深圳国际电子展 · 华展科技标准展位', coins: 12, created: 125, quoted: 124, closed: 100 },
  { title: '成都春季糖酒会展台搭建', coins: 6, created: 95, quoted: 93, closed: 70 },
  { title: '杭州文博会企业展厅布置', coins: 15, created: 44, quoted: 40, closed: 21 },
  { title: '北京汽车用品展 · 双开口展台', coins: 8, created: 14, quoted: 12, closed: 4 },
] as const;

export async function seedDemoBills(
  db: Db,
  demo: { supplierMobile: string; customerMobile: string },
  now = Date.now(),
): Promise<string[]> {
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!supplier || !customer || (await countQuotesOf(db, supplier.id)) > 0) return [];
  const ago = (days: number, hour = 10) => new Date(now - days * DAY - ((now % DAY) - hour * 3_600_000));
  // the demo coins (demo-marketplace.ts) came first
  await backdateLedgerTransaction(db, `demo:coins:${supplier.id}`, ago(150, 3));
  for (const [i, d] of PAST.entries()) {
    await db.transaction(async (tx) => {
      const areas = computeAreas(6, 3);
      const p = await insertProject(tx, {
        orders: await nextOrderNumber(tx),
        customerId: customer.id,
        mobile: customer.mobile,
        groupid: 2,
        title: d.title,
        length: 6,
        width: 3,
        height: 2.5,
        areas,
        opens: 1,
        prepay: 800_000 + i * 200_000,
        coins: d.coins,
        sdate: ago(d.closed - 10)
          .toISOString()
          .slice(0, 10),
        edate: ago(d.closed - 12)
          .toISOString()
          .slice(0, 10),
        biddl: ago(d.closed),
        prov: '上海市',
        city: '上海市',
        strt: '青浦区',
        addr: '国家会展中心（上海）',
        conts: '往期演示项目：参展商已取消，报价金币已退还。',
        status: PROJECT_STATUS.BIDDING,
        checked: PROJECT_CHECKED.APPROVED,
        checkdate: ago(d.created),
      });
      const line = {
        name: '展位搭建',
        spec: '标准展位升级',
        unit: '套',
        qty: 1,
        remark: '',
        price: 600_000,
        amount: 600_000,
      };
      const q = await insertQuote(tx, {
        projectId: p.id,
        supplierId: supplier.id,
        lines: { beiban: [line] },
        subtotals: { beiban: 600_000 },
        total: 600_000,
        days: 3,
        remark: '',
        attachments: [],
        coinsPaid: d.coins,
        status: QUOTE_STATUS.PENDING,
      });
      await quoteFee(tx, { quoteId: q.id, supplierId: supplier.id, coins: d.coins, orders: p.orders });
      await countBidder(tx, p.id);
      await backdateLedgerTransaction(tx, `quote:${q.id}`, ago(d.quoted, 14));
      // the customer closed it: every bidder gets the coins back (the real refund path)
      await setProjectStatus(tx, p.id, PROJECT_STATUS.CLOSED);
      await refundBidders(tx, p.id);
      await backdateLedgerTransaction(tx, `refund:${q.id}`, ago(d.closed, 16));
      await backdateProject(tx, p.id, {
        created: ago(d.created),
        biddl: ago(d.closed),
        updated: ago(d.closed, 16),
      });
      await backdateQuote(tx, q.id, ago(d.quoted, 14), ago(d.closed, 16));
    });
  }
  return [`  演示供应商有 ${PAST.length} 个往期报价（报价扣费与关闭退还，见 收支明细）`];
}

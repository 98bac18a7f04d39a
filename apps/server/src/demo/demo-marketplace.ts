import type { PayPlan } from '@zl/shared';
import { computeAreas, PROJECT_CHECKED, PROJECT_STATUS, shanghaiToday, suggestedCoins } from '@zl/shared';
import type { Db } from '../db/client.ts';
import type { RequirementItem } from '../db/schema/index.ts';
import { insertAudit } from '../modules/audit/audit.repo.ts';
import { demoCoins } from '../modules/ledger/movements.ts';
import { countProjectsOf, insertProject, nextOrderNumber } from '../modules/project/project.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';

export const DEMO_SUPPLIER_COINS = 200;
const DAY = 86_400_000;

const item = (name: string, spec: string, unit: string, qty: number, remark = ''): RequirementItem => ({
  name,
  spec,
  unit,
  qty,
  remark,
});

interface DemoProject {
  groupid: number;
  title: string;
  length: number;
  width: number;
  height: number;
  opens: number;
  /** 0 before the award (the first stage's amount is set then) */
  prepay: number;
  /** the payment plan, % (docs/staged-escrow.md); the default 30/40/30 when absent */
  payPlan?: PayPlan;
  prov: string;
  city: string;
  strt: string;
  addr: string;
  conts: string;
  status: 0 | 1;
  lists: Partial<
    Record<'dimian' | 'beiban' | 'mentou' | 'zhanshi' | 'jiedai' | 'meigong' | 'zulin', RequirementItem[]>
  >;
}

/** The demo bidding project that carries the demo Q&A (demo-questions.ts). */
export const DEMO_QA_TITLE = '2026 上海国际汽车工业展览会 · 华展科技特装展台';

const DEMO_PROJECTS: DemoProject[] = [
  {
    groupid: 1,
    title: DEMO_QA_TITLE,
    length: 9,
    width: 6,
    height: 4.5,
    opens: 2,
    prepay: 0,
    payPlan: { prepay: 30, progress: 40, final: 30, retention: 5 },
    prov: '上海市',
    city: '上海市',
    strt: '青浦区',
    addr: '国家会展中心（上海）崧泽大道 333 号 7.1 号馆',
    conts: '双开口特装展台，主色调深蓝+白，需含 LED 大屏背景、洽谈区与小型仓库，现场搭建 2 天。',
    status: 1,
    lists: {
      dimian: [item('木地台', '10cm 高，含灰色地毯', '㎡', 54)],
      beiban: [item('主背景墙', '木结构烤漆，含灯箱', '㎡', 24, '画面由我方提供')],
      mentou: [item('门头灯箱', '6m × 1.2m 发光字', '套', 1)],
      zhanshi: [item('展台', '1.2m × 0.6m 白色烤漆', '个', 4)],
      jiedai: [item('接待台', '2m 弧形，含 LOGO', '个', 1), item('洽谈桌椅', '一桌四椅', '套', 3)],
      zulin: [item('LED 屏', 'P2.5 室内屏', '㎡', 12)],
    },
  },
  {
    groupid: 2,
    title: '第 139 届广交会标准展位升级改造',
    length: 3,
    width: 3,
    height: 2.5,
    opens: 1,
    prepay: 0,
    payPlan: { prepay: 100, progress: 0, final: 0, retention: 0 },
    prov: '广东省',
    city: '广州市',
    strt: '海珠区',
    addr: '中国进出口商品交易会展馆 A 区 阅江中路 380 号',
    conts: '标准展位升级：更换楣板与背板画面，加射灯与层板展示架。',
    status: 1,
    lists: {
      beiban: [item('背板喷绘', '高清写真裱 KT 板', '㎡', 8)],
      zhanshi: [item('层板展示架', '三层，白色', '个', 2)],
      meigong: [item('楣板字', '亚克力', '套', 1)],
      zulin: [item('射灯', '100W LED', '盏', 6)],
    },
  },
  {
    groupid: 4,
    title: '上海新国际博览中心 · 华展科技新品发布会舞台',
    length: 12,
    width: 8,
    height: 5,
    opens: 3,
    prepay: 0,
    payPlan: { prepay: 20, progress: 50, final: 30, retention: 0 },
    prov: '上海市',
    city: '上海市',
    strt: '浦东新区',
    addr: '上海新国际博览中心 龙阳路 2345 号 W3 馆',
    conts: '发布会舞台及观众区，需含灯光音响、T 台与签到背景墙，活动当天需现场技术保障。',
    status: 1,
    lists: {
      dimian: [item('舞台', '60cm 高钢架舞台，黑色地毯', '㎡', 48)],
      beiban: [item('签到背景墙', '桁架+喷绘', '㎡', 18)],
      zulin: [item('音响系统', '线阵音箱一套', '套', 1), item('电脑灯', '光束灯', '台', 16)],
    },
  },
  {
    groupid: 1,
    title: '2026 广州国际照明展览会特装展台',
    length: 8,
    width: 5,
    height: 4,
    opens: 2,
    prepay: 0,
    prov: '广东省',
    city: '广州市',
    strt: '海珠区',
    addr: '中国进出口商品交易会展馆 B 区 9.1 号馆',
    conts: '照明新品展示，需暗场灯光效果与产品展示柜。',
    status: 0,
    lists: {
      dimian: [item('木地台', '黑色地毯', '㎡', 40)],
      zhanshi: [item('产品展示柜', '玻璃，内置灯带', '个', 6)],
    },
  },
];

const withHeading = (lines: string[]) => (lines.length ? ['演示业务数据：', ...lines] : []);

const iso = (ms: number) => shanghaiToday(ms);

/**
 * The marketplace on a demo database, also on one made before issue 4: the demo supplier holds
 * coins (once, by idempotency key) and the demo customer has projects in the order centre
 * (only while they have none). Answers banner lines for what it created.
 */
export async function seedDemoMarketplace(
  db: Db,
  demo: { supplierMobile: string; customerMobile: string },
): Promise<string[]> {
  const lines: string[] = [];
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  if (supplier) {
    const r = await db.transaction((tx) => demoCoins(tx, supplier.id, DEMO_SUPPLIER_COINS));
    if (!r.duplicate) lines.push(`  演示供应商已获得 ${DEMO_SUPPLIER_COINS} 金币`);
  }
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!customer) return withHeading(lines);
  if ((await countProjectsOf(db, customer.id)) > 0) return withHeading(lines);
  const now = Date.now();
  for (const [i, d] of DEMO_PROJECTS.entries()) {
    await db.transaction(async (tx) => {
      const areas = computeAreas(d.length, d.width);
      const p = await insertProject(tx, {
        orders: await nextOrderNumber(tx),
        customerId: customer.id,
        mobile: customer.mobile,
        groupid: d.groupid,
        title: d.title,
        length: d.length,
        width: d.width,
        height: d.height,
        areas,
        opens: d.opens,
        prepay: d.prepay,
        ...(d.payPlan ? { payPlan: d.payPlan } : {}),
        coins: d.status === PROJECT_STATUS.BIDDING ? suggestedCoins(areas) : 0,
        sdate: iso(now + (30 + i * 7) * DAY),
        edate: iso(now + (33 + i * 7) * DAY),
        biddl: new Date(now + 14 * DAY),
        prov: d.prov,
        city: d.city,
        strt: d.strt,
        addr: d.addr,
        conts: d.conts,
        ...d.lists,
        status: d.status,
        checked: d.status === PROJECT_STATUS.BIDDING ? PROJECT_CHECKED.APPROVED : PROJECT_CHECKED.PENDING,
        checkdate: d.status === PROJECT_STATUS.BIDDING ? new Date() : null,
      });
      const audit = { actorType: 'system' as const, actorId: null, targetType: 'project', targetId: p.id };
      await insertAudit(tx, { ...audit, action: 'project.publish', detail: { to: 0, demo: true } });
      if (d.status === PROJECT_STATUS.BIDDING)
        await insertAudit(tx, {
          ...audit,
          action: 'project.approve',
          detail: { from: 0, to: 1, demo: true },
        });
    });
  }
  lines.push(`  已为演示参展商创建 ${DEMO_PROJECTS.length} 个演示项目（其中 1 个待审核）`);
  return withHeading(lines);
}

import type { ServiceUnit } from '@zl/shared';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../modules/file/storage.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import { countDesigns, countServices, insertDesign, insertService } from '../modules/works/works.repo.ts';
import { demoWorkImage, storeDemoWorkImage } from './demo-works-images.ts';

/** The demo supplier's designs and services (docs/works.md "Demo"). */
const DESIGNS = [
  {
    title: '科技感双开口展台',
    style: '科技感',
    area: 54,
    hue: 215,
    description:
      '双开口特装展台：背墙 LED 大屏与灯箱结合，前台接待、半开放洽谈区与产品体验台三区分明。\n适用于电子、通信与智能制造类展会。',
  },
  {
    title: '新中式茶文化展台',
    style: '中式',
    area: 36,
    hue: 25,
    description:
      '木格栅与水墨背景，茶席体验区可容纳 8 人；暖色灯光烘托品牌调性。\n适用于茶叶、文创与食品展。',
  },
  {
    title: '自然生态岛型展台',
    style: '自然生态',
    area: 108,
    hue: 140,
    description: '四面开口的岛型展台，绿植墙与原木材质营造自然氛围，中央产品陈列岛配合环形洽谈区。',
  },
] as const;

const PRICED: Array<{
  title: string;
  price: number;
  unit: ServiceUnit;
  hue: number;
  content: string;
}> = [
  {
    title: '特装展台设计搭建',
    price: 68_000,
    unit: '元/㎡',
    hue: 200,
    content: '含方案设计、材料、制作、运输、现场搭建与撤展；木作、烤漆、灯光与地台一站式完成。',
  },
  {
    title: '展台效果图设计',
    price: 300_000,
    unit: '元/项',
    hue: 280,
    content: '3 个工作日出三维效果图（3 个角度），含两轮修改；确认搭建后设计费可抵扣。',
  },
];

const TEXT_SERVICE = {
  title: '展会全程服务流程',
  hue: 35,
  content: [
    '一、需求沟通：了解展会、展位位置与面积、预算与品牌要求，必要时现场勘测。',
    '二、方案与报价：3 个工作日内提交效果图与分项报价，按反馈修改至确认。',
    '三、制作与搭建：工厂预制、按时进场搭建，现场项目经理全程跟进，完工后提交完工报告。',
    '四、展期保障与撤展：展期内 24 小时响应维护，闭馆后按场馆要求撤展并清场。',
  ].join('\n\n'),
};

/**
 * Three designs and three services (two priced, one text-only) of the demo supplier, with rendered
 * pictures stored through `storage` (no storage: nothing — the works need their pictures). Once per
 * database: nothing when the supplier already has designs or services.
 */
export async function seedDemoWorks(
  db: Db,
  demo: { supplierMobile: string },
  storage: FileStorage | undefined,
): Promise<string[]> {
  if (!storage) return [];
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  if (!supplier || supplier.cardtype !== 'workshop') return [];
  if ((await countDesigns(db, supplier.id)) > 0 || (await countServices(db, supplier.id)) > 0) return [];
  // rendered before the transaction: it holds no lock while sharp works
  const designImages = await Promise.all(
    DESIGNS.map((d) =>
      Promise.all([
        demoWorkImage(d.title, `${d.style} · ${d.area}㎡ · 效果图一`, d.hue, 0),
        demoWorkImage(d.title, `${d.style} · ${d.area}㎡ · 效果图二`, d.hue, 1),
      ]),
    ),
  );
  const pricedImages = await Promise.all(PRICED.map((s) => demoWorkImage(s.title, '服务展示', s.hue, 2)));
  const textImage = await demoWorkImage(TEXT_SERVICE.title, '从沟通到撤展', TEXT_SERVICE.hue, 3);
  const owner = supplier.id;
  await db.transaction(async (tx) => {
    for (const [i, d] of DESIGNS.entries()) {
      const images: string[] = [];
      for (const [j, bytes] of (designImages[i] ?? []).entries())
        images.push(await storeDemoWorkImage(tx, storage, owner, 'design', `${d.title}-${j + 1}`, bytes));
      await insertDesign(tx, {
        memberId: owner,
        title: d.title,
        style: d.style,
        area: d.area,
        images,
        description: d.description,
      });
    }
    for (const [i, s] of PRICED.entries()) {
      const bytes = pricedImages[i];
      const images = bytes ? [await storeDemoWorkImage(tx, storage, owner, 'service', s.title, bytes)] : [];
      await insertService(tx, {
        memberId: owner,
        kind: 'priced',
        title: s.title,
        priceFen: s.price,
        unit: s.unit,
        images,
        content: s.content,
      });
    }
    await insertService(tx, {
      memberId: owner,
      kind: 'text',
      title: TEXT_SERVICE.title,
      priceFen: null,
      unit: null,
      images: [await storeDemoWorkImage(tx, storage, owner, 'service', TEXT_SERVICE.title, textImage)],
      content: TEXT_SERVICE.content,
    });
  });
  return ['已为演示供应商添加 3 个设计作品与 3 项服务（个人中心 → 设计作品 / 我的服务）'];
}

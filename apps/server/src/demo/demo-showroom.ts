import type { Db, Tx } from '../db/client.ts';
import { loadSharp } from '../lib/sharp.ts';
import { findShowroom, insertCase, lockOwner, upsertShowroom } from '../modules/company/company.repo.ts';
import type { FileStorage } from '../modules/file/storage.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import { storeDemoImage } from './demo-files.ts';

/**
 * The demo supplier's showroom (docs/showroom.md § Demo): its profile with a logo and a banner, and
 * three cases with pictures — real images drawn with shapes (no fonts needed), stored through the
 * server's file storage like uploads. Once per database: nothing when the showroom exists.
 */

const jpeg = async (svg: string) => (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 84 }).toBuffer();

/** A monogram-like mark: a rounded square with a stylised booth frame. */
function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1f3b73"/><stop offset="1" stop-color="#2f6fd6"/></linearGradient></defs>
    <rect width="480" height="480" fill="url(#g)"/>
    <path d="M110 340 L110 150 L240 100 L370 150 L370 340" fill="none" stroke="#fff" stroke-width="26" stroke-linejoin="round"/>
    <rect x="170" y="200" width="140" height="140" fill="#ffd666"/>
    <rect x="90" y="340" width="300" height="30" fill="#fff" rx="6"/>
  </svg>`;
}

/** A wide exhibition hall with booths in perspective and lights on the truss. */
function bannerSvg(): string {
  const booths = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 80 + i * 290;
      const hue = [210, 28, 160, 350, 260][i];
      return `<rect x="${x}" y="250" width="230" height="170" fill="hsl(${hue},60%,45%)" rx="6"/>
        <rect x="${x + 20}" y="275" width="110" height="70" fill="#fff" opacity="0.85"/>
        <rect x="${x + 150}" y="360" width="60" height="60" fill="hsl(${hue},40%,85%)"/>`;
    })
    .join('');
  const lights = Array.from(
    { length: 15 },
    (_, i) => `<circle cx="${60 + i * 100}" cy="120" r="9" fill="#fff6cc"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0f1f3d"/><stop offset="1" stop-color="#2a4d8f"/></linearGradient></defs>
    <rect width="1500" height="500" fill="url(#sky)"/>
    <rect y="100" width="1500" height="10" fill="#8aa4d6"/>${lights}
    <polygon points="0,420 1500,420 1500,500 0,500" fill="#c9d3e6"/>${booths}
  </svg>`;
}

/** One booth, seen from the aisle: walls, header, counter, screen and spotlights; `variant` moves things. */
function boothSvg(hue: number, variant: number): string {
  const dx = variant * 50;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="hsl(${hue},18%,92%)"/>
    <polygon points="0,650 1200,650 1200,900 0,900" fill="hsl(${hue},12%,70%)"/>
    <polygon points="${150 + dx},170 ${1050 + dx},170 ${1050 + dx},650 ${150 + dx},650" fill="hsl(${hue},55%,42%)"/>
    <rect x="${150 + dx}" y="120" width="900" height="70" fill="hsl(${hue},60%,28%)"/>
    <rect x="${210 + dx}" y="240" width="360" height="210" fill="#0d1b2a"/>
    <rect x="${225 + dx}" y="255" width="330" height="180" fill="hsl(${(hue + 180) % 360},70%,65%)"/>
    <rect x="${650 + dx}" y="470" width="300" height="180" fill="#fafafa" rx="8"/>
    <rect x="${650 + dx}" y="470" width="300" height="26" fill="hsl(${hue},50%,60%)"/>
    <circle cx="${800 + dx}" cy="330" r="90" fill="#ffd666" opacity="0.9"/>
    ${[0, 1, 2, 3].map((i) => `<polygon points="${240 + i * 230 + dx},190 ${220 + i * 230 + dx},260 ${260 + i * 230 + dx},260" fill="#fff8d6" opacity="0.7"/>`).join('')}
    <ellipse cx="${350 + dx}" cy="700" rx="170" ry="18" fill="#000" opacity="0.08"/>
  </svg>`;
}

const CASES = [
  {
    title: '2025 上海国际车展 · 新能源品牌双层特装展台',
    descr:
      '面积 360 平方米，双层钢木结构，二层为洽谈区。\n' +
      '主背景 LED 大屏 8×4 米，灯光与发布会流程联动；工期 6 天，开展前一天完成验收。',
    hue: 210,
  },
  {
    title: '2025 广州家博会 · 智能家居体验馆',
    descr: '面积 180 平方米，开放式体验动线，六个场景样板间；环保板材与可回收铝型材，撤展 90% 材料复用。',
    hue: 28,
  },
  {
    title: '2024 深圳医疗器械展 · 岛型展台',
    descr: '面积 108 平方米，四面开口岛型展台，白色烤漆与亚克力灯箱，设备展示台带独立配电与防静电地面。',
    hue: 160,
  },
] as const;

async function fill(tx: Tx, storage: FileStorage | null, supplierId: number): Promise<number> {
  const logo = await storeDemoImage(tx, storage, 'showroom', supplierId, '展厅标志', await jpeg(logoSvg()));
  const banner = await storeDemoImage(
    tx,
    storage,
    'showroom',
    supplierId,
    '展厅横幅',
    await jpeg(bannerSvg()),
  );
  await upsertShowroom(tx, supplierId, {
    name: '鼎盛展览工程',
    logo,
    banner,
    introduction:
      '鼎盛展览成立于 2012 年，专注展台设计与搭建，自有 3000 平方米加工厂与木工、喷涂、灯光团队。\n' +
      '服务汽车、家居、医疗、消费电子等行业展会，每年交付展台 200 余个，开展前一天完成验收。',
    scale: '50–100 人',
    founded: 2012,
    regions: ['上海', '江苏', '浙江', '广东'],
    specialities: ['特装展台', '双层钢结构', '木结构', 'LED 灯光'],
    contact: '陈经理 021-5555 0101',
  });
  // oldest first, so the list (newest first) shows them in the order above
  for (const c of [...CASES].reverse()) {
    const pictures: string[] = [];
    for (let v = 0; v < 3; v++)
      pictures.push(
        await storeDemoImage(
          tx,
          storage,
          'case',
          supplierId,
          `${c.title}-${v + 1}`,
          await jpeg(boothSvg(c.hue + v * 12, v + 1)),
        ),
      );
    const faceimg = await storeDemoImage(
      tx,
      storage,
      'case',
      supplierId,
      `${c.title}-封面`,
      await jpeg(boothSvg(c.hue, 0)),
    );
    await insertCase(tx, supplierId, { title: c.title, descr: c.descr, faceimg, pictures });
  }
  return CASES.length;
}

export async function seedDemoShowroom(
  db: Db,
  demo: { supplierMobile: string; storage?: FileStorage | undefined },
): Promise<string[]> {
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  if (!supplier || (await findShowroom(db, supplier.id))) return [];
  const made = await db.transaction(async (tx) => {
    // two starts at once: the second waits here, then finds the showroom and adds nothing
    await lockOwner(tx, supplier.id);
    if (await findShowroom(tx, supplier.id)) return 0;
    return fill(tx, demo.storage ?? null, supplier.id);
  });
  if (made === 0) return [];
  return [`演示供应商的展厅：/show?id=${supplier.cardno}（资料、标志、横幅与 ${made} 个案例）`];
}

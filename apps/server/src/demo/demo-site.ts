import { PROJECT_STATUS } from '@zl/shared';
import type { Db, Tx } from '../db/client.ts';
import type { FileStorage } from '../modules/file/storage.ts';
import { insertDemoEvent } from '../modules/site/site.repo.ts';
import { storeDemoPhoto } from './demo-files.ts';
import { type DemoMobiles, demoPartiesOnce, insertDemoAwardedProject } from './demo-project.ts';

const HOUR = 3_600_000;

/** The demo projects on site (docs/site.md "Demo"): one under way, one waiting for its check-in. */
export const DEMO_SITE_TITLES = {
  onSite: '2026 杭州国际文博会特装展台（已进场）',
  toCheckIn: '2026 南京国际智能制造展展台（待进场打卡）',
} as const;

/**
 * Two projects in 施工中 whose show opens tomorrow (their build-in began yesterday): on the first
 * the demo supplier checked in yesterday (confirmed by the customer), posted two site logs with
 * photos and marked 展台就绪 an hour ago; the second waits for its check-in (the phone journey
 * does it). Idempotent by title.
 */
export async function seedDemoSite(db: Db, demo: DemoMobiles & { storage?: FileStorage }): Promise<string[]> {
  const found = await demoPartiesOnce(db, demo, DEMO_SITE_TITLES.onSite);
  if (!found) return [];
  const { supplier, customer } = found;
  const now = Date.now();
  await db.transaction(async (tx: Tx) => {
    const base = {
      customer,
      supplierId: supplier.id,
      prepay: 0,
      showInDays: 1,
      status: PROJECT_STATUS.BUILDING,
    };
    const onSite = await insertDemoAwardedProject(tx, {
      ...base,
      title: DEMO_SITE_TITLES.onSite,
      conts: '文博会特装展台，明天开展。供应商昨天进场打卡，已写施工日志并标记展台就绪。',
      note: '演示：施工中、已进场、展台就绪',
    });
    await insertDemoAwardedProject(tx, {
      ...base,
      title: DEMO_SITE_TITLES.toCheckIn,
      conts: '智能制造展展台，明天开展，进场布展已开始，等待供应商到场打卡。',
      note: '演示：施工中、待进场打卡',
    });
    const photo = (name: string, hue: number, variant: number) =>
      storeDemoPhoto(tx, demo.storage ?? null, 'report', supplier.id, name, hue, variant);
    const event = async (
      kind: string,
      hoursAgo: number,
      note: string,
      photos: string[],
      confirmHoursAgo?: number,
    ) =>
      insertDemoEvent(tx, {
        projectId: onSite.projectId,
        supplierId: supplier.id,
        kind,
        photos,
        note,
        lat: kind === 'checkin' ? 30.2741 : null,
        lng: kind === 'checkin' ? 120.1551 : null,
        createdAt: new Date(now - hoursAgo * HOUR),
        confirmedAt: confirmHoursAgo === undefined ? null : new Date(now - confirmHoursAgo * HOUR),
        confirmedBy: confirmHoursAgo === undefined ? null : 'customer',
      });
    await event('checkin', 26, '', [await photo('进场打卡', 200, 0)], 25);
    await event('log', 20, '地台与背景墙框架完成', [
      await photo('施工日志1', 30, 1),
      await photo('施工日志2', 30, 2),
    ]);
    await event('log', 5, '灯箱与画面安装完成，明早保洁', [await photo('施工日志3', 120, 1)]);
    await event('ready', 1, '', [await photo('展台就绪', 150, 2)]);
  });
  return [
    `  现场：「${DEMO_SITE_TITLES.onSite}」已进场、有施工日志并已就绪；「${DEMO_SITE_TITLES.toCheckIn}」待进场打卡`,
  ];
}

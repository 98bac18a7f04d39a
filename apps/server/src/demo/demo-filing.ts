import { idCardCheckChar, shanghaiMidnight, shanghaiToday } from '@zl/shared';
import type { Db, Tx } from '../db/client.ts';
import type { FileStorage } from '../modules/file/storage.ts';
import {
  findFiling,
  recordAnswer,
  savePack,
  setDemoFilingPlace,
  setDemoQuoteRenders,
} from '../modules/filing/filing.repo.ts';
import { findProjectByTitle } from '../modules/payment/payment.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import { DEMO_CONTRACT_TITLES } from './demo-contract.ts';
import { storeDemoPhoto } from './demo-files.ts';
import type { DemoMobiles } from './demo-project.ts';

const DAY = 86_400_000;

/** A valid made-up ID number (GB 11643 check character): the demo crew's. */
const demoId = (birth: string, seq: string) => {
  const first17 = `330106${birth}${seq}`;
  return first17 + idCardCheckChar(first17);
};

const CREW = [
  { name: '陈建国', role: '项目经理', mobile: '13900000101', idcard: demoId('19820314', '031') },
  { name: '刘海', role: '电工', mobile: '13900000102', idcard: demoId('19880721', '052') },
  { name: '赵明', role: '木工', mobile: '13900000103', idcard: demoId('19910105', '073') },
];
const MATERIALS = [
  { name: '阻燃胶合板（背景墙龙骨与饰面）', fireRating: 'B1' },
  { name: '铝型材框架', fireRating: 'A' },
  { name: '阻燃地毯', fireRating: 'B1' },
  { name: '亚克力灯箱面板', fireRating: 'B2' },
];

/**
 * The venue filing at each point (docs/filing.md "Demo"): 「…（待签合同）」 has its filing due in 3
 * days and nothing filed yet; 「…（合同待审核）」 was submitted to the venue but its deadline
 * passed yesterday without approval (red on both sides and in the console); 「…（施工中）」 was
 * approved 4 days ago with the venue's document, and its quote carries a 效果图 the PDF shows.
 * Idempotent: nothing is written when the approved one already has its filing.
 */
export async function seedDemoFiling(
  db: Db,
  demo: DemoMobiles & { storage?: FileStorage },
): Promise<string[]> {
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!supplier || !customer) return [];
  const [due, late, approved] = await Promise.all(
    [DEMO_CONTRACT_TITLES.toSign, DEMO_CONTRACT_TITLES.toReview, DEMO_CONTRACT_TITLES.building].map((t) =>
      findProjectByTitle(db, customer.id, t),
    ),
  );
  if (!due || !late || !approved || (await findFiling(db, approved.id))) return [];
  const now = Date.now();
  /** 18:00 Asia/Shanghai `days` from today: how venues set their deadlines */
  const at18 = (days: number) =>
    new Date(shanghaiMidnight(shanghaiToday(now + days * DAY)).getTime() + 18 * 3_600_000);
  await db.transaction(async (tx: Tx) => {
    const file = (name: string, hue: number, variant: number) =>
      storeDemoPhoto(tx, demo.storage ?? null, 'attachment', supplier.id, name, hue, variant);
    const pack = async () => ({
      powerKw: 18.5,
      powerBox: '380V/63A 三相五线',
      crew: CREW,
      materials: MATERIALS,
      insurance: await file('施工人员意外险保单.jpg', 200, 1),
    });
    await setDemoFilingPlace(tx, due.id, {
      filingDeadline: at18(3),
      hall: 'N3 馆',
      booth: 'N3-B21',
    });
    await setDemoFilingPlace(tx, late.id, {
      filingDeadline: at18(-1),
      hall: '2.2 馆',
      booth: '2.2-C08',
    });
    await setDemoFilingPlace(tx, approved.id, {
      filingDeadline: at18(-5),
      hall: '国展 W2 馆',
      booth: 'W2-A06',
    });
    await setDemoQuoteRenders(tx, approved.id, [await file('效果图-主视角.jpg', 28, 0)]);

    await savePack(tx, late.id, supplier.id, await pack(), new Date(now - 4 * DAY));
    await recordAnswer(tx, late.id, ['draft'], {
      status: 'submitted',
      at: new Date(now - 3 * DAY).toISOString(),
      note: '已在场馆报馆系统提交',
      file: '',
    });
    await savePack(tx, approved.id, supplier.id, await pack(), new Date(now - 8 * DAY));
    await recordAnswer(tx, approved.id, ['draft'], {
      status: 'submitted',
      at: new Date(now - 7 * DAY).toISOString(),
      note: '',
      file: '',
    });
    await recordAnswer(tx, approved.id, ['submitted'], {
      status: 'approved',
      at: new Date(now - 4 * DAY).toISOString(),
      note: '场馆审图通过，施工证已发放',
      file: await file('场馆审图通过回执.jpg', 140, 2),
    });
  });
  return [];
}

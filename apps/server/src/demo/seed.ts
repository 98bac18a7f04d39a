import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/crypto.ts';
import { countAdmins, insertAdminsIfMissing } from '../modules/admin/admin.repo.ts';
import type { FileStorage } from '../modules/file/storage.ts';
import { countMembers, insertMembersIfMissing } from '../modules/member/member.repo.ts';
import { seedDemoBills } from './demo-bills.ts';
import { DEMO_COMPLAINT_TITLE, seedDemoComplaint } from './demo-complaint.ts';
import { attachDemoContracts, DEMO_CONTRACT_TITLES, seedDemoContract } from './demo-contract.ts';
import { DEMO_EARNING_TITLES, seedDemoEarnings } from './demo-earnings.ts';
import {
  DEMO_EVALUATED_TITLE,
  DEMO_HALF_EVALUATED_TITLE,
  DEMO_TO_EVALUATE_TITLE,
  seedDemoEvaluations,
} from './demo-evaluation.ts';
import { seedDemoFiling } from './demo-filing.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { seedDemoMarketplace } from './demo-marketplace.ts';
import { DEMO_PREPAY_TITLE, seedDemoPrepay } from './demo-payment.ts';
import { seedDemoQuestions } from './demo-questions.ts';
import { DEMO_REPORT_TITLE, seedDemoReport } from './demo-report.ts';
import { seedDemoShowroom } from './demo-showroom.ts';
import { DEMO_SITE_TITLES, seedDemoSite } from './demo-site.ts';
import { DEMO_STAGE_TITLES, seedDemoStages } from './demo-stages.ts';
import { seedDemoThreads } from './demo-threads.ts';
import { seedDemoTips } from './demo-tips.ts';
import { seedDemoVerification } from './demo-verification.ts';
import { seedDemoWithdrawals } from './demo-withdraw.ts';
import { seedDemoWorks } from './demo-works.ts';

export const DEMO_PASSWORD = 'demo1234';

/** The demo projects past the contract upload: each shows the signed contract (attachDemoContracts). */
const DEMO_SIGNED_TITLES = [
  DEMO_CONTRACT_TITLES.toReview,
  DEMO_CONTRACT_TITLES.building,
  DEMO_PREPAY_TITLE,
  DEMO_REPORT_TITLE,
  DEMO_COMPLAINT_TITLE,
  DEMO_EVALUATED_TITLE,
  DEMO_HALF_EVALUATED_TITLE,
  DEMO_TO_EVALUATE_TITLE,
];
export const DEMO_ACCOUNTS = [
  { cardno: '10000001', mobile: '13800000001', cardtype: 'workshop', nickname: '鼎盛展览工厂' },
  { cardno: '10000002', mobile: '13900000002', cardtype: 'customer', nickname: '华展科技（参展商）' },
] as const;

/** Console operators (/admin) of the demo: one of everything-allowed, one reviewer, one finance. */
export const DEMO_ADMINS = [
  { username: 'admin', password: 'admin1234', role: 'super', displayName: '平台管理员' },
  { username: 'reviewer', password: 'review1234', role: 'reviewer', displayName: '审核员小王' },
  { username: 'finance', password: 'finance1234', role: 'finance', displayName: '财务小李' },
] as const;

/**
 * Demo operators while the console has none yet (also on a demo database created before the
 * console existed); nothing once any operator exists.
 */
async function seedDemoAdmins(db: Db): Promise<string[]> {
  if ((await countAdmins(db)) > 0) return [];
  const values = await Promise.all(
    DEMO_ADMINS.map(async (a) => ({
      username: a.username,
      passwordHash: await hashPassword(a.password),
      role: a.role,
      displayName: a.displayName,
    })),
  );
  await insertAdminsIfMissing(db, values);
  return [
    '已创建运营后台账号（/admin）：',
    ...DEMO_ADMINS.map((a) => `  ${a.displayName}  用户名 ${a.username}  密码 ${a.password}`),
  ];
}

/** Demo members on an empty database; nothing when members already exist. */
/**
 * `storage`: where the demo's files (report photos, the uploaded contract) are stored — the
 * server's file storage; without it, rows only.
 */
export async function seedDemoData(
  db: Db,
  opts: { storage?: FileStorage } = {},
): Promise<{ banner: string } | null> {
  const adminLines = await seedDemoAdmins(db);
  const memberCount = await countMembers(db);
  const demo = { supplierMobile: DEMO_ACCOUNTS[0].mobile, customerMobile: DEMO_ACCOUNTS[1].mobile };
  const marketplace = async () => [
    ...(await seedDemoMarketplace(db, demo)),
    ...(await seedDemoQuestions(db, demo)),
    ...(await seedDemoVerification(db, { ...demo, reviewerUsername: 'reviewer', storage: opts.storage })),
    // before the prepay project: the bills' history is seeded once, while the supplier has no quote
    ...(await seedDemoBills(db, demo)),
    ...(await seedDemoPrepay(db, demo)),
    ...(await seedDemoContract(db, demo)),
    ...(await seedDemoReport(db, { ...demo, storage: opts.storage })),
    ...(await seedDemoInvoices(db, { ...demo, storage: opts.storage })),
    ...(await seedDemoStages(db, demo)),
    ...(await seedDemoComplaint(db, demo)),
    ...(await seedDemoEvaluations(db, demo)),
    ...(await seedDemoEarnings(db, demo)),
    ...(await seedDemoWithdrawals(db, { supplierMobile: demo.supplierMobile, financeUsername: 'finance' })),
    ...(await seedDemoSite(db, { ...demo, storage: opts.storage })),
    ...(await seedDemoFiling(db, { ...demo, storage: opts.storage })),
    ...(await attachDemoContracts(
      db,
      demo,
      [
        ...DEMO_SIGNED_TITLES,
        ...DEMO_EARNING_TITLES,
        ...Object.values(DEMO_STAGE_TITLES),
        ...Object.values(DEMO_SITE_TITLES),
      ],
      opts.storage,
    )),
    ...(await seedDemoTips(db, demo, [DEMO_CONTRACT_TITLES.toSign, ...DEMO_SIGNED_TITLES])),
    ...(await seedDemoThreads(db, { ...demo, storage: opts.storage })),
    ...(await seedDemoShowroom(db, { supplierMobile: demo.supplierMobile, storage: opts.storage })),
    ...(await seedDemoWorks(db, demo, opts.storage)),
  ];
  if (memberCount > 0) {
    const more = [...adminLines, ...(await marketplace())];
    return more.length ? { banner: more.join('\n') } : null;
  }
  // One hash per member: each with its own salt, like any password set through the app.
  const values = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => ({ ...a, passwordHash: await hashPassword(DEMO_PASSWORD) })),
  );
  await insertMembersIfMissing(db, values);
  const lines = DEMO_ACCOUNTS.map(
    (a) =>
      `  ${a.cardtype === 'workshop' ? '供应商' : '参展商'}  手机号 ${a.mobile}  密码 ${DEMO_PASSWORD}  （${a.nickname}）`,
  );
  return { banner: ['已创建演示账号：', ...lines, ...adminLines, ...(await marketplace())].join('\n') };
}

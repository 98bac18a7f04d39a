import { CONTRACT_CHECK, PROJECT_STATUS } from '@zl/shared';
import type { Db } from '../db/client.ts';
import { randomToken } from '../lib/crypto.ts';
import { contractPdf } from '../modules/contract/contract.service.ts';
import { insertFile } from '../modules/file/file.repo.ts';
import { type FileStorage, newStorageKey } from '../modules/file/storage.ts';
import { prepayIn } from '../modules/ledger/movements.ts';
import { findProjectByTitle, insertOrder } from '../modules/payment/payment.repo.ts';
import { lockProject, setProjectStatus } from '../modules/project/project.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import { type DemoMobiles, demoPartiesOnce, insertDemoAwardedProject } from './demo-project.ts';

const DAY = 86_400_000;
export const DEMO_CONTRACT_TITLES = {
  toSign: '2026 上海国际汽车零部件展特装展台（待签合同）',
  toReview: '2026 广州家具博览会特装展台（合同待审核）',
  building: '2026 北京国际教育装备展特装展台（施工中）',
} as const;
const BUILDING_PREPAY = 800_000;

/**
 * The contract stages on a demo database (docs/delivery-contract.md "Demo"): a project awarded to
 * the demo supplier with the contract to sign (2), one whose signed contract waits for the demo
 * customer's review (3, contctck 1; its file: attachDemoContracts), and one building (4, contract approved, the prepayment in escrow through the
 * real prepay_in movement). Idempotent by title.
 */
export async function seedDemoContract(db: Db, demo: DemoMobiles): Promise<string[]> {
  const found = await demoPartiesOnce(db, demo, DEMO_CONTRACT_TITLES.toSign);
  if (!found) return [];
  const { supplier, customer } = found;
  const base = { customer, supplierId: supplier.id };
  await db.transaction(async (tx) => {
    await insertDemoAwardedProject(tx, {
      ...base,
      title: DEMO_CONTRACT_TITLES.toSign,
      conts: '汽车零部件展特装展台，含产品陈列区与洽谈区。已选定中标方，待供应商下载合同签字上传。',
      prepay: 600_000,
      showInDays: 30,
      status: PROJECT_STATUS.AWARDED,
      note: '演示：已选标、待签合同',
    });
    const review = await insertDemoAwardedProject(tx, {
      ...base,
      title: DEMO_CONTRACT_TITLES.toReview,
      conts: '家具展特装展台，木作与灯光为主。供应商已上传签订的合同，待参展商审核。',
      prepay: 500_000,
      showInDays: 35,
      status: PROJECT_STATUS.SIGNING,
      changes: { contctck: CONTRACT_CHECK.PENDING, contctckdt: new Date(Date.now() - DAY / 2) },
      note: '演示：签约中、合同待审核',
    });
    const building = await insertDemoAwardedProject(tx, {
      ...base,
      title: DEMO_CONTRACT_TITLES.building,
      conts: '教育装备展特装展台。合同已审核，预付款已托管，施工中。',
      prepay: BUILDING_PREPAY,
      // the build-in began yesterday: the completion report may be handed in
      showInDays: 1,
      status: PROJECT_STATUS.BUILDING,
      changes: { contctck: CONTRACT_CHECK.APPROVED, contctckdt: new Date(Date.now() - 5 * DAY) },
      note: '演示：施工中、预付款已托管',
    });
    // the prepayment reached escrow as a real payment does (payment.service.ts settlePrepay)
    const outTradeNo = `ZDEMO${String(building.projectId).padStart(10, '0')}`;
    await insertOrder(tx, {
      outTradeNo,
      memberId: customer.id,
      purpose: 'prepay',
      projectId: building.projectId,
      amount: BUILDING_PREPAY,
      subject: `展览供应商接单平台 - 项目 ${building.orders} 预付款`,
      status: 'paid',
      tradeNo: `DEMO${building.projectId}`,
      paidAt: new Date(Date.now() - 4 * DAY),
    });
    await prepayIn(
      tx,
      {
        outTradeNo,
        customerId: customer.id,
        projectId: building.projectId,
        amountFen: BUILDING_PREPAY,
        orders: building.orders,
      },
      true,
    );
    await setProjectStatus(tx, building.projectId, PROJECT_STATUS.BUILDING, {
      ispaid: true,
      prepayp: BUILDING_PREPAY,
    });
    return review;
  });
  return ['  演示项目：待签合同、合同待审核、施工中（预付款已托管）各 1 个'];
}

/**
 * The signed contract every demo project past the upload shows (docs/delivery.md "Demo"): the
 * platform's drafted PDF stored as the supplier's upload, on each of `titles` whose contract is
 * uploaded (contctck 1 or 2) and has no file yet. Only with a storage for the bytes.
 */
export async function attachDemoContracts(
  db: Db,
  demo: DemoMobiles,
  titles: readonly string[],
  storage: FileStorage | undefined,
): Promise<string[]> {
  if (!storage) return [];
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!supplier || !customer) return [];
  for (const title of titles) {
    const found = await findProjectByTitle(db, customer.id, title);
    const p = found && (await lockProject(db, found.id));
    if (!p || p.contctck === CONTRACT_CHECK.NONE || (p.contract as string[]).length > 0) continue;
    const { pdf, name } = await contractPdf(db, supplier.id, p.id);
    const key = newStorageKey('pdf');
    await storage.put(key, pdf, 'application/pdf');
    const file = await insertFile(db, {
      id: randomToken(16),
      ownerMemberId: supplier.id,
      ownerAdminId: null,
      visibility: 'private',
      purpose: 'contract',
      mime: 'application/pdf',
      size: pdf.length,
      width: null,
      height: null,
      storageKey: key,
      thumbKey: null,
      originalName: name,
    });
    await db.transaction((tx) => setProjectStatus(tx, p.id, p.status, { contract: [file.id] }));
  }
  return [];
}

import { creditCodeCheckChar } from '@zl/shared';
import type { Db } from '../db/client.ts';
import { loadSharp } from '../lib/sharp.ts';
import type { FileStorage } from '../modules/file/storage.ts';
import { claimedOn, decide, insertInvoice, winnerOf } from '../modules/invoice/invoice.repo.ts';
import { findProjectByTitle } from '../modules/payment/payment.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import { storeDemoImage } from './demo-files.ts';
import type { DemoMobiles } from './demo-project.ts';
import { DEMO_REPORT_PREPAY_FEN, DEMO_REPORT_TITLE } from './demo-report.ts';

const DAY = 86_400_000;
/** the demo buyer's unified social credit code, less its check character */
const BUYER_CODE = '91440101MA5CK8TQ2';

/** A picture that looks like a scanned invoice: ruled boxes and a red seal (no text, no fonts). */
async function invoiceScan(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="620">
    <rect width="1000" height="620" fill="#fbf7ee"/>
    <rect x="40" y="40" width="920" height="540" fill="none" stroke="#8c5a2b" stroke-width="3"/>
    <rect x="330" y="60" width="340" height="44" fill="#8c5a2b" opacity="0.18"/>
    <line x1="40" y1="150" x2="960" y2="150" stroke="#8c5a2b" stroke-width="2"/>
    <line x1="40" y1="430" x2="960" y2="430" stroke="#8c5a2b" stroke-width="2"/>
    <line x1="520" y1="150" x2="520" y2="430" stroke="#8c5a2b" stroke-width="1.5"/>
    ${[190, 230, 270, 310, 350, 390].map((y) => `<rect x="70" y="${y}" width="${380 - (y % 3) * 40}" height="14" fill="#8c5a2b" opacity="0.25"/>`).join('')}
    ${[190, 230, 270].map((y) => `<rect x="560" y="${y}" width="${330 - (y % 2) * 60}" height="14" fill="#8c5a2b" opacity="0.25"/>`).join('')}
    <circle cx="820" cy="500" r="58" fill="none" stroke="#d4380d" stroke-width="6" opacity="0.8"/>
    <path d="M820 462 l11 34 h35 l-28 21 l11 34 l-29 -21 l-29 21 l11 -34 l-28 -21 h35 z" fill="#d4380d" opacity="0.8"/>
  </svg>`;
  return (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/**
 * Invoices on a demo database (docs/invoices.md § Demo): on the demo customer's project waiting
 * for acceptance (its ¥6,000.00 prepayment paid through the platform), a 普通发票 over half of it
 * issued by the demo supplier (a picture of the invoice), and a 增值税专用发票 over the other half
 * asked for and waiting for the supplier. Once: nothing when the project already has invoices.
 */
export async function seedDemoInvoices(
  db: Db,
  demo: DemoMobiles & { storage?: FileStorage | undefined },
  now = Date.now(),
): Promise<string[]> {
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!customer) return [];
  const p = await findProjectByTitle(db, customer.id, DEMO_REPORT_TITLE);
  if (!p) return [];
  if ((await claimedOn(db, p.id)) > 0) return [];
  const supplierId = await winnerOf(db, p.id);
  if (supplierId === undefined) return [];
  const half = Math.floor(DEMO_REPORT_PREPAY_FEN / 2);
  await db.transaction(async (tx) => {
    const buyer = {
      projectId: p.id,
      customerId: customer.id,
      supplierId,
      title: '广州明辉照明科技有限公司',
      taxNo: `${BUYER_CODE}${creditCodeCheckChar(BUYER_CODE)}`,
    };
    const issued = await insertInvoice(tx, {
      ...buyer,
      kind: 'normal',
      amount: half,
      remark: '预付款部分，请开具电子普通发票',
      createdAt: new Date(now - 3 * DAY),
    });
    const file = await storeDemoImage(
      tx,
      demo.storage ?? null,
      'invoice',
      supplierId,
      '电子发票（普票）',
      await invoiceScan(),
    );
    await decide(tx, issued.id, { status: 'issued', fileId: file, number: '26442000000012345678' });
    await insertInvoice(tx, {
      ...buyer,
      kind: 'special',
      address: '广州市天河区珠江新城华夏路 10 号 020-38880000',
      bank: '中国工商银行广州天河支行',
      bankAccount: '3602000109200012345',
      amount: DEMO_REPORT_PREPAY_FEN - half,
      createdAt: new Date(now - DAY),
    });
  });
  return [`  演示项目「${DEMO_REPORT_TITLE}」有 2 张发票（1 张已开具，1 张待供应商开具）`];
}

import { maskContacts, PROJECT_STATUS, QUOTE_STATUS } from '@zl/shared';
import type { Db, Tx } from '../db/client.ts';
import type { MessageFileRef } from '../db/schema/index.ts';
import { hashPassword, randomToken } from '../lib/crypto.ts';
import {
  ensureThread,
  insertDemoMessage,
  projectsBetween,
  setThreadPositions,
} from '../modules/conversation/conversation.repo.ts';
import type { FileStorage } from '../modules/file/storage.ts';
import { demoCoins, quoteFee } from '../modules/ledger/movements.ts';
import { findProjectByTitle } from '../modules/payment/payment.repo.ts';
import { findProject } from '../modules/project/project.repo.ts';
import { countBidder, insertQuote } from '../modules/projectcenter/projectcenter.repo.ts';
import { findMemberByMobile, insertMember } from '../modules/user/user.repo.ts';
import { storeDemoPhoto } from './demo-files.ts';
import { DEMO_QA_TITLE } from './demo-marketplace.ts';

/**
 * A second supplier who quoted on the demo customer's bidding project: the customer's pre-award
 * thread is with it (the demo supplier's own coins and bills stay as the demo table says). It
 * cannot log in (its password is random).
 */
export const DEMO_BIDDER = { cardno: '10000003', mobile: '13800000003', nickname: '宏图展览搭建' } as const;

/** The demo bidder and its quote on the Q&A project (once); answers the bidder's id. */
async function demoBidder(db: Db, customerId: number): Promise<number | null> {
  const found = await findProjectByTitle(db, customerId, DEMO_QA_TITLE);
  const p = found ? await findProject(db, found.id) : undefined;
  if (!p || p.status !== PROJECT_STATUS.BIDDING) return null;
  const existing = await findMemberByMobile(db, DEMO_BIDDER.mobile);
  if (existing) return existing.id;
  const passwordHash = await hashPassword(randomToken(24));
  return db.transaction(async (tx: Tx) => {
    const m = await insertMember(tx, { ...DEMO_BIDDER, cardtype: 'workshop', passwordHash, invitedBy: null });
    const line = {
      name: '特装展台搭建',
      spec: '按图纸全包',
      unit: '项',
      qty: 1,
      remark: '',
      price: 16_800_000,
      amount: 16_800_000,
    };
    const q = await insertQuote(tx, {
      projectId: p.id,
      supplierId: m.id,
      lines: { beiban: [line] },
      subtotals: { beiban: line.amount },
      total: line.amount,
      days: 2,
      remark: '含 LED 屏租赁与展期值守',
      attachments: [],
      coinsPaid: p.coins,
      status: QUOTE_STATUS.PENDING,
    });
    await demoCoins(tx, m.id, p.coins);
    await quoteFee(tx, { quoteId: q.id, supplierId: m.id, coins: p.coins, orders: p.orders });
    await countBidder(tx, p.id);
    return m.id;
  });
}

const HOUR = 3_600_000;

/** One line of a demo conversation: who says it, how many hours ago, and a photo's name (hue). */
type Line = { by: 'c' | 's'; h: number; text: string; photo?: [string, number] };

/** What the two sides say at each stage of a project (docs/conversation.md "Demo"). */
const SCRIPTS: Record<number, Line[]> = {
  [PROJECT_STATUS.AWARDED]: [
    { by: 'c', h: 30, text: '恭喜中标！合同我们这边今天出，麻烦确认一下开票抬头。' },
    { by: 's', h: 28, text: '谢谢信任！开票抬头用合同甲方即可，我们明天上午上传签好的合同。' },
    { by: 'c', h: 5, text: '好的。另外主画面的 AI 文件已经发到平台了，请查收。' },
  ],
  [PROJECT_STATUS.SIGNING]: [
    { by: 's', h: 50, text: '合同已上传，请审核。付款计划按合同：预付款 30%。' },
    { by: 'c', h: 47, text: '收到，今天内审核。灯箱的色温能做 4000K 吗？' },
    { by: 's', h: 6, text: '可以，灯箱统一用 4000K，色板照片发您确认。', photo: ['灯箱色板', 35] },
  ],
  [PROJECT_STATUS.BUILDING]: [
    { by: 's', h: 72, text: '工厂开料了，这是背景墙的框架。', photo: ['背景墙框架', 210] },
    { by: 'c', h: 70, text: '看着不错。我们的人明早 9 点到现场对接。' },
    { by: 's', h: 26, text: '明早 6:00 进场，搭建证已办好，现场负责人姓王。' },
    { by: 's', h: 3, text: '地台铺好了，请看现场照片。', photo: ['现场地台', 120] },
  ],
  [PROJECT_STATUS.ACCEPTING]: [
    { by: 's', h: 40, text: '展台已完工，完工报告已提交，请验收。', photo: ['完工全景', 200] },
    { by: 'c', h: 20, text: '我们看过了，前台侧面有一处划痕，能补一下吗？' },
    { by: 's', h: 18, text: '已补漆，照片如下。', photo: ['补漆后', 200] },
  ],
  [PROJECT_STATUS.DONE]: [
    { by: 'c', h: 400, text: '撤展顺利，谢谢各位师傅。' },
    { by: 's', h: 398, text: '合作愉快，下次展会再联系！' },
  ],
};

/** Before the award: the customer asks a bidder about its quote; the bidder's phone number is masked. */
const PRE_AWARD: Line[] = [
  { by: 'c', h: 20, text: '您好，看了贵司的报价，LED 屏是租赁还是采购？' },
  {
    by: 's',
    h: 19,
    text: '租赁，含安装调试和展期值守。方便的话加微信 dingsheng_88 或打 13800000001 详细沟通。',
  },
  { by: 'c', h: 2, text: '平台上沟通就好。报价能否把地台材料换成木地板再报一次？' },
];

/**
 * Conversations between the demo customer and the demo supplier: one thread on each project the
 * supplier won (its stage's lines, photos where the build is shown), and one the customer opened
 * on a project still bidding. The newest line of a thread is unread by its recipient when it is
 * less than two days old. Seeded once per project: nothing where a thread exists.
 */
export async function seedDemoThreads(
  db: Db,
  demo: { supplierMobile: string; customerMobile: string; storage?: FileStorage },
): Promise<string[]> {
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!supplier || !customer) return [];
  const bidder = await demoBidder(db, customer.id);
  const pairs = [
    ...(await projectsBetween(db, customer.id, supplier.id)).map((p) => ({ ...p, supplierId: supplier.id })),
    ...(bidder === null ? [] : await projectsBetween(db, customer.id, bidder)).map((p) => ({
      ...p,
      supplierId: bidder!,
    })),
  ];
  let made = 0;
  let done = 0;
  for (const p of pairs) {
    if (p.hasThread) continue;
    const pre = !p.won && p.status === PROJECT_STATUS.BIDDING;
    // the finished projects: the two most recent only (the rest are months old)
    if (p.won && p.status === PROJECT_STATUS.DONE && ++done > 2) continue;
    const script = p.won ? SCRIPTS[p.status] : pre ? PRE_AWARD : undefined;
    if (!script) continue;
    await db.transaction(async (tx: Tx) => {
      const t = await ensureThread(tx, {
        projectId: p.id,
        customerId: customer.id,
        supplierId: p.supplierId,
        openedBy: pre ? 'customer' : 'award',
      });
      const ids: number[] = [];
      let last = { id: 0, at: new Date() };
      let lastBy: Line['by'] = 'c';
      for (const line of script) {
        const at = new Date(Date.now() - line.h * HOUR);
        const sender = line.by === 'c' ? customer.id : p.supplierId;
        const files: MessageFileRef[] = [];
        if (line.photo) {
          const id = await storeDemoPhoto(
            tx,
            demo.storage ?? null,
            'attachment',
            sender,
            line.photo[0],
            line.photo[1],
            1,
          );
          files.push({ id, name: `${line.photo[0]}.jpg`, mime: 'image/jpeg' });
        }
        const masked = pre ? maskContacts(line.text) : { text: line.text, kinds: [] };
        const m = await insertDemoMessage(tx, {
          threadId: t.id,
          senderId: sender,
          content: masked.text,
          files,
          masked: masked.kinds.length > 0,
          createdAt: at,
        });
        ids.push(m.id);
        last = { id: m.id, at };
        lastBy = line.by;
      }
      const recent = Date.now() - last.at.getTime() < 48 * HOUR;
      const before = ids.at(-2) ?? 0;
      await setThreadPositions(tx, t.id, {
        lastMessageId: last.id,
        lastMessageAt: last.at,
        customerReadUpTo: recent && lastBy === 's' ? before : last.id,
        supplierReadUpTo: recent && lastBy === 'c' ? before : last.id,
        createdAt: new Date(Date.now() - (script[0]!.h + 1) * HOUR),
      });
    });
    made++;
  }
  return made > 0 ? [`  演示参展商与供应商之间有 ${made} 个项目会话（消息 → 会话）`] : [];
}

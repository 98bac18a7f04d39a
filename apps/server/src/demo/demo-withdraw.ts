import { formatFen } from '@zl/shared';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/crypto.ts';
import { findAdminByUsername } from '../modules/admin/admin.repo.ts';
import { demoCash, withdrawFreeze, withdrawPayout } from '../modules/ledger/movements.ts';
import { updateMember } from '../modules/member/member.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import { decide, insertWithdrawal } from '../modules/withdraw/withdraw.repo.ts';
import { cashBalance } from '../modules/withdraw/withdraw.service.ts';
import { DEMO_SUPPLIER_REALNAME } from './demo-verification.ts';

/** The demo supplier's pay password (README's demo table). */
export const DEMO_PAYCODE = '135790';
/** 分: the demo supplier's demo cash before the two demo withdrawals (¥8,650.00), besides its earnings. */
export const DEMO_CASH = 865_000;
const PAID = 120_000;
const PENDING = 50_000;

/**
 * Withdrawals on a demo database (docs/withdrawals.md): the demo supplier gets cash (the
 * `demo_cash` movement, once by its key), a pay password, an Alipay payout account in its verified
 * real name (demo-verification.ts: Alipay pays only the named holder), one paid
 * withdrawal and one pending for the finance operator's 提现审核 queue. Nothing when its cash
 * was given already. Answers banner lines.
 */
export async function seedDemoWithdrawals(
  db: Db,
  demo: { supplierMobile: string; financeUsername: string },
): Promise<string[]> {
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  if (!supplier) return [];
  const paycodeHash = await hashPassword(DEMO_PAYCODE);
  // the demo finance operator paid it (on an older demo database without one: the demo super admin)
  const finance =
    (await findAdminByUsername(db, demo.financeUsername)) ?? (await findAdminByUsername(db, 'admin'));
  const created = await db.transaction(async (tx) => {
    const r = await demoCash(tx, supplier.id, DEMO_CASH);
    if (r.duplicate) return false;
    if (supplier.paycodeHash === null) {
      await updateMember(tx, supplier.id, {
        paycodeHash,
        payoutType: 'alipay',
        payoutName: DEMO_SUPPLIER_REALNAME,
        payoutAccount: '13800000001',
        payoutBank: '',
      });
    }
    const payout = {
      payoutType: 'alipay',
      payoutAccount: '13800000001',
      payoutName: DEMO_SUPPLIER_REALNAME,
      payoutBank: '',
    };
    // made on earlier days: they leave today's 3 requests to the visitor
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const paid = await insertWithdrawal(tx, {
      memberId: supplier.id,
      amount: PAID,
      ...payout,
      createdAt: daysAgo(3),
    });
    await withdrawFreeze(tx, { withdrawalId: paid.id, memberId: supplier.id, amount: PAID });
    if (finance) {
      await decide(tx, paid.id, {
        status: 'paid',
        adminId: finance.id,
        reason: '',
        reference: 'DEMO20261120001',
      });
      await withdrawPayout(tx, { withdrawalId: paid.id, memberId: supplier.id, amount: PAID });
    }
    const pending = await insertWithdrawal(tx, {
      memberId: supplier.id,
      amount: PENDING,
      ...payout,
      createdAt: daysAgo(1),
    });
    await withdrawFreeze(tx, { withdrawalId: pending.id, memberId: supplier.id, amount: PENDING });
    return true;
  });
  if (!created) return [];
  // the balance the supplier sees (账户概览, 提现): the demo cash less the withdrawals, plus the
  // earnings released to it before (demo-earnings.ts), read from the ledger, never written out here
  const { cash } = await cashBalance(db, supplier.id);
  return [
    `  演示供应商可提现余额 ${formatFen(cash)}（支付密码 ${DEMO_PAYCODE}），提现记录：已打款 ${formatFen(PAID)}、待审核 ${formatFen(PENDING)}`,
  ];
}

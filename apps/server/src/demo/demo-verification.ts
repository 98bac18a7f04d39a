import { AUTH_STATUS } from '@zl/shared';
import type { Db } from '../db/client.ts';
import { findAdminByUsername } from '../modules/admin/admin.repo.ts';
import { decide, setMemberAuth } from '../modules/admin/review.repo.ts';
import { insertAudit } from '../modules/audit/audit.repo.ts';
import type { FileStorage } from '../modules/file/storage.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import { insertPersonAuth, latestPersonAuth } from '../modules/verification/verification.repo.ts';
import { storeDemoPhoto } from './demo-files.ts';

/** The demo supplier's real name and a made-up ID number with a valid check digit. */
export const DEMO_SUPPLIER_REALNAME = '陈鼎盛';
const DEMO_SUPPLIER_IDCARD = '44030519850611001X';

/** The demo customer's real name: the 甲方 of its contracts (docs/delivery-contract.md "Award"). */
export const DEMO_CUSTOMER_REALNAME = '林华展';
const DEMO_CUSTOMER_IDCARD = '310104198803050029';

/**
 * The personal verifications of the demo supplier and the demo customer, submitted and approved
 * by the demo reviewer as they would be in the console (docs/delivery.md "Demo"): a supplier that
 * wins, signs and is paid is a verified one, and so is a customer that awards and signs (an award
 * needs it). Once per member: nothing for a member that has any submission already.
 */
export async function seedDemoVerification(
  db: Db,
  demo: {
    supplierMobile: string;
    customerMobile: string;
    reviewerUsername: string;
    storage?: FileStorage | undefined;
  },
): Promise<string[]> {
  const reviewer = await findAdminByUsername(db, demo.reviewerUsername);
  if (!reviewer) return [];
  const lines: string[] = [];
  for (const [mobile, realname, idcard, who] of [
    [demo.supplierMobile, DEMO_SUPPLIER_REALNAME, DEMO_SUPPLIER_IDCARD, '演示供应商'],
    [demo.customerMobile, DEMO_CUSTOMER_REALNAME, DEMO_CUSTOMER_IDCARD, '演示参展商'],
  ] as const) {
    const member = await findMemberByMobile(db, mobile);
    if (!member || (await latestPersonAuth(db, member.id))) continue;
    await approvedPerson(db, demo.storage ?? null, member.id, reviewer.id, realname, idcard);
    lines.push(`  ${who}已通过个人实名认证（${realname}）`);
  }
  return lines;
}

async function approvedPerson(
  db: Db,
  storage: FileStorage | null,
  memberId: number,
  reviewerId: number,
  realname: string,
  idcard: string,
) {
  await db.transaction(async (tx) => {
    const cardfrt = await storeDemoPhoto(tx, storage, 'idcard', memberId, '身份证人像面', 210, 0);
    const cardrvs = await storeDemoPhoto(tx, storage, 'idcard', memberId, '身份证国徽面', 10, 1);
    const id = await insertPersonAuth(tx, {
      memberId,
      realname,
      idcard,
      cardfrt,
      cardrvs,
      checked: AUTH_STATUS.PENDING,
    });
    await decide(tx, 'person', id, { checked: AUTH_STATUS.APPROVED, reason: '', reviewerId });
    await setMemberAuth(tx, memberId, { personauth: AUTH_STATUS.APPROVED, realname, idcard });
    await insertAudit(tx, {
      actorType: 'admin',
      actorId: reviewerId,
      action: 'auth.approve',
      targetType: 'person_auth',
      targetId: id,
      detail: { memberId, reason: '' },
    });
  });
}

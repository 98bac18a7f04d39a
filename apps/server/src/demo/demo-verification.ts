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

/**
 * The demo supplier's personal verification, submitted and approved by the demo reviewer as it
 * would be in the console (docs/delivery.md "Demo"): a supplier that wins, signs and is paid is a
 * verified one. Once per database: nothing when the supplier has any submission already.
 */
export async function seedDemoVerification(
  db: Db,
  demo: { supplierMobile: string; reviewerUsername: string; storage?: FileStorage | undefined },
): Promise<string[]> {
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  const reviewer = await findAdminByUsername(db, demo.reviewerUsername);
  if (!supplier || !reviewer) return [];
  if (await latestPersonAuth(db, supplier.id)) return [];
  await db.transaction(async (tx) => {
    const storage = demo.storage ?? null;
    const cardfrt = await storeDemoPhoto(tx, storage, 'idcard', supplier.id, '身份证人像面', 210, 0);
    const cardrvs = await storeDemoPhoto(tx, storage, 'idcard', supplier.id, '身份证国徽面', 10, 1);
    const id = await insertPersonAuth(tx, {
      memberId: supplier.id,
      realname: DEMO_SUPPLIER_REALNAME,
      idcard: DEMO_SUPPLIER_IDCARD,
      cardfrt,
      cardrvs,
      checked: AUTH_STATUS.PENDING,
    });
    await decide(tx, 'person', id, { checked: AUTH_STATUS.APPROVED, reason: '', reviewerId: reviewer.id });
    await setMemberAuth(tx, supplier.id, {
      personauth: AUTH_STATUS.APPROVED,
      realname: DEMO_SUPPLIER_REALNAME,
      idcard: DEMO_SUPPLIER_IDCARD,
    });
    await insertAudit(tx, {
      actorType: 'admin',
      actorId: reviewer.id,
      action: 'auth.approve',
      targetType: 'person_auth',
      targetId: id,
      detail: { memberId: supplier.id, reason: '' },
    });
  });
  return [`  演示供应商已通过个人实名认证（${DEMO_SUPPLIER_REALNAME}）`];
}

import { AUTH_STATUS, fileUrl, maskIdCard, maskMobile, shanghaiDateTime, type UserInfo } from '@zl/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { Member } from '../../db/schema/index.ts';
import { unreadMessagesOf } from '../conversation/conversation.repo.ts';
import { scoresOf } from '../evaluation/evaluation.service.ts';
import { coinBalance } from '../ledger/ledger.service.ts';
import { unreadOf } from '../tip/tip.service.ts';
import { findMemberById } from '../user/user.repo.ts';
import {
  approvedPersonAuth,
  latestBusinessAuth,
  latestPersonAuth,
} from '../verification/verification.repo.ts';
import { countDesigns } from '../works/works.repo.ts';
import { inviteCoinsOf } from './invite.repo.ts';
import { countInvitees } from './member.repo.ts';
import { verifiedPayees } from './payee.repo.ts';

/** Payout accounts are shown masked: enough to recognise, not enough to copy. */
export function maskAccount(type: string, account: string): string {
  if (!account) return '';
  if (type === 'bank') return `**** **** **** ${account.slice(-4)}`;
  if (/^\d{11}$/.test(account)) return maskMobile(account);
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
  return `${account.slice(0, 2)}***`;
}

export function payoutOf(m: Member): UserInfo['payout'] {
  const type = m.payoutType === 'alipay' || m.payoutType === 'bank' ? m.payoutType : '';
  return { type, name: m.payoutName, account: maskAccount(type, m.payoutAccount), bank: m.payoutBank };
}

/**
 * Member/userInfo (docs/members.md); `myworks` counts the supplier's designs (docs/works.md).
 */
export async function buildUserInfo(db: DbOrTx, memberId: number): Promise<UserInfo> {
  const m = await findMemberById(db, memberId);
  if (!m) throw new Error(`member ${memberId} vanished`);
  const [
    approved,
    person,
    business,
    invitpples,
    coins,
    invited,
    scores,
    unread,
    works,
    payees,
    unreadMessages,
  ] = await Promise.all([
    approvedPersonAuth(db, memberId),
    latestPersonAuth(db, memberId),
    latestBusinessAuth(db, memberId),
    countInvitees(db, m.cardno),
    coinBalance(db, memberId),
    inviteCoinsOf(db, memberId),
    scoresOf(db, [memberId]),
    unreadOf(db, memberId),
    m.cardtype === 'workshop' ? countDesigns(db, memberId) : 0,
    verifiedPayees(db, memberId),
    unreadMessagesOf(db, memberId),
  ]);
  const { dates, times } = shanghaiDateTime(m.createdAt);
  return {
    ispaycode: m.paycodeHash !== null,
    hastips: unread > 0,
    unread,
    unreadMessages,
    messageSms: m.messageSms,
    personauth: m.personauth,
    businsauth: m.businsauth,
    bindwx: m.openid !== null,
    openid: '',
    cardno: m.cardno,
    cardtype: m.cardtype,
    name: approved?.realname ?? m.realname,
    nickname: m.nickname,
    pwd: '',
    userlogo: m.userlogo ? fileUrl(m.userlogo) : '',
    company: m.company,
    myjob: m.myjob,
    mobile: m.mobile,
    birth: m.birth,
    sex: m.sex,
    idcard: maskIdCard(approved?.idcard ?? m.idcard),
    qqnum: m.qqnum,
    email: m.email,
    addr: m.addr,
    prov: m.prov,
    city: m.city,
    strt: m.strt,
    descr: m.descr,
    score: m.cardtype === 'workshop' ? (scores.get(memberId) ?? null) : null,
    dates,
    times,
    // the member's coin account in the ledger (starter coins, quotes, refunds)
    coins,
    // invitation coins received (ledger movement invite_coins), by the invitee's verification
    invitcoins: invited.person + invited.business,
    invitcoins_dsnr: invited.person,
    invitcoins_bsns: invited.business,
    invitpples,
    // the supplier's designs (docs/works.md)
    myworks: works,
    payout: payoutOf(m),
    // who may receive withdrawals: the verified real name and company name (docs/withdrawals.md "The payee")
    payees,
    reject: {
      person:
        m.personauth === AUTH_STATUS.REJECTED && person?.checked === AUTH_STATUS.REJECTED
          ? person.reason
          : '',
      business:
        m.businsauth === AUTH_STATUS.REJECTED && business?.checked === AUTH_STATUS.REJECTED
          ? business.reason
          : '',
    },
  };
}

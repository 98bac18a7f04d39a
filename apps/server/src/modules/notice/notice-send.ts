import { type NoticeKind, noticePrefs, noticeSmsText } from '@zl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SmsSender } from '../user/sms-sender.ts';
import * as repo from './notice.repo.ts';
import { quietHour } from './quiet-hours.ts';

/** The WeChat side the round needs (modules/wechat/mp-client.ts): false when the kind has no template. */
export interface NoticeWechat {
  sendNotice(kind: NoticeKind, openid: string, orders: string, link: string): Promise<boolean>;
}

/** Notices claimed per statement of a round. */
const BATCH = 50;
/** A claimed notice is retried after this long if its round died while sending it. */
const LEASE_MS = 10 * 60_000;
/** Attempts before a notice is `failed` for good. */
export const NOTICE_MAX_ATTEMPTS = 5;
/** The wait before attempt n + 1: 1 min, 5 min, 15 min, 1 h. */
export const noticeRetryMs = (attempt: number): number =>
  [60_000, 300_000, 900_000, 3_600_000][attempt - 1] ?? 3_600_000;

/** Where the member reads what the notice is about (a WeChat message's link). */
function linkOf(kind: NoticeKind, cardtype: string, projectId: number | null): string {
  if (kind === 'withdraw') return '/personCenter/withdrawRecords';
  if (projectId === null) return cardtype === 'customer' ? '/customer/message' : '/message';
  return cardtype === 'customer' ? `/customer/project?id=${projectId}` : `/orderDetail?id=${projectId}`;
}

export interface NoticeRoundDeps {
  db: Db;
  sms: SmsSender;
  /** null: no 服务号 set up (WeChat notices are skipped) */
  wechat: NoticeWechat | null;
  log: FastifyBaseLogger;
}

/** A provider's refusal that trying again cannot mend (WeChat's MpSendError with `permanent`). */
function permanent(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { permanent?: unknown }).permanent === true;
}

/** Sends one claimed notice; answers what became of it. */
async function sendOne(
  deps: NoticeRoundDeps,
  n: repo.NoticeRow,
): Promise<'sent' | 'skipped' | 'retry' | 'failed'> {
  const kind = n.kind as NoticeKind;
  const contact = (await repo.contactsOf(deps.db, [n.memberId])).get(n.memberId);
  const level = contact ? noticePrefs(contact.prefs)[kind] : 'app';
  // the member may have changed its mind since the notice was queued
  if (!contact || level === 'app' || (n.channel === 'wechat' && level !== 'wechat')) {
    await repo.markSkipped(deps.db, n.id, '会员已关闭此类通知');
    return 'skipped';
  }
  const orders = await repo.projectOrders(deps.db, n.projectId);
  try {
    let sent: boolean;
    if (n.channel === 'sms') {
      if (!deps.sms.notify) sent = false;
      else
        sent = await deps.sms.notify({
          mobile: contact.mobile,
          kind: `notice.${kind}`,
          params: { orders },
          text: noticeSmsText(kind, orders),
        });
    } else {
      if (!deps.wechat) {
        await repo.markSkipped(deps.db, n.id, '服务号未配置');
        return 'skipped';
      }
      if (!contact.openid) {
        await repo.markSkipped(deps.db, n.id, '会员未绑定微信');
        return 'skipped';
      }
      sent = await deps.wechat.sendNotice(
        kind,
        contact.openid,
        orders,
        linkOf(kind, contact.cardtype, n.projectId),
      );
    }
    if (!sent) {
      await repo.markSkipped(deps.db, n.id, '该类通知未配置模板');
      return 'skipped';
    }
    await repo.markSent(deps.db, n.id);
    return 'sent';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const last = permanent(err) || n.attempts >= NOTICE_MAX_ATTEMPTS;
    await repo.markFailure(deps.db, n.id, message, last ? null : noticeRetryMs(n.attempts));
    deps.log.warn(
      { noticeId: n.id, channel: n.channel, kind, attempt: n.attempts, err: message },
      'notice failed',
    );
    return last ? 'failed' : 'retry';
  }
}

/**
 * One round of the `notices` job (docs/notices.md): outside the quiet hours, claims the due
 * notices in batches and sends each through its channel. Answers the counts.
 */
export async function noticeRound(
  deps: NoticeRoundDeps,
  now = new Date(),
): Promise<{ quiet: boolean } & Record<'sent' | 'skipped' | 'retry' | 'failed', number>> {
  const out = { quiet: false, sent: 0, skipped: 0, retry: 0, failed: 0 };
  if (quietHour(now)) return { ...out, quiet: true };
  for (let round = 0; round < 20; round++) {
    const batch = await deps.db.transaction((tx) => repo.claimDue(tx, BATCH, LEASE_MS));
    for (const n of batch) out[await sendOne(deps, n)]++;
    if (batch.length < BATCH) break;
  }
  return out;
}

import { type NoticeKind, noticePrefs } from '@zl/shared';
import type { Tx } from '../../db/client.ts';
import { contactsOf, insertNotices, type NewNotice } from './notice.repo.ts';
import { sendableAt } from './quiet-hours.ts';

/** A notice a tip asks for: who, which kind, about which project. */
export interface NoticeDraft {
  memberId: number;
  kind: NoticeKind;
  projectId: number | null;
}

/**
 * Queues the notices of one outbox event (docs/notices.md "How it travels"), in the transaction
 * that writes its tips: per member, the channels its choice for the kind allows (SMS from `sms`
 * on; WeChat too at `wechat`, when WeChat is bound), due now or at 08:00 after the quiet hours.
 * A redelivered event queues nothing twice.
 */
export async function queueNotices(
  tx: Tx,
  drafts: NoticeDraft[],
  eventId: number,
  now = new Date(),
): Promise<number> {
  if (drafts.length === 0) return 0;
  const contacts = await contactsOf(tx, [...new Set(drafts.map((d) => d.memberId))]);
  const sendAfter = sendableAt(now);
  const rows: NewNotice[] = [];
  for (const d of drafts) {
    const c = contacts.get(d.memberId);
    if (!c) continue;
    const level = noticePrefs(c.prefs)[d.kind];
    if (level === 'app') continue;
    const base = { memberId: d.memberId, kind: d.kind, projectId: d.projectId, eventId, sendAfter };
    rows.push({ ...base, channel: 'sms' });
    if (level === 'wechat' && c.openid) rows.push({ ...base, channel: 'wechat' });
  }
  return insertNotices(tx, rows);
}

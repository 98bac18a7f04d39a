import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { quietHour } from '../notice/quiet-hours.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { SmsSender } from '../user/sms-sender.ts';
import { claimNudges, nudgeMobileOf } from './conversation.repo.ts';

// The offline nudge (docs/conversation.md "Offline"): a message unread for 10 minutes sends its
// recipient one SMS per thread per hour, with no content, never at night.

/** A message unread this long nudges its recipient. */
export const NUDGE_AFTER_MS = 10 * 60_000;
/** At most one nudge per thread and member this often. */
export const NUDGE_EVERY_MS = 3_600_000;
export const SMS_MESSAGE_HANDLER = 'sms.message';
export const NUDGE_TEXT = '【展览供应商接单平台】您有新的项目消息，请登录查看';

/** The payload of `message.nudge` (one per claimed nudge). */
export type NudgePayload = { threadId: number; memberId: number };

/**
 * One round of the `message-nudge` job: outside the quiet hours, claims the nudges due to either
 * side and writes one outbox event for each, in one transaction (a claim is never lost nor sent
 * twice: the SMS goes out from the outbox after the commit).
 */
export async function nudgeRound(db: Db, now = new Date()): Promise<{ nudged: number; quiet: boolean }> {
  if (quietHour(now)) return { nudged: 0, quiet: true };
  const claimed = await db.transaction(async (tx: Tx) => {
    const due = [
      ...(await claimNudges(tx, 'customer', NUDGE_AFTER_MS, NUDGE_EVERY_MS)),
      ...(await claimNudges(tx, 'supplier', NUDGE_AFTER_MS, NUDGE_EVERY_MS)),
    ];
    for (const d of due) {
      const payload: NudgePayload = d;
      await insertEvent(tx, {
        type: 'message.nudge',
        aggregateType: 'thread',
        aggregateId: d.threadId,
        payload,
      });
    }
    return due.length;
  });
  return { nudged: claimed, quiet: false };
}

/** The SMS of each nudge, through the SMS provider, once per event (a member who switched it off since gets none). */
export function registerMessageNudges(outbox: Outbox, sms: SmsSender, log: FastifyBaseLogger): () => void {
  return outbox.on<NudgePayload>(SMS_MESSAGE_HANDLER, 'message.nudge', async (event, ctx) => {
    if (!sms.notify) return;
    const mobile = await nudgeMobileOf(ctx.tx, event.payload.memberId);
    if (!mobile) return;
    const sent = await sms.notify({ mobile, kind: 'messageNudge', params: {}, text: NUDGE_TEXT }, ctx.tx);
    if (sent) log.info({ threadId: event.payload.threadId }, 'message nudge sent');
  });
}

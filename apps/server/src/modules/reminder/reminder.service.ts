import type { Db, Tx } from '../../db/client.ts';
import { quietHour } from '../notice/quiet-hours.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';
import { claimReminder, upcomingDeadlines } from './reminder.repo.ts';

/** A reminder goes out this many days before a deadline (the nearest lead that has begun). */
export const REMINDER_LEADS = [7, 3, 1] as const;
const DAY = 86_400_000;

/** The payload of `reminder.due`: which deadline, when, and how many days ahead it was told. */
export type ReminderPayload = { projectId: number; subject: string; at: string; days: number };

/**
 * The lead a reminder at `now` is for: the smallest of 7, 3, 1 days whose window has begun (a
 * deadline 2 days away is the 3-day reminder; the 7-day one, missed, is not sent late).
 */
export function leadOf(at: Date, now: Date): number | null {
  if (at.getTime() <= now.getTime()) return null;
  const open = REMINDER_LEADS.filter((d) => now.getTime() >= at.getTime() - d * DAY);
  return open.length === 0 ? null : Math.min(...open);
}

/**
 * One round of the `reminders` job (docs/show-dates.md "Reminders"): outside the quiet hours,
 * each deadline within a week gets the reminder of its lead, claimed once (reminders_sent) and
 * told through the outbox (`reminder.due` → the tip, and the SMS / WeChat notice as the member
 * chose, reminder-tips.ts). Answers how many were sent.
 */
export async function reminderRound(db: Db, now = new Date()): Promise<{ sent: number; quiet: boolean }> {
  if (quietHour(now)) return { sent: 0, quiet: true };
  const deadlines = await upcomingDeadlines(db, now, REMINDER_LEADS[0]);
  let sent = 0;
  for (const d of deadlines) {
    const days = leadOf(d.at, now);
    if (days === null) continue;
    const claimed = await db.transaction(async (tx: Tx) => {
      if (!(await claimReminder(tx, d.projectId, d.subject, days))) return false;
      const payload: ReminderPayload = {
        projectId: d.projectId,
        subject: d.subject,
        at: d.at.toISOString(),
        days,
      };
      await insertEvent(tx, {
        type: 'reminder.due',
        aggregateType: 'project',
        aggregateId: d.projectId,
        payload,
      });
      return true;
    });
    if (claimed) sent++;
  }
  return { sent, quiet: false };
}

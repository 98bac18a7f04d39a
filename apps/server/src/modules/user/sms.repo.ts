import type { SmsPurpose } from '@zl/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { lockForTransaction } from '../../db/lock.repo.ts';
import { devSmsOutbox, smsCodes } from '../../db/schema/index.ts';
import type { SmsNotice } from './sms-sender.ts';

/** Serialises sends per mobile until the transaction ends. */
export async function lockMobileForSms(tx: DbOrTx, mobile: string): Promise<void> {
  await lockForTransaction(tx, `sms:${mobile}`);
}

/** Serialises code sends from one client address (taken after the mobile's lock), for its hourly cap. */
export async function lockAddressForSms(tx: DbOrTx, ip: string): Promise<void> {
  await lockForTransaction(tx, `sms-ip:${ip}`);
}

/**
 * Seconds since the mobile's last code, its codes in the last hour and the age of the oldest of
 * them, and its codes in the last 24 hours and the age of the oldest of those.
 */
export async function mobileSendStats(db: DbOrTx, mobile: string) {
  const stats = await queryRows<{
    since_last: number | null;
    mobile_hour: number;
    oldest_hour: number | null;
    mobile_day: number;
    oldest_day: number | null;
  }>(
    db,
    sql`
      select
        (select extract(epoch from now() - max(created_at)) from sms_codes where mobile = ${mobile}) as since_last,
        (select count(*) from sms_codes where mobile = ${mobile} and created_at > now() - interval '1 hour')::int as mobile_hour,
        (select extract(epoch from now() - min(created_at)) from sms_codes
           where mobile = ${mobile} and created_at > now() - interval '1 hour') as oldest_hour,
        (select count(*) from sms_codes where mobile = ${mobile} and created_at > now() - interval '1 day')::int as mobile_day,
        (select extract(epoch from now() - min(created_at)) from sms_codes
           where mobile = ${mobile} and created_at > now() - interval '1 day') as oldest_day`,
  );
  return stats[0]!;
}

/** Codes sent to any mobile from this IP in the last hour. */
export async function ipSendsLastHour(db: DbOrTx, ip: string): Promise<number> {
  const ipHour = await queryRows<{ n: number }>(
    db,
    sql`
      select count(*)::int as n from sms_codes where ip = ${ip} and created_at > now() - interval '1 hour'`,
  );
  return Number(ipHour[0]?.n ?? 0);
}

export async function insertSmsCode(
  db: DbOrTx,
  values: { mobile: string; purpose: SmsPurpose; codeHash: string; ip: string; validSeconds: number },
): Promise<number> {
  const [row] = await db
    .insert(smsCodes)
    .values({
      mobile: values.mobile,
      purpose: values.purpose,
      codeHash: values.codeHash,
      ip: values.ip,
      expiresAt: sql`now() + make_interval(secs => ${values.validSeconds})`,
    })
    .returning({ id: smsCodes.id });
  return row!.id;
}

export async function deleteSmsCode(db: DbOrTx, id: number): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.id, id));
}

/** The latest code of (mobile, purpose): only that one counts. */
export async function latestSmsCode(db: DbOrTx, mobile: string, purpose: SmsPurpose) {
  const [row] = await db
    .select({
      id: smsCodes.id,
      codeHash: smsCodes.codeHash,
      consumed: sql<boolean>`${smsCodes.consumedAt} is not null`,
      expired: sql<boolean>`${smsCodes.expiresAt} <= now()`,
    })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  return row;
}

/** Counts one try while fewer than `maxTries` were made; answers the new count, or undefined. */
export async function countSmsCodeTry(db: DbOrTx, id: number, maxTries: number) {
  const [tried] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, id), sql`${smsCodes.attempts} < ${maxTries}`))
    .returning({ attempts: smsCodes.attempts });
  return tried;
}

/** Marks an unused code used; false when it was used already. */
export async function markSmsCodeUsed(db: DbOrTx, id: number): Promise<boolean> {
  const used = await db
    .update(smsCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(smsCodes.id, id), sql`${smsCodes.consumedAt} is null`))
    .returning({ id: smsCodes.id });
  return used.length > 0;
}

/** The development provider's outbox (GET /api/Dev/smsOutbox). */
export async function insertDevSms(
  db: DbOrTx,
  values: { mobile: string; code: string; purpose: SmsPurpose | SmsNotice['kind']; text?: string },
): Promise<void> {
  await db.insert(devSmsOutbox).values(values);
}

/** The latest `limit` development codes of a mobile, newest first. */
export async function latestDevSms(db: DbOrTx, mobile: string, limit: number) {
  return db
    .select()
    .from(devSmsOutbox)
    .where(eq(devSmsOutbox.mobile, mobile))
    .orderBy(desc(devSmsOutbox.id))
    .limit(limit);
}

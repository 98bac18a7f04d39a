import type { CardType } from '@zl/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { recordSuccessUpdate, reserveTryUpdate } from '../../lib/lockout.repo.ts';
import { counterReleaseSteps, counterUpsert } from '../../lib/rate-counter.ts';

/**
 * A password login's two statements (docs/members.md § Login limits, "What a login writes"): one
 * before the password is verified that takes every place the try needs, one after a right
 * password that records the success. Each is a single statement (one round trip, one commit); the
 * rules are those of lib/rate-counter.ts and lib/lockout.repo.ts, whose statements they reuse.
 */

/** A place under a fixed-window counter: key, window and limit (lib/rate-counter.ts). */
export interface CounterPlace {
  key: string;
  windowSeconds: number;
  limit: number;
}

export interface LoginMember {
  id: number;
  cardno: string;
  cardtype: CardType;
  mobile: string;
  nickname: string;
  passwordHash: string;
}

export interface LoginReservation {
  /** the address place was taken */
  address: boolean;
  /** the (address, account) place was taken; never without the address place */
  pair: boolean;
  /** the member of the mobile when its try was reserved (never without both places) */
  member: LoginMember | null;
  /** the member of the mobile, reserved or not; null: unknown mobile */
  memberId: number | null;
}

/**
 * Takes, in this order and each only when the one before it was taken, the address place, the
 * (address, account) place and the member's try (`failed_logins`, reserved as `reserveTry` does),
 * and reads the member. A place refused leaves the later ones untouched; the caller gives back the
 * earlier ones (a pair refused: the address place).
 */
export async function reserveLogin(
  db: DbOrTx,
  p: { address: CounterPlace; pair: CounterPlace; mobile: string; maxFailures: number; lockMinutes: number },
): Promise<LoginReservation> {
  const [row] = await queryRows<{
    address: boolean;
    pair: boolean;
    memberId: number | string | null;
    id: number | string | null;
    cardno: string | null;
    cardtype: CardType | null;
    mobile: string | null;
    nickname: string | null;
    passwordHash: string | null;
  }>(
    db,
    sql`
    with a as (${counterUpsert(p.address.key, p.address.windowSeconds, p.address.limit)}),
    pr as (${counterUpsert(p.pair.key, p.pair.windowSeconds, p.pair.limit, sql`exists (select 1 from a)`)}),
    m as (${reserveTryUpdate(
      'members',
      sql`mobile = ${p.mobile} and exists (select 1 from pr)`,
      p.maxFailures,
      p.lockMinutes,
      sql`id, cardno, cardtype, mobile, nickname, password_hash`,
    )})
    select exists (select 1 from a) as address, exists (select 1 from pr) as pair,
      (select id from members where mobile = ${p.mobile}) as "memberId",
      m.id, m.cardno, m.cardtype, m.mobile, m.nickname, m.password_hash as "passwordHash"
    from (select 1) as one left join m on true`,
  );
  if (!row) throw new Error('reserveLogin: no row');
  const member =
    row.id === null
      ? null
      : {
          id: Number(row.id),
          cardno: row.cardno!,
          cardtype: row.cardtype!,
          mobile: row.mobile!,
          nickname: row.nickname!,
          passwordHash: row.passwordHash!,
        };
  return {
    address: row.address,
    pair: row.pair,
    member,
    memberId: row.memberId === null ? null : Number(row.memberId),
  };
}

/**
 * A right password, in one statement: the member's count starts over (`recordSuccess`) unless a
 * parallel wrong guess locked it meanwhile — then nothing else is written but the places given
 * back; otherwise the session, the remember token (if asked) and the end of the session the
 * browser came with (its cache entries elsewhere told by `pg_notify`, docs/members.md § Session
 * cache). The address places are given back in every case. False: locked, refuse the login.
 */
export async function completeLogin(
  db: DbOrTx,
  p: {
    memberId: number;
    session: { idHash: string; absoluteSeconds: number; ip: string; userAgent: string };
    remember: { selector: string; validatorHash: string; validSeconds: number } | null;
    releaseKeys: string[];
    endSessionHash: string | null;
  },
): Promise<boolean> {
  const s = p.session;
  // Row locks in the order reserveLogin takes them — the counters one by one in the keys' order,
  // then the member — so two logins never wait on each other in a circle (PostgreSQL server).
  const { ctes, after } = counterReleaseSteps(p.releaseKeys);
  const parts: SQL[] = [...ctes];
  parts.push(
    sql`ok as (${recordSuccessUpdate('members', p.memberId, after)})`,
    sql`s as (insert into sessions (id_hash, member_id, expires_at, ip, user_agent)
      select ${s.idHash}, id, now() + make_interval(secs => ${s.absoluteSeconds}), ${s.ip}, ${s.userAgent}
      from ok)`,
  );
  const r = p.remember;
  if (r) {
    parts.push(sql`r as (insert into remember_tokens (selector, validator_hash, member_id, expires_at)
      select ${r.selector}, ${r.validatorHash}, id, now() + make_interval(secs => ${r.validSeconds})
      from ok)`);
  }
  let notified = sql`0`;
  if (p.endSessionHash) {
    parts.push(
      sql`old as (delete from sessions where id_hash = ${p.endSessionHash} and exists (select 1 from ok)
        returning id_hash)`,
      sql`n as (select pg_notify('zl_session', 'h:' || id_hash) from old)`,
    );
    notified = sql`(select count(*) from n)`;
  }
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`with ${sql.join(parts, sql`, `)} select exists (select 1 from ok) as ok, ${notified} as notified`,
  );
  return Boolean(row?.ok);
}

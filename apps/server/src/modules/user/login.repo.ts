import type { CardType } from '@zl/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type NamedStatement, namedStatement } from '../../db/named-statement.ts';
import { type LockoutTable, recordSuccessUpdate, reserveTryUpdate } from '../../lib/lockout.repo.ts';
import { counterReleaseSteps, counterUpsert } from '../../lib/rate-counter.ts';

/**
 * A password login's two statements (docs/members.md § Login limits, "What a login writes"): one
 * before the password is verified that takes every place the try needs, one after a right
 * password that records the success. Each is a single statement (one round trip, one commit); the
 * rules are those of lib/rate-counter.ts and lib/lockout.repo.ts, whose statements they reuse.
 * Both are named statements (db/named-statement.ts): built once, prepared once per connection.
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
 * The places and the try of a login's first statement, as CTEs `a` (the address place), `pr` (the
 * (address, account) place, only when `a` was taken) and `m` (the account's try, only when both
 * were; its `columns` returned): the order every login keeps, a member's and an operator's. Its
 * values are the placeholders addressKey/Window/Limit, pairKey/Window/Limit, maxFailures and
 * lockMinutes.
 */
export function placesThenTry(table: LockoutTable, account: SQL, columns: SQL): SQL {
  return sql`with a as (${counterUpsert(sql.placeholder('addressKey'), sql.placeholder('addressWindow'), sql.placeholder('addressLimit'))}),
    pr as (${counterUpsert(
      sql.placeholder('pairKey'),
      sql.placeholder('pairWindow'),
      sql.placeholder('pairLimit'),
      sql`exists (select 1 from a)`,
    )}),
    m as (${reserveTryUpdate(
      table,
      sql`${account} and exists (select 1 from pr)`,
      sql.placeholder('maxFailures'),
      sql.placeholder('lockMinutes'),
      columns,
    )})`;
}

/** The values of `placesThenTry`'s placeholders. */
export function placesThenTryValues(p: {
  address: CounterPlace;
  pair: CounterPlace;
  maxFailures: number;
  lockMinutes: number;
}) {
  return {
    addressKey: p.address.key,
    addressWindow: p.address.windowSeconds,
    addressLimit: p.address.limit,
    pairKey: p.pair.key,
    pairWindow: p.pair.windowSeconds,
    pairLimit: p.pair.limit,
    maxFailures: p.maxFailures,
    lockMinutes: p.lockMinutes,
  };
}

/** `reserveLogin`'s statement: its values are placeholders, bound at each run. */
const reserveStatement = namedStatement<
  | 'addressKey'
  | 'addressWindow'
  | 'addressLimit'
  | 'pairKey'
  | 'pairWindow'
  | 'pairLimit'
  | 'mobile'
  | 'maxFailures'
  | 'lockMinutes'
>(
  'zl_login_reserve',
  sql`
    ${placesThenTry(
      'members',
      sql`mobile = ${sql.placeholder('mobile')}`,
      sql`id, cardno, cardtype, mobile, nickname, password_hash`,
    )}
    select exists (select 1 from a) as address, exists (select 1 from pr) as pair,
      (select id from members where mobile = ${sql.placeholder('mobile')}) as "memberId",
      m.id, m.cardno, m.cardtype, m.mobile, m.nickname, m.password_hash as "passwordHash"
    from (select 1) as one left join m on true`,
);

/**
 * Takes, in this order and each only when the one before it was taken, the address place, the
 * (address, account) place and the member's try (`failed_logins`, reserved as `reserveTry` does),
 * and reads the member. A place refused leaves the later ones untouched; the caller gives back the
 * earlier ones (a pair refused: the address place).
 */
export async function reserveLogin(
  db: Db,
  p: { address: CounterPlace; pair: CounterPlace; mobile: string; maxFailures: number; lockMinutes: number },
): Promise<LoginReservation> {
  const [row] = await reserveStatement.run(db, {
    ...placesThenTryValues(p),
    mobile: p.mobile,
  });
  if (!row) throw new Error('reserveLogin: no row');
  const [address, pair, memberId, id, cardno, cardtype, mobile, nickname, passwordHash] = row;
  return {
    address: address === 't',
    pair: pair === 't',
    member:
      id === null
        ? null
        : {
            id: Number(id),
            cardno: cardno!,
            cardtype: cardtype as CardType,
            mobile: mobile!,
            nickname: nickname!,
            passwordHash: passwordHash!,
          },
    memberId: memberId === null ? null : Number(memberId),
  };
}

type CompleteKey =
  | 'memberId'
  | 'idHash'
  | 'absoluteSeconds'
  | 'ip'
  | 'userAgent'
  | 'selector'
  | 'validatorHash'
  | 'validSeconds'
  | 'endSessionHash'
  | `release${number}`;

/** `completeLogin`'s statements, one per shape: how many places, a remember token, an old session. */
const completeStatements = new Map<string, NamedStatement<CompleteKey>>();

function completeStatement(releases: number, remember: boolean, endSession: boolean) {
  const shape = `${releases}${remember ? 'r' : ''}${endSession ? 'e' : ''}`;
  let statement = completeStatements.get(shape);
  if (statement) return statement;
  const ph = (key: CompleteKey) => sql.placeholder(key);
  // Row locks in the order reserveLogin takes them — the counters one by one in the keys' order,
  // then the member — so two logins never wait on each other in a circle (PostgreSQL server).
  const { ctes, after } = counterReleaseSteps(Array.from({ length: releases }, (_, i) => ph(`release${i}`)));
  const parts: SQL[] = [...ctes];
  parts.push(
    sql`ok as (${recordSuccessUpdate('members', ph('memberId'), after)})`,
    sql`s as (insert into sessions (id_hash, member_id, expires_at, ip, user_agent)
      select ${ph('idHash')}, id, now() + make_interval(secs => ${ph('absoluteSeconds')}), ${ph('ip')},
        ${ph('userAgent')}
      from ok)`,
  );
  if (remember) {
    parts.push(sql`r as (insert into remember_tokens (selector, validator_hash, member_id, expires_at)
      select ${ph('selector')}, ${ph('validatorHash')}, id, now() + make_interval(secs => ${ph('validSeconds')})
      from ok)`);
  }
  let notified = sql`0`;
  if (endSession) {
    parts.push(
      sql`old as (delete from sessions where id_hash = ${ph('endSessionHash')} and exists (select 1 from ok)
        returning id_hash)`,
      sql`n as (select pg_notify('zl_session', 'h:' || id_hash) from old)`,
    );
    notified = sql`(select count(*) from n)`;
  }
  statement = namedStatement<CompleteKey>(
    `zl_login_complete_${shape}`,
    sql`with ${sql.join(parts, sql`, `)} select exists (select 1 from ok) as ok, ${notified} as notified`,
  );
  completeStatements.set(shape, statement);
  return statement;
}

/**
 * A right password, in one statement: the member's count starts over (`recordSuccess`) unless a
 * parallel wrong guess locked it meanwhile — then nothing else is written but the places given
 * back; otherwise the session, the remember token (if asked) and the end of the session the
 * browser came with (its cache entries elsewhere told by `pg_notify`, docs/members.md § Session
 * cache). The address places are given back in every case. False: locked, refuse the login.
 */
export async function completeLogin(
  db: Db,
  p: {
    memberId: number;
    session: { idHash: string; absoluteSeconds: number; ip: string; userAgent: string };
    remember: { selector: string; validatorHash: string; validSeconds: number } | null;
    releaseKeys: string[];
    endSessionHash: string | null;
  },
): Promise<boolean> {
  const s = p.session;
  const r = p.remember;
  const values: Partial<Record<CompleteKey, string | number>> = {
    memberId: p.memberId,
    idHash: s.idHash,
    absoluteSeconds: s.absoluteSeconds,
    ip: s.ip,
    userAgent: s.userAgent,
  };
  p.releaseKeys.forEach((key, i) => {
    values[`release${i}`] = key;
  });
  if (r)
    Object.assign(values, {
      selector: r.selector,
      validatorHash: r.validatorHash,
      validSeconds: r.validSeconds,
    });
  if (p.endSessionHash) values.endSessionHash = p.endSessionHash;
  const statement = completeStatement(p.releaseKeys.length, r !== null, p.endSessionHash !== null);
  const [row] = await statement.run(db, values as Record<CompleteKey, string | number>);
  return row?.[0] === 't';
}

import type { AdminRole } from '@zl/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { recordSuccessUpdate } from '../../lib/lockout.repo.ts';
import { counterReleaseSteps } from '../../lib/rate-counter.ts';
import { type CounterPlace, placesThenTry, placesThenTryValues } from '../user/login.repo.ts';

/**
 * An operator login's two statements, the same as a member's (modules/user/login.repo.ts;
 * docs/members.md § Login limits, "What a login writes"): one before the password is verified that
 * takes the address place, the (address, account) place and the operator's try and reads the
 * operator; one after a right password that gives the places back, starts the count over, inserts
 * the session and the audit entry. Both are named statements (db/named-statement.ts).
 */

export interface LoginAdmin {
  id: number;
  username: string;
  displayName: string;
  role: AdminRole;
  passwordHash: string;
}

export interface AdminLoginReservation {
  /** the address place was taken */
  address: boolean;
  /** the (address, account) place was taken; never without the address place */
  pair: boolean;
  /** the operator when its try was reserved (never without both places) */
  admin: LoginAdmin | null;
  /** the enabled operator of the username, reserved or not; null: unknown or disabled */
  adminId: number | null;
}

const reserveStatement = namedStatement<
  | 'addressKey'
  | 'addressWindow'
  | 'addressLimit'
  | 'pairKey'
  | 'pairWindow'
  | 'pairLimit'
  | 'username'
  | 'maxFailures'
  | 'lockMinutes'
>(
  'zl_admin_login_reserve',
  sql`
    ${placesThenTry(
      'admins',
      sql`username = ${sql.placeholder('username')} and not disabled`,
      sql`id, username, display_name, role, password_hash`,
    )}
    select exists (select 1 from a) as address, exists (select 1 from pr) as pair,
      (select id from admins where username = ${sql.placeholder('username')} and not disabled) as "adminId",
      m.id, m.username, m.display_name, m.role, m.password_hash
    from (select 1) as one left join m on true`,
);

/**
 * Takes, in this order and each only when the one before it was taken, the address place, the
 * (address, account) place and the enabled operator's try (reserved as `reserveTry` does), and
 * reads the operator. A place refused leaves the later ones untouched; the caller gives back the
 * earlier ones.
 */
export async function reserveAdminLogin(
  db: Db,
  p: {
    address: CounterPlace;
    pair: CounterPlace;
    username: string;
    maxFailures: number;
    lockMinutes: number;
  },
): Promise<AdminLoginReservation> {
  const [row] = await reserveStatement.run(db, {
    ...placesThenTryValues(p),
    username: p.username,
  });
  if (!row) throw new Error('reserveAdminLogin: no row');
  const [address, pair, adminId, id, username, displayName, role, passwordHash] = row;
  return {
    address: address === 't',
    pair: pair === 't',
    admin:
      id === null
        ? null
        : {
            id: Number(id),
            username: username!,
            displayName: displayName!,
            role: role as AdminRole,
            passwordHash: passwordHash!,
          },
    adminId: adminId === null ? null : Number(adminId),
  };
}

/** The operator's two address places given back, then the success (`completeAdminLogin`). */
const completeStatement = (() => {
  const { ctes, after } = counterReleaseSteps([sql.placeholder('address'), sql.placeholder('pair')]);
  return namedStatement<'address' | 'pair' | 'adminId' | 'idHash' | 'absoluteSeconds' | 'detail'>(
    'zl_admin_login_complete',
    sql`with ${sql.join(
      [
        ...ctes,
        sql`ok as (${recordSuccessUpdate('admins', sql.placeholder('adminId'), after)})`,
        sql`s as (insert into admin_sessions (id_hash, admin_id, expires_at)
          select ${sql.placeholder('idHash')}, id, now() + make_interval(secs => ${sql.placeholder('absoluteSeconds')})
          from ok)`,
        sql`au as (insert into audit_log (actor_type, actor_id, action, target_type, target_id, detail)
          select 'admin', id, 'admin.login', 'admin', id::text, ${sql.placeholder('detail')}::jsonb from ok)`,
      ],
      sql`, `,
    )} select exists (select 1 from ok) as ok`,
  );
})();

/**
 * A right password, in one statement: the address places are given back, and unless a parallel
 * wrong guess locked the operator meanwhile (false: refuse the login, nothing else written) the
 * count starts over, the session is inserted and the login is audited (`admin.login`, its address).
 */
export async function completeAdminLogin(
  db: Db,
  p: {
    adminId: number;
    idHash: string;
    absoluteSeconds: number;
    releaseKeys: [address: string, pair: string];
    ip: string;
  },
): Promise<boolean> {
  const [row] = await completeStatement.run(db, {
    address: p.releaseKeys[0],
    pair: p.releaseKeys[1],
    adminId: p.adminId,
    idHash: p.idHash,
    absoluteSeconds: p.absoluteSeconds,
    detail: JSON.stringify({ ip: p.ip }),
  });
  return row?.[0] === 't';
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Moves every stored time of the platform's own tables (schema public) forward: timestamps by
 * `ms`, dates by `days` (docs/adr/0018-demo-template.md). One statement: a block that updates each
 * table with a time column once, all of them in one transaction.
 */
export async function shiftTimes(db: Db, ms: number, days: number): Promise<void> {
  if (!Number.isSafeInteger(Math.round(ms)) || !Number.isSafeInteger(days)) throw new Error('bad shift');
  // numbers only (checked above): a DO block takes no parameters
  const block = `do $shift$
declare r record;
begin
  for r in
    select c.oid::regclass as tbl,
           string_agg(format('%I = %I + %s', a.attname, a.attname,
             case when a.atttypid = 'date'::regtype then '${days}'
                  else 'interval ''${Math.round(ms)} milliseconds''' end), ', ') as sets
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
       and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
       and a.atttypid in ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)
     group by c.oid
  loop
    execute format('update %s set %s', r.tbl, r.sets);
  end loop;
end
$shift$`;
  await db.execute(sql.raw(block));
  // the members' month figures are text months: rebuilt from the moved postings (migration 0033)
  await db.execute(sql`select zl_member_months_rebuild(null)`);
}

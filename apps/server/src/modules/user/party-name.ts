import { sql } from 'drizzle-orm';

/**
 * The name a party is shown by, wherever another party or an operator sees it (contract, quote
 * comparison, winner card, project contacts, admin lists): the company name of an approved
 * business verification, else the real name of an approved personal verification, else the
 * nickname (docs/members.md "Party names"). A profile's free-text `company` is not verified and is
 * never used here.
 *
 * `ref` is the SQL name of the members row in the query (`members`, or a join's alias). It is
 * written qualified by hand: inside the subquery drizzle would render a lone column unqualified,
 * and `id` would then bind to business_auths.id.
 */
export function verifiedCompanySql(ref = 'members') {
  const m = sql.raw(`"${ref}"`);
  return sql<string>`coalesce(case when ${m}."businsauth" = 1 then (select ba."btitle" from business_auths ba
    where ba."member_id" = ${m}."id" and ba."checked" = 1 order by ba."id" desc limit 1) end, '')`;
}

/** The real name of an approved personal verification, else ''. */
export function verifiedRealnameSql(ref = 'members') {
  const m = sql.raw(`"${ref}"`);
  return sql<string>`case when ${m}."personauth" = 1 then coalesce(${m}."realname", '') else '' end`;
}

export function partyNameSql(ref = 'members') {
  const m = sql.raw(`"${ref}"`);
  return sql<string>`coalesce(nullif(${verifiedCompanySql(ref)}, ''), nullif(${verifiedRealnameSql(ref)}, ''), ${m}."nickname")`;
}

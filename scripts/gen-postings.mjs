// Many ledger postings for one member, set-based (the bills benchmark and the export tests):
// `count` balanced transactions, most of them 金币 (+3 演示赠送, +3, −1 报价扣费 …), every fourth ¥
// (+¥10.00 演示资金) against the platform's accounts, spread one `stepSeconds` apart up to now,
// each posting with the correct running `balance_after` and `seq`, and the account balances and
// posting counts moved to match.
// `exec(sqlText)` runs one statement and answers its rows; run it where nothing else posts.

/** @param {(text: string) => Promise<Array<Record<string, unknown>>>} exec */
export async function generatePostings(exec, { memberId, count, stepSeconds = 60 }) {
  const m = Number(memberId);
  const n = Number(count);
  const step = Number(stepSeconds);
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(n) || !Number.isFinite(step))
    throw new Error('bad args');
  await exec(`
    insert into ledger_accounts (kind, currency, member_id, allow_negative) values
      ('member_coins', 'COIN', ${m}, false), ('member_cash', 'CNY', ${m}, false),
      ('platform_coins', 'COIN', null, true), ('platform_revenue', 'COIN', null, true),
      ('payment_clearing', 'CNY', null, true)
    on conflict do nothing`);
  const [{ before }] = await exec(`select coalesce(max(id), 0)::bigint as before from ledger_transactions`);
  await exec(`
    insert into ledger_transactions (type, memo, ref_type, ref_id, created_at)
    select case when g % 4 = 0 then 'demo_cash' when g % 3 = 0 then 'quote_fee' else 'demo_grant' end,
      case when g % 4 = 0 then '演示资金' when g % 3 = 0 then '报价 批量' || g else '演示金币' end,
      'bulk', g::text, now() - ((${n} - g) * ${step}) * interval '1 second'
    from generate_series(1, ${n}) g order by g`);
  const acct = (kind, cur, member) =>
    `(select id from ledger_accounts where kind = '${kind}' and currency = '${cur}' and ${
      member ? `member_id = ${m}` : 'member_id is null'
    } and project_id is null)`;
  // one member posting and one counter posting per transaction
  const legs = `
    select t.id as tx, t.type, t.created_at,
      case when t.type = 'demo_cash' then ${acct('member_cash', 'CNY', true)} else ${acct('member_coins', 'COIN', true)} end as member_acc,
      case when t.type = 'demo_cash' then ${acct('payment_clearing', 'CNY', false)}
           when t.type = 'quote_fee' then ${acct('platform_revenue', 'COIN', false)}
           else ${acct('platform_coins', 'COIN', false)} end as other_acc,
      case when t.type = 'demo_cash' then 'CNY' else 'COIN' end as currency,
      case when t.type = 'demo_cash' then 1000 when t.type = 'quote_fee' then -1 else 3 end as amount
    from ledger_transactions t where t.id > ${before} and t.ref_type = 'bulk'`;
  // both legs of each transaction next to each other, in transaction order (as postTransaction writes them)
  await exec(`
    insert into ledger_postings (transaction_id, account_id, amount, currency, type, balance_after, seq, created_at)
    select x.tx, x.acc, x.amount, x.currency, x.type,
      a.balance + sum(x.amount) over (partition by x.acc order by x.tx, x.leg),
      a.posting_count + row_number() over (partition by x.acc order by x.tx, x.leg), x.created_at
    from (
      select l.tx, 1 as leg, l.member_acc as acc, l.amount, l.currency, l.type, l.created_at from (${legs}) l
      union all
      select l.tx, 2, l.other_acc, -l.amount, l.currency, l.type, l.created_at from (${legs}) l
    ) x join ledger_accounts a on a.id = x.acc
    order by x.tx, x.leg`);
  await exec(`
    update ledger_accounts a set balance = a.balance + s.delta, posting_count = a.posting_count + s.n
    from (select account_id, sum(amount) as delta, count(*) as n from ledger_postings where transaction_id > ${before}
          group by account_id) s
    where s.account_id = a.id`);
  // the member's month figures (migration 0033) and the accounts' per-type counters and sums (0034, 0036)
  await exec(`select zl_member_months_rebuild(${m})`);
  await exec(`
    insert into ledger_account_types (account_id, type, postings, amount)
    select p.account_id, p.type, count(*), sum(p.amount) from ledger_postings p
    where p.transaction_id > ${before}
    group by 1, 2
    on conflict (account_id, type) do update set postings = ledger_account_types.postings + excluded.postings,
      amount = ledger_account_types.amount + excluded.amount`);
}

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coinBalance, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { makeMember, submitBusiness, submitPerson } from './admin-helpers.ts';
import { expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { memberClient } from './projectcenter-fixtures.ts';

// non-default amounts prove the configuration reaches the review
const ctx = useTestApp({
  env: { INVITE_COINS: '12', STARTER_COINS: '0' },
  members: { reviewer: 'reviewer' },
});
const { reviewer } = ctx.members;

const review = (kind: 'person' | 'business', id: number, approve: boolean) =>
  reviewer.c.post('Admin/authReview', { kind, id, approve, ...(approve ? {} : { reason: '照片不清晰' }) });
const ledgerOk = async () => expect((await verifyLedger(ctx.database.db)).ok).toBe(true);

describe('invitation coins', () => {
  it('the inviter gets INVITE_COINS once per invitee, however many verifications are approved', async () => {
    const inviter = await memberClient(ctx, { cardtype: 'workshop' });
    const invitee = await makeMember(ctx, { cardtype: 'workshop', invitedBy: inviter.cardno });
    const p1 = await submitPerson(ctx, invitee.id);
    expectOk(await review('person', p1.id, false));
    expect(await coinBalance(ctx.database.db, inviter.id)).toBe(0);
    const p2 = await submitPerson(ctx, invitee.id);
    expectOk(await review('person', p2.id, true));
    expect(await coinBalance(ctx.database.db, inviter.id)).toBe(12);
    const b = await submitBusiness(ctx, invitee.id);
    expectOk(await review('business', b.id, true));
    expect(await coinBalance(ctx.database.db, inviter.id)).toBe(12);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${`invite:${invitee.id}`}`,
    );
    expect(n!.n).toBe(1);

    // userInfo derives the fields
    const u = await inviter.c.post<Record<string, number>>('Member/userInfo', {});
    expect(u.body.data).toMatchObject({
      invitpples: 1,
      invitcoins: 12,
      invitcoins_dsnr: 12,
      invitcoins_bsns: 0,
      coins: 12,
    });
    await ledgerOk();
  });

  it('a business-verified invitee counts under invitcoins_bsns; customers invite too; no invite, no coins', async () => {
    const inviter = await memberClient(ctx, { cardtype: 'customer' });
    const a = await makeMember(ctx, { cardtype: 'workshop', invitedBy: inviter.cardno });
    const b = await makeMember(ctx, { cardtype: 'customer', invitedBy: inviter.cardno });
    const c = await makeMember(ctx, { cardtype: 'workshop' });
    expectOk(await review('business', (await submitBusiness(ctx, a.id)).id, true));
    expectOk(await review('person', (await submitPerson(ctx, b.id)).id, true));
    expectOk(await review('person', (await submitPerson(ctx, c.id)).id, true));
    const u = await inviter.c.post<Record<string, number>>('Member/userInfo', {});
    expect(u.body.data).toMatchObject({
      invitpples: 2,
      invitcoins: 24,
      invitcoins_dsnr: 12,
      invitcoins_bsns: 12,
    });
    await ledgerOk();
  });

  it('an invitee approved by 10 concurrent reviews pays the inviter once', async () => {
    const inviter = await memberClient(ctx, { cardtype: 'workshop' });
    const invitee = await makeMember(ctx, { cardtype: 'workshop', invitedBy: inviter.cardno });
    const p = await submitPerson(ctx, invitee.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => review('person', p.id, true)));
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(await coinBalance(ctx.database.db, inviter.id)).toBe(12);
    await ledgerOk();
  });
});

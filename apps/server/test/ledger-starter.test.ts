import { describe, expect, it } from 'vitest';
import { coinBalance, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { makeMember, submitBusiness, submitPerson } from './admin-helpers.ts';
import { expectOk } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

// a non-default amount proves the configuration reaches the review
const ctx = useTestApp({ env: { STARTER_COINS: '60' }, members: { reviewer: 'reviewer' } });
const { reviewer } = ctx.members;

const review = (kind: 'person' | 'business', id: number, approve: boolean) =>
  reviewer.c.post('Admin/authReview', { kind, id, approve, ...(approve ? {} : { reason: '照片不清晰' }) });

describe('starter coins on the first approved verification', () => {
  it('a supplier gets STARTER_COINS once: a second approved verification adds nothing', async () => {
    const s = await makeMember(ctx, { cardtype: 'workshop' });
    const p = await submitPerson(ctx, s.id);
    expect(await coinBalance(ctx.database.db, s.id)).toBe(0);
    expectOk(await review('person', p.id, true));
    expect(await coinBalance(ctx.database.db, s.id)).toBe(60);
    const b = await submitBusiness(ctx, s.id);
    expectOk(await review('business', b.id, true));
    expect(await coinBalance(ctx.database.db, s.id)).toBe(60);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it('a rejection gives nothing; the approval after it does', async () => {
    const s = await makeMember(ctx, { cardtype: 'workshop' });
    const p1 = await submitPerson(ctx, s.id);
    expectOk(await review('person', p1.id, false));
    expect(await coinBalance(ctx.database.db, s.id)).toBe(0);
    const p2 = await submitPerson(ctx, s.id);
    expectOk(await review('person', p2.id, true));
    expect(await coinBalance(ctx.database.db, s.id)).toBe(60);
  });

  it('customers do not quote, so they get no coins', async () => {
    const c = await makeMember(ctx, { cardtype: 'customer' });
    const p = await submitPerson(ctx, c.id);
    expectOk(await review('person', p.id, true));
    expect(await coinBalance(ctx.database.db, c.id)).toBe(0);
  });
});

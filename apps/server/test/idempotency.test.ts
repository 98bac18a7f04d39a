import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Client, count, expectError, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject, publishBody } from './project-fixtures.ts';
import { coinsOf, quoteBody, REQUIREMENTS, verifiedSupplier } from './projectcenter-fixtures.ts';
import { cashMember, PAYPWD } from './withdraw-fixtures.ts';

// docs/adr/0010-idempotency-keys.md: one effect and one answer per Idempotency-Key.
const ctx = useTestApp({ members: { cust: 'customer' } });
const { cust } = ctx.members;

const withKey = (key: string) => ({ 'idempotency-key': key });
const withdraw = (c: Client, key: string, amount = 500_000, paypwd = PAYPWD) =>
  c.post('Applycash/postNew', { amount, paypwd }, withKey(key));
const withdrawals = (memberId: number) => count(ctx, 'withdrawals', sql`member_id = ${memberId}`);

describe('Idempotency-Key on Applycash/postNew', () => {
  it('two identical requests 5 ms apart: one withdrawal, the same status and body', async () => {
    const m = await cashMember(ctx, 2_000_000);
    const key = randomUUID();
    const [a, b] = await Promise.all([withdraw(m.c, key), sleep(5).then(() => withdraw(m.c, key))]);
    expectOk(a);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(await withdrawals(m.id)).toBe(1);
  });

  it('20 at once: one withdrawal, 20 equal answers; a later repeat answers it again', async () => {
    const m = await cashMember(ctx, 2_000_000);
    const key = randomUUID();
    const all = await Promise.all(Array.from({ length: 20 }, () => withdraw(m.c, key)));
    expectOk(all[0]!);
    for (const r of all) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual(all[0]!.body);
    }
    expect(await withdrawals(m.id)).toBe(1);
    const again = await withdraw(m.c, key);
    expect(again.body).toEqual(all[0]!.body);
    expect(again.res.headers['idempotent-replayed']).toBe('true');
    expect(await withdrawals(m.id)).toBe(1);
    // a new key is a new submission
    expectOk(await withdraw(m.c, randomUUID()));
    expect(await withdrawals(m.id)).toBe(2);
  });

  it('the same key with another body is refused (422) and changes nothing', async () => {
    const m = await cashMember(ctx, 2_000_000);
    const key = randomUUID();
    expectOk(await withdraw(m.c, key, 100_000));
    const other = await withdraw(m.c, key, 200_000);
    expect(other.status).toBe(422);
    expectError(other, 'IDEMPOTENCY_KEY_REUSED');
    expect(await withdrawals(m.id)).toBe(1);
  });

  it('a refusal is answered again without another try of the pay password', async () => {
    const m = await cashMember(ctx, 2_000_000);
    const key = randomUUID();
    const first = await withdraw(m.c, key, 100_000, '246801');
    expectError(first, 'PAYCODE_WRONG');
    const second = await withdraw(m.c, key, 100_000, '246801');
    expect(second.body).toEqual(first.body);
    const [r] = await rows<{ pay_failed: number }>(
      ctx,
      sql`select pay_failed from members where id = ${m.id}`,
    );
    expect(Number(r!.pay_failed)).toBe(1);
  });

  it('keys are per member, and a key older than 24 hours runs again', async () => {
    const a = await cashMember(ctx, 2_000_000);
    const b = await cashMember(ctx, 2_000_000);
    const key = randomUUID();
    expectOk(await withdraw(a.c, key));
    expectOk(await withdraw(b.c, key));
    expect(await withdrawals(a.id)).toBe(1);
    expect(await withdrawals(b.id)).toBe(1);
    await ctx.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where member_id = ${a.id}`,
    );
    expectOk(await withdraw(a.c, key));
    expect(await withdrawals(a.id)).toBe(2);
  });

  it('without the header a request runs as before; a malformed key is refused', async () => {
    const m = await cashMember(ctx, 2_000_000);
    expectOk(await m.c.post('Applycash/postNew', { amount: 100_000, paypwd: PAYPWD }));
    expectError(await withdraw(m.c, 'short'), 'VALIDATION_FAILED');
    expect(await withdrawals(m.id)).toBe(1);
  });
});

describe('Idempotency-Key on the other submissions', () => {
  it('every listed call checks the key', async () => {
    const s = await verifiedSupplier(ctx, 0);
    for (const [c, path] of [
      [s.c, 'Applycash/postNew'],
      [s.c, 'Alipay/getPayLink'],
      [s.c, 'Projectcenter/priceTable'],
      [s.c, 'Projectcenter/editPriceTable'],
      [s.c, 'Complain/complainAdd'],
      [cust.c, 'Customer/projectSave'],
    ] as const) {
      const r = await c.post(path, {}, withKey('bad key with spaces'));
      expectError(r, 'VALIDATION_FAILED');
      expect(r.body.errorMessage, path).toContain('Idempotency-Key');
    }
  });

  it('Alipay/getPayLink: a double submission is one order', async () => {
    const s = await verifiedSupplier(ctx, 0);
    const key = randomUUID();
    const body = { purpose: 'coins', coins: 50 };
    const [a, b] = await Promise.all([
      s.c.post('Alipay/getPayLink', body, withKey(key)),
      s.c.post('Alipay/getPayLink', body, withKey(key)),
    ]);
    expectOk(a);
    expect(b.body).toEqual(a.body);
    expect(await count(ctx, 'payment_orders', sql`member_id = ${s.id}`)).toBe(1);
  });

  it('Projectcenter/priceTable: a double submission is one quote, one fee, two successes', async () => {
    const p = await makeProject(ctx, cust.id, { ...REQUIREMENTS, coins: 10 });
    const s = await verifiedSupplier(ctx, 30);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      s.c.post('Projectcenter/priceTable', quoteBody(p.id), withKey(key)),
      s.c.post('Projectcenter/priceTable', quoteBody(p.id), withKey(key)),
    ]);
    expectOk(a);
    expect(b.body).toEqual(a.body);
    expect(await coinsOf(ctx, s.id)).toBe(20);
  });

  it('Customer/projectSave: a double submission publishes one project', async () => {
    const key = randomUUID();
    const before = await count(ctx, 'projects', sql`customer_id = ${cust.id}`);
    const body = publishBody();
    const [a, b] = await Promise.all([
      cust.c.post('Customer/projectSave', body, withKey(key)),
      cust.c.post('Customer/projectSave', body, withKey(key)),
    ]);
    expectOk(a);
    expect(b.body).toEqual(a.body);
    expect(await count(ctx, 'projects', sql`customer_id = ${cust.id}`)).toBe(before + 1);
  });
});

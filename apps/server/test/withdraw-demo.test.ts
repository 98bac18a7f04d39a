import { formatFen } from '@zl/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_EARNING_PROJECTS } from '../src/demo/demo-earnings.ts';
import { DEMO_SUPPLIER_REALNAME } from '../src/demo/demo-verification.ts';
import { DEMO_CASH, DEMO_PAYCODE } from '../src/demo/demo-withdraw.ts';
import { DEMO_ACCOUNTS, DEMO_ADMINS, DEMO_PASSWORD, seedDemoData } from '../src/demo/seed.ts';
import { verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { Client, expectOk, login } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

const ctx = useTestApp();

describe('demo withdrawals', () => {
  it('the demo supplier has cash, one paid and one pending withdrawal; the demo finance operator sees it', {
    timeout: 180_000,
  }, async () => {
    const first = await seedDemoData(ctx.database.db);
    expect(first?.banner).toContain('finance');
    expect(first?.banner).toContain(DEMO_PAYCODE);
    const s = new Client(ctx.app);
    expectOk(await login(s, DEMO_ACCOUNTS[0].mobile, DEMO_PASSWORD));
    const l = await s.post<{
      listItem: Array<{ amount: number; status: string }>;
      balance: { cash: number; frozen: number };
    }>('Applycash/list', {});
    expectOk(l);
    expect(l.body.data.listItem.map((i) => i.status).sort()).toEqual(['paid', 'pending']);
    // plus the escrow released on the earlier projects of demo-earnings.ts, less the 5 % commission
    const earned = DEMO_EARNING_PROJECTS.reduce(
      (n, p) => n + p.prepay - Math.floor((p.prepay * 500) / 10_000),
      0,
    );
    expect(l.body.data.balance).toEqual({ cash: DEMO_CASH - 120_000 - 50_000 + earned, frozen: 50_000 });
    // the start banner names the balance the supplier sees, not the demo cash alone
    const cash = l.body.data.balance.cash;
    const shown = formatFen(cash);
    expect(first?.banner).toContain(`演示供应商可提现余额 ${shown}`);
    expect(first?.banner).not.toContain('¥8,650.00');
    // the demo pay password works
    expectOk(await s.post('Applycash/postNew', { amount: 1000, paypwd: DEMO_PAYCODE }));

    const f = new Client(ctx.app);
    const demoFinance = DEMO_ADMINS.find((a) => a.role === 'finance')!;
    expectOk(await f.post('Admin/login', { username: demoFinance.username, password: demoFinance.password }));
    const q = await f.post<{
      total: number;
      listItem: Array<{ payoutName: string; verifiedRealname: string }>;
    }>('Admin/withdrawList', { status: 'pending' });
    expectOk(q);
    expect(q.body.data.total).toBe(2);
    // the demo's payee is the demo supplier's verified real name (docs/withdrawals.md "The payee")
    for (const i of q.body.data.listItem)
      expect(i).toMatchObject({
        payoutName: DEMO_SUPPLIER_REALNAME,
        verifiedRealname: DEMO_SUPPLIER_REALNAME,
      });

    // a restart seeds nothing twice
    const again = await seedDemoData(ctx.database.db);
    expect(again?.banner ?? '').not.toContain('提现');
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
    // seeding the whole demo takes ~30 s on a busy 2-core machine
  });
});

// The demo data that `npm start` seeds (apps/server/src/demo/, README "Demo accounts"), checked
// in one seeded database: seeding the whole demo costs tens of seconds, so every check here
// shares the one seeding of beforeAll, where a second seeding stands for a restart. Each test
// runs alone too (`npx vitest run test/demo.test.ts -t '…'`); the one that changes the data (a
// new withdrawal) is the last.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HomeInfo, ShowInfo, ShowWorks, UserInfo } from '@zl/shared';
import { formatFen } from '@zl/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTRACT_TITLES } from '../src/demo/demo-contract.ts';
import { DEMO_EARNING_PROJECTS } from '../src/demo/demo-earnings.ts';
import { DEMO_EVALUATED_TITLE, DEMO_TO_EVALUATE_TITLE } from '../src/demo/demo-evaluation.ts';
import { DEMO_QA_TITLE, DEMO_SUPPLIER_COINS } from '../src/demo/demo-marketplace.ts';
import { DEMO_REPORT_PREPAY_FEN, DEMO_REPORT_TITLE } from '../src/demo/demo-report.ts';
import { DEMO_STAGE_TITLES } from '../src/demo/demo-stages.ts';
import { DEMO_SUPPLIER_REALNAME } from '../src/demo/demo-verification.ts';
import { DEMO_CASH, DEMO_PAYCODE } from '../src/demo/demo-withdraw.ts';
import { DEMO_ACCOUNTS, DEMO_ADMINS, DEMO_PASSWORD, seedDemoData } from '../src/demo/seed.ts';
import { contractPdf } from '../src/modules/contract/contract.service.ts';
import { LocalDiskStorage } from '../src/modules/file/storage.ts';
import { filingInfo, filingPdf } from '../src/modules/filing/filing.service.ts';
import { isInvoiceFileOf, paidNet } from '../src/modules/invoice/invoice.repo.ts';
import { coinBalance, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { questionList } from '../src/modules/question/question.service.ts';
import { Client, count, expectOk, login, rows } from './helpers.ts';
import { getFile, storedFiles, tempUploadDir, useTestApp } from './member-fixtures.ts';

const dir = tempUploadDir();
const ctx = useTestApp({ env: { UPLOAD_DIR: dir } });

/** What the demo seeding writes, counted table by table. */
async function demoCounts(): Promise<Record<string, number>> {
  const [n] = await rows<Record<string, number>>(
    ctx,
    sql`select (select count(*)::int from members) as members,
               (select count(*)::int from admins) as admins,
               (select count(*)::int from projects) as projects,
               (select count(*)::int from quotes) as quotes,
               (select count(*)::int from files) as files,
               (select count(*)::int from showroom_cases) as cases,
               (select count(*)::int from designs) as designs,
               (select count(*)::int from services) as services,
               (select count(*)::int from tips) as tips,
               (select count(*)::int from project_questions) as questions,
               (select count(*)::int from invoices) as invoices,
               (select count(*)::int from evaluations) as evaluations,
               (select count(*)::int from complaints) as complaints,
               (select count(*)::int from withdrawals) as withdrawals,
               (select count(*)::int from filings) as filings,
               (select count(*)::int from ledger_postings) as postings`,
  );
  return n!;
}

let first: { banner: string } | null = null;
let again: { banner: string } | null = null;
let seeded: Record<string, number> = {};
beforeAll(async () => {
  const storage = new LocalDiskStorage(dir);
  first = await seedDemoData(ctx.database.db, { storage });
  seeded = await demoCounts();
  // a restart: the same seeding again, on the seeded database
  again = await seedDemoData(ctx.database.db, { storage });
}, 300_000); // the whole demo (every contract PDF drafted, every picture resized): minutes on a busy machine

describe('demo seeding', () => {
  it('seeds every part once: a restart adds nothing and says nothing new', async () => {
    for (const part of [
      /200 金币/,
      /\/show\?id=/,
      /3 个设计作品与 3 项服务/,
      /finance/,
      new RegExp(DEMO_PAYCODE),
    ])
      expect(first?.banner).toMatch(part);
    expect(again?.banner ?? '').not.toMatch(/金币|演示项目|\/show\?id=|设计作品|提现/);
    expect(await demoCounts()).toEqual(seeded);
    expect(seeded.projects).toBe(29);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it('hashes the password of each demo member on its own (no shared hash or salt); both log in', async () => {
    const hashes = await rows<{ mobile: string; password_hash: string }>(
      ctx,
      sql`select mobile, password_hash from members where mobile in (${DEMO_ACCOUNTS[0].mobile}, ${DEMO_ACCOUNTS[1].mobile})`,
    );
    expect(hashes).toHaveLength(2);
    expect(hashes[0]!.password_hash).not.toBe(hashes[1]!.password_hash);
    const salt = (h: string) => h.split('$')[4];
    expect(salt(hashes[0]!.password_hash)).not.toBe(salt(hashes[1]!.password_hash));
    for (const a of DEMO_ACCOUNTS) expectOk(await login(new Client(ctx.app), a.mobile, DEMO_PASSWORD));
  });
});

describe('demo Q&A', () => {
  it('the bidding project shows an answer and a clarification to the supplier, and the customer a question to answer', async () => {
    const [p] = await rows<{ id: number; customer_id: number }>(
      ctx,
      sql`select id, customer_id from projects where title = ${DEMO_QA_TITLE}`,
    );
    const [s] = await rows<{ id: number }>(
      ctx,
      sql`select id from members where mobile = ${DEMO_ACCOUNTS[0].mobile}`,
    );
    // raw rows: a bigint is a string from the PostgreSQL driver; the service takes numbers, as a session gives them
    const toSupplier = await questionList(ctx.database.db, Number(s!.id), Number(p!.id));
    expect(toSupplier.open).toBe(true);
    expect(toSupplier.listItem.map((q) => [q.kind, q.asker, q.answer !== null, q.mine])).toEqual([
      ['question', '供应商A', true, true],
      ['clarification', '', false, false],
      ['question', '供应商A', false, true],
    ]);
    const toCustomer = await questionList(ctx.database.db, Number(p!.customer_id), Number(p!.id));
    expect(toCustomer.listItem.filter((q) => q.kind === 'question' && q.answer === null)).toHaveLength(1);
  });
});

describe('demo invoices', () => {
  it('the project awaiting acceptance has one invoice issued (its file readable by both) and one asked for', async () => {
    const [p] = await rows<{ id: number; customer_id: number }>(
      ctx,
      sql`select id, customer_id from projects where title = ${DEMO_REPORT_TITLE}`,
    );
    const invs = await rows<{ status: string; amount: number; file_id: string | null; supplier_id: number }>(
      ctx,
      sql`select status, amount, file_id, supplier_id from invoices where project_id = ${p!.id} order by id`,
    );
    expect(invs.map((i) => [i.status, Number(i.amount)])).toEqual([
      ['issued', DEMO_REPORT_PREPAY_FEN / 2],
      ['requested', DEMO_REPORT_PREPAY_FEN / 2],
    ]);
    expect(await isInvoiceFileOf(ctx.database.db, invs[0]!.file_id!, Number(p!.customer_id))).toBe(true);
    expect(await paidNet(ctx.database.db, Number(p!.id))).toBe(DEMO_REPORT_PREPAY_FEN);
  });
});

describe('demo delivery steps', () => {
  it("the supplier's next action on a completed project follows who has evaluated", async () => {
    const c = new Client(ctx.app);
    expectOk(await login(c, DEMO_ACCOUNTS[0].mobile, DEMO_PASSWORD));
    const list = await c.post<{
      listItem: Array<{ title: string; delivery: { label: string; next: { label: string } } | null }>;
    }>('Projectcenter/factoryPrjctList', { state: 'won', page: 1, pageSize: 50 });
    expectOk(list);
    const next = (title: string) =>
      list.body.data.listItem.find((p) => p.title === title)?.delivery?.next.label;
    expect(next(DEMO_EVALUATED_TITLE)).toBe('已评价');
    expect(next(DEMO_TO_EVALUATE_TITLE)).toBe('评价参展商');
    expect(next(DEMO_CONTRACT_TITLES.toSign)).toBe('下载并签订合同');
  });
});

describe('demo messages', () => {
  it("both demo accounts find the tips of their projects' steps, once, the recent ones unread", async () => {
    const totals: number[] = [];
    for (const a of DEMO_ACCOUNTS) {
      const c = new Client(ctx.app);
      expectOk(await login(c, a.mobile, DEMO_PASSWORD));
      const tips = await c.post<{ listItem: Array<{ title: string }>; total: number; unread: number }>(
        'Tipcenter/getList',
        { page: 1, pageSize: 50 },
      );
      expectOk(tips);
      expect(tips.body.data.total).toBeGreaterThan(3);
      expect(tips.body.data.unread).toBeGreaterThan(0);
      expect(tips.body.data.unread).toBeLessThan(tips.body.data.total);
      totals.push(tips.body.data.total);
    }
    expect(totals[0]).not.toBe(totals[1]);
    // the second seeding (beforeAll) added none
    const [n] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from tips`);
    expect(n!.n).toBe(totals[0]! + totals[1]!);
  });
});

describe('demo bills', () => {
  it('the demo supplier has months of 收支明细 from real quote fees and refunds; the coins are unchanged', async () => {
    const c = new Client(ctx.app);
    expectOk(await login(c, DEMO_ACCOUNTS[0].mobile, DEMO_PASSWORD));
    const list = await c.post<{
      listItem: Array<{ type: string; created: string; balance: number }>;
      total: number;
    }>('Bills/transaction', { account: 'coins', pageSize: 50 });
    expectOk(list);
    const items = list.body.data.listItem;
    expect(items.map((b) => b.type)).toEqual([
      ...Array.from({ length: 4 }, () => ['quote_refund', 'quote_fee']).flat(),
      'demo_grant',
    ]);
    expect(items[0]!.balance).toBe(DEMO_SUPPLIER_COINS);
    const months = new Set(items.map((b) => b.created.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(4);
    const chart = await c.post<{ listItem: Array<{ in: number; out: number }> }>('Bills/monthly', {
      currency: 'COIN',
      months: 6,
    });
    expect(chart.body.data.listItem.filter((m) => m.in + m.out > 0).length).toBeGreaterThanOrEqual(4);
    // the second seeding (beforeAll) added nothing
    expect((await c.post<{ total: number }>('Bills/transaction', { account: 'coins' })).body.data.total).toBe(
      items.length,
    );
    // the cash side: the demo cash and the withdrawals of demo-withdraw.ts
    const cash = await c.post<{ listItem: Array<{ type: string }> }>('Bills/transaction', {
      account: 'cash',
      pageSize: 50,
    });
    const types = cash.body.data.listItem.map((b) => b.type);
    expect(types).toContain('demo_cash');
    // the oldest: the first release of the year of earnings (demo-earnings.ts)
    expect(types.at(-1)).toBe('escrow_release');
    expect(cash.body.data.listItem.filter((b) => b.type === 'withdraw_freeze')).toHaveLength(2);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });
});

describe('demo home', () => {
  it('the demo supplier home has to-dos, figures and months of earnings (docs/home.md "Demo")', async () => {
    const c = new Client(ctx.app);
    expectOk(await login(c, DEMO_ACCOUNTS[0].mobile, DEMO_PASSWORD));
    const r = await c.post<HomeInfo>('Member/homeInfo', {});
    expectOk(r);
    const h = r.body.data;
    expect(h.earnings.filter((e) => e.amount > 0).length).toBeGreaterThanOrEqual(5);
    expect(h.figures.completed).toBeGreaterThanOrEqual(10);
    expect(h.figures.winRate).not.toBeNull();
    // the contract to sign and the building projects' reports are the supplier's to-dos
    expect(h.todos.delivery.length).toBeGreaterThanOrEqual(2);
    expect(h.projects.length).toBeGreaterThan(0);
  });
});

describe('demo marketplace data', () => {
  it('gives the demo supplier coins and the demo customer projects in the order centre', async () => {
    const [supplier] = await rows<{ id: number; personauth: number; realname: string; checked: number }>(
      ctx,
      sql`select m.id, m.personauth, m.realname, a.checked
            from members m join person_auths a on a.member_id = m.id
           where m.mobile = ${DEMO_ACCOUNTS[0].mobile}`,
    );
    expect(await coinBalance(ctx.database.db, Number(supplier!.id))).toBe(DEMO_SUPPLIER_COINS);
    // verified, through an approved submission as the console would leave it (docs/delivery.md "Demo")
    expect(supplier).toMatchObject({ personauth: 1, realname: '陈鼎盛', checked: 1 });
    // the demo customer reaches contracts, so it is verified too, and the contract names it so
    const [customer] = await rows<{ id: number; personauth: number; realname: string; checked: number }>(
      ctx,
      sql`select m.id, m.personauth, m.realname, a.checked
            from members m join person_auths a on a.member_id = m.id
           where m.mobile = ${DEMO_ACCOUNTS[1].mobile}`,
    );
    expect(customer).toMatchObject({ personauth: 1, realname: '林华展', checked: 1 });
    const [toSign] = await rows<{ id: number }>(
      ctx,
      sql`select id from projects where status = 2 and customer_id = ${customer!.id} limit 1`,
    );
    const { pdf } = await contractPdf(ctx.database.db, Number(customer!.id), Number(toSign!.id));
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
    expect(text).toContain('甲方（参展商）：林华展');
    expect(text).toContain('乙方（供应商）：陈鼎盛');

    const c = new Client(ctx.app);
    expectOk(await login(c, DEMO_ACCOUNTS[1].mobile, DEMO_PASSWORD));
    const list = await c.post<{
      listItem: Array<{ status: number; biddl: string; orders: string; prov: string }>;
    }>('Customer/projectList', { page: 1, pageSize: 50 });
    expectOk(list);
    const items = list.body.data.listItem;
    // the four open or pending ones, four earlier ones that were closed (demo-bills.ts) and, for
    // the payment sandbox, one in 签约中 with the contract approved and its prepayment due
    // (docs/payments.md); the contract stages: to sign (2), under review (3), building (4)
    // (docs/delivery-contract.md "Demo"); one with its completion report awaiting acceptance
    // (docs/delivery-report.md), one in 施工中 under complaint (docs/delivery-complaint.md) and three
    // completed ones for the evaluations (docs/delivery-evaluation.md), and seven earlier completed
    // ones whose escrow was released, the supplier home's earnings (docs/home.md "Demo"); the
    // payment plan's steps: 进场款 due and 尾款 overdue (4), a 质保金 held (6) (docs/staged-escrow.md);
    // on site: one checked in and ready, one waiting for its check-in (4, docs/site.md "Demo")
    expect(items.map((p) => p.status).sort()).toEqual([
      0, 1, 1, 1, 2, 3, 3, 4, 4, 4, 4, 4, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7,
    ]);
    for (const p of items.filter((x) => x.status !== 7 && x.status !== 6)) {
      expect(p.orders).toMatch(/^P\d{12}$/);
      if (p.status < 2) expect(Date.parse(p.biddl)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    }
    const [due] = await rows<{
      contctck: number;
      ispaid: boolean;
      prepay: number;
      winner_quote_id: number | null;
    }>(
      ctx,
      sql`select contctck, ispaid, prepay, winner_quote_id from projects where status = 3 and contctck = 2`,
    );
    expect(due).toMatchObject({ contctck: 2, ispaid: false });
    expect(Number(due!.prepay)).toBe(1_280_000);
    expect(due!.winner_quote_id).not.toBeNull();
    const [review] = await rows<{ contract: string[] }>(
      ctx,
      sql`select contract from projects where status = 3 and contctck = 1`,
    );
    expect(review!.contract).toHaveLength(1);
    // every demo project past the upload shows the signed contract (attachDemoContracts)
    const [unsigned] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from projects
           where winner_quote_id is not null and status between 3 and 6 and jsonb_array_length(contract) = 0`,
    );
    expect(unsigned!.n).toBe(0);
    const [building] = await rows<{ ispaid: boolean; escrow: number }>(
      ctx,
      sql`select ispaid, prepayp as escrow from projects where title = ${DEMO_CONTRACT_TITLES.building}`,
    );
    expect(building).toMatchObject({ ispaid: true });
    expect(Number(building!.escrow)).toBe(800_000);
    expect(new Set(items.map((p) => p.prov))).toEqual(new Set(['上海市', '广东省']));
    // the demo projects carry the history that led to their step, so their timeline reads true
    const [b] = await rows<{ id: number }>(
      ctx,
      sql`select id from projects where title = ${DEMO_CONTRACT_TITLES.building}`,
    );
    const info = await c.post<{ orbits: Array<{ action: string; who: string; at: string }> }>(
      'Projectcenter/getInfo',
      { id: Number(b!.id) },
    );
    expectOk(info);
    expect(info.body.data.orbits.map((o) => `${o.who}:${o.action}`)).toEqual([
      '参展商:发布项目',
      '平台:项目审核通过',
      '参展商:选定中标供应商',
      '供应商:上传合同',
      '参展商:审核合同：通过',
      '系统:预付款已托管，开始施工',
    ]);
    const times = info.body.data.orbits.map((o) => o.at);
    expect([...times].sort()).toEqual(times);

    // the report awaiting acceptance: escrow held through prepay_in, a photo for every line
    const [rep] = await rows<{ id: number; reportck: number; contctck: number; held: number; lines: number }>(
      ctx,
      sql`select p.id, p.reportck, p.contctck,
                 (select count(*)::int from report_lines r where r.project_id = p.id and jsonb_array_length(r.photos) > 0) as lines,
                 (select coalesce(sum(l.amount), 0)::bigint from ledger_postings l join ledger_accounts a on a.id = l.account_id
                   where a.kind = 'escrow' and a.project_id = p.id) as held
            from projects p where p.status = 5`,
    );
    expect(rep).toMatchObject({ reportck: 1, contctck: 2, lines: 3 });
    expect(Number(rep!.held)).toBe(600_000);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
    // the demo supplier's score: only the revealed evaluation (5, 4, 4) counts, the hidden one not
    const sc = new Client(ctx.app);
    expectOk(await login(sc, DEMO_ACCOUNTS[0].mobile, DEMO_PASSWORD));
    expect((await sc.post<{ score: number | null }>('Member/userInfo', {})).body.data.score).toBe(4.3);
    // the whole demo is seeded here (every contract PDF drafted): minutes on a busy machine
  });
});

describe('the demo showroom', () => {
  it('fills the demo supplier showroom, with real stored images', async () => {
    expect(first?.banner).toContain(`/show?id=${DEMO_ACCOUNTS[0].cardno}`);
    const r = await new Client(ctx.app).post<ShowInfo>('Company/showInfo', {
      cardno: DEMO_ACCOUNTS[0].cardno,
    });
    expectOk(r);
    const d = r.body.data;
    expect(d.profile).toMatchObject({ isSet: true, name: '鼎盛展览工程' });
    expect(d.profile.logo).not.toBeNull();
    expect(d.profile.banner).not.toBeNull();
    expect(d.cases).toHaveLength(3);
    for (const c of d.cases) expect(c.pictures.length).toBeGreaterThanOrEqual(3);
    expect(d.personVerified).toBe(true);
    // the images are public and their bytes are in the storage (image + thumbnail each)
    const res = await ctx.app.inject({ method: 'GET', url: d.profile.logo!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const res2 = await ctx.app.inject({ method: 'GET', url: d.cases[0]!.faceimg.thumbUrl! });
    expect(res2.statusCode).toBe(200);
    const files = await count(ctx, 'files', sql`purpose in ('showroom', 'case')`);
    expect(files).toBe(2 + 3 * 4);
    expect(storedFiles(dir).length).toBeGreaterThanOrEqual(files * 2);

    expect(await count(ctx, 'showroom_cases')).toBe(3);
  });
});

describe('demo works', () => {
  it('gives the demo supplier 3 designs and 3 services with real pictures', async () => {
    const c = new Client(ctx.app);
    expectOk(await login(c, DEMO_ACCOUNTS[0].mobile, DEMO_PASSWORD));
    const info = await c.post<UserInfo>('Member/userInfo', {});
    expect(info.body.data.myworks).toBe(3);
    const show = await new Client(ctx.app).post<ShowWorks>('Company/showWorks', {
      cardno: info.body.data.cardno,
    });
    expectOk(show);
    const { designs, services } = show.body.data;
    expect(designs).toHaveLength(3);
    expect(services.map((s) => s.kind).sort()).toEqual(['priced', 'priced', 'text']);
    expect(services.filter((s) => s.kind === 'priced').every((s) => Number.isSafeInteger(s.price))).toBe(
      true,
    );
    // the pictures are served to anyone and are real images
    const url = designs[0]!.images[0]!.url;
    const res = await getFile(ctx, url);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBeGreaterThan(500);
    expect((await getFile(ctx, designs[0]!.images[0]!.thumbUrl!)).statusCode).toBe(200);

    const [n] = await rows<{ d: number; s: number }>(
      ctx,
      sql`select (select count(*)::int from designs) as d, (select count(*)::int from services) as s`,
    );
    expect(n).toEqual({ d: 3, s: 3 });
  });
});

// last: it adds a withdrawal
describe('demo withdrawals', () => {
  it('the demo supplier has cash, one paid and one pending withdrawal; the demo finance operator sees it', async () => {
    const s = new Client(ctx.app);
    expectOk(await login(s, DEMO_ACCOUNTS[0].mobile, DEMO_PASSWORD));
    const l = await s.post<{
      listItem: Array<{ amount: number; status: string }>;
      balance: { cash: number; frozen: number };
    }>('Applycash/list', {});
    expectOk(l);
    expect(l.body.data.listItem.map((i) => i.status).sort()).toEqual(['paid', 'pending']);
    // plus the escrow released on the earlier projects of demo-earnings.ts and the stages released
    // on the payment plan's demo projects (demo-stages.ts), each less its 5 % commission
    const earnedBefore = DEMO_EARNING_PROJECTS.reduce(
      (n, p) => n + p.prepay - Math.floor((p.prepay * 500) / 10_000),
      0,
    );
    const [staged] = await rows<{ n: string }>(
      ctx,
      sql`select coalesce(sum(s.amount - s.commission), 0) as n from project_stages s join projects p on p.id = s.project_id
          where s.status = 'released' and p.title in (${sql.join(
            Object.values(DEMO_STAGE_TITLES).map((t) => sql`${t}`),
            sql`, `,
          )})`,
    );
    // 进场款+预付款 of two projects and the 尾款 of the accepted one: 597,600 + 796,800 twice, 398,400
    expect(Number(staged!.n)).toBe(
      [597_600, 796_800, 597_600, 796_800, 398_400].reduce(
        (t, a) => t + a - Math.floor((a * 500) / 10_000),
        0,
      ),
    );
    // the 进场款 project's change orders: the approved 增项 (¥1,260) joined its 进场款, one waits
    const changes = await rows<{ seq: number; status: string; amount: number; progress: number }>(
      ctx,
      sql`select c.seq, c.status, c.amount, s.amount as progress from change_orders c
          join projects p on p.id = c.project_id
          join project_stages s on s.project_id = p.id and s.kind = 'progress'
          where p.title = ${DEMO_STAGE_TITLES.progressDue} order by c.seq`,
    );
    expect(changes.map((c) => [c.seq, c.status, Number(c.amount), Number(c.progress)])).toEqual([
      [1, 'approved', 126_000, 796_800 + 126_000],
      [2, 'pending', 48_000, 796_800 + 126_000],
    ]);
    const earned = earnedBefore + Number(staged!.n);
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

    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });
  it('the venue filing at each point: due in 3 days, submitted and late, approved with a 效果图 in its PDF', async () => {
    const got = await rows<{ id: number; title: string; customer_id: number; supplier_id: number }>(
      ctx,
      sql`select p.id, p.title, p.customer_id, q.supplier_id from projects p join quotes q on q.id = p.winner_quote_id
           where p.title in (${DEMO_CONTRACT_TITLES.toSign}, ${DEMO_CONTRACT_TITLES.toReview}, ${DEMO_CONTRACT_TITLES.building})`,
    );
    const by = (t: string) => got.find((r) => r.title === t)!;
    const view = (t: string) => filingInfo(ctx.database.db, Number(by(t).customer_id), Number(by(t).id));
    expect(await view(DEMO_CONTRACT_TITLES.toSign)).toMatchObject({ status: 'none', late: false });
    expect(await view(DEMO_CONTRACT_TITLES.toReview)).toMatchObject({ status: 'submitted', late: true });
    const ok = await view(DEMO_CONTRACT_TITLES.building);
    expect(ok).toMatchObject({ status: 'approved', late: false });
    expect(ok.crew.every((c) => /^\*{14}[0-9X]{4}$/.test(c.idcard))).toBe(true);
    const b = by(DEMO_CONTRACT_TITLES.building);
    const { pdf } = await filingPdf(
      ctx.database.db,
      new LocalDiskStorage(dir),
      Number(b.supplier_id),
      Number(b.id),
    );
    const f = join(dir, 'filing.pdf');
    writeFileSync(f, pdf);
    expect(execFileSync('pdfimages', ['-list', f]).toString().trim().split('\n').length - 2).toBe(1);
    expect(execFileSync('pdftotext', [f, '-']).toString()).toContain('陈建国');
  });
});

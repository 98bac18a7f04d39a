// The venue filing (docs/filing.md): the winner fills the pack and records the venue's answers;
// the customer sees it with ID numbers masked (never the whole number in any answer); the PDF read
// back with pdftotext; late marks; strangers refused; 20 saves at once write one pack.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminFilingPage, FilingView } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { upcomingDeadlines } from '../src/modules/reminder/reminder.repo.ts';
import { adminClient } from './admin-helpers.ts';
import { Client, count, expectError, expectFields, expectOk, rows, type TestContext } from './helpers.ts';
import { cookieOf, idNumber, jpeg, PDF, upload, useTestApp } from './member-fixtures.ts';
import { type Member, memberClient, verifiedSupplier } from './projectcenter-fixtures.ts';
import { buildingProject } from './report-fixtures.ts';

const ctx: TestContext = useTestApp();
let customer: Member;
beforeAll(async () => {
  customer = await memberClient(ctx, { cardtype: 'customer' });
});
const DAY = 86_400_000;

async function attachment(m: Member, pdf = false): Promise<string> {
  const r = pdf
    ? await upload(ctx, m.c, 'attachment', PDF, '保险单.pdf', 'application/pdf')
    : await upload(ctx, m.c, 'attachment', await jpeg(800, 500), '效果图.jpg', 'image/jpeg');
  expect(r.body.success).toBe(true);
  return r.body.data.id as string;
}

/** A project in 施工中 with a filing deadline `deadlineInDays` from now, its winner and customer. */
async function filingProject(deadlineInDays = 3) {
  const winner = await verifiedSupplier(ctx, 0);
  const p = await buildingProject(ctx, customer.id, winner.id);
  await rows(
    ctx,
    sql`update projects set filing_deadline = ${new Date(Date.now() + deadlineInDays * DAY).toISOString()}::timestamptz,
        hall = '5.1 馆', booth = 'A18' where id = ${p.id}`,
  );
  return { winner, p };
}

const ID_A = idNumber(101);
const ID_B = idNumber(202);
const body = async (winner: Member, id: number, over: Record<string, unknown> = {}) => ({
  id,
  power: { kw: 15.5, box: '380V/63A 三相' },
  crew: [
    { name: '李工', role: '电工', mobile: '13800138001', idcard: ID_A },
    { name: '王师傅', role: '木工', mobile: '13800138002', idcard: ID_B },
  ],
  materials: [
    { name: '阻燃板', fireRating: 'B1' },
    { name: '铝型材', fireRating: 'A' },
  ],
  insurance: await attachment(winner, true),
  ...over,
});

async function pdfOf(who: Member | null, id: number) {
  const cookie = who ? cookieOf(who.c) : '';
  return ctx.app.inject({
    method: 'GET',
    url: `/api/Projectcenter/filingPdf?id=${id}`,
    headers: cookie ? { cookie } : {},
  });
}
function pdfText(data: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'filing-'));
  const f = join(dir, 'f.pdf');
  writeFileSync(f, data);
  return execFileSync('pdftotext', ['-layout', f, '-']).toString('utf8');
}
function pdfImages(data: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'filing-'));
  const f = join(dir, 'f.pdf');
  writeFileSync(f, data);
  return execFileSync('pdfimages', ['-list', f]).toString('utf8').trim().split('\n').length - 2;
}

describe('the pack', () => {
  it('the winner saves it; the customer sees it with ID numbers masked, in no answer whole', async () => {
    const { winner, p } = await filingProject();
    const empty = await winner.c.post<FilingView>('Projectcenter/filingInfo', { id: p.id });
    expectOk(empty);
    expect(empty.body.data).toMatchObject({ status: 'none', canEdit: true, canRecord: [], late: false });
    const saved = await winner.c.post<FilingView>('Projectcenter/filingSave', await body(winner, p.id));
    expectOk(saved);
    expect(saved.body.data).toMatchObject({
      status: 'draft',
      power: { kw: 15.5, box: '380V/63A 三相' },
      canRecord: ['submitted'],
    });
    expect(saved.body.data.crew.map((c) => c.idcard)).toEqual([ID_A, ID_B]);

    const seen = await customer.c.post<FilingView>('Projectcenter/filingInfo', { id: p.id });
    expectOk(seen);
    expect(seen.body.data).toMatchObject({ role: 'customer', canEdit: false, canRecord: [] });
    expect(seen.body.data.crew.map((c) => c.idcard)).toEqual([
      `**************${ID_A.slice(-4)}`,
      `**************${ID_B.slice(-4)}`,
    ]);
    // the JSON the customer's browser receives never carries a whole ID number, nor its first digits
    const raw = JSON.stringify(seen.body);
    for (const id of [ID_A, ID_B]) {
      expect(raw).not.toContain(id);
      expect(raw).not.toContain(id.slice(0, 14));
    }
    // nor the customer's PDF
    const cpdf = await pdfOf(customer, p.id);
    expect(cpdf.statusCode).toBe(200);
    const ctext = pdfText(cpdf.rawPayload);
    expect(ctext).not.toContain(ID_A);
    expect(ctext).toContain(ID_A.slice(-4));
    expect(ctext).toContain('参展商副本');
  });

  it('the PDF carries the cover, booth data, 效果图, materials, electrical table, crew and the 施工安全责任书', async () => {
    const { winner, p } = await filingProject();
    const [render] = await rows<{ id: number }>(
      ctx,
      sql`select winner_quote_id as id from projects where id = ${p.id}`,
    );
    const pic = await attachment(winner);
    await rows(
      ctx,
      sql`update quotes set attachments = ${JSON.stringify([pic, await attachment(winner, true)])}::jsonb where id = ${render!.id}`,
    );
    // before anything is saved there is nothing to draft
    expectError(await winner.c.post('Projectcenter/filingPdf', { id: p.id }), 'INVALID_STATE');
    expectOk(await winner.c.post('Projectcenter/filingSave', await body(winner, p.id)));
    const r = await pdfOf(winner, p.id);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(String(r.headers['content-disposition'])).toContain('filename');
    const text = pdfText(r.rawPayload);
    for (const s of [
      '展台搭建报馆资料',
      '5.1 馆',
      'A18',
      '效果图 1',
      '另有 1 份 PDF 附件',
      '阻燃板',
      'B1 级（难燃）',
      '380V/63A 三相',
      '15.5',
      '李工',
      ID_A,
      '施工安全责任书',
      '甲方（参展商）',
      '乙方（搭建商）',
      '搭建商存档',
    ])
      expect(text).toContain(s);
    expect(pdfImages(r.rawPayload)).toBe(1);
  });

  it('bad input is a field message each and writes nothing', async () => {
    const { winner, p } = await filingProject();
    const ok = await body(winner, p.id);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ power: { kw: 0, box: '380V' } }, ['power.kw']],
      [{ power: { kw: 1.25, box: '380V' } }, ['power.kw']],
      [{ power: { kw: 5000, box: '' } }, ['power.kw', 'power.box']],
      [{ crew: [] }, ['crew']],
      [
        { crew: [{ name: '李工', role: '电工', mobile: '123', idcard: '110101199001011234' }] },
        ['crew.0.mobile', 'crew.0.idcard'],
      ],
      [
        { crew: [{ name: '李\u0000工', role: '', mobile: '13800138001', idcard: ID_A }] },
        ['crew.0.name', 'crew.0.role'],
      ],
      [{ materials: [{ name: '板', fireRating: 'C' }] }, ['materials.0.fireRating']],
      [{ materials: Array.from({ length: 51 }, () => ({ name: '板', fireRating: 'A' })) }, ['materials']],
      [{ insurance: 'x'.repeat(5000) }, ['insurance']],
    ];
    for (const [over, fields] of cases)
      expectFields(await winner.c.post('Projectcenter/filingSave', { ...ok, ...over }), fields);
    // another member's file, or a purpose other than attachment, is the insurance field's message
    const foreign = await attachment(customer, true);
    const r = await winner.c.post('Projectcenter/filingSave', { ...ok, insurance: foreign });
    expectError(r, 'FILE_NOT_FOUND');
    expect(Object.keys((r.body.data as { fields: object }).fields)).toEqual(['insurance']);
    expect(await count(ctx, 'filings', sql`project_id = ${p.id}`)).toBe(0);
  });

  it('20 saves at once write one pack; a submitted pack cannot be edited until the venue asks for changes', async () => {
    const { winner, p } = await filingProject();
    const b = await body(winner, p.id);
    const all = await Promise.all(
      Array.from({ length: 20 }, () => winner.c.post('Projectcenter/filingSave', b)),
    );
    expect(all.every((r) => r.body.success)).toBe(true);
    expect(await count(ctx, 'filings', sql`project_id = ${p.id}`)).toBe(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        winner.c.post('Projectcenter/filingStatus', { id: p.id, status: 'submitted' }),
      ),
    );
    expect(answers.filter((r) => r.body.success)).toHaveLength(1);
    const [f] = await rows<{ history: unknown[] }>(
      ctx,
      sql`select history from filings where project_id = ${p.id}`,
    );
    expect(f!.history).toHaveLength(1);
    expectError(await winner.c.post('Projectcenter/filingSave', b), 'INVALID_STATE');
  });
});

describe('the venue’s answers', () => {
  it('submitted → changes → edited → submitted → approved, each checked; the customer is told; late turns red and back', async () => {
    const { winner, p } = await filingProject();
    // nothing saved: nothing to submit
    expectError(
      await winner.c.post('Projectcenter/filingStatus', { id: p.id, status: 'submitted' }),
      'INVALID_STATE',
    );
    expectOk(await winner.c.post('Projectcenter/filingSave', await body(winner, p.id)));
    // an answer before the submission is refused
    expectError(
      await winner.c.post('Projectcenter/filingStatus', {
        id: p.id,
        status: 'approved',
        file: await attachment(winner, true),
      }),
      'INVALID_STATE',
    );
    expectOk(await winner.c.post('Projectcenter/filingStatus', { id: p.id, status: 'submitted' }));
    expectFields(await winner.c.post('Projectcenter/filingStatus', { id: p.id, status: 'changes' }), [
      'note',
    ]);
    expectFields(await winner.c.post('Projectcenter/filingStatus', { id: p.id, status: 'approved' }), [
      'file',
    ]);
    expectFields(await winner.c.post('Projectcenter/filingStatus', { id: p.id, status: 'maybe' }), [
      'status',
    ]);
    expectOk(
      await winner.c.post('Projectcenter/filingStatus', {
        id: p.id,
        status: 'changes',
        note: '背景墙高度超过 4 米，需降低',
      }),
    );
    const edited = await winner.c.post<FilingView>(
      'Projectcenter/filingSave',
      await body(winner, p.id, { power: { kw: 12, box: '380V/32A 三相' } }),
    );
    expect(edited.body.data.status).toBe('draft');
    expectOk(await winner.c.post('Projectcenter/filingStatus', { id: p.id, status: 'submitted' }));

    // past the deadline and not approved: late on both sides and in the console
    await rows(ctx, sql`update projects set filing_deadline = now() - interval '1 hour' where id = ${p.id}`);
    for (const m of [winner, customer]) {
      const v = await m.c.post<FilingView>('Projectcenter/filingInfo', { id: p.id });
      expect(v.body.data.late).toBe(true);
    }
    const op = await adminClient(ctx, 'reviewer');
    const lateList = await op.c.post<AdminFilingPage>('Admin/filingList', { late: true });
    expectOk(lateList);
    expect(lateList.body.data.listItem.find((r) => r.id === p.id)).toMatchObject({
      late: true,
      status: 'submitted',
    });
    expect(JSON.stringify(lateList.body)).not.toContain(ID_A);

    const doc = await attachment(winner, true);
    const approved = await winner.c.post<FilingView>('Projectcenter/filingStatus', {
      id: p.id,
      status: 'approved',
      file: doc,
      note: '审图通过',
    });
    expectOk(approved);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      late: false,
      canEdit: false,
      canRecord: [],
    });
    expect(approved.body.data.history.map((h) => h.status)).toEqual([
      'submitted',
      'changes',
      'submitted',
      'approved',
    ]);
    // an approved filing gets no more reminders of its deadline
    await rows(ctx, sql`update projects set filing_deadline = now() + interval '2 days' where id = ${p.id}`);
    const upcoming = await upcomingDeadlines(ctx.database.db, new Date(), 7);
    expect(upcoming.some((d) => d.projectId === p.id && d.subject === 'filing')).toBe(false);
    const after = await op.c.post<AdminFilingPage>('Admin/filingList', { late: true });
    expect(after.body.data.listItem.some((r) => r.id === p.id)).toBe(false);
    expectError(await winner.c.post('Projectcenter/filingSave', await body(winner, p.id)), 'INVALID_STATE');

    // the customer reads the venue's document; a stranger does not
    const seen = await customer.c.post<FilingView>('Projectcenter/filingInfo', { id: p.id });
    const url = seen.body.data.history.at(-1)!.file!.url;
    expect(
      (await ctx.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(customer.c) } })).statusCode,
    ).toBe(200);
    const other = await memberClient(ctx, { cardtype: 'customer' });
    expect(
      (await ctx.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(other.c) } })).statusCode,
    ).toBe(404);

    await ctx.app.outbox.drain();
    const tips = await rows<{ title: string }>(
      ctx,
      sql`select title from tips where member_id = ${customer.id} and link like ${`%id=${p.id}#filing`} order by id`,
    );
    expect(tips.map((t) => t.title.replace(/：.*/, ''))).toEqual([
      '报馆资料已提交场馆',
      '场馆要求修改报馆资料',
      '报馆资料已提交场馆',
      '报馆已通过',
    ]);
  });

  it('strangers are refused every call: another supplier, another customer, a logged-out caller, an operator', async () => {
    const { winner, p } = await filingProject();
    expectOk(await winner.c.post('Projectcenter/filingSave', await body(winner, p.id)));
    const other = await verifiedSupplier(ctx, 0);
    const otherCustomer = await memberClient(ctx, { cardtype: 'customer' });
    const anon = new Client(ctx.app);
    const op = await adminClient(ctx, 'super');
    for (const m of [other, otherCustomer]) {
      expectError(await m.c.post('Projectcenter/filingInfo', { id: p.id }), 'NOT_FOUND');
      expectError(
        await m.c.post('Projectcenter/filingStatus', { id: p.id, status: 'submitted' }),
        'NOT_FOUND',
      );
      expect((await pdfOf(m, p.id)).statusCode).toBe(404);
    }
    expectError(await other.c.post('Projectcenter/filingSave', await body(other, p.id)), 'NOT_FOUND');
    // the customer reads but never writes
    expectError(await customer.c.post('Projectcenter/filingSave', await body(customer, p.id)), 'NOT_FOUND');
    expectError(
      await customer.c.post('Projectcenter/filingStatus', { id: p.id, status: 'submitted' }),
      'NOT_FOUND',
    );
    for (const c of [anon, op.c])
      expectError(await c.post('Projectcenter/filingInfo', { id: p.id }), 'NOT_LOGGED_IN');
    expect((await pdfOf(null, p.id)).statusCode).toBe(401);
    // members are not operators
    expectError(await customer.c.post('Admin/filingList', {}), 'ADMIN_NOT_LOGGED_IN');
    const [f] = await rows<{ status: string }>(
      ctx,
      sql`select status from filings where project_id = ${p.id}`,
    );
    expect(f!.status).toBe('draft');
  });
});

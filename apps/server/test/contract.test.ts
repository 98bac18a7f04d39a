import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfRefusal } from '../src/modules/file/pdf-check.ts';
import { approvedAuth } from './admin-helpers.ts';
import { expectError, expectOk, rows } from './helpers.ts';
import { cookieOf, getFile, PDF, upload, uploadId, useTestApp } from './member-fixtures.ts';
import { makeProject, makeQuote } from './project-fixtures.ts';

const ctx = useTestApp({
  members: { sup: 'supplier', other: 'supplier', cust: 'customer', cust2: 'customer' },
});
const { sup, other, cust, cust2 } = ctx.members;

/** A project of `cust` awarded to `sup` (status 2), or at another status/contract state. */
async function awarded(values: Record<string, unknown> = {}) {
  const p = await makeProject(ctx, cust.id, { status: 1, prepay: (values.prepay as number) ?? 500_000 });
  const q = await makeQuote(ctx, p.id, sup.id, 5);
  await ctx.database.db.execute(
    sql`update projects set status = ${(values.status as number) ?? 2}, contctck = ${(values.contctck as number) ?? 0},
        ispaid = ${(values.ispaid as boolean) ?? false}, winner_quote_id = ${q.id}, awarded_at = now() where id = ${p.id}`,
  );
  return p;
}

async function project(id: number) {
  const [p] = await rows<Record<string, unknown>>(ctx, sql`select * from projects where id = ${id}`);
  return p!;
}

async function contractFile(who = sup): Promise<string> {
  const r = await upload(ctx, who.c, 'contract', PDF, '合同.pdf', 'application/pdf');
  expect(r.body.success).toBe(true);
  return r.body.data.id as string;
}

async function pdfOf(who: { c: Parameters<typeof cookieOf>[0] } | null, id: number | string, method = 'GET') {
  const cookie = who ? cookieOf(who.c) : '';
  return ctx.app.inject(
    method === 'GET'
      ? { method, url: `/api/Projectcenter/contractPdf?id=${id}`, headers: cookie ? { cookie } : {} }
      : {
          method: 'POST',
          url: '/api/Projectcenter/contractPdf',
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          payload: JSON.stringify({ id }),
        },
  );
}

function pdfText(data: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'contract-'));
  const f = join(dir, 'c.pdf');
  writeFileSync(f, data);
  return execFileSync('pdftotext', ['-layout', f, '-']).toString('utf8');
}

describe('Projectcenter/contractPdf', () => {
  it('drafts the contract with extractable Chinese text for the winner and the customer', async () => {
    const p = await awarded();
    const r = await pdfOf(sup, p.id);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(String(r.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(`展台搭建合同-${p.orders}.pdf`)}`,
    );
    expect(r.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(r.rawPayload.length).toBeLessThan(400_000); // the font is a subset
    // the winner uploads it back signed: the active-content check must let the platform's own PDF pass
    expect(pdfRefusal(r.rawPayload)).toBeNull();
    const text = pdfText(r.rawPayload);
    for (const s of [
      '展台搭建合同',
      '上海国际车展特装展台搭建',
      p.orders,
      '地面',
      '地毯',
      '¥1,080.00',
      '¥5,000.00',
      '逐项验收',
      '7 日内',
      '签字',
      // the show's hard dates (docs/show-dates.md)
      '进场布展：',
      '撤场：',
    ])
      expect(text).toContain(s);
    const post = await pdfOf(cust, p.id, 'POST');
    expect(post.statusCode).toBe(200);
    expect(pdfText(post.rawPayload)).toContain('甲方（参展商）');
  });

  it('names each party by its verified name: the company of an approved business verification, else the real name', async () => {
    // the supplier's profile says one thing, its approved business verification another; the
    // customer has a nickname and an approved personal verification; a rejected company counts for nothing
    await ctx.database.db.execute(
      sql`update members set nickname = '用户0001', company = '随便填的公司', realname = '王小明' where id = ${sup.id}`,
    );
    await approvedAuth(ctx, sup.id, 'business', { btitle: '上海鼎盛展览工程有限公司' });
    await ctx.database.db.execute(sql`update members set nickname = '用户0002' where id = ${cust.id}`);
    await approvedAuth(ctx, cust.id, 'person', { realname: '陈立华' });
    await ctx.database.db.execute(
      sql`insert into business_auths (member_id, name, mobile, cardfrt, cardrvs, bstype, btitle, bcerts, bprov, bcity, taxorder, bkname, bkorder, checked)
          select ${cust.id}, name, mobile, cardfrt, cardrvs, bstype, '被驳回的公司', bcerts, bprov, bcity, taxorder, bkname, bkorder, 2
          from business_auths where member_id = ${sup.id} limit 1`,
    );
    const p = await awarded();
    const text = pdfText((await pdfOf(cust, p.id)).rawPayload);
    expect(text).toContain('乙方（供应商）：上海鼎盛展览工程有限公司');
    expect(text).toContain('甲方（参展商）：陈立华');
    for (const s of ['用户0001', '用户0002', '随便填的公司', '王小明', '被驳回的公司'])
      expect(text).not.toContain(s);
  });

  it('anyone else, an unawarded project or bad input: NOT_FOUND / 401 / 400', async () => {
    const p = await awarded();
    const bidding = await makeProject(ctx, cust.id, { status: 1 });
    for (const who of [other, cust2]) expect((await pdfOf(who, p.id)).json().errCode).toBe('NOT_FOUND');
    expect((await pdfOf(cust, bidding.id)).json().errCode).toBe('NOT_FOUND');
    expect((await pdfOf(null, p.id)).statusCode).toBe(401);
    expect((await pdfOf(sup, 'abc')).json().errCode).toBe('VALIDATION_FAILED');
  });
});

describe('Projectcenter/fUpdateContract and Customer/contractReview', () => {
  it('upload 2 → 3 (contctck 1), the customer reads the files, rejects, upload again, approves → 4 when nothing to pay', async () => {
    const p = await awarded({ prepay: 0 });
    const f1 = await contractFile();
    const up = await sup.c.post('Projectcenter/fUpdateContract', { id: p.id, files: [f1] });
    expectOk(up);
    expect(up.body.data).toMatchObject({ status: 3, contctck: 1, contract: [f1] });
    // the customer may read the contract file; another customer may not
    expect((await getFile(ctx, `/files/${f1}`, cust.c)).statusCode).toBe(200);
    expect((await getFile(ctx, `/files/${f1}`, cust2.c)).statusCode).toBe(404);
    // second upload while pending
    expectError(
      await sup.c.post('Projectcenter/fUpdateContract', { id: p.id, files: [f1] }),
      'INVALID_STATE',
    );
    // reject needs a reason
    expectError(
      await cust.c.post('Customer/contractReview', { id: p.id, approve: false }),
      'VALIDATION_FAILED',
    );
    expectError(
      await cust.c.post('Customer/contractReview', { id: p.id, approve: false, reason: '金额\u0007不对' }),
      'VALIDATION_FAILED',
    );
    const rej = await cust.c.post('Customer/contractReview', {
      id: p.id,
      approve: false,
      reason: '缺少盖章',
    });
    expectOk(rej);
    expect(rej.body.data).toMatchObject({ status: 3, contctck: 3, reason: '缺少盖章' });
    expectError(await cust.c.post('Customer/contractReview', { id: p.id, approve: true }), 'INVALID_STATE');
    const f2 = await contractFile();
    const again = await sup.c.post('Projectcenter/fUpdateContract', { id: p.id, files: [f2, f1] });
    expectOk(again);
    expect(again.body.data).toMatchObject({ status: 3, contctck: 1, reason: '' });
    const ok = await cust.c.post('Customer/contractReview', { id: p.id, approve: true });
    expectOk(ok);
    expect(ok.body.data).toMatchObject({ status: 4, contctck: 2 });
    // reviewing twice, uploading after approval
    expectError(await cust.c.post('Customer/contractReview', { id: p.id, approve: true }), 'INVALID_STATE');
    expectError(
      await sup.c.post('Projectcenter/fUpdateContract', { id: p.id, files: [f2] }),
      'INVALID_STATE',
    );
    const audit = await rows<{ action: string }>(
      ctx,
      sql`select action from audit_log where target_type = 'project' and target_id = ${String(p.id)} order by id`,
    );
    // the timeline lists every contract step with who did it
    const info = await sup.c.post<{ orbits: Array<{ action: string; who: string }> }>(
      'Projectcenter/getInfo',
      {
        id: p.id,
      },
    );
    expect(info.body.data.orbits.slice(-5).map((o) => `${o.who}:${o.action}`)).toEqual([
      '供应商:上传合同',
      '参展商:审核合同：驳回',
      '供应商:上传合同',
      '参展商:审核合同：通过',
      '参展商:开始施工',
    ]);
    expect(audit.map((a) => a.action)).toEqual([
      'project.uploadContract',
      'project.reviewContract',
      'project.uploadContract',
      'project.reviewContract',
      'project.startBuilding',
    ]);
  });

  it('approved with a prepayment due stays 3 (the payment moves it to 4)', async () => {
    const p = await awarded({ prepay: 500_000 });
    expectOk(await sup.c.post('Projectcenter/fUpdateContract', { id: p.id, files: [await contractFile()] }));
    const ok = await cust.c.post('Customer/contractReview', { id: p.id, approve: true });
    expect(ok.body.data).toMatchObject({ status: 3, contctck: 2, ispaid: false });
  });

  it('ownership: another supplier, another customer, a supplier on the customer call, logged out', async () => {
    const p = await awarded();
    const mine = await contractFile(other);
    expectError(
      await other.c.post('Projectcenter/fUpdateContract', { id: p.id, files: [mine] }),
      'NOT_FOUND',
    );
    expectError(await cust.c.post('Projectcenter/fUpdateContract', { id: p.id, files: [mine] }), 'NOT_FOUND');
    expectOk(await sup.c.post('Projectcenter/fUpdateContract', { id: p.id, files: [await contractFile()] }));
    expectError(await cust2.c.post('Customer/contractReview', { id: p.id, approve: true }), 'NOT_FOUND');
    expect((await sup.c.post('Customer/contractReview', { id: p.id, approve: true })).status).toBe(403);
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/api/Projectcenter/fUpdateContract',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: p.id, files: [mine] }),
    });
    expect(anon.statusCode).toBe(401);
    expect((await project(p.id)).contctck).toBe(1);
  });

  it('bad input: files not owned, wrong purpose, none, 11 files; wrong status', async () => {
    const p = await awarded();
    const others = await contractFile(other);
    const picture = await uploadId(ctx, sup.c, 'project');
    for (const files of [[others], [picture], [], Array.from({ length: 11 }, () => others), ['x']]) {
      const r = await sup.c.post('Projectcenter/fUpdateContract', { id: p.id, files });
      expect(r.body.success).toBe(false);
      expect(['FILE_NOT_FOUND', 'VALIDATION_FAILED']).toContain(r.body.errCode);
    }
    expect(await project(p.id)).toMatchObject({ status: 2, contctck: 0 });
    const building = await awarded({ status: 4, contctck: 2 });
    expectError(
      await sup.c.post('Projectcenter/fUpdateContract', { id: building.id, files: [await contractFile()] }),
      'INVALID_STATE',
    );
    const bidding = await awarded({ status: 1 });
    expectError(
      await sup.c.post('Projectcenter/fUpdateContract', { id: bidding.id, files: [await contractFile()] }),
      'NOT_FOUND',
    );
  });

  it('20 concurrent uploads: one effect', async () => {
    const p = await awarded();
    const f = await contractFile();
    const all = await Promise.all(
      Array.from({ length: 20 }, () => sup.c.post('Projectcenter/fUpdateContract', { id: p.id, files: [f] })),
    );
    expect(all.filter((r) => r.body.success).length).toBe(1);
    expect(all.filter((r) => r.body.errCode === 'INVALID_STATE').length).toBe(19);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from audit_log where action = 'project.uploadContract' and target_id = ${String(p.id)}`,
    );
    expect(n!.n).toBe(1);
  });

  it('20 concurrent approvals: one effect', async () => {
    const p = await awarded({ prepay: 0 });
    expectOk(await sup.c.post('Projectcenter/fUpdateContract', { id: p.id, files: [await contractFile()] }));
    const all = await Promise.all(
      Array.from({ length: 20 }, () => cust.c.post('Customer/contractReview', { id: p.id, approve: true })),
    );
    expect(all.filter((r) => r.body.success).length).toBe(1);
    expect(await project(p.id)).toMatchObject({ status: 4, contctck: 2 });
  });
});

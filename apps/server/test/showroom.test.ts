import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type CaseListPage,
  type CaseView,
  SHOWROOM_RULES,
  type ShowInfo,
  type ShowroomProfile,
} from '@zl/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, count, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { completedProject, makeUpload } from './project-fixtures.ts';

/** docs/showroom.md: the supplier's showroom, its cases, the public page and its link preview. */

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-web-show-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="平台介绍" /><title>展览供应商接单平台</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const ctx = useTestApp({
  app: { webDist },
  members: { sup: 'supplier', rival: 'supplier', cust: 'customer', empty: 'supplier' },
});
const { sup, rival, cust, empty } = ctx.members;

const info = (over: Record<string, unknown> = {}) => ({
  name: '鼎盛展览',
  logo: '',
  banner: '',
  introduction: '专注展台设计搭建十年。\n服务汽车、医疗、消费电子展。',
  scale: '50–100 人',
  founded: 2012,
  regions: ['上海', '江苏', '上海'],
  specialities: ['特装展台', '木结构'],
  contact: '王经理 021-5555 0000',
  ...over,
});

async function caseBody(memberId: number, over: Record<string, unknown> = {}) {
  return {
    title: '2025 上海车展 奥迪展台',
    descr: '360 平方米双层特装',
    faceimg: await makeUpload(ctx, memberId, 'case'),
    pictures: [await makeUpload(ctx, memberId, 'case'), await makeUpload(ctx, memberId, 'case')],
    ...over,
  };
}

const caseCount = (memberId: number) => count(ctx, 'showroom_cases', sql`member_id = ${memberId}`);

describe('Company/saveInfo and cmpyInfo', () => {
  it('a supplier without a showroom sees its company name, then saves and reads it back', async () => {
    let r = await empty.c.post<ShowroomProfile>('Company/cmpyInfo', {});
    expectOk(r);
    expect(r.body.data).toMatchObject({ isSet: false, cardno: empty.cardno, logo: null, regions: [] });

    const logo = await makeUpload(ctx, sup.id, 'showroom');
    const banner = await makeUpload(ctx, sup.id, 'showroom');
    r = await sup.c.post<ShowroomProfile>('Company/saveInfo', info({ logo, banner }));
    expectOk(r);
    expect(r.body.data).toMatchObject({
      isSet: true,
      name: '鼎盛展览',
      founded: 2012,
      regions: ['上海', '江苏'],
      logo: { id: logo, url: `/files/${logo}` },
      banner: { id: banner },
    });
    r = await sup.c.post<ShowroomProfile>('Company/cmpyInfo', {});
    expect(r.body.data.introduction).toContain('\n');
    expect(r.body.data.contact).toBe('王经理 021-5555 0000');

    // saved again: replaced, still one row
    expectOk(await sup.c.post('Company/saveInfo', info({ logo, banner, name: '鼎盛展览工程' })));
    expect(await count(ctx, 'showrooms', sql`member_id = ${sup.id}`)).toBe(1);
    expect((await sup.c.post<ShowroomProfile>('Company/cmpyInfo', {})).body.data.name).toBe('鼎盛展览工程');
  });

  it('refuses bad input with Chinese field messages and changes nothing', async () => {
    const before = (await sup.c.post<ShowroomProfile>('Company/cmpyInfo', {})).body.data;
    expectFields(await sup.c.post('Company/saveInfo', info({ name: '鼎盛\u0000展览' })), ['name']);
    expectFields(await sup.c.post('Company/saveInfo', info({ introduction: '长'.repeat(2001) })), [
      'introduction',
    ]);
    expectFields(await sup.c.post('Company/saveInfo', info({ founded: 99999 })), ['founded']);
    expectFields(await sup.c.post('Company/saveInfo', info({ founded: new Date().getFullYear() + 1 })), [
      'founded',
    ]);
    expectFields(await sup.c.post('Company/saveInfo', info({ founded: '2012' })), ['founded']);
    expectFields(
      await sup.c.post(
        'Company/saveInfo',
        info({ regions: Array.from({ length: 21 }, (_, i) => `地区${i}`) }),
      ),
      ['regions'],
    );
    expectFields(await sup.c.post('Company/saveInfo', info({ specialities: ['x'.repeat(21)] })), [
      'specialities.0',
    ]);
    expectFields(await sup.c.post('Company/saveInfo', info({ logo: '../../etc/passwd' })), ['logo']);
    expectFields(await sup.c.post('Company/saveInfo', info({ extra: 1 })), ['extra']);
    // another member's upload, or a private one of its own
    const theirs = await makeUpload(ctx, rival.id, 'showroom');
    let r = await sup.c.post('Company/saveInfo', info({ logo: theirs }));
    expectError(r, 'FILE_NOT_FOUND');
    expect((r.body.data as { fields: Record<string, string> }).fields.logo).toContain('展厅标志');
    const privateOne = await makeUpload(ctx, sup.id, 'idcard');
    r = await sup.c.post('Company/saveInfo', info({ banner: privateOne }));
    expectError(r, 'FILE_NOT_FOUND');
    expect((await sup.c.post<ShowroomProfile>('Company/cmpyInfo', {})).body.data).toEqual(before);
  });

  it('20 identical saves at once leave one showroom row', async () => {
    const res = await Promise.all(
      Array.from({ length: 20 }, () => rival.c.post('Company/saveInfo', info({ name: '并发展厅' }))),
    );
    for (const r of res) expectOk(r);
    expect(await count(ctx, 'showrooms', sql`member_id = ${rival.id}`)).toBe(1);
  });

  it('customers have no showroom; no session is NOT_LOGGED_IN', async () => {
    let r = await cust.c.post('Company/saveInfo', info());
    expectError(r, 'FORBIDDEN');
    expect(r.body.errorMessage).toContain('只有供应商');
    expectError(await cust.c.post('Company/cmpyInfo', {}), 'FORBIDDEN');
    expectError(await cust.c.post('Company/saveCase', await caseBody(cust.id)), 'FORBIDDEN');
    expectError(await cust.c.post('Company/listCase', {}), 'FORBIDDEN');
    expect(await count(ctx, 'showrooms', sql`member_id = ${cust.id}`)).toBe(0);
    r = await new Client(ctx.app).post('Company/saveInfo', info());
    expectError(r, 'NOT_LOGGED_IN');
  });
});

describe('cases', () => {
  it('saves, lists, edits and deletes own cases; another member sees not found', async () => {
    const body = await caseBody(sup.id);
    let r = await sup.c.post<CaseView>('Company/saveCase', body);
    expectOk(r);
    const id = r.body.data.id;
    expect(r.body.data).toMatchObject({ title: body.title, faceimg: { id: body.faceimg } });
    expect(r.body.data.pictures.map((p) => p.id)).toEqual(body.pictures);

    const list = await sup.c.post<CaseListPage>('Company/listCase', { page: 1, pageSize: 10 });
    expectOk(list);
    expect(list.body.data.listItem.map((c) => c.id)).toContain(id);
    expect(list.body.data.total).toBe(await caseCount(sup.id));
    // the rival's list does not hold it
    const theirs = await rival.c.post<CaseListPage>('Company/listCase', {});
    expect(theirs.body.data.listItem.map((c) => c.id)).not.toContain(id);

    // the rival cannot edit or delete it
    const rivalBody = await caseBody(rival.id, { title: '改掉' });
    r = await rival.c.post('Company/editCase', { id, ...rivalBody });
    expectError(r, 'NOT_FOUND');
    expectError(await rival.c.post('Company/deleteCase', { id }), 'NOT_FOUND');
    expectError(await sup.c.post('Company/editCase', { id: 99_999_999, ...body }), 'NOT_FOUND');

    // the owner edits, with another member's picture: refused, unchanged
    r = await sup.c.post('Company/editCase', { id, ...body, pictures: [rivalBody.faceimg] });
    expectError(r, 'FILE_NOT_FOUND');
    r = await sup.c.post<CaseView>('Company/editCase', {
      id,
      ...body,
      title: '2025 上海车展 奥迪展台（双层）',
      pictures: [],
    });
    expectOk(r);
    expect(r.body.data).toMatchObject({ title: '2025 上海车展 奥迪展台（双层）', pictures: [] });

    expectOk(await sup.c.post('Company/deleteCase', { id }));
    expectError(await sup.c.post('Company/deleteCase', { id }), 'NOT_FOUND');
  });

  it('refuses bad case input', async () => {
    const body = await caseBody(sup.id, { title: '坏输入测试' });
    const before = await caseCount(sup.id);
    expectFields(await sup.c.post('Company/saveCase', { ...body, title: 'a\u0007b' }), ['title']);
    expectFields(await sup.c.post('Company/saveCase', { ...body, descr: 'x'.repeat(1001) }), ['descr']);
    expectFields(await sup.c.post('Company/saveCase', { ...body, faceimg: '' }), ['faceimg']);
    expectFields(
      await sup.c.post('Company/saveCase', {
        ...body,
        pictures: Array.from({ length: SHOWROOM_RULES.casePicturesMax + 1 }, () => body.faceimg),
      }),
      ['pictures'],
    );
    expectFields(await sup.c.post('Company/saveCase', { ...body, pictures: 'abc' }), ['pictures']);
    expectFields(await sup.c.post('Company/editCase', { ...body, id: 1e20 }), ['id']);
    expectFields(await sup.c.post('Company/deleteCase', { id: 'x' }), ['id']);
    expectFields(await sup.c.post('Company/listCase', { pageSize: 1000 }), ['pageSize']);
    expect(await caseCount(sup.id)).toBe(before);
  });

  it('20 identical saves at once store one case; a duplicate title is refused', async () => {
    const body = await caseBody(sup.id, { title: '并发案例' });
    const before = await caseCount(sup.id);
    const res = await Promise.all(Array.from({ length: 20 }, () => sup.c.post('Company/saveCase', body)));
    expect(res.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of res.filter((x) => !x.body.success)) {
      expectError(r, 'INVALID_STATE');
      expect(r.body.errorMessage).toContain('同名案例');
    }
    expect(await caseCount(sup.id)).toBe(before + 1);
  });

  it('never stores more than the limit, even with 20 different saves at once', async () => {
    const m = rival;
    const face = await makeUpload(ctx, m.id, 'case');
    const have = await caseCount(m.id);
    for (let i = have; i < SHOWROOM_RULES.casesMax - 1; i++) {
      expectOk(await m.c.post('Company/saveCase', { title: `案例 ${i}`, faceimg: face }));
    }
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        m.c.post('Company/saveCase', { title: `并发 ${i}`, faceimg: face }),
      ),
    );
    expect(res.filter((r) => r.body.success)).toHaveLength(1);
    const refused = res.find((r) => !r.body.success)!;
    expectError(refused, 'INVALID_STATE');
    expect(refused.body.errorMessage).toContain(`最多 ${SHOWROOM_RULES.casesMax} 个`);
    expect(await caseCount(m.id)).toBe(SHOWROOM_RULES.casesMax);
  });
});

describe('Company/showInfo (public)', () => {
  it('answers without a session: profile, cases, score, track record, revealed evaluations only', async () => {
    // one revealed evaluation (both sides), one still hidden (only the customer's)
    const shown = await completedProject(ctx, cust.id, sup.id, { title: '公开评价的项目' });
    expectOk(await sup.c.post('Projectcenter/factoryCmt', { id: shown, score: 5, content: '参展商很专业' }));
    expectOk(
      await cust.c.post('Customer/evaluate', {
        id: shown,
        quality: 5,
        service: 4,
        punctuality: 3,
        content: '展台做得漂亮',
      }),
    );
    const hidden = await completedProject(ctx, cust.id, sup.id, { title: '未公开评价的项目' });
    expectOk(
      await cust.c.post('Customer/evaluate', {
        id: hidden,
        quality: 1,
        service: 1,
        punctuality: 1,
        content: '尚未公开的内容',
      }),
    );
    await rows(
      ctx,
      sql`update members set businsauth = 1, company = '上海鼎盛展览有限公司' where id = ${sup.id}`,
    );

    const anon = new Client(ctx.app);
    const r = await anon.post<ShowInfo>('Company/showInfo', { cardno: sup.cardno });
    expectOk(r);
    const d = r.body.data;
    expect(d.profile).toMatchObject({ cardno: sup.cardno, isSet: true, name: '鼎盛展览工程' });
    expect(d.businessVerified).toBe(true);
    expect(d.personVerified).toBe(false);
    expect(d.score).toBe(4);
    expect(d.trackRecord.completed).toBeGreaterThanOrEqual(2);
    expect(d.cases.length).toBe(await caseCount(sup.id));
    expect(d.evaluations).toHaveLength(1);
    expect(d.evaluationCount).toBe(1);
    expect(d.evaluations[0]).toMatchObject({ projectTitle: '公开评价的项目', content: '展台做得漂亮' });
    expect(d.evaluations[0]!.authorName).toMatch(/\*\*$/);
    expect(d.mine).toBe(false);
    // nothing private leaves
    const text = r.res.body;
    expect(text).not.toContain(sup.mobile);
    expect(text).not.toContain(cust.mobile);
    expect(text).not.toContain('尚未公开的内容');
    expect(text).not.toMatch(/idcard|realname|mobile/);
    // the supplier itself: mine
    expect((await sup.c.post<ShowInfo>('Company/showInfo', { cardno: sup.cardno })).body.data.mine).toBe(
      true,
    );
  });

  it('a supplier without a showroom still has a page; customers and unknown numbers do not', async () => {
    const anon = new Client(ctx.app);
    const r = await anon.post<ShowInfo>('Company/showInfo', { cardno: empty.cardno });
    expectOk(r);
    expect(r.body.data).toMatchObject({ profile: { isSet: false }, cases: [], evaluations: [], score: null });
    expectError(await anon.post('Company/showInfo', { cardno: cust.cardno }), 'NOT_FOUND');
    expectError(await anon.post('Company/showInfo', { cardno: '00000000' }), 'NOT_FOUND');
    expectFields(await anon.post('Company/showInfo', { cardno: '1234' }), ['cardno']);
    expectFields(await anon.post('Company/showInfo', { cardno: `${sup.cardno}\u0000` }), ['cardno']);
    expectFields(await anon.post('Company/showInfo', { cardno: 12345678 }), ['cardno']);
  });
});

describe('GET /show link preview', () => {
  const page = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('fills title and Open Graph tags for a supplier, escaped', async () => {
    const logo = await makeUpload(ctx, sup.id, 'showroom');
    expectOk(
      await sup.c.post(
        'Company/saveInfo',
        info({ logo, name: '"><script>alert(1)</script>', introduction: '<b>好</b> & 快' }),
      ),
    );
    const res = await page(`/show?id=${sup.cardno}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<title>&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;的展厅');
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toMatch(/<meta property="og:title" content="&#34;&#62;&#60;script&#62;/);
    expect(html).toContain('<meta property="og:description" content="&#60;b&#62;好&#60;/b&#62; &#38; 快" />');
    expect(html).toContain(`<meta name="description" content="&#60;b&#62;好&#60;/b&#62; &#38; 快" />`);
    const base = ctx.config.server.publicBaseUrl;
    expect(html).toContain(`<meta property="og:image" content="${base}/files/${logo}" />`);
    expect(html).toContain(`<meta property="og:url" content="${base}/show?id=${sup.cardno}" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('a supplier without a showroom: its name, no picture', async () => {
    const html = (await page(`/show?id=${empty.cardno}`)).body;
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain(
      `<meta property="og:url" content="${ctx.config.server.publicBaseUrl}/show?id=${empty.cardno}" />`,
    );
    expect(html).not.toContain('og:image');
  });

  it('unknown, customer and malformed ids get the plain page', async () => {
    for (const url of [`/show?id=00000000`, `/show?id=${cust.cardno}`, '/show?id=<x>', '/show']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>展览供应商接单平台</title>');
      expect(res.body).not.toContain('og:title');
    }
  });
});

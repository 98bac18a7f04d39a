// Project Q&A while bidding (docs/questions.md): who may ask, answer and clarify; what every other
// supplier sees (the asker as 供应商A, B…, never a name, mobile or member number); tips; the close
// with bidding; bad input; double submissions and races.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { askerLetter } from '../src/modules/question/question.service.ts';
import { makeMember } from './admin-helpers.ts';
import { Client, count, expectError, expectFields, expectOk, rows, type TestContext } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject, makeQuote, makeUpload } from './project-fixtures.ts';
import { type Member, memberClient, verifiedSupplier } from './projectcenter-fixtures.ts';

interface Q {
  id: number;
  kind: 'question' | 'clarification';
  asker: string;
  askerCardno: string;
  mine: boolean;
  content: string;
  pictures: Array<{ id: string; url: string }>;
  answer: string | null;
  asked: string;
  published: string | null;
}
interface QList {
  listItem: Q[];
  open: boolean;
  newSinceMyQuote: number;
}

const ctx: TestContext = useTestApp();
let customer: Member;
let otherCustomer: Member;

beforeAll(async () => {
  customer = await memberClient(ctx, { cardtype: 'customer', personauth: 1, realname: '李参展' });
  otherCustomer = await memberClient(ctx, { cardtype: 'customer' });
});

const future = (days: number) => new Date(Date.now() + days * 86_400_000);
const bidding = () => makeProject(ctx, customer.id, { status: 1, biddl: future(5) });
const list = async (m: Member, id: number) => {
  const r = await m.c.post<QList>('Projectcenter/questionList', { id });
  expectOk(r);
  return r.body.data;
};
const ask = (m: Member, id: number, content: string, extra: Record<string, unknown> = {}) =>
  m.c.post<Q>('Projectcenter/askQuestion', { id, content, ...extra });
const answer = (id: number, questionId: number, content: string, who: Member = customer) =>
  who.c.post<Q>('Customer/answerQuestion', { id, questionId, content });
const tipsTo = (memberId: number, projectId: number) =>
  rows<{ title: string; content: string; link: string }>(
    ctx,
    sql`select title, content, link from tips where member_id = ${memberId}
        and link like ${`%id=${projectId}`} order by id`,
  );

describe('askerLetter', () => {
  it('A … Z, then AA, AB …', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(askerLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('asking and answering', () => {
  it('a supplier asks; the customer sees it with the real supplier; others see it once answered, anonymised', async () => {
    const p = await bidding();
    const a = await verifiedSupplier(ctx, 0);
    const b = await verifiedSupplier(ctx, 0);
    const c = await verifiedSupplier(ctx, 0);
    const pic = await makeUpload(ctx, a.id, 'project');
    const qa = await ask(a, p.id, '地面承重是多少？', { pictures: [pic] });
    expectOk(qa);
    expect(qa.body.data).toMatchObject({ kind: 'question', asker: '供应商A', mine: true, answer: null });
    expect(qa.body.data.pictures.map((x) => x.id)).toEqual([pic]);
    const qb = await ask(b, p.id, '品牌色是哪几个？');
    expect(qb.body.data.asker).toBe('供应商B');
    const qa2 = await ask(a, p.id, '吊点是否包含？');
    expect(qa2.body.data.asker).toBe('供应商A');

    // unanswered: the asker sees its own, nobody else among the suppliers
    expect((await list(a, p.id)).listItem.map((q) => q.content)).toEqual([
      '地面承重是多少？',
      '吊点是否包含？',
    ]);
    expect((await list(c, p.id)).listItem).toEqual([]);
    // the customer: every question with the real supplier
    const all = await list(customer, p.id);
    expect(all.listItem.map((q) => [q.asker, q.askerCardno])).toEqual([
      ['张三', a.cardno],
      ['张三', b.cardno],
      ['张三', a.cardno],
    ]);
    expect(all.open).toBe(true);

    expectOk(await answer(p.id, qb.body.data.id, '蓝色 PANTONE 286C 和白色'));
    const seenByC = await list(c, p.id);
    expect(seenByC.listItem).toEqual([
      expect.objectContaining({
        asker: '供应商B',
        askerCardno: '',
        mine: false,
        content: '品牌色是哪几个？',
        answer: '蓝色 PANTONE 286C 和白色',
      }),
    ]);
    // nothing in what a supplier reads names another supplier
    const text = JSON.stringify(await list(c, p.id)) + JSON.stringify(await list(a, p.id));
    for (const who of [a, b]) {
      expect(text).not.toContain(who.cardno);
      expect(text).not.toContain(who.mobile);
    }
    expect(text).not.toContain('张三');
  });

  it('a clarification reaches every supplier at once; tips go to those who quoted or favourited', async () => {
    const p = await bidding();
    const quoted = await verifiedSupplier(ctx, 10);
    const kept = await verifiedSupplier(ctx, 0);
    const stranger = await verifiedSupplier(ctx, 0);
    await makeQuote(ctx, p.id, quoted.id, 1);
    expectOk(await kept.c.post('Myfavorite/bPrjctFvr', { id: p.id }));
    const r = await customer.c.post<Q>('Customer/clarify', { id: p.id, content: '展台需预留 2 米消防通道' });
    expectOk(r);
    expect(r.body.data).toMatchObject({ kind: 'clarification', asker: '', answer: null });
    expect(r.body.data.published).not.toBeNull();
    expect((await list(stranger, p.id)).listItem.map((q) => q.content)).toEqual(['展台需预留 2 米消防通道']);
    await ctx.app.outbox.drain();
    expect((await tipsTo(quoted.id, p.id)).map((t) => t.title)).toEqual([
      expect.stringContaining('项目有新的补充说明'),
    ]);
    expect(await tipsTo(kept.id, p.id)).toHaveLength(1);
    expect(await tipsTo(stranger.id, p.id)).toHaveLength(0);
  });

  it('tips: the customer is told of a question, the asker of its answer, followers of a new answer — never its text', async () => {
    const p = await bidding();
    const asker = await verifiedSupplier(ctx, 0);
    const follower = await verifiedSupplier(ctx, 0);
    expectOk(await follower.c.post('Myfavorite/bPrjctFvr', { id: p.id }));
    const q = await ask(asker, p.id, '需要提供效果图吗？');
    await ctx.app.outbox.drain();
    const toCustomer = await tipsTo(customer.id, p.id);
    expect(toCustomer.map((t) => t.title)).toEqual([expect.stringContaining('有供应商提问')]);
    expect(toCustomer[0]!.link).toBe(`/customer/project?id=${p.id}`);
    expectOk(await answer(p.id, q.body.data.id, '需要，三个角度'));
    await ctx.app.outbox.drain();
    expect((await tipsTo(asker.id, p.id)).map((t) => t.title)).toEqual(['您的问题已回答']);
    const f = await tipsTo(follower.id, p.id);
    expect(f.map((t) => t.title)).toEqual([expect.stringContaining('项目有新的答疑')]);
    expect(f[0]!.link).toBe(`/orderDetail?id=${p.id}`);
    expect(JSON.stringify([...toCustomer, ...f])).not.toMatch(/效果图|三个角度/);
  });

  it('the quote form learns of answers published after the quote', async () => {
    const p = await bidding();
    const s = await verifiedSupplier(ctx, 10);
    const other = await verifiedSupplier(ctx, 0);
    const early = await ask(other, p.id, '报价是否含税？');
    expectOk(await answer(p.id, early.body.data.id, '含 6% 增值税'));
    expect((await list(s, p.id)).newSinceMyQuote).toBe(0); // no quote yet
    await makeQuote(ctx, p.id, s.id, 1);
    expect((await list(s, p.id)).newSinceMyQuote).toBe(0);
    const late = await ask(other, p.id, '可以用铝型材吗？');
    expect((await list(s, p.id)).newSinceMyQuote).toBe(0); // asked, not yet answered
    expectOk(await answer(p.id, late.body.data.id, '可以'));
    expectOk(await customer.c.post('Customer/clarify', { id: p.id, content: '搭建时间改为 3 天' }));
    expect((await list(s, p.id)).newSinceMyQuote).toBe(2);
  });
});

describe('who may do what', () => {
  it('asking: a customer, an unverified supplier, a logged-out caller and an unapproved project are refused', async () => {
    const p = await bidding();
    expectError(await ask(otherCustomer, p.id, '问题'), 'FORBIDDEN');
    const unverified = await memberClient(ctx, { cardtype: 'workshop' });
    expectError(await ask(unverified, p.id, '问题'), 'NOT_VERIFIED');
    const anon = new Client(ctx.app);
    expectError(await anon.post('Projectcenter/askQuestion', { id: p.id, content: '问题' }), 'NOT_LOGGED_IN');
    expectError(await anon.post('Projectcenter/questionList', { id: p.id }), 'NOT_LOGGED_IN');
    const pending = await makeProject(ctx, customer.id, { status: 0, checked: 0, biddl: future(5) });
    const s = await verifiedSupplier(ctx, 0);
    expectError(await ask(s, pending.id, '问题'), 'NOT_FOUND');
    expectError(await s.c.post('Projectcenter/questionList', { id: pending.id }), 'NOT_FOUND');
    expect(await count(ctx, 'project_questions', sql`project_id in (${p.id}, ${pending.id})`)).toBe(0);
  });

  it('answering and clarifying: only the project’s own customer; another customer’s project is not found', async () => {
    const p = await bidding();
    const s = await verifiedSupplier(ctx, 0);
    const q = await ask(s, p.id, '问题一');
    expectError(await answer(p.id, q.body.data.id, '回答', otherCustomer), 'NOT_FOUND');
    expectError(await otherCustomer.c.post('Customer/clarify', { id: p.id, content: '说明' }), 'NOT_FOUND');
    // a supplier cannot use the customer's calls
    expectError(await answer(p.id, q.body.data.id, '回答', s), 'FORBIDDEN');
    // a question id of another project
    const p2 = await bidding();
    expectError(await answer(p2.id, q.body.data.id, '回答'), 'NOT_FOUND');
    const [row] = await rows<{ answer: string | null }>(
      ctx,
      sql`select answer from project_questions where id = ${q.body.data.id}`,
    );
    expect(row!.answer).toBeNull();
  });

  it('closed with bidding: no question or clarification after the deadline; an answer until the award', async () => {
    const p = await bidding();
    const s = await verifiedSupplier(ctx, 0);
    const q = await ask(s, p.id, '最后一个问题');
    await ctx.database.db.execute(
      sql`update projects set biddl = now() - interval '1 minute' where id = ${p.id}`,
    );
    expectError(await ask(s, p.id, '又一个问题'), 'BIDDING_CLOSED');
    expectError(await customer.c.post('Customer/clarify', { id: p.id, content: '说明' }), 'BIDDING_CLOSED');
    expect((await list(s, p.id)).open).toBe(false);
    expectOk(await answer(p.id, q.body.data.id, '截止后仍可回答'));
    await ctx.database.db.execute(sql`update projects set status = 2 where id = ${p.id}`);
    const q2 = await rows<{ id: number }>(
      ctx,
      sql`insert into project_questions (project_id, supplier_id, content) values (${p.id}, ${s.id}, '迟到的问题') returning id`,
    );
    // a raw row's bigint id is a string from the PostgreSQL driver
    expectError(await answer(p.id, Number(q2[0]!.id), '已定标'), 'INVALID_STATE');
  });
});

describe('contact details before the award', () => {
  it('a mobile, a WeChat id, a QQ number and an e-mail in a question, an answer or a clarification are stored as ＊', async () => {
    const p = await bidding();
    const s = await verifiedSupplier(ctx, 0);
    const q = await ask(s, p.id, '方便的话打我 138 0013 8000，或加微信 buildpro99');
    expectOk(q);
    expect(q.body.data.content).toBe('方便的话打我 ＊＊＊ ＊＊＊＊ ＊＊＊＊，或加微信 ＊＊＊＊＊＊＊＊＊＊');
    const a = await answer(p.id, q.body.data.id, '请在平台沟通，不要发 QQ 12345678 或 a.b@qq.com');
    expect(a.body.data.answer).toBe('请在平台沟通，不要发 QQ ＊＊＊＊＊＊＊＊ 或 ＊＊＊＊＊＊＊＊＊＊');
    const c = await customer.c.post<Q>('Customer/clarify', {
      id: p.id,
      content: '联系人电话一三八零零一三八零零零',
    });
    expect(c.body.data.content).toBe('联系人电话＊＊＊＊＊＊＊＊＊＊＊');
    const stored = await rows<{ content: string; answer: string | null }>(
      ctx,
      sql`select content, answer from project_questions where project_id = ${p.id} order by id`,
    );
    expect(JSON.stringify(stored)).not.toMatch(/0013|buildpro|12345678|a\.b@|一三八/);
    // the trade's own figures are left alone
    const fig = await ask(s, p.id, '展台 13800×2500，报价 ¥138,000.00 含税吗？');
    expect(fig.body.data.content).toBe('展台 13800×2500，报价 ¥138,000.00 含税吗？');
  });
});

describe('bad input and repeats', () => {
  it('empty, too long, control characters, a foreign picture: a field message, nothing stored', async () => {
    const p = await bidding();
    const s = await verifiedSupplier(ctx, 0);
    const foreign = await makeUpload(ctx, (await makeMember(ctx, { cardtype: 'workshop' })).id, 'project');
    const own = await makeUpload(ctx, s.id, 'project');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: '' }, 'content'],
      [{ content: '   ' }, 'content'],
      [{ content: '问'.repeat(501) }, 'content'],
      [{ content: 'a\u0000b' }, 'content'],
      [{ content: '问题', pictures: Array.from({ length: 10 }, () => own) }, 'pictures'],
      [{ content: '问题', pictures: ['../etc/passwd'] }, 'pictures.0'],
    ];
    for (const [body, field] of cases) {
      const r = await s.c.post('Projectcenter/askQuestion', { id: p.id, ...body });
      expect(r.status).toBeLessThan(500);
      expectFields(r, [field]);
    }
    // another member's upload: refused on its field, like every upload a form names
    const r = await s.c.post<unknown>('Projectcenter/askQuestion', {
      id: p.id,
      content: '问题',
      pictures: [foreign],
    });
    expectError(r, 'FILE_NOT_FOUND');
    expect(Object.keys((r.body.data as { fields: Record<string, string> }).fields)).toEqual(['pictures.0']);
    const q = await ask(s, p.id, '正常的问题');
    for (const content of ['', '答'.repeat(501), 'x\u0007y']) {
      expectFields(await answer(p.id, q.body.data.id, content), ['content']);
      expectFields(await customer.c.post('Customer/clarify', { id: p.id, content }), ['content']);
    }
    expectFields(
      await customer.c.post('Customer/answerQuestion', { id: p.id, questionId: -1, content: '答' }),
      ['questionId'],
    );
    expect(await count(ctx, 'project_questions', sql`project_id = ${p.id}`)).toBe(1);
  });

  it('a double click asks once (Idempotency-Key); 20 answers at once: one answer, the rest told it is answered', async () => {
    const p = await bidding();
    const s = await verifiedSupplier(ctx, 0);
    const key = { 'Idempotency-Key': `ask-${p.id}-once` };
    const [r1, r2] = await Promise.all([
      s.c.post<Q>('Projectcenter/askQuestion', { id: p.id, content: '双击的问题' }, key),
      s.c.post<Q>('Projectcenter/askQuestion', { id: p.id, content: '双击的问题' }, key),
    ]);
    expectOk(r1);
    expectOk(r2);
    expect(r2.body.data.id).toBe(r1.body.data.id);
    expect(await count(ctx, 'project_questions', sql`project_id = ${p.id}`)).toBe(1);

    const rs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => answer(p.id, r1.body.data.id, `回答 ${i}`)),
    );
    const ok = rs.filter((r) => r.body.success);
    expect(ok).toHaveLength(1);
    for (const r of rs.filter((x) => !x.body.success)) expectError(r, 'INVALID_STATE');
    const [row] = await rows<{ answer: string }>(
      ctx,
      sql`select answer from project_questions where id = ${r1.body.data.id}`,
    );
    expect(row!.answer).toBe(ok[0]!.body.data.answer);
    await ctx.app.outbox.drain();
    expect(await tipsTo(s.id, p.id)).toHaveLength(1);
  });
});

import type {
  DesignInfo,
  DesignList,
  DesignView,
  ServiceInfo,
  ServiceList,
  ServiceView,
  ShowWorks,
  UserInfo,
} from '@zl/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, count, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { uploadId, useTestApp } from './member-fixtures.ts';

const ctx = useTestApp({
  members: { sup: 'supplier', rival: 'supplier', cust: 'customer', many: 'supplier' },
});
const { sup, rival, cust, many } = ctx.members;

let designImg = '';
let serviceImg = '';
let anon: Client;

beforeAll(async () => {
  designImg = await uploadId(ctx, sup.c, 'design');
  serviceImg = await uploadId(ctx, sup.c, 'service');
  anon = new Client(ctx.app);
});

const design = (over: Record<string, unknown> = {}) => ({
  title: '科技感双开口展台',
  style: '科技感',
  area: 54,
  images: [designImg],
  description: '灯箱与 LED 屏结合，\n洽谈区半开放。',
  ...over,
});
const priced = (over: Record<string, unknown> = {}) => ({
  kind: 'priced',
  title: '特装展台搭建',
  price: 68_000,
  unit: '元/㎡',
  images: [serviceImg],
  content: '含设计、材料、搭建与撤展',
  ...over,
});
const text = (over: Record<string, unknown> = {}) => ({
  kind: 'text',
  title: '展会全程服务说明',
  content: '第一段：前期沟通与现场勘测。\n\n第二段：设计、报价与搭建。',
  ...over,
});

describe('designs', () => {
  it('save, list, edit, delete own designs; myworks counts them', async () => {
    let r = await sup.c.post<DesignView>('Company/saveDesign', design());
    expectOk(r);
    const d = r.body.data;
    expect(d).toMatchObject({ title: '科技感双开口展台', style: '科技感', area: 54 });
    expect(d.images[0]).toEqual({
      id: designImg,
      url: `/files/${designImg}`,
      thumbUrl: `/files/${designImg}/thumb`,
    });
    const info = await sup.c.post<UserInfo>('Member/userInfo', {});
    expect(info.body.data.myworks).toBe(1);

    const list = await sup.c.post<DesignList>('Company/listDesign', {});
    expect(list.body.data).toMatchObject({ total: 1, max: 50 });
    expect(list.body.data.listItem[0]!.id).toBe(d.id);

    r = await sup.c.post<DesignView>(
      'Company/editDesign',
      design({ id: d.id, title: '改名后的展台', area: 72 }),
    );
    expectOk(r);
    expect(r.body.data).toMatchObject({ id: d.id, title: '改名后的展台', area: 72 });

    // public detail, readable without login; `mine` only for the owner
    const pub = await anon.post<DesignInfo>('Company/designInfo', { id: d.id });
    expectOk(pub);
    expect(pub.body.data).toMatchObject({
      title: '改名后的展台',
      mine: false,
      supplier: { cardno: sup.cardno },
    });
    expect((await sup.c.post<DesignInfo>('Company/designInfo', { id: d.id })).body.data.mine).toBe(true);

    expectOk(await sup.c.post('Company/deleteDesign', { id: d.id }));
    expectError(await sup.c.post('Company/deleteDesign', { id: d.id }), 'NOT_FOUND');
    expectError(await anon.post('Company/designInfo', { id: d.id }), 'NOT_FOUND');
    expect((await sup.c.post<UserInfo>('Member/userInfo', {})).body.data.myworks).toBe(0);
  });

  it("another supplier's design is not found for edit and delete, and stays unchanged", async () => {
    const d = (await sup.c.post<DesignView>('Company/saveDesign', design({ title: '别人的展台' }))).body.data;
    const img = await uploadId(ctx, rival.c, 'design');
    expectError(
      await rival.c.post('Company/editDesign', design({ id: d.id, title: '被改了', images: [img] })),
      'NOT_FOUND',
    );
    expectError(await rival.c.post('Company/deleteDesign', { id: d.id }), 'NOT_FOUND');
    const [row] = await rows<{ title: string }>(ctx, sql`select title from designs where id = ${d.id}`);
    expect(row!.title).toBe('别人的展台');
    // nor can it use someone else's picture
    const r = await rival.c.post('Company/saveDesign', design({ title: '盗图作品', images: [designImg] }));
    expectError(r, 'FILE_NOT_FOUND');
    expect(await count(ctx, 'designs', sql`member_id = ${rival.id}`)).toBe(0);
  });

  it('refuses customers and logged-out callers in Chinese', async () => {
    const r = await cust.c.post('Company/saveDesign', design());
    expectError(r, 'FORBIDDEN');
    expect(r.body.errorMessage).toBe('只有供应商账号可以使用此功能');
    expectError(await anon.post('Company/listDesign', {}), 'NOT_LOGGED_IN');
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const before = await count(ctx, 'designs');
    let r = await sup.c.post('Company/saveDesign', design({ title: '展\u0000台', area: 1e12, images: [] }));
    const f = expectFields(r, ['title', 'area', 'images']);
    expect(f.title).toContain('控制字符');
    r = await sup.c.post('Company/saveDesign', design({ title: 'x'.repeat(41), style: '', area: 1.5 }));
    expectFields(r, ['title', 'style', 'area']);
    r = await sup.c.post('Company/saveDesign', design({ description: '长'.repeat(1001), area: '54' }));
    expectFields(r, ['description', 'area']);
    r = await sup.c.post(
      'Company/saveDesign',
      design({ images: Array.from({ length: 10 }, () => designImg) }),
    );
    expectFields(r, ['images']);
    r = await sup.c.post('Company/saveDesign', design({ images: [designImg, designImg] }));
    expectFields(r, ['images']);
    // a service picture is not a design picture
    expectError(await sup.c.post('Company/saveDesign', design({ images: [serviceImg] })), 'FILE_NOT_FOUND');
    r = await sup.c.post('Company/editDesign', design({ id: 2 ** 60 }));
    expectFields(r, ['id']);
    expect(await count(ctx, 'designs')).toBe(before);
  });

  it('20 identical concurrent saves: one design', async () => {
    const body = design({ title: '并发同名展台' });
    const out = await Promise.all(Array.from({ length: 20 }, () => sup.c.post('Company/saveDesign', body)));
    expect(out.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of out.filter((x) => !x.body.success)) expectFields(r, ['title']);
    expect(await count(ctx, 'designs', sql`member_id = ${sup.id} and title = '并发同名展台'`)).toBe(1);
  });

  it('the limit of 50 holds under 20 concurrent saves', async () => {
    await ctx.database.db.execute(
      sql`insert into designs (member_id, title, style, area)
          select ${many.id}, '已有作品' || g, '现代简约', 30 from generate_series(1, 47) g`,
    );
    const img = await uploadId(ctx, many.c, 'design');
    const out = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        many.c.post('Company/saveDesign', design({ title: `并发作品${i}`, images: [img] })),
      ),
    );
    expect(out.filter((r) => r.body.success)).toHaveLength(3);
    const refused = out.filter((r) => !r.body.success);
    for (const r of refused) expectError(r, 'INVALID_STATE');
    expect(refused[0]!.body.errorMessage).toContain('最多 50 个');
    expect(await count(ctx, 'designs', sql`member_id = ${many.id}`)).toBe(50);
  });
});

describe('services', () => {
  it('priced and text services: money as integer 分, own list, edit, delete', async () => {
    let r = await sup.c.post<ServiceView>('Company/saveService', priced());
    expectOk(r);
    const p = r.body.data;
    expect(p).toMatchObject({ kind: 'priced', price: 68_000, unit: '元/㎡' });
    const [row] = await rows<{ price_fen: string }>(
      ctx,
      sql`select price_fen::text from services where id = ${p.id}`,
    );
    expect(row!.price_fen).toBe('68000');

    r = await sup.c.post<ServiceView>('Company/saveService', text());
    expectOk(r);
    const t = r.body.data;
    expect(t).toMatchObject({ kind: 'text', price: null, unit: null, images: [] });
    expect(t.content).toContain('\n\n第二段');

    const list = await sup.c.post<ServiceList>('Company/listService', {});
    expect(list.body.data.listItem.map((s) => s.id)).toEqual([t.id, p.id]);
    expect(list.body.data.max).toBe(30);

    r = await sup.c.post<ServiceView>(
      'Company/editService',
      priced({ id: p.id, price: 100_000_000, unit: '元/天' }),
    );
    expectOk(r);
    expect(r.body.data).toMatchObject({ price: 100_000_000, unit: '元/天' });
    // the kind stays
    expectFields(await sup.c.post('Company/editService', text({ id: p.id })), ['kind']);
    // public detail
    const pub = await anon.post<ServiceInfo>('Company/serviceInfo', { id: p.id });
    expectOk(pub);
    expect(pub.body.data).toMatchObject({
      price: 100_000_000,
      mine: false,
      supplier: { cardno: sup.cardno },
    });

    expectOk(await sup.c.post('Company/deleteService', { id: t.id }));
    expectError(await anon.post('Company/serviceInfo', { id: t.id }), 'NOT_FOUND');
  });

  it('refuses bad prices and texts, other members and customers', async () => {
    const before = await count(ctx, 'services');
    let r = await sup.c.post('Company/saveService', priced({ price: 12.5, unit: '元/斤' }));
    expectFields(r, ['price', 'unit']);
    // what the kind needs: a priced service has pictures, a price and a unit
    r = await sup.c.post('Company/saveService', priced({ images: [], price: undefined, unit: undefined }));
    expectFields(r, ['images', 'price', 'unit']);
    r = await sup.c.post('Company/saveService', priced({ content: '说'.repeat(1001) }));
    expectFields(r, ['content']);
    r = await sup.c.post('Company/saveService', priced({ price: 100_000_001 }));
    expectFields(r, ['price']);
    r = await sup.c.post('Company/saveService', priced({ price: Number.MAX_SAFE_INTEGER * 4 }));
    expectFields(r, ['price']);
    r = await sup.c.post('Company/saveService', priced({ price: 0 }));
    expectFields(r, ['price']);
    r = await sup.c.post('Company/saveService', text({ title: '\u0007响铃' }));
    expect(expectFields(r, ['title']).title).toContain('控制字符');
    r = await sup.c.post('Company/saveService', text({ content: '太短' }));
    expectFields(r, ['content']);
    r = await sup.c.post('Company/saveService', text({ content: '字'.repeat(5001) }));
    expectFields(r, ['content']);
    r = await sup.c.post('Company/saveService', text({ price: 100 }));
    expect(expectFields(r, ['price']).price).toBe('图文服务没有价格');
    r = await sup.c.post('Company/saveService', { ...text(), kind: 'other' });
    expectError(r, 'VALIDATION_FAILED');
    expectError(await sup.c.post('Company/saveService', text({ images: [designImg] })), 'FILE_NOT_FOUND');
    expectError(await cust.c.post('Company/saveService', text()), 'FORBIDDEN');
    expect(await count(ctx, 'services')).toBe(before);

    const mine = (await sup.c.post<ServiceView>('Company/saveService', text({ title: '仅本人可改' }))).body
      .data;
    expectError(await rival.c.post('Company/editService', text({ id: mine.id, title: '被改' })), 'NOT_FOUND');
    expectError(await rival.c.post('Company/deleteService', { id: mine.id }), 'NOT_FOUND');
    expect((await rival.c.post<ServiceList>('Company/listService', {})).body.data.total).toBe(0);
  });

  it('the limit of 30 holds under 20 concurrent saves', async () => {
    await ctx.database.db.execute(
      sql`insert into services (member_id, kind, title, content)
          select ${many.id}, 'text', '已有服务' || g, '这是一段足够长的服务说明。' from generate_series(1, 28) g`,
    );
    const out = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        many.c.post('Company/saveService', text({ title: `并发服务${i}` })),
      ),
    );
    expect(out.filter((r) => r.body.success)).toHaveLength(2);
    for (const r of out.filter((x) => !x.body.success)) expectError(r, 'INVALID_STATE');
    expect(await count(ctx, 'services', sql`member_id = ${many.id}`)).toBe(30);
  });
});

describe('public showcase', () => {
  it('shows a supplier’s designs and services by cardno without login, nothing private', async () => {
    await sup.c.post('Company/saveDesign', design({ title: '展示用作品' }));
    await sup.c.post('Company/saveService', priced({ title: '展示用服务' }));
    const r = await anon.post<ShowWorks>('Company/showWorks', { cardno: sup.cardno });
    expectOk(r);
    expect(r.body.data.supplier.cardno).toBe(sup.cardno);
    expect(r.body.data.designs.some((d) => d.title === '展示用作品')).toBe(true);
    expect(r.body.data.services.some((s) => s.title === '展示用服务')).toBe(true);
    expect(r.res.body).not.toContain(sup.mobile);
    expect(r.res.body).not.toContain('member_id');
    expect(r.res.body).not.toContain('memberId');
  });

  it('unknown cardno, a customer or a bad cardno: not found / field error', async () => {
    expectError(await anon.post('Company/showWorks', { cardno: '00000000' }), 'NOT_FOUND');
    expectError(await anon.post('Company/showWorks', { cardno: cust.cardno }), 'NOT_FOUND');
    expectFields(await anon.post('Company/showWorks', { cardno: '1234' }), ['cardno']);
    expectFields(await anon.post('Company/showWorks', { cardno: 12345678 }), ['cardno']);
    expectFields(await anon.post('Company/serviceInfo', { id: 'abc' }), ['id']);
  });
});

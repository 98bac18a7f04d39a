import type { ShowWorks, UserInfo } from '@zl/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../src/demo/seed.ts';
import { LocalDiskStorage } from '../src/modules/file/storage.ts';
import { Client, expectOk, login, rows } from './helpers.ts';
import { getFile, tempUploadDir, useTestApp } from './member-fixtures.ts';

const dir = tempUploadDir();
const ctx = useTestApp({ env: { UPLOAD_DIR: dir } });

describe('demo works', () => {
  it('gives the demo supplier 3 designs and 3 services with real pictures, once', async () => {
    const storage = new LocalDiskStorage(dir);
    const first = await seedDemoData(ctx.database.db, { storage });
    expect(first?.banner).toMatch(/3 个设计作品与 3 项服务/);
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

    const again = await seedDemoData(ctx.database.db, { storage });
    expect(again?.banner ?? '').not.toMatch(/设计作品/);
    const [n] = await rows<{ d: number; s: number }>(
      ctx,
      sql`select (select count(*)::int from designs) as d, (select count(*)::int from services) as s`,
    );
    expect(n).toEqual({ d: 3, s: 3 });
  });
});

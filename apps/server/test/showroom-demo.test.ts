import type { ShowInfo } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/demo/seed.ts';
import { LocalDiskStorage } from '../src/modules/file/storage.ts';
import { Client, count, expectOk } from './helpers.ts';
import { storedFiles, tempUploadDir, useTestApp } from './member-fixtures.ts';

const dir = tempUploadDir();
const ctx = useTestApp({ env: { UPLOAD_DIR: dir } });

describe('the demo showroom', () => {
  it('fills the demo supplier showroom once, with real stored images', async () => {
    const storage = new LocalDiskStorage(dir);
    const first = await seedDemoData(ctx.database.db, { storage });
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

    // once per database
    const again = await seedDemoData(ctx.database.db, { storage });
    expect(again?.banner ?? '').not.toContain('/show?id=');
    expect(await count(ctx, 'showroom_cases')).toBe(3);
    expect(await count(ctx, 'files', sql`purpose in ('showroom', 'case')`)).toBe(files);
  });
});

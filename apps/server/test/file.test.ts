import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, expectError, expectFields, expectOk, rows } from './helpers.ts';
import {
  getFile,
  jpeg,
  operatorCookie,
  PDF,
  png,
  storedFiles,
  tempUploadDir,
  upload,
  uploadRaw,
  useTestApp,
} from './member-fixtures.ts';

const dir = tempUploadDir();
// 1 MB keeps the oversize test fast; the default (10 MB) is checked in the config test below.
const ctx = useTestApp({
  env: { UPLOAD_DIR: dir, UPLOAD_MAX_MB: '1' },
  members: { a: 'supplier', b: 'supplier' },
});
const { a, b } = ctx.members;
let op: string;
beforeAll(async () => {
  op = await operatorCookie(ctx);
});

// biome-ignore lint/suspicious/noExplicitAny: envelope bodies in assertions
const asResponse = (r: { status: number; body: any; res: any }) => r;

async function expectNothingStored(run: () => Promise<unknown>) {
  const before = { rows: await count(ctx, 'files'), bytes: storedFiles(dir).length };
  await run();
  expect({ rows: await count(ctx, 'files'), bytes: storedFiles(dir).length }).toEqual(before);
}

describe('File/upload: who and how', () => {
  it('anonymous → NOT_LOGGED_IN, nothing stored', async () => {
    await expectNothingStored(async () => {
      expectError(asResponse(await upload(ctx, null, 'avatar', await png())), 'NOT_LOGGED_IN');
    });
  });

  it('a JSON body → UNSUPPORTED_MEDIA_TYPE', async () => {
    const r = await a.c.post('File/upload', { purpose: 'avatar' });
    expectError(r, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('multipart to any other call is still refused (JSON-only rule holds)', async () => {
    for (const url of ['/api/Member/userInfo', '/api/User/login']) {
      const { payload, contentType } = (await import('./member-fixtures.ts')).multipartBody([
        { name: 'mobile', value: a.mobile },
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().errCode).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('bad purpose, missing purpose, purpose after file, unknown field, no file, two files', async () => {
    const img = await png();
    await expectNothingStored(async () => {
      expectFields(asResponse(await upload(ctx, a.c, 'passport', img)), ['purpose']);
      expectFields(asResponse(await uploadRaw(ctx, a.c, [{ name: 'file', filename: 'a.png', data: img }])), [
        'purpose',
      ]);
      expectFields(
        asResponse(
          await uploadRaw(ctx, a.c, [
            { name: 'file', filename: 'a.png', data: img },
            { name: 'purpose', value: 'avatar' },
          ]),
        ),
        ['purpose'],
      );
      expectFields(
        asResponse(
          await uploadRaw(ctx, a.c, [
            { name: 'owner', value: '1' },
            { name: 'purpose', value: 'avatar' },
            { name: 'file', filename: 'a.png', data: img },
          ]),
        ),
        ['owner'],
      );
      const none = await uploadRaw(ctx, a.c, [{ name: 'purpose', value: 'avatar' }]);
      expectError(asResponse(none), 'FILE_MISSING');
      expect(none.body.data.fields).toHaveProperty('file');
      const two = await uploadRaw(ctx, a.c, [
        { name: 'purpose', value: 'avatar' },
        { name: 'file', filename: 'a.png', data: img },
        { name: 'file', filename: 'b.png', data: img },
      ]);
      expectFields(asResponse(two), ['file']);
      const empty = await upload(ctx, a.c, 'avatar', Buffer.alloc(0));
      expectError(asResponse(empty), 'FILE_MISSING');
    });
  });
});

describe('content is sniffed from the bytes', () => {
  it('a PNG named .pdf sent as application/pdf is stored and served as PNG', async () => {
    const r = await upload(ctx, a.c, 'case', await png(), 'scan.pdf', 'application/pdf');
    expectOk(asResponse(r));
    expect(r.body.data).toMatchObject({
      mime: 'image/png',
      name: 'scan.png',
      visibility: 'public',
      purpose: 'case',
    });
    const got = await getFile(ctx, r.body.data.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect((await sharp(got.rawPayload).metadata()).format).toBe('png');
  });

  it('a text file named .jpg, an EXE, a GIF, HTML and a corrupt PNG are refused; nothing stored', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const corrupt = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(100, 7)]);
    await expectNothingStored(async () => {
      for (const [data, name, type] of [
        [Buffer.from('hello, not an image'), 'cat.jpg', 'image/jpeg'],
        [exe, 'setup.png', 'image/png'],
        [gif, 'anim.gif', 'image/gif'],
        [Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png'],
        [corrupt, 'broken.png', 'image/png'],
      ] as const) {
        expectError(asResponse(await upload(ctx, a.c, 'avatar', data, name, type)), 'FILE_TYPE_NOT_ALLOWED');
      }
    });
  });

  it('a PDF is accepted for a contract, stored as-is and served as an attachment (RFC 5987 name)', async () => {
    const r = await upload(ctx, a.c, 'contract', PDF, '合同 v1.pdf', 'application/octet-stream');
    expectOk(asResponse(r));
    expect(r.body.data).toMatchObject({
      mime: 'application/pdf',
      size: PDF.length,
      width: null,
      height: null,
      thumbUrl: null,
      visibility: 'private',
      name: '合同 v1.pdf',
    });
    const got = await getFile(ctx, r.body.data.url, a.c);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="__ v1.pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C%20v1.pdf`,
    );
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect((await getFile(ctx, `${r.body.data.url}/thumb`, a.c)).statusCode).toBe(404);
  });

  it('a PDF where only images belong (avatar, ID card, licence) is refused', async () => {
    for (const purpose of ['avatar', 'idcard', 'license']) {
      expectError(asResponse(await upload(ctx, a.c, purpose, PDF, 'x.pdf')), 'FILE_TYPE_NOT_ALLOWED');
    }
  });
});

describe('images are re-encoded', () => {
  it('EXIF is stripped and its orientation applied', async () => {
    const withExif = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner', Artist: 'x' } } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const r = await upload(ctx, a.c, 'design', withExif, 'p.jpg', 'image/jpeg');
    expectOk(asResponse(r));
    // orientation 6 = rotated 90°: the stored image is upright, so width and height swap
    expect(r.body.data).toMatchObject({ mime: 'image/jpeg', width: 60, height: 120 });
    const got = await getFile(ctx, r.body.data.url);
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('a thumbnail (WebP, ≤400 px) exists; big images are bounded to 4096 px', async () => {
    const big = await sharp({ create: { width: 5000, height: 1000, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const r = await upload(ctx, a.c, 'project', big, 'wide.webp', 'image/webp');
    expectOk(asResponse(r));
    expect(r.body.data).toMatchObject({ mime: 'image/webp', width: 4096, height: 819 });
    const thumb = await getFile(ctx, r.body.data.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const tm = await sharp(thumb.rawPayload).metadata();
    expect(tm.format).toBe('webp');
    expect(Math.max(tm.width!, tm.height!)).toBe(400);
  });

  it('a decompression bomb (64 MP in a small PNG) is refused', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectNothingStored(async () => {
      const r = await upload(ctx, a.c, 'case', bomb);
      expectError(asResponse(r), 'FILE_TYPE_NOT_ALLOWED');
      expect(r.body.errMsg).toContain('像素');
    });
  });
});

describe('size limit', () => {
  it('over UPLOAD_MAX_MB → FILE_TOO_LARGE 413, nothing stored', async () => {
    const img = await png();
    const huge = Buffer.concat([img, Buffer.alloc(1024 * 1024)]);
    await expectNothingStored(async () => {
      const r = await upload(ctx, a.c, 'case', huge);
      expectError(asResponse(r), 'FILE_TOO_LARGE');
      expect(r.body.errMsg).toContain('1 MB');
    });
  });

  it('the default limit is 10 MB', async () => {
    const { loadConfig } = await import('../src/config/env.ts');
    expect(loadConfig({}).uploadMaxBytes).toBe(10 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: '/srv/zl' }).uploadDir).toBe('/srv/zl/uploads');
  });
});

describe('serving and who may read', () => {
  it('public files: anyone, long-lived cache, inline, nosniff', async () => {
    const r = await upload(ctx, a.c, 'avatar', await jpeg(), '头像.jpg', 'image/jpeg');
    const got = await getFile(ctx, r.body.data.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(String(got.headers['content-disposition'])).toMatch(/^inline/);
    expect(Number(got.headers['content-length'])).toBe(r.body.data.size);
  });

  it('private files: owner and operators only; others get 404 FILE_NOT_FOUND, never 403', async () => {
    const r = await upload(ctx, a.c, 'idcard', await jpeg(), 'id.jpg', 'image/jpeg');
    expectOk(asResponse(r));
    expect(r.body.data.visibility).toBe('private');
    for (const url of [r.body.data.url, r.body.data.thumbUrl]) {
      const own = await getFile(ctx, url, a.c);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
      const other = await getFile(ctx, url, b.c);
      const anon = await getFile(ctx, url);
      for (const res of [other, anon]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().errCode).toBe('FILE_NOT_FOUND');
      }
      // the refusal looks exactly like a file that does not exist
      const missing = await getFile(ctx, '/files/AAAAAAAAAAAAAAAAAAAAAA', b.c);
      expect(missing.statusCode).toBe(404);
      expect(other.json()).toEqual(missing.json());
      const admin = await getFile(ctx, url, op);
      expect(admin.statusCode).toBe(200);
      expect(admin.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('malformed and unknown ids → 404 FILE_NOT_FOUND', async () => {
    for (const url of [
      '/files/x',
      '/files/..%2F..%2Fetc%2Fpasswd',
      `/files/${'a'.repeat(22)}`,
      '/files/a/thumb',
    ]) {
      const res = await getFile(ctx, url, op);
      expect(res.statusCode).toBe(404);
      expect(res.json().errCode).toBe('FILE_NOT_FOUND');
    }
  });

  it('operators may upload; the row names the operator, not a member', async () => {
    const r = await upload(ctx, op, 'attachment', PDF, 'note.pdf');
    expectOk(asResponse(r));
    const [row] = await rows<{ owner_member_id: number | null; owner_admin_id: number | null }>(
      ctx,
      sql`select owner_member_id, owner_admin_id from files where id = ${r.body.data.id}`,
    );
    expect(row!.owner_member_id).toBeNull();
    expect(Number(row!.owner_admin_id)).toBeGreaterThan(0);
  });

  it('storage keys are random, never the client filename; ids are 22 random characters', async () => {
    const r = await upload(ctx, a.c, 'case', await png(), '../../etc/evil name.png');
    expectOk(asResponse(r));
    expect(r.body.data.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(r.body.data.name).toBe('evil name.png');
    const [row] = await rows<{ storage_key: string; thumb_key: string }>(
      ctx,
      sql`select storage_key, thumb_key from files where id = ${r.body.data.id}`,
    );
    expect(row!.storage_key).toMatch(/^\d{4}\/\d{2}\/[A-Za-z0-9_-]{24}\.png$/);
    expect(row!.storage_key).not.toContain('evil');
    expect(row!.thumb_key).toMatch(/_t\.webp$/);
    expect(storedFiles(dir)).toContain(row!.storage_key.split('/').pop());
  });
});

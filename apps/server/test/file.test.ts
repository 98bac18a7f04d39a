import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  count,
  expectError,
  expectFields,
  expectOk,
  makeTestApp,
  rows,
  type TestContext,
} from './helpers.ts';
import {
  cookieOf,
  getFile,
  jpeg,
  type LoggedIn,
  loggedIn,
  multipartBody,
  operatorCookie,
  PDF,
  png,
  storedFiles,
  tempUploadDir,
  upload,
  uploadRaw,
} from './member-fixtures.ts';

let ctx: TestContext;
let dir: string;
let a: LoggedIn;
let b: LoggedIn;
let op: string;

beforeAll(async () => {
  dir = tempUploadDir();
  // 1 MB keeps the oversize test fast; the default (10 MB) is checked in the config test below.
  ctx = await makeTestApp({ UPLOAD_DIR: dir, UPLOAD_MAX_MB: '1' });
  a = await loggedIn(ctx);
  b = await loggedIn(ctx);
  op = await operatorCookie(ctx);
});
afterAll(() => ctx.close());

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

  it('multipart/form-data without a (usable) boundary → 400 with a clear message, nothing stored', async () => {
    const { payload } = multipartBody([{ name: 'purpose', value: 'avatar' }]);
    await expectNothingStored(async () => {
      const noBoundary = /缺少有效的 boundary/;
      for (const [contentType, message] of [
        ['multipart/form-data', noBoundary],
        ['multipart/form-data; boundary=', noBoundary],
        ['multipart/form-data; boundary=""', noBoundary],
        ['multipart/form-data; charset=utf-8', noBoundary],
        [`multipart/form-data; boundary=${'b'.repeat(71)}`, noBoundary],
        [`multipart/form-data; boundary=${'b'.repeat(300)}`, noBoundary],
        ['multipart/form-data; boundary=nomatch', /上传内容不完整/],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/File/upload',
          payload,
          headers: { 'content-type': contentType, cookie: cookieOf(a.c) },
        });
        const r = asResponse({ status: res.statusCode, body: res.json(), res });
        expectError(r, 'VALIDATION_FAILED');
        expect(r.body.errMsg, contentType).toMatch(message);
      }
    });
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

/** A minimal PDF whose catalogue carries `extra` (e.g. an /OpenAction) and whose body ends with `tail`. */
function pdfWith(extra: string, tail = ''): Buffer {
  return Buffer.from(
    `%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R${extra}>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n${tail}` +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** A PDF 1.5 object stream (Flate-compressed) holding `inner`: where a scanner of the raw bytes sees nothing. */
function pdfWithObjectStream(inner: string): Buffer {
  const body = deflateSync(Buffer.from(`3 0 ${inner}`, 'latin1'));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction 3 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n` +
        `4 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${body.length}>>stream\n`,
      'latin1',
    ),
    body,
    Buffer.from('\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'),
  ]);
}

describe('active content in PDFs is refused (docs/members.md § Uploads)', () => {
  it('script, launch, embedded files, form submission, XFA — plain, name-escaped or inside an object stream', async () => {
    const active: Array<[string, Buffer]> = [
      ['OpenAction JavaScript', pdfWith('/OpenAction<</S/JavaScript/JS(app.alert(1))>>')],
      ['hex-escaped name', pdfWith('/OpenAction<</S/J#61vaScript/J#53(app.alert(1))>>')],
      ['Names JavaScript tree', pdfWith('/Names<</JavaScript 3 0 R>>')],
      ['page additional action', pdfWith('/AA<</O<</S/JavaScript/JS 5 0 R>>>>')],
      ['Launch', pdfWith('/OpenAction<</S/Launch/F(cmd.exe)>>')],
      ['embedded file', pdfWith('/Names<</EmbeddedFiles 3 0 R>>')],
      ['SubmitForm', pdfWith('/OpenAction<</S/SubmitForm/F(https://evil.example/)>>')],
      ['XFA form', pdfWith('/AcroForm<</XFA 3 0 R>>')],
      ['in an object stream', pdfWithObjectStream('<</S/JavaScript/JS(app.alert(1))>>')],
    ];
    await expectNothingStored(async () => {
      for (const [what, data] of active) {
        const r = await upload(ctx, a.c, 'contract', data, 'x.pdf', 'application/pdf');
        expect(r.body.errCode, what).toBe('FILE_TYPE_NOT_ALLOWED');
        expectError(asResponse(r), 'FILE_TYPE_NOT_ALLOWED');
        expect(r.body.errMsg, what).toContain('可执行内容');
      }
    });
  });

  it('a PDF that is also an HTML page (polyglot) is refused', async () => {
    const polyglot = pdfWith(
      '',
      '<html><body><script>fetch("/api/Member/userInfo")</script></body></html>\n',
    );
    await expectNothingStored(async () => {
      const r = await upload(ctx, a.c, 'report', polyglot, 'x.pdf', 'application/pdf');
      expectError(asResponse(r), 'FILE_TYPE_NOT_ALLOWED');
      expect(r.body.errMsg).toContain('网页代码');
    });
  });

  it('an encrypted PDF and an object stream that cannot be read are refused; a plain one with an object stream is kept', async () => {
    await expectNothingStored(async () => {
      const enc = await upload(
        ctx,
        a.c,
        'contract',
        pdfWith('', '9 0 obj<</Filter/Standard>>endobj\ntrailer<</Encrypt 9 0 R>>\n'),
        'x.pdf',
      );
      expectError(asResponse(enc), 'FILE_TYPE_NOT_ALLOWED');
      expect(enc.body.errMsg).toContain('加密');
      const broken = Buffer.from(
        '%PDF-1.7\n4 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length 9>>stream\nnot flate\nendstream\nendobj\n%%EOF\n',
        'latin1',
      );
      expectError(asResponse(await upload(ctx, a.c, 'contract', broken, 'x.pdf')), 'FILE_TYPE_NOT_ALLOWED');
    });
    const fine = pdfWithObjectStream('<</S/GoTo/D[0/Fit]>>');
    expectOk(asResponse(await upload(ctx, a.c, 'contract', fine, 'ok.pdf', 'application/pdf')));
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

  it('the default limit is 10 MB, 500 MB a day', async () => {
    const { loadConfig } = await import('../src/config/env.ts');
    expect(loadConfig({}).uploads.maxBytes).toBe(10 * 1024 * 1024);
    expect(loadConfig({}).uploads.dailyBytes).toBe(500 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: '/srv/zl' }).uploads.dir).toBe('/srv/zl/uploads');
  });
});

describe('daily bytes per member (UPLOAD_DAILY_MB)', () => {
  // An app of its own: 5 MB a day, filled here with files of 500 KB–900 KB.
  let qctx: TestContext;
  beforeAll(async () => {
    qctx = await makeTestApp({ UPLOAD_DIR: tempUploadDir(), UPLOAD_MAX_MB: '1', UPLOAD_DAILY_MB: '5' });
  });
  afterAll(() => qctx.close());
  /** A valid, inert PDF of exactly `size` bytes (a comment line pads it). */
  function pdfOf(size: number): Buffer {
    const head = pdfWith('');
    return Buffer.concat([head, Buffer.from(`%${'x'.repeat(size - head.length - 2)}\n`, 'latin1')]);
  }
  const quotaOf = (memberId: number) =>
    rows<{ count: number }>(
      qctx,
      sql`select count from rate_counters where key = ${`upload-bytes:m:${memberId}`}`,
    );

  it('20 uploads at once: exactly what fits in the day is stored, the rest refused in Chinese', async () => {
    const m = await loggedIn(qctx);
    const file = pdfOf(500 * 1024); // 10 of them fit in 5 MB, 11 do not
    const results = await Promise.all(
      Array.from({ length: 20 }, () => upload(qctx, m.c, 'report', file, 'r.pdf', 'application/pdf')),
    );
    const ok = results.filter((r) => r.body.success);
    expect(ok).toHaveLength(10);
    for (const r of results.filter((x) => !x.body.success)) {
      expectError(asResponse(r), 'UPLOAD_QUOTA_EXCEEDED');
      expect(r.body.errMsg).toBe('今天上传的文件已达每日 5 MB 上限，请明天再试');
      expect(r.body.data.retryAfter).toBeGreaterThan(0);
      expect(r.body.data.retryAfter).toBeLessThanOrEqual(86_400);
    }
    expect(await count(qctx, 'files', sql`owner_member_id = ${m.id}`)).toBe(10);
    const [q] = await quotaOf(m.id);
    expect(Number(q!.count)).toBe(10 * file.length);
    // a small file still fits; another member is not affected
    expectOk(asResponse(await upload(qctx, m.c, 'report', pdfOf(100 * 1024), 'r.pdf')));
    expectOk(asResponse(await upload(qctx, (await loggedIn(qctx)).c, 'report', file, 'r.pdf')));
  });

  it('a refused file costs nothing of the day; the next day starts over', async () => {
    const m = await loggedIn(qctx);
    const file = pdfOf(900 * 1024);
    for (let i = 0; i < 5; i++) {
      const r = await upload(qctx, m.c, 'report', file, 'r.pdf');
      expectOk(asResponse(r));
    }
    const [before] = await quotaOf(m.id);
    // refused for what it is, not for the quota: the bytes come back
    const bad = await upload(qctx, m.c, 'report', pdfWith('/OpenAction<</S/JavaScript/JS(1)>>'), 'x.pdf');
    expectError(asResponse(bad), 'FILE_TYPE_NOT_ALLOWED');
    expect((await quotaOf(m.id))[0]!.count).toBe(before!.count);
    expectError(asResponse(await upload(qctx, m.c, 'report', file, 'r.pdf')), 'UPLOAD_QUOTA_EXCEEDED');
    await qctx.database.db.execute(
      sql`update rate_counters set window_start = window_start - interval '1 day'
          where key = ${`upload-bytes:m:${m.id}`}`,
    );
    expectOk(asResponse(await upload(qctx, m.c, 'report', file, 'r.pdf')));
    expect(Number((await quotaOf(m.id))[0]!.count)).toBe(file.length);
  });
});

describe('serving and who may read', () => {
  it('public files: anyone, long-lived cache, inline, nosniff', async () => {
    const r = await upload(ctx, a.c, 'avatar', await jpeg(), '头像.jpg', 'image/jpeg');
    const got = await getFile(ctx, r.body.data.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    // opened as a page, a file runs nothing (docs/members.md § Serving)
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
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

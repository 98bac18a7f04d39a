import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestContext } from './helpers.ts';

/**
 * docs/web.md "Compression": built assets go out as their build-time .br/.gz copies, the page and
 * JSON answers above ~1 KB are compressed per request, small answers and clients that accept
 * nothing get the plain bytes.
 */
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, 名称: `展台${i}` })))};\n`;
let dir = '';
let t: TestContext;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>t</title></head><body>${'<div class="x"></div>'.repeat(100)}</body></html>`,
  );
  const js = path.join(dir, 'assets', 'app-abc123.js');
  fs.writeFileSync(js, SCRIPT);
  // the build writes these (apps/web/precompress.ts); a marker comment proves the copy was sent
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(`${SCRIPT}//br-copy`));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(`${SCRIPT}//gz-copy`));
  // the build's landing table (apps/web/landing-preloads.ts), with one entry that is not an asset
  fs.writeFileSync(
    path.join(dir, 'landing.json'),
    JSON.stringify({
      '/orderCenter': { js: ['/assets/portal-a1.js', '/assets/page-b2.js'], css: ['/assets/page-b2.css'] },
      '/customer': { js: ['https://evil.example/x.js', '/assets/list-c3.js'], css: [] },
    }),
  );
  t = await makeTestApp({}, { webDist: dir });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compression', () => {
  it('an asset is sent as its build-time brotli copy, else gzip, else plain', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`${SCRIPT}//br-copy`);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(`${SCRIPT}//gz-copy`);

    // no document policy headers on built code (docs/web.md § Compression); what applies stays
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.headers['last-modified']).toBeUndefined();
    expect(br.headers['accept-ranges']).toBeUndefined();
    expect(br.headers.etag).toBeTruthy();

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('assets come from one route: a missing one is a 404 (not the page), nothing outside the web folder is reached, top-level files are not immutable', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toContain('immutable');
    const missing = await get('/assets/gone-000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/plain/);
    expect(missing.body).not.toContain('<!doctype');
    // anything but a built script or style sheet keeps the document headers: the 404, the icon
    expect(missing.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await get('/assets/gone-000.js?x=1')).headers['x-frame-options']).toBe('DENY');
    // a page path is still the page
    expect((await get('/orderCenter')).headers['content-type']).toMatch(/text\/html/);
    // a file beside the web folder is out of reach, however the way out is spelled
    const secret = `${dir}-secret.txt`;
    fs.writeFileSync(secret, 'SECRET-OUTSIDE');
    const name = path.basename(secret);
    for (const url of [
      `/assets/../../${name}`,
      `/assets/..%2f..%2f${name}`,
      `/assets/%2e%2e/%2e%2e/${name}`,
      `/assets/%2e%2e%2f%2e%2e%2f${name}`,
      `/assets/....//....//${name}`,
      `/${name}`,
    ]) {
      const r = await get(url);
      expect(r.body, url).not.toContain('SECRET-OUTSIDE');
    }
    fs.rmSync(secret);
    expect((await t.app.inject({ method: 'POST', url: '/assets/app-abc123.js' })).statusCode).toBe(404);
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-security-policy']).toContain("default-src 'self'");
    // an API call is still answered as one: the assets route never claims /api paths
    expect((await t.app.inject({ method: 'PUT', url: '/api/Member/homeInfo' })).statusCode).toBe(405);
  });

  it('the page and a large JSON answer are compressed per request; a small one is not', async () => {
    const page = await get('/login', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div class="x"></div>');

    const doc = await get('/api/openapi.json', 'gzip');
    expect(doc.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(doc.rawPayload).toString()).openapi).toMatch(/^3\./);

    const small = await get('/livez', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.statusCode).toBe(200);
  });
});

describe('landing preloads (docs/web.md § Page speed)', () => {
  const page = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it("a signed-in member's first request of a landing page names its chunks as preloads", async () => {
    const r = await page('/orderCenter', 'zl_sid=whatever');
    expect(r.statusCode).toBe(200);
    expect(r.headers.vary).toContain('cookie');
    expect(r.body).toContain('<link rel="modulepreload" crossorigin href="/assets/portal-a1.js">');
    expect(r.body).toContain('<link rel="modulepreload" crossorigin href="/assets/page-b2.js">');
    expect(r.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/page-b2.css">');
    // a trailing slash is the same page
    expect((await page('/orderCenter/', 'zl_sid=whatever')).body).toContain('/assets/portal-a1.js');
  });

  it('without a session cookie, or on another page, the page is the plain one', async () => {
    expect((await page('/orderCenter')).body).not.toContain('modulepreload');
    expect((await page('/orderCenter', 'other=1')).body).not.toContain('modulepreload');
    expect((await page('/mainPage', 'zl_sid=whatever')).body).not.toContain('modulepreload');
  });

  it('only asset paths from the table are named', async () => {
    const r = await page('/customer', 'zl_sid=whatever');
    expect(r.body).toContain('/assets/list-c3.js');
    expect(r.body).not.toContain('evil.example');
  });
});

describe('pickEncoding', () => {
  it('prefers br, honours q=0, and answers none for identity or nothing', async () => {
    const { pickEncoding } = await import('../src/lib/page-encoding.ts');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip;q=0')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

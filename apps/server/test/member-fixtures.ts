import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AdminRole, creditCodeCheckChar, idCardCheckChar } from '@zl/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import type { members } from '../src/db/schema/index.ts';
import { adminClient, makeMember } from './admin-helpers.ts';
import { Client, expectOk, login, makeTestApp, register, rows, type TestContext } from './helpers.ts';
import { type Member, memberClient } from './projectcenter-fixtures.ts';

/** Shared by the server tests: the app of a test file and its members; uploads and documents. */

export function tempUploadDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'zl-uploads-'));
}

/** Every file under a directory, recursively (what the storage really holds). */
export function storedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
}

export interface LoggedIn {
  c: Client;
  id: number;
  mobile: string;
  cardno: string;
}

export async function loggedIn(ctx: TestContext, extra: Record<string, unknown> = {}): Promise<LoggedIn> {
  const c = new Client(ctx.app);
  const { mobile, cardno } = await register(c, undefined, extra);
  expectOk(await login(c, mobile));
  const [m] = await rows<{ id: number }>(ctx, sql`select id from members where mobile = ${mobile}`);
  return { c, id: Number(m!.id), mobile, cardno };
}

/**
 * Who a test file signs in once for all its tests:
 * - `'supplier'` / `'customer'`: a member registered and logged in through the real calls (LoggedIn);
 * - an operator role: a console client of a fresh operator (`{ c, id, username }`);
 * - `{ row }`: a member inserted directly, not signed in (`{ id, cardno, mobile }`);
 * - `{ session }`: a member inserted directly with a live session (Member; no argon2 login).
 */
export type MemberSpec =
  | 'supplier'
  | 'customer'
  | AdminRole
  | { row: Partial<typeof members.$inferInsert> }
  | { session: Partial<typeof members.$inferInsert> };

type SignedIn<S> = S extends 'supplier' | 'customer'
  ? LoggedIn
  : S extends AdminRole
    ? { c: Client; id: number; username: string }
    : S extends { session: unknown }
      ? Member
      : { id: number; cardno: string; mobile: string };

async function signIn(ctx: TestContext, spec: MemberSpec): Promise<object> {
  if (spec === 'supplier') return loggedIn(ctx);
  if (spec === 'customer') return loggedIn(ctx, { cardtype: 'customer' });
  if (typeof spec === 'string') return adminClient(ctx, spec);
  if ('session' in spec) return memberClient(ctx, spec.session);
  return makeMember(ctx, spec.row);
}

/**
 * The app of a test file on a fresh database (makeTestApp), built before its tests and closed
 * after them, with its `members` signed in once, in the order given. What it answers is filled in
 * by the time the tests run: read it inside hooks and tests, not at the top of the file.
 */
export function useTestApp<const M extends Record<string, MemberSpec> = Record<never, MemberSpec>>(
  opts: {
    /** environment on top of the test defaults; a function is read when the app is built */
    env?: Record<string, string> | (() => Record<string, string>);
    app?: Parameters<typeof makeTestApp>[1];
    members?: M;
  } = {},
): TestContext & { members: { [K in keyof M]: SignedIn<M[K]> } } {
  const specs = Object.entries(opts.members ?? {}) as Array<[string, MemberSpec]>;
  const signed: Record<string, object> = Object.fromEntries(specs.map(([k]) => [k, {}]));
  const ctx = { members: signed } as TestContext & { members: { [K in keyof M]: SignedIn<M[K]> } };
  beforeAll(async () => {
    const env = typeof opts.env === 'function' ? opts.env() : opts.env;
    Object.assign(ctx, await makeTestApp(env, opts.app));
    for (const [k, spec] of specs) Object.assign(signed[k]!, await signIn(ctx, spec));
  });
  afterAll(() => ctx.close());
  return ctx;
}

/** An operator with a live console session, made directly in the database. */
export async function operatorCookie(ctx: TestContext, role = 'reviewer'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const [a] = await rows<{ id: number }>(
    ctx,
    sql`insert into admins (username, password_hash, role, display_name)
        values (${`op_${randomBytes(4).toString('hex')}`}, 'x', ${role}, '审核员') returning id`,
  );
  await ctx.database.db.execute(
    sql`insert into admin_sessions (id_hash, admin_id, expires_at)
        values (${createHash('sha256').update(token).digest('hex')}, ${a!.id}, now() + interval '1 hour')`,
  );
  return `zl_admin=${token}`;
}

export function cookieOf(c: Client | null): string {
  if (!c) return '';
  return [...c.cookies.entries()]
    .filter(([, v]) => v.path === '/')
    .map(([k, v]) => `${k}=${v.value}`)
    .join('; ');
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; data: Buffer };

export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----zltest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
            `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/File/upload as a member client, an operator cookie or anonymously. */
export async function uploadRaw(ctx: TestContext, who: Client | string | null, parts: Part[]) {
  const { payload, contentType } = multipartBody(parts);
  const cookie = typeof who === 'string' ? who : cookieOf(who);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/upload',
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
  // biome-ignore lint/suspicious/noExplicitAny: test convenience
  return { status: res.statusCode, body: res.json() as any, res };
}

export async function upload(
  ctx: TestContext,
  who: Client | string | null,
  purpose: string,
  data: Buffer,
  filename = 'photo.png',
  contentType = 'image/png',
) {
  return uploadRaw(ctx, who, [
    { name: 'purpose', value: purpose },
    { name: 'file', filename, contentType, data },
  ]);
}

/** Uploads and answers the new file id (fails the test when the upload fails). */
export async function uploadId(ctx: TestContext, who: Client | string, purpose: string): Promise<string> {
  const r = await upload(ctx, who, purpose, await png());
  if (!r.body.success) throw new Error(`upload failed: ${JSON.stringify(r.body)}`);
  return r.body.data.id as string;
}

export async function getFile(ctx: TestContext, url: string, who: Client | string | null = null) {
  const cookie = typeof who === 'string' ? who : cookieOf(who);
  return ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export function png(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

export function jpeg(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A valid 18-character ID number (GB 11643 check character) with a distinct sequence part. */
export function idNumber(seq: number): string {
  const first17 = `110105199001${String(1 + (seq % 28)).padStart(2, '0')}${String(seq % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

/** A valid unified social credit code (GB 32100 check character). */
export function creditCode(seq: number): string {
  const first17 = `91110105${String(seq).padStart(9, '0')}`;
  return first17 + creditCodeCheckChar(first17);
}

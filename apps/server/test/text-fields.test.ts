import { CONTROL_CHARS_MESSAGE } from '@zl/shared';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Client, expectError, expectOk, makeTestApp, PASSWORD, rows, type TestContext } from './helpers.ts';
import { type LoggedIn, loggedIn, operatorCookie, tempUploadDir } from './member-fixtures.ts';

/**
 * Issue 8 item 3, generated: every string field of every call's body and querystring schema, found
 * by walking the zod schemas the routes registered, refuses a NUL (and any other C0 control
 * character) with 400 and a message under that field; none answers 500. Runs on PGlite and on the
 * PostgreSQL server (DATABASE_URL).
 */

type Path = Array<string | number>;
interface Leaf {
  path: Path;
  /** a free text field (textSchema) or a fixed choice (enum / string literal) */
  kind: 'text' | 'choice';
  schema: z.ZodType;
}
interface Call {
  method: string;
  url: string;
  part: 'body' | 'querystring';
  schema: z.ZodType;
}

const calls: Call[] = [];
function collect(route: RouteOptions): void {
  const schema = route.schema as { body?: z.ZodType; querystring?: z.ZodType } | undefined;
  for (const part of ['body', 'querystring'] as const) {
    const s = schema?.[part];
    if (s) calls.push({ method: String(route.method), url: route.url, part, schema: s });
  }
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every leaf that accepts a string, with its path (array items at index 0). */
function leavesOf(schema: z.ZodType, path: Path = [], out = new Map<string, Leaf>()): Map<string, Leaf> {
  const def = defOf(schema);
  const add = (kind: Leaf['kind']) => {
    const key = path.join('.');
    const had = out.get(key);
    if (!had || (had.kind === 'choice' && kind === 'text')) out.set(key, { path, kind, schema });
  };
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape ?? {})) leavesOf(v, [...path, k], out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      leavesOf(def.innerType!, path, out);
      break;
    case 'pipe':
      leavesOf(def.in!, path, out);
      break;
    case 'array':
      leavesOf(def.element!, [...path, 0], out);
      break;
    case 'union':
      for (const o of def.options ?? []) leavesOf(o, path, out);
      break;
    case 'string':
      add('text');
      break;
    case 'enum':
      if (Object.values(def.entries ?? {}).some((v) => typeof v === 'string')) add('choice');
      break;
    case 'literal':
      if ((def.values ?? []).some((v) => typeof v === 'string')) add('choice');
      break;
    case 'number':
    case 'boolean':
    case 'bigint':
      break;
    default:
      // A new kind of schema: teach this walker about it rather than skip its strings.
      throw new Error(`unhandled zod type ${def.type} at ${path.join('.') || '(root)'}`);
  }
  return out;
}

/** `{}` with `value` placed at `path` (arrays where the path has an index). */
function bodyWith(path: Path, value: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let node: Record<string | number, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = typeof path[i + 1] === 'number' ? [] : {};
    node[key] = next;
    node = next as Record<string | number, unknown>;
  });
  return root;
}

let ctx: TestContext;
let workshop: LoggedIn;
let customer: LoggedIn;
beforeAll(async () => {
  ctx = await makeTestApp(
    { UPLOAD_DIR: tempUploadDir() },
    {
      onRoute: collect,
      beforeReady: (app) => {
        // What a schema let through, written to the database: PostgreSQL refuses the NUL.
        app.post('/api/Test/storeNul', { config: { guard: 'public' } }, async () => {
          await ctx.database.db.execute(sql`select ${'a\u0000b'}::text as v`);
          return null;
        });
      },
    },
  );
  // Every guard is passed, so what answers is the validation: a supplier (and a customer for the
  // customer's calls), each also holding a super operator's console session.
  workshop = await loggedIn(ctx);
  customer = await loggedIn(ctx, { cardtype: 'customer' });
  for (const m of [workshop, customer]) {
    const [name, value] = (await operatorCookie(ctx, 'super')).split('=') as [string, string];
    m.c.cookies.set(name, { value, path: '/' });
  }
});
afterAll(() => ctx.close());

/** Calls under the customer guard outside /api/Customer/ (the rest of those are members' or suppliers'). */
const CUSTOMER_CALLS = new Set(['/api/Invoice/request']);

function callerOf(url: string): Client {
  return url.startsWith('/api/Customer/') || CUSTOMER_CALLS.has(url) ? customer.c : workshop.c;
}

/** NUL in every field; in each text field also one other C0 control character or DEL, in turn. */
const OTHER_CONTROLS = ['a\u0001b', 'a\u0008b', 'a\u000bb', 'a\u001bb', 'a\u001fb', 'a\u007fb', '\u0000'];
let turn = 0;
const poisonsOf = (leaf: Leaf) =>
  leaf.kind === 'text' ? ['a\u0000b', OTHER_CONTROLS[turn++ % OTHER_CONTROLS.length]!] : ['a\u0000b'];

describe('every string field of every call refuses control characters', () => {
  it('the walk finds the calls and their fields', () => {
    const urls = calls.map((c) => c.url);
    for (const url of [
      '/api/Admin/login',
      '/api/Member/updateBaseInfo',
      '/api/Member/setPayment',
      '/api/Member/businesAuth',
      '/api/Projectcenter/searchList',
      '/api/Admin/authQueue',
      '/api/Admin/authReview',
      '/api/Admin/projectReview',
      '/api/Customer/projectSave',
      '/api/Dev/smsOutbox',
    ])
      expect(urls).toContain(url);
    const fields = calls.flatMap((c) => [...leavesOf(c.schema).keys()].map((k) => `${c.url} ${k}`));
    expect(fields).toEqual(
      expect.arrayContaining([
        '/api/Admin/login username',
        '/api/Admin/login password',
        '/api/Projectcenter/searchList keyword',
        '/api/Admin/authReview reason',
        '/api/Projectcenter/priceTable lines.dimian.0.name',
        '/api/Customer/projectSave dimian.0.remark',
        '/api/Customer/projectSave picture.0',
      ]),
    );
    expect(fields.length).toBeGreaterThan(100);
  });

  it('each text field is bounded (textSchema sets a maximum)', () => {
    const unbounded = calls.flatMap((c) =>
      [...leavesOf(c.schema).values()]
        .filter((l) => l.kind === 'text' && typeof (l.schema as z.ZodString).maxLength !== 'number')
        .map((l) => `${c.url} ${l.path.join('.')}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('a\\u0000b in any field → 400 VALIDATION_FAILED naming that field (never 500)', async () => {
    const failures: string[] = [];
    for (const call of calls) {
      for (const leaf of leavesOf(call.schema).values()) {
        const key = leaf.path.join('.');
        const where = `${call.method} ${call.url} ${call.part} ${key}`;
        const client = callerOf(call.url);
        for (const poison of poisonsOf(leaf)) {
          let r: Awaited<ReturnType<Client['post']>>;
          if (call.part === 'querystring') {
            expect(leaf.path, where).toHaveLength(1);
            r = await client.get(call.url.replace(/^\/api\//, ''), { [key]: poison });
          } else {
            r = await client.post(call.url.replace(/^\/api\//, ''), bodyWith(leaf.path, poison));
          }
          const fields = (r.body.data as { fields?: Record<string, string> } | null)?.fields ?? {};
          const message = fields[key];
          const ok =
            r.status === 400 &&
            r.body.errCode === 'VALIDATION_FAILED' &&
            message !== undefined &&
            (leaf.kind === 'choice' || message.endsWith(CONTROL_CHARS_MESSAGE));
          if (!ok)
            failures.push(`${where} ${JSON.stringify(poison)} → ${r.status} ${r.body.errCode} ${message}`);
          else expectError(r, 'VALIDATION_FAILED');
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the calls of the report, with otherwise valid bodies', () => {
  const field = (r: { body: { data: unknown } }) =>
    (r.body.data as { fields: Record<string, string> }).fields;

  it('Admin/login logged out: a NUL in the user name → 400 naming it', async () => {
    const r = await new Client(ctx.app).post('Admin/login', {
      username: 'adm\u0000in',
      password: 'admin1234',
    });
    expectError(r, 'VALIDATION_FAILED');
    expect(field(r)).toEqual({ username: `用户名${CONTROL_CHARS_MESSAGE}` });
  });

  it('Member/setPayment: a NUL in the payee → 400 naming it', async () => {
    const r = await workshop.c.post('Member/setPayment', {
      password: PASSWORD,
      paycode: '258013',
      repaycode: '258013',
      payoutType: 'bank',
      payoutName: '王\u0000五',
      payoutAccount: '6222020200112233445',
      payoutBank: '中国工商银行',
    });
    expectError(r, 'VALIDATION_FAILED');
    expect(field(r)).toEqual({ payoutName: `收款人${CONTROL_CHARS_MESSAGE}` });
  });

  it('Projectcenter/searchList and Admin/projectQueue: a NUL in the keyword → 400 naming it', async () => {
    for (const call of [
      'Projectcenter/searchList',
      'Admin/projectQueue',
      'Admin/memberList',
      'Admin/authQueue',
    ]) {
      const body =
        call === 'Admin/authQueue' ? { kind: 'person', keyword: '展\u0000台' } : { keyword: '展\u0000台' };
      const r = await workshop.c.post(call, body);
      expectError(r, 'VALIDATION_FAILED');
      expect(field(r), call).toEqual({ keyword: `关键词${CONTROL_CHARS_MESSAGE}` });
    }
  });
});

describe('what the fields still accept', () => {
  it('a text area keeps line breaks and tabs; a one-line field refuses them inside, trims them around', async () => {
    const ok = await workshop.c.post('Member/updateBaseInfo', { descr: '第一行\n第二行\r\n\t缩进' });
    expectOk(ok);
    const r = await workshop.c.post('Member/updateBaseInfo', { nickname: '两\n行' });
    expectError(r, 'VALIDATION_FAILED');
    expect((r.body.data as { fields: Record<string, string> }).fields).toEqual({
      nickname: `昵称${CONTROL_CHARS_MESSAGE}`,
    });
    // Surrounding spaces and line breaks are trimmed before the check, as before.
    expectOk(await workshop.c.post('Member/updateBaseInfo', { nickname: '  小王\n' }));
    const [m] = await rows<{ nickname: string }>(
      ctx,
      sql`select nickname from members where id = ${workshop.id}`,
    );
    expect(m?.nickname).toBe('小王');
  });
});

describe('what reaches the database anyway', () => {
  it('PostgreSQL refusing a character (SQLSTATE 22021) answers 400 with the envelope, not 500', async () => {
    const r = await new Client(ctx.app).post('Test/storeNul', {});
    expectError(r, 'VALIDATION_FAILED');
    expect(r.body.errMsg).toMatch(/字符/);
  });
});

import { Ajv2020 } from 'ajv/dist/2020.js';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_TAGS, OPENAPI_JSON_PATH, OPENAPI_UI_PREFIX } from '../src/plugins/openapi.ts';
import { Client, login, makeTestApp, register } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

type Json = Record<string, unknown>;
interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; description?: string; schema: Json }>;
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
}
interface Document {
  openapi: string;
  info: { title: string };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

/** Routes that are the documentation itself, not calls of the API. */
const isDocRoute = (url: string) => url === OPENAPI_JSON_PATH || url.startsWith(OPENAPI_UI_PREFIX);
const CJK = /[\u4e00-\u9fff]/;

/** @fastify/swagger writes `const: x` as the equivalent `enum: [x]`; the comparison does too. */
function constAsEnum(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(constAsEnum);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'const') out.enum = [v];
    else out[k] = constAsEnum(v);
  }
  return out;
}

/** The zod → JSON Schema conversion done again here, independently of the document's generator. */
function jsonOf(schema: unknown, io: 'input' | 'output'): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  return constAsEnum(json) as Json;
}

let doc: Document;
const routes: RouteOptions[] = [];
const ctx = useTestApp({ app: { onRoute: (r) => routes.push(r) } });

beforeAll(async () => {
  const res = await ctx.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
});

/** Every route a client can call (HEAD twins and the documentation's own routes aside). */
function apiRoutes() {
  return routes
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => ({ ...r, method: m })))
    .filter((r) => r.method !== 'HEAD' && !isDocRoute(r.url));
}

function operationOf(url: string, method: string): Operation | undefined {
  return doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with a Chinese title and one described tag per controller', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toMatch(CJK);
    expect(doc.tags.map((t) => t.name)).toEqual(API_TAGS.map((t) => t.name));
    for (const t of doc.tags) expect(t.description).toMatch(CJK);
  });

  it('lists every registered route, with tag, Chinese summary and description', () => {
    const listed = apiRoutes();
    expect(listed.length).toBeGreaterThan(50);
    for (const r of listed) {
      const op = operationOf(r.url, String(r.method));
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      expect(op!.tags, r.url).toHaveLength(1);
      expect(
        API_TAGS.map((t) => t.name),
        r.url,
      ).toContain(op!.tags![0]);
      expect(op!.summary, r.url).toMatch(CJK);
      expect(op!.description, r.url).toMatch(CJK);
    }
    // and nothing else: every documented operation is a registered route
    const registered = new Set(listed.map((r) => `${String(r.method).toLowerCase()} ${r.url}`));
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        expect(registered, `${method} ${path}`).toContain(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
  });

  it("carries each route's own body, querystring, params and 200 schema", () => {
    let bodies = 0;
    let answers = 0;
    for (const r of apiRoutes()) {
      const op = operationOf(r.url, String(r.method))!;
      const schema = (r.schema ?? {}) as Json;
      if (schema.body) {
        expect(op.requestBody?.content['application/json']?.schema, r.url).toEqual(
          jsonOf(schema.body, 'input'),
        );
        bodies++;
      }
      for (const [key, where] of [
        ['querystring', 'query'],
        ['params', 'path'],
      ] as const) {
        if (!schema[key]) continue;
        const json = jsonOf(schema[key], 'input') as {
          properties: Record<string, Json>;
          required?: string[];
        };
        const params = (op.parameters ?? []).filter((p) => p.in === where);
        expect(params.map((p) => p.name).sort(), r.url).toEqual(Object.keys(json.properties).sort());
        for (const p of params) {
          // a parameter's description sits on the parameter, beside its schema
          const { description, ...rest } = json.properties[p.name]!;
          expect(p.schema, `${r.url} ${p.name}`).toEqual(rest);
          expect(p.description, `${r.url} ${p.name}`).toEqual(description);
          expect(Boolean(p.required), `${r.url} ${p.name}`).toBe(
            where === 'path' || (json.required ?? []).includes(p.name),
          );
        }
      }
      const ok = (schema.response as Json | undefined)?.[200];
      if (ok) {
        expect(op.responses['200']?.content?.['application/json']?.schema, r.url).toEqual(
          jsonOf(ok, 'output'),
        );
        answers++;
      } else {
        // only the file downloads (contract, 补充协议, 报馆资料, commission statement), the metrics (Prometheus text), Alipay's notify (plain text), the sandbox's pages and the
        // bills' CSV, the live event stream and the calendar feed (iCalendar) answer something other than JSON
        expect(r.url, `${r.url} has no 200 schema`).toMatch(
          /^(\/files\/|\/sandbox\/alipay\/|\/api\/Alipay\/notify$|\/api\/Bills\/export$|\/api\/Tipcenter\/stream$|\/api\/Projectcenter\/contractPdf$|\/api\/Projectcenter\/filingPdf$|\/api\/Projectcenter\/changeOrderPdf$|\/api\/Invoice\/statement$|\/api\/Calendar\/feed\/:token\.ics$|\/metrics$)/,
        );
        const content = op.responses['200']?.content ?? {};
        expect(
          content['application/octet-stream'] ??
            content['text/plain'] ??
            content['text/html'] ??
            content['text/csv'] ??
            content['text/event-stream'] ??
            content['text/calendar'] ??
            content['application/pdf'],
          r.url,
        ).toBeDefined();
      }
      expect(op.responses.default?.content?.['application/json']?.schema, r.url).toEqual({
        $ref: '#/components/schemas/ErrorEnvelope',
      });
    }
    expect(bodies).toBeGreaterThan(40);
    expect(answers).toBeGreaterThan(50);
  });

  it('describes the upload as multipart with purpose and file', () => {
    const op = operationOf('/api/File/upload', 'POST')!;
    const form = op.requestBody?.content['multipart/form-data']?.schema as {
      properties: Json;
      required: string[];
    };
    expect(Object.keys(form.properties)).toEqual(['purpose', 'file']);
    expect(form.required).toEqual(['purpose', 'file']);
  });
});

describe('what the server sends matches the document', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const checkers = new Map<string, ReturnType<typeof ajv.compile>>();

  /** Validates an answer against the document's schema for that call and status. */
  function conforms(method: string, url: string, status: number, body: unknown): void {
    const op = operationOf(url, method)!;
    const response = op.responses[String(status)] ?? op.responses.default!;
    let schema = response.content!['application/json']!.schema;
    if (schema.$ref === '#/components/schemas/ErrorEnvelope') schema = doc.components.schemas.ErrorEnvelope!;
    const key = `${method} ${url} ${status}`;
    let check = checkers.get(key);
    if (!check) {
      check = ajv.compile(schema);
      checkers.set(key, check);
    }
    expect(
      check(body),
      `${key}: ${ajv.errorsText(check.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    ).toBe(true);
  }

  /** Calls every documented JSON call with an empty body as `client` and checks each answer. */
  async function sweep(client: Client): Promise<Record<number, number>> {
    const statuses: Record<number, number> = {};
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path === '/api/File/upload') continue;
      for (const method of Object.keys(ops)) {
        const call = path.slice('/api/'.length);
        if (call === 'User/logout' || call === 'Admin/logout') continue; // would end the session
        if (call === 'Bills/export' && client.cookies.size > 0) continue; // CSV, not JSON (bills.test.ts)
        if (call === 'Tipcenter/stream' && client.cookies.size > 0) continue; // never ends (live.test.ts)
        if (call.startsWith('Calendar/feed/')) continue; // iCalendar or a plain-text 404, not JSON (calendar.test.ts)
        const r =
          method === 'get'
            ? await client.get(call, call === 'Dev/smsOutbox' ? { mobile: '13800000000' } : undefined)
            : await client.post(call, {});
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        conforms(method.toUpperCase(), path, r.status, r.body);
      }
    }
    return statuses;
  }

  it('a logged-out caller: every answer (mostly NOT_LOGGED_IN and field errors) fits', async () => {
    const statuses = await sweep(new Client(ctx.app));
    expect(statuses[401]).toBeGreaterThan(20);
    expect(statuses[400]).toBeGreaterThan(3);
  });

  it('a signed-in supplier and customer: successes and refusals fit their schemas', async () => {
    for (const cardtype of ['workshop', 'customer']) {
      const client = new Client(ctx.app);
      const { mobile } = await register(client, undefined, { cardtype });
      expect((await login(client, mobile)).body.success).toBe(true);
      const statuses = await sweep(client);
      expect(statuses[200]).toBeGreaterThan(3);
    }
  });

  it('the probes and a file download fit too', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/livez' });
    conforms('GET', '/livez', live.statusCode, live.json());
    const ready = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    conforms('GET', '/healthz', ready.statusCode, ready.json());
    const serving = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    conforms('GET', '/readyz', serving.statusCode, serving.json());
    const missing = await ctx.app.inject({ method: 'GET', url: '/files/nope' });
    expect(missing.statusCode).toBe(404);
    conforms('GET', '/files/{id}', missing.statusCode, missing.json());
  });
});

describe('serving it', () => {
  it('the reference page and its assets outside production, under the API security headers', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: OPENAPI_UI_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
    // no inline script: the page works under the app's CSP
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const bundle = await ctx.app.inject({
      method: 'GET',
      url: `${OPENAPI_UI_PREFIX}/static/swagger-ui-bundle.js`,
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const init = await ctx.app.inject({
      method: 'GET',
      url: `${OPENAPI_UI_PREFIX}/static/swagger-initializer.js`,
    });
    expect(init.statusCode).toBe(200);
  });

  it('in production: the document is served (without the dev calls), the reference page is not', async () => {
    const prod = await makeTestApp({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '签名',
      ALIYUN_SMS_TEMPLATE: 'SMS_1',
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
      expect(res.statusCode).toBe(200);
      const paths = Object.keys((res.json() as Document).paths);
      expect(paths).toContain('/api/User/login');
      expect(paths).not.toContain('/api/Dev/smsOutbox');
      const page = await prod.app.inject({ method: 'GET', url: OPENAPI_UI_PREFIX });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toMatchObject({ success: false, errCode: 'UNKNOWN_CALL' });
    } finally {
      await prod.close();
    }
  });
});

// Traces (docs/operations.md § Traces, docs/adr/0017-traces.md). The SDK patches modules and
// registers a global provider, so everything here runs in child processes: tracing-child.ts with
// an in-memory exporter (a request's trace on this pass's database), and the launcher itself
// (src/launch.ts) with and without OTEL_EXPORTER_OTLP_ENDPOINT, against a local OTLP/HTTP collector.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './free-port.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PG = Boolean(process.env.DATABASE_URL);

interface SpanOut {
  name: string;
  kind: number;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
  status: { code: number; message?: string };
  events: Array<{ name: string; attributes?: Record<string, unknown> }>;
  links: string[];
}

/** The environment of a child: this one's without any OTEL_* variable, plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const rest = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('OTEL_')));
  return { ...rest, ...env };
}

function run(args: string[], env: Record<string, string>): { child: ChildProcess; out: () => string } {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, out: () => out };
}

describe(`a request's trace, in-memory exporter (${PG ? 'PostgreSQL' : 'PGlite'})`, () => {
  let result: { database: string; mobile: string; password: string; code: string; spans: SpanOut[] };

  beforeAll(async () => {
    // the endpoint only turns buildApp's Fastify instrumentation on: spans go to the in-memory exporter
    const p = run(['--import', 'tsx', 'apps/server/test/tracing-child.ts'], {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
    });
    const code = await new Promise((resolve) => p.child.on('exit', resolve));
    const line = p
      .out()
      .split('\n')
      .find((l) => l.startsWith('SPANS '));
    if (code !== 0 || !line) throw new Error(`tracing-child failed (${code}):\n${p.out()}`);
    result = JSON.parse(line.slice('SPANS '.length));
  }, 60_000);

  const requestTrace = () => {
    const server = result.spans.find(
      (s) =>
        s.scope === '@opentelemetry/instrumentation-http' && s.name === 'POST /api/Customer/projectCancel',
    );
    expect(server, 'the HTTP server span').toBeDefined();
    return { server: server!, spans: result.spans.filter((s) => s.traceId === server!.traceId) };
  };

  it(`one trace: the HTTP server span, the route's spans, the outbox event${PG ? ' and the queries' : ''}`, () => {
    expect(result.database).toBe(PG ? 'postgres' : 'pglite');
    const { server, spans } = requestTrace();
    expect(server.kind).toBe(1); // SERVER
    expect(server.parentSpanId).toBeUndefined();
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const request = spans.find((s) => s.scope === '@fastify/otel' && s.name === 'request');
    expect(request?.attributes).toMatchObject({
      'http.route': '/api/Customer/projectCancel',
      'http.request.method': 'POST',
      'http.response.status_code': 200,
    });
    expect(request!.parentSpanId).toBe(server.spanId);
    const handler = spans.find((s) => s.scope === '@fastify/otel' && s.name.startsWith('handler'));
    expect(handler?.parentSpanId).toBe(request!.spanId);
    const recorded = spans.find((s) => s.name === 'outbox.record project.cancel');
    expect(recorded?.attributes).toEqual({
      'outbox.event_type': 'project.cancel',
      'outbox.aggregate_type': 'project',
    });
    // the outbox span descends from the route's handler
    let up = recorded!.parentSpanId;
    while (up !== undefined && up !== handler!.spanId) up = byId.get(up)?.parentSpanId;
    expect(up).toBe(handler!.spanId);

    const queries = spans.filter(
      (s) => s.scope === '@opentelemetry/instrumentation-pg' && s.name.startsWith('pg.query'),
    );
    if (!PG) {
      expect(queries).toEqual([]); // PGlite has no pg driver to instrument
      return;
    }
    const statements = queries.map((s) => String(s.attributes['db.statement']));
    expect(statements).toContain('begin');
    expect(statements).toContain('commit');
    expect(statements.some((q) => q.startsWith('update "projects" set "status" = $1'))).toBe(true);
    // the event's insert and its notification are the outbox span's children
    const underOutbox = queries
      .filter((s) => s.parentSpanId === recorded!.spanId)
      .map((s) => s.attributes['db.statement']);
    expect(underOutbox.some((q) => String(q).startsWith('insert into "outbox_events"'))).toBe(true);
    expect(underOutbox).toContain('select pg_notify($1, $2)');
    // the session's lookup in the onRequest hook is in the request's trace too
    expect(statements.some((q) => /\bsessions\b/.test(q))).toBe(true);
    for (const q of queries) {
      expect(q.attributes['db.connection_string'], 'no password in the connection string').not.toMatch(
        /:[^/]*@/,
      );
    }
  });

  it('delivering the event is a trace of its own per handler, linked to the span that recorded it', () => {
    const { spans } = requestTrace();
    const recorded = spans.find((s) => s.name === 'outbox.record project.cancel')!;
    const deliveries = result.spans.filter((s) => s.name === 'outbox.deliver project.cancel');
    expect(deliveries.length).toBeGreaterThan(0);
    for (const d of deliveries) {
      expect(d.parentSpanId).toBeUndefined();
      expect(d.traceId).not.toBe(recorded.traceId);
      expect(d.links).toEqual([recorded.spanId]);
      expect(Object.keys(d.attributes).sort()).toEqual([
        'outbox.attempt',
        'outbox.event_type',
        'outbox.handler',
      ]);
    }
    if (PG) {
      const d = deliveries[0]!;
      const inside = result.spans.filter(
        (s) => s.traceId === d.traceId && s.scope === '@opentelemetry/instrumentation-pg',
      );
      expect(inside.map((s) => s.attributes['db.statement'])).toContain('savepoint sp1');
    }
  });

  it('no span holds a mobile, the password, the SMS code or a query string', () => {
    // the setup sent the mobile in a query string (GET /api/Dev/smsOutbox?mobile=…) and in bodies
    const text = JSON.stringify(result.spans);
    expect(result.spans.length).toBeGreaterThan(3);
    for (const secret of [result.mobile, result.password, result.code]) expect(text).not.toContain(secret);
    for (const s of result.spans) {
      for (const [key, value] of Object.entries(s.attributes)) {
        expect(key).not.toMatch(/^(url\.query|db\.query\.parameter|db\.statement\.parameters)/);
        if (typeof value === 'string' && /url|target|path|route/.test(key))
          expect(value, key).not.toContain('?');
      }
      expect(s.status.message).toBeUndefined();
    }
  });
});

/** A collector speaking OTLP/HTTP JSON: what was POSTed to /v1/traces. */
async function collector() {
  const posts: Array<{ contentType: string | undefined; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces')
        posts.push({ contentType: req.headers['content-type'], body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    close: () => server.close(),
  };
}

/** Prints every package of the SDK a process resolves (module hooks of the process itself). */
const PROBE = `data:text/javascript,${encodeURIComponent(
  `import { registerHooks } from 'node:module';
registerHooks({ resolve(s, c, next) {
  if (/^(@opentelemetry\\/(sdk|exporter|instrumentation)|@fastify\\/otel|import-in-the-middle)/.test(s)) process.stderr.write('OTEL-LOADED ' + s + '\\n');
  return next(s, c);
} });`,
)}`;

// The launcher with a real server on a DATA_DIR: the same on either database, so on PGlite only.
describe.skipIf(PG)('the launcher (src/launch.ts)', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  async function startLauncher(env: Record<string, string>) {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-launch-'));
    dirs.push(dataDir);
    const p = run(['--import', 'tsx', '--import', PROBE, 'apps/server/src/launch.ts'], {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      JOBS_ENABLED: 'false',
      DATABASE_URL: '',
      ...env,
    });
    children.push(p.child);
    await vi.waitFor(
      async () => {
        if (p.child.exitCode !== null) throw new Error(`exited:\n${p.out()}`);
        expect((await fetch(`http://127.0.0.1:${port}/livez`)).ok).toBe(true);
      },
      { timeout: 30_000, interval: 100 },
    );
    // a traced request, with a mobile in its query string
    const r = await fetch(`http://127.0.0.1:${port}/api/Dev/smsOutbox?mobile=13912345678`);
    expect(r.status).toBe(200);
    return p;
  }

  it('OTEL_EXPORTER_OTLP_ENDPOINT unset: no package of the SDK is loaded', async () => {
    const p = await startLauncher({});
    p.child.kill('SIGTERM');
    await new Promise((resolve) => p.child.on('exit', resolve));
    expect(p.out()).not.toContain('OTEL-LOADED');
  }, 40_000);

  it('set: the OTLP/HTTP exporter delivers the request spans to the collector, without the query string', async () => {
    const c = await collector();
    try {
      const p = await startLauncher({ OTEL_EXPORTER_OTLP_ENDPOINT: c.url, OTEL_SERVICE_NAME: 'zl-test' });
      // closing the app sends what is still batched (plugins/tracing.ts)
      p.child.kill('SIGTERM');
      await new Promise((resolve) => p.child.on('exit', resolve));
      expect(p.out()).toContain('OTEL-LOADED @opentelemetry/sdk-node');
      expect(c.posts.length).toBeGreaterThan(0);
      expect(c.posts[0]!.contentType).toBe('application/json');
      const spans = c.posts.flatMap((post) => {
        const body = JSON.parse(post.body) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ spans: Array<{ name: string; traceId: string }> }>;
          }>;
        };
        return body.resourceSpans.flatMap((rs) => {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
          return rs.scopeSpans.flatMap((ss) => ss.spans.map((s) => ({ ...s, service })));
        });
      });
      const server = spans.find((s) => s.name === 'GET /api/Dev/smsOutbox');
      expect(server?.service).toBe('zl-test');
      expect(spans.filter((s) => s.traceId === server!.traceId).map((s) => s.name)).toContain('request');
      // health probes are not traced
      expect(spans.map((s) => s.name).filter((n) => n.includes('livez'))).toEqual([]);
      for (const post of c.posts) expect(post.body).not.toContain('13912345678');
    } finally {
      c.close();
    }
  }, 40_000);
});

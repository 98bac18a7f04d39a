// Run by tracing.test.ts in a process of its own (`node --import tsx test/tracing-child.ts`): the
// SDK must be started before pg is imported, and its global provider and module hooks must not
// reach the other test files of a worker. Starts tracing with an in-memory exporter, then a real
// server on a fresh database (a new database on DATABASE_URL's server, else PGlite), makes a
// customer cancel a project — a request that writes and records the outbox event `project.cancel`
// — delivers the event, and prints every finished span as `SPANS <json>`, with the secrets it sent.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startTracing } from '../src/lib/tracing.ts';

const exporter = new InMemorySpanExporter();
const sdk = startTracing({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

// Only now the server's modules, and with them pg.
const { default: pg } = await import('pg');
const { loadConfig } = await import('../src/config/env.ts');
const { openDatabase } = await import('../src/db/client.ts');
const { buildApp } = await import('../src/app.ts');
const { projects } = await import('../src/db/schema/index.ts');
const { queryRows } = await import('../src/db/client.ts');
const { sql } = await import('drizzle-orm');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-tracing-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  DATA_DIR: dataDir,
});
if (!config.tracing.enabled) throw new Error('OTEL_EXPORTER_OTLP_ENDPOINT must be set for buildApp');

let databaseUrl: string | undefined;
let drop = async () => {};
if (config.database.url) {
  const name = `zl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: config.database.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(config.database.url);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  drop = async () => {
    const c = new pg.Client({ connectionString: config.database.url });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 5 } : { dataDir });
const app = await buildApp({ config, database, webDist: null });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const password = 'Secret-pw-4711';
const post = async (url: string, body: unknown, cookie = '') => {
  const r = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as { success: boolean; errCode: string };
  if (!json.success) throw new Error(`${url}: ${JSON.stringify(json)}`);
  return r;
};

await post('/api/User/getCode', { mobile, type: 'regist' });
// a query string with the mobile in it: no span may keep it
const outbox = (await (await fetch(`${base}/api/Dev/smsOutbox?mobile=${mobile}`)).json()) as {
  data: { items: Array<{ code: string }> };
};
const code = outbox.data.items[0]!.code;
const registered = await post('/api/User/regist', { mobile, code, password, cardtype: 'customer' });
const cookie = registered.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const [member] = await queryRows<{ id: number }>(
  database.db,
  sql`select id from members where mobile = ${mobile}`,
);
const now = Date.now();
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const [project] = await database.db
  .insert(projects)
  .values({
    orders: `T${randomBytes(6).toString('hex')}`,
    customerId: Number(member!.id),
    mobile,
    groupid: 1,
    title: '上海国际车展特装展台搭建',
    length: 6,
    width: 6,
    height: 3,
    areas: 36,
    opens: 2,
    prepay: 1_000_000,
    coins: 5,
    sdate: day(now + 30 * 86_400_000),
    edate: day(now + 33 * 86_400_000),
    biddl: new Date(now + 14 * 86_400_000),
    prov: '上海市',
    city: '上海市',
    status: 1,
    checked: 1,
  })
  .returning({ id: projects.id });

// every span of the setup is kept too: it sent the mobile in a query string and in bodies
await post('/api/Customer/projectCancel', { id: project!.id, reason: '展会延期' }, cookie);
await app.outbox.drain();

const spans = exporter.getFinishedSpans().map((s) => ({
  name: s.name,
  kind: s.kind,
  scope: s.instrumentationScope.name,
  traceId: s.spanContext().traceId,
  spanId: s.spanContext().spanId,
  parentSpanId: s.parentSpanContext?.spanId,
  attributes: s.attributes,
  status: s.status,
  events: s.events.map((e) => ({ name: e.name, attributes: e.attributes })),
  links: s.links.map((l) => l.context.spanId),
}));
console.log(`SPANS ${JSON.stringify({ database: database.kind, mobile, password, code, spans })}`);

await app.close();
await database.close();
await drop();
await sdk.shutdown();
fs.rmSync(dataDir, { recursive: true, force: true });

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema, loadConfig } from '../src/config/env.ts';

/**
 * Issue 30 item 6, checked without Docker: the Dockerfile runs the Node major of package.json's
 * engines as a user without root, with a HEALTHCHECK on /healthz; deploy/compose.yaml starts the
 * platform with PostgreSQL and MinIO, two workers, and only variables the env schema has.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  env_file?: Array<{ path: string; required?: boolean }>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  ports?: string[];
}
const compose = parse(read('deploy/compose.yaml')) as { services: Record<string, Service> };
const services = compose.services;

/** `${NAME:-default}` as compose fills it when NAME is not set. */
const withDefaults = (value: string) => String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

/** The Dockerfile's instructions, continuation lines joined; comments dropped. */
const dockerfile = read('Dockerfile')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const stages = dockerfile.reduce<string[][]>((all, line) => {
  if (/^FROM\s/i.test(line)) all.push([line]);
  else all.at(-1)?.push(line);
  return all;
}, []);
const runtime = stages.at(-1)!;
const instruction = (name: string) => runtime.filter((l) => l.toUpperCase().startsWith(`${name} `));

describe('Dockerfile', () => {
  it("every stage is Node of package.json's engines major (and .nvmrc's)", () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const major = engines.match(/\d+/)![0];
    expect(read('.nvmrc').trim()).toBe(major);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage[0]).toMatch(new RegExp(`^FROM node:${major}[-.@ ]`, 'i'));
  });

  it('builds with npm ci + npm run build; runs production dependencies of the server only', () => {
    expect(stages[0]!.join('\n')).toMatch(/RUN npm ci\b/);
    expect(stages[0]!.join('\n')).toMatch(/RUN (DEMO_TEMPLATE=false )?npm run build\b/);
    const installs = instruction('RUN').filter((l) => l.includes('npm ci'));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toContain('--omit=dev');
    expect(installs[0]).toContain('--workspace apps/server');
  });

  it("the runtime has the bundle with the build's PGlite template, the migrations and the web app", () => {
    const copies = instruction('COPY').join('\n');
    // apps/server/dist holds server.js and pglite-template.tar.gz (build.mjs)
    expect(read('apps/server/build.mjs')).toContain("'./dist/pglite-template.tar.gz'");
    expect(copies).toMatch(/--from=build \/app\/apps\/server\/dist apps\/server\/dist/);
    expect(copies).toMatch(/--from=build \/app\/apps\/server\/drizzle apps\/server\/drizzle/);
    expect(copies).toMatch(/--from=build \/app\/apps\/web\/dist apps\/web\/dist/);
  });

  it('runs as a user without root, exposes PORT, checks /healthz, starts the bundle', () => {
    const users = instruction('USER');
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^USER\s+(root|0)(:|\s|$)/);
    const port = runtime.join(' ').match(/\bPORT=(\d+)/)![1];
    expect(instruction('EXPOSE')).toEqual([`EXPOSE ${port}`]);
    expect(instruction('HEALTHCHECK').join()).toContain('/healthz');
    expect(instruction('CMD').at(-1)).toBe('CMD ["node", "apps/server/dist/server.js"]');
    expect(runtime.join(' ')).toMatch(/\bHOST=0\.0\.0\.0\b/);
  });

  it('.dockerignore keeps out node_modules, build output, data and .env files', () => {
    const ignore = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '**/data', '.env', '.git'])
      expect(ignore).toContain(entry);
    // and nothing the build copies
    for (const line of stages[0]!.filter((l) => /^COPY (?!--from)/.test(l))) {
      for (const source of line.split(/\s+/).slice(1, -1)) {
        expect(fs.existsSync(path.join(root, source)), source).toBe(true);
        expect(ignore).not.toContain(source);
      }
    }
  });
});

describe('deploy/compose.yaml', () => {
  const platform = services.platform!;

  it('platform, postgres and minio; the platform is built from the Dockerfile', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['platform', 'postgres', 'minio']));
    expect(platform.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
    expect(services.postgres!.image).toMatch(/^postgres:\d+/);
    expect(services.minio!.image).toMatch(/^minio\/minio:/);
  });

  it('the platform waits for a healthy PostgreSQL and for the bucket to exist', () => {
    expect(platform.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    const bucket = Object.entries(platform.depends_on ?? {}).find(
      ([, d]) => d.condition === 'service_completed_successfully',
    );
    expect(bucket).toBeDefined();
    const init = services[bucket![0]]!;
    expect(init.depends_on?.minio).toEqual({ condition: 'service_healthy' });
    expect(JSON.stringify(init)).toContain(`mb --ignore-existing zl/${platform.environment!.S3_BUCKET}`);
  });

  it("its environment names only the env schema's variables and parses: PostgreSQL, MinIO, WORKERS=2", () => {
    const env = Object.fromEntries(
      Object.entries(platform.environment!).map(([k, v]) => [k, withDefaults(v)]),
    );
    for (const name of Object.keys(env)) expect(Object.keys(envSchema.shape)).toContain(name);
    expect(env.WORKERS).toBe('2');
    const config = loadConfig(env);
    expect(config.server.workers).toBe(2);
    expect(config.server.host).toBe('0.0.0.0');
    expect(config.database.url).toMatch(/^postgres:\/\/zl:[^@]+@postgres:5432\/zl$/);
    expect(config.uploads.s3).toMatchObject({
      bucket: 'zl-uploads',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: {
        accessKeyId: withDefaults(services.minio!.environment!.MINIO_ROOT_USER!),
        secretAccessKey: withDefaults(services.minio!.environment!.MINIO_ROOT_PASSWORD!),
      },
    });
    // the database's user, password and name are PostgreSQL's own
    const pgEnv = services.postgres!.environment!;
    expect(config.database.url).toBe(
      `postgres://${pgEnv.POSTGRES_USER}:${withDefaults(pgEnv.POSTGRES_PASSWORD!)}@postgres:5432/${pgEnv.POSTGRES_DB}`,
    );
    // more settings from deploy/.env (.env.example), when there is one
    expect(platform.env_file).toEqual([{ path: '.env', required: false }]);
  });

  it('checks the platform on /healthz and PostgreSQL with pg_isready', () => {
    expect(JSON.stringify(platform.healthcheck?.test)).toContain('/healthz');
    expect(JSON.stringify(services.postgres!.healthcheck?.test)).toContain('pg_isready');
  });
});

describe('.ci/run', () => {
  it('builds the image only where docker runs, and still runs npm test', () => {
    const ci = read('.ci/run');
    expect(ci).toMatch(
      /if command -v docker[^\n]*&&[^\n]*docker info[^\n]*; then\n[\s\S]*?docker build[\s\S]*?\nfi\n/,
    );
    expect(ci).toContain('\nnpm test\n');
  });
});

import { isIP } from 'node:net';
import { z } from 'zod';
import { bool, trimSlashes } from './values.ts';

/** The process and its HTTP face: run mode, address, logging, proxies, origins, cookies, demo data. */
export const serverEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** server processes on this machine (Node's cluster module); more than 1 needs DATABASE_URL (docs/deploy.md) */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** SIGTERM/SIGINT: in-flight work gets this long, then the process exits anyway (docs/operations.md § Stopping) */
  SHUTDOWN_SECONDS: z.coerce.number().min(0.5).max(600).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  COOKIE_SECURE: bool,
  /** true/1: every hop; false/0: none; else the proxies' addresses or CIDRs, comma-separated */
  TRUST_PROXY: z.string().max(2000).optional(),
  /** comma-separated origins (scheme://host[:port]) allowed to send state-changing calls besides the site's own */
  ALLOWED_ORIGINS: z.string().max(4096).optional(),
  /** the site's public origin (Alipay's notify_url / return_url, shared pages); default http://127.0.0.1:PORT */
  PUBLIC_BASE_URL: z.url().optional(),
  DEMO_DATA: bool,
});

export type ServerEnv = z.output<typeof serverEnv>;

export function serverConfig(e: ServerEnv, database: { url: string | undefined }) {
  const isProduction = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    /** server processes to run on this machine (docs/deploy.md "Processes") */
    workers: workersOf(e, database.url),
    /** how long a stop may take before the process exits regardless (docs/operations.md § Stopping) */
    shutdownMs: Math.round(e.SHUTDOWN_SECONDS * 1000),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    /** `Secure` on every cookie the server sets */
    cookieSecure: e.COOKIE_SECURE ?? isProduction,
    /**
     * Fastify's trustProxy (README, "部署"): false, true (every hop: the client can choose its own
     * X-Forwarded-For address) or the addresses/CIDRs of the reverse proxies to believe.
     */
    trustProxy: trustProxy(e.TRUST_PROXY),
    /**
     * Origins, besides the site's own (the request's Host), whose pages may send state-changing calls
     * (docs/api.md, "Cross-site requests"); normalised `URL.origin` strings.
     */
    allowedOrigins: allowedOrigins(e.ALLOWED_ORIGINS),
    /** Strict-Transport-Security on every answer: production only */
    hsts: isProduction,
    /** the site's public origin, no trailing slash (Alipay's notify_url and return_url, og:url) */
    publicBaseUrl: trimSlashes(e.PUBLIC_BASE_URL ?? `http://127.0.0.1:${e.PORT}`),
    /** demo accounts and projects on an empty database (server.ts) */
    demoData: e.DEMO_DATA ?? !isProduction,
  };
}

/** Production with demo data: refused (its accounts' passwords are published, admin/admin1234 among them). */
export function serverProductionProblems(e: ServerEnv): string[] {
  if (e.DEMO_DATA !== true) return [];
  return [
    '生产环境不能开启 DEMO_DATA：它会创建公开密码的演示账号（含运营账号 admin/admin1234），请去掉 DEMO_DATA 或设为 false' +
      '\n    (DEMO_DATA must be off in production: it creates demo accounts with published passwords)',
  ];
}

function workersOf(e: ServerEnv, databaseUrl: string | undefined): number {
  if (e.WORKERS > 1 && !databaseUrl) {
    throw new Error(
      `配置错误（环境变量）：WORKERS=${e.WORKERS} 需要 DATABASE_URL——嵌入式 PGlite 只能由一个进程打开` +
        ' (WORKERS above 1 needs DATABASE_URL: the embedded PGlite database serves one process)',
    );
  }
  return e.WORKERS;
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `TRUST_PROXY` → true, false, or the proxy addresses to believe X-Forwarded-* from. */
function trustProxy(raw: string | undefined): boolean | string[] {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  const entries = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    throw new Error(
      `配置错误（环境变量）：\n  TRUST_PROXY: 「${bad.slice(0, 100)}」不是 true/false，也不是代理的 IP 地址或网段（如 127.0.0.1、10.0.0.0/8、loopback），多个用英文逗号分隔` +
        `\n  (TRUST_PROXY: "${bad.slice(0, 100)}" is neither true/false nor a proxy address or CIDR)`,
    );
  }
  return entries;
}

/** `ALLOWED_ORIGINS` → normalised origins; an entry that is not a bare http(s) origin is refused. */
function allowedOrigins(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const origins: string[] = [];
  for (const entry of entries) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {}
    // Only scheme://host[:port]: a path, query, credentials or '*' would not mean what it seems to.
    const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!url || !bare || !/^https?:$/.test(url.protocol)) {
      throw new Error(
        `配置错误（环境变量）：\n  ALLOWED_ORIGINS: 「${entry.slice(0, 100)}」不是来源地址，应为 https://域名[:端口]，多个用英文逗号分隔` +
          `\n  (ALLOWED_ORIGINS: "${entry.slice(0, 100)}" is not an origin; expected https://host[:port], comma-separated)`,
      );
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

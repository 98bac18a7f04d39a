import { createPrivateKey, createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The environment, parsed once. Nothing else in the server reads process.env. */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  COOKIE_SECURE: bool,
  /** true/1: every hop; false/0: none; else the proxies' addresses or CIDRs, comma-separated */
  TRUST_PROXY: z.string().max(2000).optional(),
  DEMO_DATA: bool,
  /** comma-separated origins (scheme://host[:port]) allowed to send state-changing calls besides the site's own */
  ALLOWED_ORIGINS: z.string().max(4096).optional(),
  SMS_PROVIDER: z.enum(['dev', 'aliyun']).default('dev'),
  ALIYUN_ACCESS_KEY_ID: z.string().max(128).optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().max(256).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_REGIST: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_RESET: z.string().max(64).optional(),
  ALIYUN_SMS_TEMPLATE_BIND: z.string().max(64).optional(),
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com'),
  WECHAT_APPID: z.string().max(64).optional(),
  WECHAT_SECRET: z.string().max(128).optional(),
  WECHAT_REDIRECT_URI: z.url().optional(),
  WECHAT_AUTHORIZE_URL: z.url().default('https://open.weixin.qq.com/connect/qrconnect'),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** a search's count made by any process within this many seconds is reused (0: off; docs/marketplace.md) */
  SEARCH_COUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  /** a live session read within this many seconds is answered from the process's cache (0: off; docs/members.md) */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  REMEMBER_DAYS: z.coerce.number().int().min(1).default(30),
  LOGIN_IP_FAILURE_LIMIT: z.coerce.number().int().min(1).default(300),
  LOGIN_IP_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** server processes on this machine (Node's cluster module); more than 1 needs DATABASE_URL (docs/deploy.md) */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** false/0: a fresh DATA_DIR runs initdb and every migration instead of starting from the build's template */
  PGLITE_TEMPLATE: bool,
  /** per uploaded file, in MB */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(100).default(10),
  /** bytes a member may upload per day (Asia/Shanghai), in MB (docs/members.md § Uploads) */
  UPLOAD_DAILY_MB: z.coerce.number().int().min(1).max(2000).default(500),
  /** where the local-disk file storage keeps uploads; default DATA_DIR/uploads */
  UPLOAD_DIR: z.string().optional(),
  /** files in an S3-compatible bucket instead of UPLOAD_DIR (docs/deploy.md "Files") */
  S3_BUCKET: z.string().max(63).optional(),
  /** an S3-compatible endpoint (MinIO, OSS, COS…); unset: AWS S3 */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().max(40).default('us-east-1'),
  /** unset: the AWS SDK's default credential chain */
  S3_ACCESS_KEY_ID: z.string().max(128).optional(),
  S3_SECRET_ACCESS_KEY: z.string().max(256).optional(),
  /** path-style object URLs; default true when S3_ENDPOINT is set */
  S3_FORCE_PATH_STYLE: bool,
  /** prepended to every object key */
  S3_PREFIX: z
    .string()
    .max(200)
    .regex(/^([A-Za-z0-9_-]+\/)*$/, 'S3_PREFIX 须形如 uploads/')
    .default(''),
  /** coins a supplier receives when their first verification is approved */
  STARTER_COINS: z.coerce.number().int().min(0).max(10_000).default(50),
  /** coins an inviter receives when an invitee's first verification is approved (docs/withdrawals.md) */
  INVITE_COINS: z.coerce.number().int().min(0).max(10_000).default(10),
  /** platform commission on released escrow, in basis points (500 = 5%) */
  PLATFORM_COMMISSION_BP: z.coerce.number().int().min(0).max(10_000).default(500),
  /** scheduled work (project expiry, outbox delivery) in this process; off e.g. for a one-off CLI */
  JOBS_ENABLED: bool,
  /** Alipay 电脑网站支付 (docs/payments.md); without ALIPAY_APP_ID: the sandbox (not in production) */
  ALIPAY_APP_ID: z.string().max(32).optional(),
  ALIPAY_PRIVATE_KEY: z.string().max(8192).optional(),
  ALIPAY_PUBLIC_KEY: z.string().max(4096).optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_SELLER_ID: z.string().max(32).optional(),
  /** the site's public origin (notify_url / return_url); default http://127.0.0.1:PORT */
  PUBLIC_BASE_URL: z.url().optional(),
  EXPIRE_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  /** a completion report left undecided this many days is accepted by the system (docs/delivery-report.md) */
  AUTO_ACCEPT_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** live updates (docs/adr/0007-live-events.md): open event streams per member, and per process */
  LIVE_STREAMS_PER_MEMBER: z.coerce.number().int().min(1).max(100_000).default(10),
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
});

export interface AlipayConfig {
  appId: string;
  /** the app's RSA2 private key, normalised to PKCS#8 PEM */
  privateKey: string;
  /** Alipay's public key, normalised to SPKI PEM */
  alipayPublicKey: string;
  gateway: string;
  /** the merchant's PID (2088…): a notify naming another seller is refused */
  sellerId: string | null;
}

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: Record<'regist' | 'reset' | 'bind', string>;
  endpoint: string;
}

export interface WechatConfig {
  appid: string;
  secret: string;
  /** the page WeChat sends the browser back to (…/login) */
  redirectUri: string;
  authorizeUrl: string;
  apiBase: string;
}

type Env = z.output<typeof envSchema>;

function aliyunSmsConfig(e: Env): AliyunSmsConfig | null {
  if (e.SMS_PROVIDER !== 'aliyun') return null;
  const templates = {
    regist: e.ALIYUN_SMS_TEMPLATE_REGIST ?? e.ALIYUN_SMS_TEMPLATE,
    reset: e.ALIYUN_SMS_TEMPLATE_RESET ?? e.ALIYUN_SMS_TEMPLATE,
    bind: e.ALIYUN_SMS_TEMPLATE_BIND ?? e.ALIYUN_SMS_TEMPLATE,
  };
  const missing = [
    ...(e.ALIYUN_ACCESS_KEY_ID ? [] : ['ALIYUN_ACCESS_KEY_ID']),
    ...(e.ALIYUN_ACCESS_KEY_SECRET ? [] : ['ALIYUN_ACCESS_KEY_SECRET']),
    ...(e.ALIYUN_SMS_SIGN_NAME ? [] : ['ALIYUN_SMS_SIGN_NAME']),
    ...Object.entries(templates)
      .filter(([, v]) => !v)
      .map(([k]) => `ALIYUN_SMS_TEMPLATE_${k.toUpperCase()}（或 ALIYUN_SMS_TEMPLATE）`),
  ];
  if (missing.length > 0) {
    throw new Error(
      `配置错误（环境变量）：SMS_PROVIDER=aliyun 需要阿里云短信配置，缺少：${missing.join('、')}`,
    );
  }
  return {
    accessKeyId: e.ALIYUN_ACCESS_KEY_ID!,
    accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET!,
    signName: e.ALIYUN_SMS_SIGN_NAME!,
    templates: templates as AliyunSmsConfig['templates'],
    endpoint: e.ALIYUN_SMS_ENDPOINT.replace(/\/+$/, ''),
  };
}

function wechatConfig(e: Env, port: number): WechatConfig | null {
  if (!e.WECHAT_APPID || !e.WECHAT_SECRET) return null;
  return {
    appid: e.WECHAT_APPID,
    secret: e.WECHAT_SECRET,
    redirectUri: e.WECHAT_REDIRECT_URI ?? `http://127.0.0.1:${port}/login`,
    authorizeUrl: e.WECHAT_AUTHORIZE_URL,
    apiBase: e.WECHAT_API_BASE.replace(/\/+$/, ''),
  };
}

/** PEM (PKCS#1 or PKCS#8) or the bare base64 body Alipay's key tool prints → PKCS#8 PEM; null if no key. */
export function normalisePrivateKey(raw: string): string | null {
  const text = raw.trim().replace(/\\n/g, '\n');
  const attempts: Array<() => ReturnType<typeof createPrivateKey>> = text.includes('-----BEGIN')
    ? [() => createPrivateKey(text)]
    : (['pkcs8', 'pkcs1'] as const).map(
        (type) => () =>
          createPrivateKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type }),
      );
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== 'rsa') return null;
      return key.export({ format: 'pem', type: 'pkcs8' }).toString();
    } catch {}
  }
  return null;
}

/** PEM (SPKI or PKCS#1) or bare base64 → SPKI PEM; null if no RSA public key. */
export function normalisePublicKey(raw: string): string | null {
  const text = raw.trim().replace(/\\n/g, '\n');
  const attempts: Array<() => ReturnType<typeof createPublicKey>> = text.includes('-----BEGIN')
    ? [() => createPublicKey(text)]
    : (['spki', 'pkcs1'] as const).map(
        (type) => () =>
          createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type }),
      );
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== 'rsa') return null;
      return key.export({ format: 'pem', type: 'spki' }).toString();
    } catch {}
  }
  return null;
}

/** An S3-compatible bucket for uploads (docs/deploy.md "Files"). */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** an S3-compatible endpoint (MinIO, OSS, COS…); unset: AWS's own */
  endpoint?: string | undefined;
  /** path-style URLs (http://host/bucket/key), what most S3-compatible servers expect */
  forcePathStyle: boolean;
  /** unset: the SDK's default credential chain (environment, instance role…) */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** prepended to every object key, e.g. 'uploads/' */
  prefix: string;
}

function workersOf(e: Env): number {
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new Error(
      `配置错误（环境变量）：WORKERS=${e.WORKERS} 需要 DATABASE_URL——嵌入式 PGlite 只能由一个进程打开` +
        ' (WORKERS above 1 needs DATABASE_URL: the embedded PGlite database serves one process)',
    );
  }
  return e.WORKERS;
}

function s3Config(e: Env): S3StorageConfig | null {
  if (!e.S3_BUCKET) return null;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      '配置错误（环境变量，S3）：S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置 (set both keys, or neither)',
    );
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: e.S3_PREFIX,
  };
}

function alipayConfig(e: Env): AlipayConfig | null {
  if (!e.ALIPAY_APP_ID) return null;
  const missing: string[] = [];
  const privateKey = e.ALIPAY_PRIVATE_KEY ? normalisePrivateKey(e.ALIPAY_PRIVATE_KEY) : null;
  const publicKey = e.ALIPAY_PUBLIC_KEY ? normalisePublicKey(e.ALIPAY_PUBLIC_KEY) : null;
  if (!e.ALIPAY_PRIVATE_KEY)
    missing.push('ALIPAY_PRIVATE_KEY: 缺少应用私钥 (the app private key is missing)');
  else if (!privateKey)
    missing.push(
      'ALIPAY_PRIVATE_KEY: 不是有效的 RSA 私钥（PEM 的 PKCS#1/PKCS#8，或密钥工具输出的 base64） (not an RSA private key)',
    );
  if (!e.ALIPAY_PUBLIC_KEY) missing.push('ALIPAY_PUBLIC_KEY: 缺少支付宝公钥 (Alipay public key is missing)');
  else if (!publicKey)
    missing.push('ALIPAY_PUBLIC_KEY: 不是有效的 RSA 公钥（PEM 或 base64） (not an RSA public key)');
  if (missing.length > 0) {
    throw new Error(`配置错误（环境变量，支付宝）：\n${missing.map((m) => `  ${m}`).join('\n')}`);
  }
  return {
    appId: e.ALIPAY_APP_ID,
    privateKey: privateKey!,
    alipayPublicKey: publicKey!,
    gateway: e.ALIPAY_GATEWAY,
    sellerId: e.ALIPAY_SELLER_ID ?? null,
  };
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

/**
 * What production refuses to start without (README, "部署"): a real SMS provider (the development
 * one only writes codes to the log), no demo accounts (they include admin/admin1234), and a public
 * WeChat redirect when WeChat sign-in is on. Every problem is named at once.
 */
function productionProblems(e: Env): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (e.SMS_PROVIDER !== 'aliyun') {
    problems.push(
      '生产环境必须配置真实短信服务：设置 SMS_PROVIDER=aliyun 及 ALIYUN_ACCESS_KEY_ID、ALIYUN_ACCESS_KEY_SECRET、' +
        'ALIYUN_SMS_SIGN_NAME、ALIYUN_SMS_TEMPLATE（开发短信只把验证码写进日志，不会发送）' +
        '\n    (production needs a real SMS provider: set SMS_PROVIDER=aliyun with ALIYUN_ACCESS_KEY_ID, ' +
        'ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE)',
    );
  }
  if (e.DEMO_DATA === true) {
    problems.push(
      '生产环境不能开启 DEMO_DATA：它会创建公开密码的演示账号（含运营账号 admin/admin1234），请去掉 DEMO_DATA 或设为 false' +
        '\n    (DEMO_DATA must be off in production: it creates demo accounts with published passwords)',
    );
  }
  // The local default only suits development: a production redirect must be the public /login URL.
  if (e.WECHAT_APPID && e.WECHAT_SECRET && !e.WECHAT_REDIRECT_URI) {
    problems.push(
      '已配置微信登录（WECHAT_APPID），生产环境还需设置 WECHAT_REDIRECT_URI（对外的 /login 地址）' +
        '\n    (WeChat sign-in in production needs WECHAT_REDIRECT_URI, the public /login URL)',
    );
  }
  return problems;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`PORT=` in a .env file) means "not set": without this PORT= became port 0.
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`配置错误（环境变量）：\n${lines}`);
  }
  const e = parsed.data;
  const problems = productionProblems(e);
  if (problems.length > 0) {
    throw new Error(
      `配置错误（环境变量，NODE_ENV=production）：\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  return toConfig(e);
}

/**
 * The configuration the server runs with: the parsed environment (`envSchema`'s output) turned into
 * what the code asks for. `Config` is this function's answer, so a field exists once, here, with its
 * comment; README.md "Configuration" lists every variable (config-docs.test.ts compares it with `envSchema`).
 */
function toConfig(e: Env) {
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    /** server processes to run on this machine (docs/deploy.md "Processes") */
    workers: workersOf(e),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
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
    demoData: e.DEMO_DATA ?? !isProduction,
    smsProvider: e.SMS_PROVIDER,
    /** set when smsProvider is 'aliyun' (loadConfig refuses aliyun without keys) */
    aliyunSms: aliyunSmsConfig(e),
    /** null: WeChat sign-in is not configured (no appid + secret) */
    wechat: wechatConfig(e, e.PORT),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    /** 0: every request reads its session from the database */
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    /** 0: every numbered search page counts its matches */
    searchCountCacheSeconds: e.SEARCH_COUNT_CACHE_SECONDS,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    rememberMs: e.REMEMBER_DAYS * 86_400_000,
    /** failed logins allowed per client address (all accounts together) in a 15-minute window */
    loginIpFailureLimit: e.LOGIN_IP_FAILURE_LIMIT,
    /** failed logins allowed per (client address, account) pair in a one-hour window */
    loginIpAccountFailureLimit: e.LOGIN_IP_ACCOUNT_FAILURE_LIMIT,
    dbPoolSize: e.DB_POOL_SIZE,
    /** a fresh PGlite DATA_DIR starts from dist/pglite-template.tar.gz when it matches (ADR 0003) */
    pgliteTemplate: e.PGLITE_TEMPLATE ?? true,
    /** largest accepted upload, in bytes */
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    uploadDailyBytes: e.UPLOAD_DAILY_MB * 1024 * 1024,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    starterCoins: e.STARTER_COINS,
    /** INVITE_COINS: coins to the inviter once per verified invitee */
    inviteCoins: e.INVITE_COINS,
    /** basis points: 500 = 5% */
    platformCommissionBp: e.PLATFORM_COMMISSION_BP,
    jobsEnabled: e.JOBS_ENABLED ?? true,
    expireIntervalMs: e.EXPIRE_INTERVAL_SECONDS * 1000,
    /** AUTO_ACCEPT_DAYS: days before the system accepts an undecided completion report */
    autoAcceptDays: e.AUTO_ACCEPT_DAYS,
    /** null: no ALIPAY_APP_ID (the sandbox outside production, PAYMENT_NOT_CONFIGURED in production) */
    alipay: alipayConfig(e),
    /** null: uploads on local disk under uploadDir */
    s3: s3Config(e),
    /** the site's public origin, no trailing slash (Alipay's notify_url and return_url) */
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    /** caps of the live event streams (docs/adr/0007-live-events.md) */
    live: { perMember: e.LIVE_STREAMS_PER_MEMBER, maxStreams: e.LIVE_MAX_STREAMS },
  };
}

export type Config = ReturnType<typeof toConfig>;

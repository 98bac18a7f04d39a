import { NOTICE_KINDS, noticeKindLabels } from '@zl/shared';
import { z } from 'zod';
import { alipayEnv } from './alipay.ts';
import { backupEnv } from './backup.ts';
import { databaseEnv } from './database.ts';
import { jobsEnv } from './jobs.ts';
import { liveEnv } from './live.ts';
import { marketplaceEnv } from './marketplace.ts';
import { metricsEnv } from './metrics.ts';
import { serverEnv } from './server.ts';
import { sessionsEnv } from './sessions.ts';
import { smsEnv } from './sms.ts';
import { tracingEnv } from './tracing.ts';
import { uploadsEnv } from './uploads.ts';
import { bool } from './values.ts';
import { wechatEnv, wechatMpEnv } from './wechat.ts';

/**
 * `.env.example` at the repository's root: every variable of `envSchema` (env.ts), grouped by the
 * module that owns it, each with what it does and its default. Written by `npm run env:example`
 * (cli/env-example.ts); `test/env-example.test.ts` renders it again and fails when the committed
 * file differs, or when a variable of the schema has no group or no description here.
 */

/** The fragments in the order env.ts composes them, each with its heading. */
export const ENV_GROUPS: ReadonlyArray<{ file: string; title: string; schema: z.ZodObject }> = [
  { file: 'server.ts', title: 'The process and its HTTP face', schema: serverEnv },
  {
    file: 'database.ts',
    title: 'Database: embedded PGlite under DATA_DIR, or a PostgreSQL server',
    schema: databaseEnv,
  },
  { file: 'sessions.ts', title: 'Sign-in and sessions', schema: sessionsEnv },
  { file: 'sms.ts', title: 'Text messages (短信)', schema: smsEnv },
  { file: 'wechat.ts', title: 'WeChat sign-in (微信开放平台网站应用)', schema: wechatEnv },
  { file: 'wechat.ts', title: 'WeChat notices (微信公众平台服务号)', schema: wechatMpEnv },
  { file: 'alipay.ts', title: 'Alipay 电脑网站支付', schema: alipayEnv },
  { file: 'uploads.ts', title: 'Uploaded files: local disk or an S3-compatible bucket', schema: uploadsEnv },
  { file: 'jobs.ts', title: 'Scheduled work', schema: jobsEnv },
  { file: 'marketplace.ts', title: "The marketplace's rules", schema: marketplaceEnv },
  { file: 'live.ts', title: 'Live updates (event streams)', schema: liveEnv },
  { file: 'metrics.ts', title: 'Prometheus metrics', schema: metricsEnv },
  { file: 'backup.ts', title: 'Scheduled backups', schema: backupEnv },
  { file: 'tracing.ts', title: 'OpenTelemetry traces', schema: tracingEnv },
];

const noticeTemplates = (prefix: string, what: (label: string) => string) =>
  Object.fromEntries(NOTICE_KINDS.map((k) => [`${prefix}${k.toUpperCase()}`, what(noticeKindLabels[k])]));

/**
 * What each variable does, for a person filling in `.env`. A default that depends on other
 * variables is said here; a fixed default, an enum's values and yes/no are read from the schema.
 */
export const ENV_DESCRIPTIONS: Readonly<Record<string, string>> = {
  // server.ts
  NODE_ENV:
    'Run mode. production: no development SMS outbox, Secure cookies, HSTS; refuses to start without a real SMS provider or with DEMO_DATA (README § 部署).',
  PORT: 'Port the server listens on.',
  HOST: 'Address the server listens on; 0.0.0.0 to serve a network (a container).',
  WORKERS:
    'Server processes on this machine (cluster; also `npm start -- --workers N`). Above 1 needs DATABASE_URL (docs/deploy.md).',
  LOG_LEVEL:
    'pino level. Default: info (silent under NODE_ENV=test). Requests that ended well are logged at debug (docs/operations.md § Logs).',
  SHUTDOWN_SECONDS:
    'How long SIGTERM/SIGINT may take: in-flight requests and live streams drain, jobs stop, the pool closes; then the process exits anyway (docs/operations.md § Stopping). Default: 10.',
  COOKIE_SECURE: '`Secure` on the session cookies. Default: on in production.',
  TRUST_PROXY:
    "Behind a reverse proxy: the proxies' addresses/CIDRs (comma-separated, or loopback / linklocal / uniquelocal), or true for every hop. Default: off (README § 部署).",
  ALLOWED_ORIGINS:
    'Other origins (https://host[:port], comma-separated) whose pages may send state-changing calls. Default: none.',
  PUBLIC_BASE_URL:
    "The site's public origin: Alipay's notify_url / return_url, a WeChat notice's link. Default: http://127.0.0.1:$PORT.",
  DEMO_DATA:
    'Create demo accounts and projects on an empty database. Default: on unless production (refused there).',
  // database.ts
  DATA_DIR: "Embedded PGlite's data (one process at a time), and local uploads unless UPLOAD_DIR is set.",
  DATABASE_URL:
    'A PostgreSQL server (postgres://user:password@host:5432/db), through a pool. Default: unset = embedded PGlite under DATA_DIR.',
  DB_POOL_SIZE: 'PostgreSQL connections per process (each process also opens 3 LISTEN connections).',
  PGLITE_TEMPLATE:
    "A fresh DATA_DIR starts from the build's migrated PGlite template; false: initdb and every migration (ADR 0003). Default: on.",
  // sessions.ts
  SESSION_IDLE_MINUTES: 'A session unused this long ends.',
  SESSION_ABSOLUTE_HOURS: 'A session ends this long after sign-in, used or not.',
  REMEMBER_DAYS: 'Lifetime of the 记住我 (remember me) token.',
  SESSION_CACHE_SECONDS:
    "A session read within this time is answered from the process's cache; ended sessions are evicted everywhere (0: off; docs/members.md).",
  LOGIN_IP_FAILURE_LIMIT: 'Failed logins allowed per client address (all accounts) per 15 minutes.',
  LOGIN_IP_ACCOUNT_FAILURE_LIMIT: 'Failed logins allowed per client address and account per hour.',
  // sms.ts
  SMS_PROVIDER:
    'dev: codes only in the log and the development outbox (not in production); aliyun: 阿里云短信 SendSms (needs the ALIYUN_* keys below).',
  ALIYUN_ACCESS_KEY_ID: 'Aliyun AccessKey ID for SMS_PROVIDER=aliyun.',
  ALIYUN_ACCESS_KEY_SECRET: 'Aliyun AccessKey secret for SMS_PROVIDER=aliyun.',
  ALIYUN_SMS_SIGN_NAME: 'The approved SMS signature (签名).',
  ALIYUN_SMS_TEMPLATE: `Template code with a \${code} variable for every verification purpose (or one each below).`,
  ALIYUN_SMS_TEMPLATE_REGIST: 'Template code for registration codes. Default: ALIYUN_SMS_TEMPLATE.',
  ALIYUN_SMS_TEMPLATE_RESET: 'Template code for password-reset codes. Default: ALIYUN_SMS_TEMPLATE.',
  ALIYUN_SMS_TEMPLATE_BIND:
    'Template code for binding a mobile (WeChat sign-in). Default: ALIYUN_SMS_TEMPLATE.',
  ALIYUN_SMS_TEMPLATE_MESSAGE:
    'Template of the offline nudge of an unread message, no variables. Unset: no nudge SMS (docs/conversation.md).',
  ...noticeTemplates(
    'ALIYUN_SMS_TEMPLATE_NOTICE_',
    (label) =>
      `SMS template for the notice「${label}」, variable \${orders}. Unset: not sent by SMS (docs/notices.md).`,
  ),
  ALIYUN_SMS_ENDPOINT: 'dysmsapi endpoint (protocol and host; tests point it at a local fake).',
  // wechat.ts (sign-in)
  WECHAT_APPID:
    '微信开放平台网站应用 AppID; with WECHAT_SECRET → WeChat sign-in on, else the button says 暂未开通.',
  WECHAT_SECRET: "The 网站应用's AppSecret.",
  WECHAT_REDIRECT_URI:
    "Where WeChat sends the browser back: the public /login URL on the app's authorised domain (required in production). Default: http://127.0.0.1:$PORT/login.",
  WECHAT_AUTHORIZE_URL: "WeChat's QR-code authorisation page (tests point it at a local fake).",
  WECHAT_API_BASE: "WeChat's API (tests point it at a local fake).",
  // wechat.ts (服务号)
  WECHAT_MP_APPID:
    "服务号 AppID (not the sign-in's 网站应用); with WECHAT_MP_SECRET → notices as WeChat template messages.",
  WECHAT_MP_SECRET: "The 服务号's AppSecret.",
  WECHAT_MP_API_BASE: "The 服务号's API (tests point it at a local fake).",
  ...noticeTemplates(
    'WECHAT_MP_TEMPLATE_',
    (label) =>
      `Template ID (模板ID) for the notice「${label}」, fields first, keyword1, keyword2, remark. Unset: not sent by WeChat.`,
  ),
  // alipay.ts
  ALIPAY_APP_ID:
    '支付宝开放平台 APPID (电脑网站支付). Unset: the built-in 沙箱 gateway outside production, PAYMENT_NOT_CONFIGURED in production.',
  ALIPAY_PRIVATE_KEY:
    "The app's RSA2 private key: PEM (PKCS#1 or PKCS#8) or the bare base64 body. Required with ALIPAY_APP_ID.",
  ALIPAY_PUBLIC_KEY:
    "Alipay's public key (支付宝公钥, not the app's): PEM or bare base64. Required with ALIPAY_APP_ID.",
  ALIPAY_GATEWAY:
    "Alipay's gateway (https://openapi-sandbox.dl.alipaydev.com/gateway.do for Alipay's own sandbox).",
  ALIPAY_SELLER_ID: 'The merchant PID (2088…); a notification naming another seller_id is refused.',
  // uploads.ts
  UPLOAD_MAX_MB: 'Largest accepted upload, per file, in MB (1–100).',
  UPLOAD_DAILY_MB: 'MB a member may upload per Asia/Shanghai day (1–2000; operators exempt).',
  UPLOAD_DIR: 'Where local-disk storage keeps uploads when S3_BUCKET is unset. Default: DATA_DIR/uploads.',
  S3_BUCKET:
    'Uploads in this S3-compatible bucket, shared by every process (kept private). Unset: local disk.',
  S3_ENDPOINT: 'An S3-compatible service (MinIO, OSS, COS…). Unset: AWS S3 in S3_REGION.',
  S3_REGION: "The bucket's region.",
  S3_ACCESS_KEY_ID: "Access key; both keys or neither (neither: the SDK's default credential chain).",
  S3_SECRET_ACCESS_KEY: 'Secret key; both keys or neither.',
  S3_FORCE_PATH_STYLE:
    'Path-style object URLs (http://host/bucket/key). Default: on when S3_ENDPOINT is set.',
  S3_PREFIX: 'Prepended to every object key, e.g. zl/uploads/ (segments ending in /).',
  // jobs.ts
  JOBS_ENABLED:
    'Scheduled work in this process (expiry, outbox delivery, reminders…; pg-boss, ADR 0011). Default: on.',
  EXPIRE_INTERVAL_SECONDS: 'How often projects past their bidding deadline are looked for.',
  // marketplace.ts
  STARTER_COINS: 'Coins a supplier gets when its first verification is approved (once).',
  INVITE_COINS: 'Coins an inviter receives once per invitee whose verification is approved.',
  PLATFORM_COMMISSION_BP: 'Platform commission on released escrow, in basis points (500 = 5%).',
  AUTO_ACCEPT_DAYS: 'A completion report left undecided this many days is accepted by the system.',
  RETENTION_DAYS: "A paid 质保金 stays in escrow this many days after the show's last day.",
  SEARCH_COUNT_CACHE_SECONDS: "The order centre's match count for a filter set is reused this long (0: off).",
  // live.ts
  LIVE_STREAMS_PER_MEMBER: 'Open live-update streams per member (browser tabs).',
  LIVE_MAX_STREAMS: 'Open live-update streams per process; keep `ulimit -n` above it.',
  // metrics.ts
  METRICS_TOKEN:
    'Set (16+ visible ASCII characters) → GET /metrics answers Prometheus metrics to `Authorization: Bearer <token>`. Unset: 404.',
  METRICS_PORT: 'Also serve /metrics (same token) on this port of HOST, e.g. for an internal scraper.',
  // backup.ts
  BACKUP_DIR:
    'Set → a backup (database, uploads, manifest) is written there on BACKUP_CRON by one process, one folder each (docs/operations.md § Backup and restore). Unset: off.',
  BACKUP_CRON:
    'When the scheduled backup runs: 5 cron fields, read in Asia/Shanghai time (default 03:00 daily).',
  BACKUP_KEEP:
    'How many scheduled backups to keep in BACKUP_DIR; older ones are deleted after a new one is complete.',
  // tracing.ts
  OTEL_EXPORTER_OTLP_ENDPOINT:
    'Set (http(s)://collector:4318) → traces of requests, queries and outbox events go there over OTLP/HTTP; the SDK also reads OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER… Unset: off, nothing loaded (docs/operations.md § Traces).',
};

/** The schema's own default of a field, when it has a fixed one. */
function defaultOf(field: z.ZodType): unknown {
  return field instanceof z.ZodDefault ? (field.def.defaultValue as unknown) : undefined;
}

/** What values a field takes, when the schema says it plainly: an enum's, or yes/no. */
function valuesOf(field: z.ZodType): string | undefined {
  if (field === bool) return 'true or false';
  let inner: z.ZodType = field;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional)
    inner = inner.def.innerType as z.ZodType;
  return inner instanceof z.ZodEnum ? inner.options.join(' | ') : undefined;
}

/** Wraps a comment at ~100 characters, each line starting with `# `. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > 98) {
      lines.push(`# ${line}`);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(`# ${line}`);
  return lines;
}

/** The text of `.env.example`; throws naming a variable that has no description. */
export function renderEnvExample(): string {
  const out = [
    '# Environment of the exhibition supplier platform (展览供应商接单平台): every variable the server',
    '# reads (apps/server/src/config/env.ts), grouped by the module of apps/server/src/config that owns it.',
    '# Generated by `npm run env:example` from apps/server/src/config/env-example.ts: edit that file,',
    '# not this one (apps/server/test/env-example.test.ts fails when the two differ).',
    '#',
    '# Uncomment what you set; an empty value means "not set" (the default applies). `npm start` reads',
    '# the process environment only; `docker compose -f deploy/compose.yaml` reads deploy/.env (copy',
    '# this file there) for the platform container (docs/deploy.md "Docker").',
  ];
  const missing: string[] = [];
  for (const group of ENV_GROUPS) {
    out.push('', `# ── ${group.title} (${group.file})`);
    for (const [name, field] of Object.entries(group.schema.shape) as Array<[string, z.ZodType]>) {
      const text = ENV_DESCRIPTIONS[name];
      if (!text) {
        missing.push(name);
        continue;
      }
      const values = valuesOf(field);
      out.push('', ...comment(values ? `${text} Values: ${values}.` : text));
      const value = defaultOf(field);
      out.push(`#${name}=${value === undefined ? '' : String(value)}`);
    }
  }
  if (missing.length > 0) {
    throw new Error(`env-example.ts: no description for ${missing.join(', ')}`);
  }
  return `${out.join('\n')}\n`;
}

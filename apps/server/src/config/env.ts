import path from 'node:path';
import { z } from 'zod';

/** The environment, parsed once. Nothing else in the server reads process.env. */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const envSchema = z.object({
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
  TRUST_PROXY: bool,
  DEMO_DATA: bool,
  SMS_PROVIDER: z.enum(['dev']).default('dev'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  REMEMBER_DAYS: z.coerce.number().int().min(1).default(30),
  LOGIN_IP_FAILURE_LIMIT: z.coerce.number().int().min(1).default(30),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** per uploaded file, in MB */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(100).default(10),
  /** where the local-disk file storage keeps uploads; default DATA_DIR/uploads */
  UPLOAD_DIR: z.string().optional(),
});

export type RawEnv = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  demoData: boolean;
  smsProvider: 'dev';
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  rememberMs: number;
  /** failed logins allowed per IP in a 15-minute window */
  loginIpFailureLimit: number;
  dbPoolSize: number;
  /** largest accepted upload, in bytes */
  uploadMaxBytes: number;
  uploadDir: string;
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
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    cookieSecure: e.COOKIE_SECURE ?? isProduction,
    trustProxy: e.TRUST_PROXY ?? false,
    demoData: e.DEMO_DATA ?? !isProduction,
    smsProvider: e.SMS_PROVIDER,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    rememberMs: e.REMEMBER_DAYS * 86_400_000,
    loginIpFailureLimit: e.LOGIN_IP_FAILURE_LIMIT,
    dbPoolSize: e.DB_POOL_SIZE,
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads')),
  };
}

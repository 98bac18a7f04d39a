import { z } from 'zod';
import { alipayConfig, alipayEnv } from './alipay.ts';
import { backupConfig, backupEnv } from './backup.ts';
import { databaseConfig, databaseEnv } from './database.ts';
import { jobsConfig, jobsEnv } from './jobs.ts';
import { liveConfig, liveEnv } from './live.ts';
import { marketplaceConfig, marketplaceEnv } from './marketplace.ts';
import { metricsConfig, metricsEnv } from './metrics.ts';
import { serverConfig, serverEnv, serverProductionProblems } from './server.ts';
import { sessionsConfig, sessionsEnv } from './sessions.ts';
import { smsConfig, smsEnv, smsProductionProblems } from './sms.ts';
import { tracingConfig, tracingEnv } from './tracing.ts';
import { uploadsConfig, uploadsEnv } from './uploads.ts';
import { wechatConfig, wechatEnv, wechatMpConfig, wechatMpEnv, wechatProductionProblems } from './wechat.ts';

/**
 * The environment, parsed once: nothing else in the server reads process.env. Each integration's
 * module in this folder owns its variables (a zod fragment), their checks and its slice of `Config`
 * (docs/architecture.md § Configuration); this file only composes them.
 */
export const envSchema = z.object({
  ...serverEnv.shape,
  ...databaseEnv.shape,
  ...sessionsEnv.shape,
  ...smsEnv.shape,
  ...wechatEnv.shape,
  ...wechatMpEnv.shape,
  ...alipayEnv.shape,
  ...uploadsEnv.shape,
  ...jobsEnv.shape,
  ...marketplaceEnv.shape,
  ...liveEnv.shape,
  ...metricsEnv.shape,
  ...backupEnv.shape,
  ...tracingEnv.shape,
});

type Env = z.output<typeof envSchema>;

/**
 * What production refuses to start with (README, "部署"): the development SMS sender, demo accounts,
 * WeChat sign-in without its public redirect. Every problem is named at once.
 */
function productionProblems(e: Env): string[] {
  if (e.NODE_ENV !== 'production') return [];
  return [...smsProductionProblems(e), ...serverProductionProblems(e), ...wechatProductionProblems(e)];
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
 * The configuration the server runs with, one slice per integration: `Config` is this function's
 * answer, so a field exists once, in its module, with its comment. README.md "Configuration" lists
 * every variable (config-docs.test.ts compares it with `envSchema`).
 */
function toConfig(e: Env) {
  const database = databaseConfig(e);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    server: serverConfig(e, database),
    database,
    sessions: sessionsConfig(e),
    sms: smsConfig(e),
    /** null: WeChat sign-in is not configured (no appid + secret) */
    wechat: wechatConfig(e, e.PORT),
    /** null: no WeChat 服务号 (no WECHAT_MP_APPID + WECHAT_MP_SECRET): no WeChat notices */
    wechatMp: wechatMpConfig(e),
    /** null: no ALIPAY_APP_ID (the sandbox outside production, PAYMENT_NOT_CONFIGURED in production) */
    alipay: alipayConfig(e),
    uploads: uploadsConfig(e, e.DATA_DIR),
    jobs: jobsConfig(e),
    marketplace: marketplaceConfig(e),
    live: liveConfig(e),
    metrics: metricsConfig(e),
    backup: backupConfig(e),
    tracing: tracingConfig(e),
  };
}

export type Config = ReturnType<typeof toConfig>;

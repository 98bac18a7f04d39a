/**
 * `npm run admin:create -- --username <u> --password <p> --role <reviewer|finance|super> [--name <显示名>] [--reset]`
 * Creates a console operator (or, with --reset, sets a new password on an existing one) in the
 * database the server uses (DATABASE_URL, else PGlite under DATA_DIR).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  ADMIN_ROLES,
  type AdminRole,
  adminDisplayNameSchema,
  adminRoleLabels,
  adminUsernameSchema,
  passwordSchema,
} from '@zl/shared';
import { loadConfig } from '../config/env.ts';
import { type Database, DataDirLockedError, openDatabase } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { upsertAdmin } from '../modules/admin/admin-accounts.service.ts';

const USAGE =
  '用法：npm run admin:create -- --username <用户名> --password <密码> --role <reviewer|finance|super> [--name <显示名>] [--reset]';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  /** an already open database (tests); otherwise opened from the environment like the server */
  database?: Database;
  io?: CliIo;
}

type Parsed =
  | {
      ok: true;
      username: string;
      password: string;
      role: AdminRole;
      name?: string | undefined;
      reset: boolean;
    }
  | { ok: false; errors: string[] };

export function parseCreateAdminArgs(argv: string[]): Parsed {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        username: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        reset: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return { ok: false, errors: [`参数不正确：${(e as Error).message}`] };
  }
  const errors: string[] = [];
  const username = adminUsernameSchema.safeParse(values.username ?? '');
  if (!username.success) errors.push(`--username：${username.error.issues[0]!.message}`);
  const password = passwordSchema.safeParse(values.password ?? '');
  if (!password.success) errors.push(`--password：${password.error.issues[0]!.message}`);
  const role = (ADMIN_ROLES as readonly string[]).includes(String(values.role))
    ? (values.role as AdminRole)
    : undefined;
  if (!role) errors.push('--role：请指定 reviewer（审核员）、finance（财务）或 super（超级管理员）');
  const name = values.name === undefined ? undefined : adminDisplayNameSchema.safeParse(values.name);
  if (name && !name.success) errors.push(`--name：${name.error.issues[0]!.message}`);
  if (errors.length || !username.success || !password.success || !role) return { ok: false, errors };
  return {
    ok: true,
    username: username.data,
    password: password.data,
    role,
    name: name?.success ? name.data : undefined,
    reset: values.reset === true,
  };
}

/** Answers the process exit code: 0 done, 1 failed, 2 bad arguments. */
export async function runCreateAdmin(argv: string[], opts: CliOptions = {}): Promise<number> {
  const io = opts.io ?? { out: (l) => console.log(l), err: (l) => console.error(l) };
  const args = parseCreateAdminArgs(argv);
  if (!args.ok) {
    for (const e of args.errors) io.err(e);
    io.err(USAGE);
    return 2;
  }
  let database = opts.database;
  const ownDatabase = !database;
  if (!database) {
    try {
      const config = loadConfig(opts.env ?? process.env);
      database = await openDatabase({
        databaseUrl: config.database.url,
        dataDir: config.database.dataDir,
        poolSize: 1,
        pgliteTemplate: config.database.pgliteTemplate ? undefined : false,
      });
    } catch (e) {
      if (e instanceof DataDirLockedError) {
        io.err(
          `${e.message}\n使用嵌入式数据库（PGlite）时，请先停止正在运行的服务器，再执行本命令，然后重新启动服务器。`,
        );
      } else {
        io.err(`无法打开数据库：${(e as Error).message}`);
      }
      return 1;
    }
  }
  try {
    const out = await upsertAdmin(
      database.db,
      {
        username: args.username,
        password: args.password,
        role: args.role,
        displayName: args.name,
        reset: args.reset,
      },
      null,
    );
    const who = `${args.username}（${adminRoleLabels[args.role]}）`;
    io.out(
      out.created
        ? `已创建运营后台账号 ${who}，请在 /admin/login 登录。`
        : `已重置运营后台账号 ${who} 的密码，其已有登录会话均已退出。`,
    );
    return 0;
  } catch (e) {
    if (e instanceof AppError && e.code === 'VALIDATION_FAILED') {
      io.err(`用户名 ${args.username} 已存在；如需重置其密码，请加上 --reset`);
      return 1;
    }
    io.err(`创建失败：${(e as Error).message}`);
    return 1;
  } finally {
    if (ownDatabase) await database.close();
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  runCreateAdmin(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, vi } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER = 'apps/server/src/server.ts';

export interface Proc {
  child: ChildProcess;
  out: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

/**
 * The real server (`apps/server/src/server.ts` through tsx) as a child process with `env` on top
 * of this one's, less DATABASE_URL (PGlite unless `env` names a database); extra command-line
 * `args` after the script.
 */
export function startServer(env: Record<string, string>, args: string[] = []): Proc {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const t0 = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, ...args], {
    cwd: ROOT,
    env: { ...rest, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>(
    (resolve) => {
      child.on('exit', (code, signal) => resolve({ code, signal, ms: Date.now() - t0 }));
    },
  );
  return { child, out: () => out, exited };
}

export async function waitHealthy(port: number, proc: Proc, timeoutMs = 60_000): Promise<void> {
  let exited = false;
  await vi
    .waitFor(
      async () => {
        // an early exit is final: stop asking (a throw here would only be retried)
        if (proc.child.exitCode !== null) {
          exited = true;
          return;
        }
        // a refused connection (not listening yet) throws too, and is tried again
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).ok).toBe(true);
      },
      { timeout: timeoutMs, interval: 150 },
    )
    .catch(() => {
      throw new Error(`server did not become healthy:\n${proc.out()}`);
    });
  if (exited) throw new Error(`server exited early:\n${proc.out()}`);
}

/** Kills what is still running (afterAll). */
export function killAll(procs: Proc[]): void {
  for (const p of procs)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
}

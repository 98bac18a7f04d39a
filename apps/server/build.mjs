// Bundles the server (and the workspace's shared TypeScript) into dist/server.js;
// npm dependencies stay external and load from node_modules, but those in `bundled`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
/**
 * Dependencies bundled into dist/ like our own code: drizzle-orm is some 110 small ES modules, and
 * Node looks up each one's package scope in its 179 KB package.json — about 0.65 s of a start, the
 * largest part of the module loading (docs/adr/0018-demo-template.md "Start time"). It is plain
 * JavaScript used by no other external package, so one copy inside the bundle behaves the same.
 */
const bundled = new Set(['drizzle-orm']);
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@zl/') && !bundled.has(d));

// dist/server.js is the launcher (src/launch.ts): it starts OpenTelemetry when asked, then imports
// the server, dist/main.js, at run time — so pg loads after the tracing hook (docs/adr/0017-traces.md).
const entries = {
  server: 'src/launch.ts',
  main: 'src/server.ts',
  tracing: 'src/lib/tracing.ts',
  'create-admin': 'src/cli/create-admin.ts',
  'pglite-template': 'src/cli/pglite-template.ts',
  'demo-template': 'src/cli/demo-template.ts',
};
const entryPoints = Object.fromEntries(
  Object.entries(entries).filter(([, file]) => {
    try {
      readFileSync(new URL(file, import.meta.url));
      return true;
    } catch {
      return false;
    }
  }),
);

/** The launcher's two dynamic imports stay imports of the other bundles, not copies inlined into it. */
const launcherImports = {
  name: 'launcher-imports',
  setup(b) {
    const bundles = { './server.ts': './main.js', './lib/tracing.ts': './tracing.js' };
    b.onResolve({ filter: /^\.\/(server|lib\/tracing)\.ts$/ }, (args) =>
      args.importer.endsWith('launch.ts') ? { path: bundles[args.path], external: true } : undefined,
    );
  },
};

await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'zod', 'pg-native'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
  plugins: [launcherImports],
});
console.log(`server built: ${Object.keys(entryPoints).join(', ')} → apps/server/dist`);

// A migrated, empty PGlite database for a fresh DATA_DIR to start from (ADR 0003); PGLITE_TEMPLATE=false skips it.
if (!['false', '0'].includes(process.env.PGLITE_TEMPLATE ?? '')) {
  const archive = fileURLToPath(new URL('./dist/pglite-template.tar.gz', import.meta.url));
  const r = spawnSync(process.execPath, ['dist/pglite-template.js', archive], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  // The same database with the demo data seeded, for a fresh start with DEMO_DATA (ADR 0018);
  // DEMO_TEMPLATE=false skips it (the container image: production never seeds the demo).
  if (!['false', '0'].includes(process.env.DEMO_TEMPLATE ?? '')) {
    const d = spawnSync(process.execPath, ['dist/demo-template.js'], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      stdio: 'inherit',
    });
    if (d.status !== 0) process.exit(d.status ?? 1);
  }
}

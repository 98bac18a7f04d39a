// Bundles the server (and the workspace's shared TypeScript) into dist/server.js;
// npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@zl/'));

const entries = { server: 'src/server.ts', 'create-admin': 'src/cli/create-admin.ts' };
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
});
console.log(`server built: ${Object.keys(entryPoints).join(', ')} → apps/server/dist`);

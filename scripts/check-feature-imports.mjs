#!/usr/bin/env node
// Part of `npm run lint`: the web's feature boundaries (docs/web.md § Features).
//
// - A feature (apps/web/src/features/<B>/) is used by another feature only through its index.ts.
// - lib/ and components/ are shared by every feature and import no feature at all.
// - app/ is the composition root and is not checked: its routes name each page module (one chunk
//   per page) and the shell takes the session calls from the module that holds them, so that a
//   feature's index.ts never pulls the rest of the feature into the entry chunk.
//
// `vi.mock(…)` paths are not imports and are not checked. `--stats` prints the feature → feature
// imports and edges. Exits 1 on a violation, naming file, line and the import.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'apps/web/src');
const stats = process.argv.includes('--stats');

function walk(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Static `import … from` / `export … from` / `import '…'`, and dynamic `import('…')`. */
const IMPORT_RE =
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** 'features/<name>' of a path relative to src, or null. */
function featureOf(rel) {
  const m = /^features\/([^/]+)\//.exec(rel);
  return m ? m[1] : null;
}

const violations = [];
let crossImports = 0;
const edges = new Set();

for (const file of walk(src)) {
  const rel = path.relative(src, file).split(path.sep).join('/');
  const from = featureOf(rel);
  const area = from ? 'feature' : rel.split('/')[0];
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec?.startsWith('.')) continue;
    const target = path
      .relative(src, path.resolve(path.dirname(file), spec))
      .split(path.sep)
      .join('/');
    const to = featureOf(target);
    if (!to || to === from) continue;
    const line = text.slice(0, m.index).split('\n').length;
    const where = `apps/web/src/${rel}:${line}`;
    if (from) {
      crossImports++;
      edges.add(`${from} → ${to}`);
    }
    if (area === 'lib' || area === 'components') {
      violations.push(`${where}: ${area}/ must not import a feature ('${spec}')`);
    } else if (area === 'feature' && target !== `features/${to}/index.ts`) {
      violations.push(`${where}: deep import into features/${to}/ ('${spec}'); use features/${to}/index.ts`);
    }
  }
}

if (stats) {
  console.log(`feature → feature imports: ${crossImports}, edges: ${edges.size}`);
  for (const e of [...edges].sort()) console.log(`  ${e}`);
}
if (violations.length > 0) {
  console.error(`check-feature-imports: ${violations.length} import(s) cross a feature boundary`);
  for (const v of violations) console.error(`  ${v}`);
  process.exit(1);
}
if (!stats) console.log('check-feature-imports: features are used only through their index.ts');

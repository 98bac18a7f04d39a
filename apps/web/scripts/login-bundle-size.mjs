#!/usr/bin/env node
// Gzip size of the JS /login needs before it is interactive: the entry chunk, the login layout and
// login page chunks, and everything they import statically (recursively). Budget: 160 KB.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = 163840;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry in manifest');
const loginKeys = ['src/app/layouts/login-layout.tsx', 'src/features/auth/pages/login-page.tsx'];
for (const k of loginKeys) if (!manifest[k]) throw new Error(`${k} not in manifest`);

const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
}
for (const k of [entryKey, ...loginKeys]) visit(k);

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([size, file]);
}
rows.sort((a, b) => b[0] - a[0]);
for (const [size, file] of rows) console.log(`${String(size).padStart(8)}  ${file}`);
console.log(`login JS gzip: ${total} bytes (${(total / 1024).toFixed(1)} KB, budget ${BUDGET / 1024} KB)`);
if (total > BUDGET) {
  console.error(`over budget by ${total - BUDGET} bytes`);
  process.exit(1);
}

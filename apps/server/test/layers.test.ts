import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (docs/seed-map.md § Calls): SQL only in repos, coins only through the named
 * ledger movements, one audit writer. A source scan, so a new file that drifts fails here.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

const rel = (p: string) => path.relative(SRC, p).split(path.sep).join('/');
const files = sources().map((p) => ({ file: rel(p), text: fs.readFileSync(p, 'utf8') }));

// A query started on a database or transaction handle, or raw SQL run through queryRows.
const QUERY =
  /(?<![\w.])(db|tx|deps\.db|this\.db|database\.db)\s*\.\s*(select|selectDistinct|insert|update|delete|execute)\s*\(|\bqueryRows\s*(<[^>]*>)?\s*\(|\bclient\.query\s*(<[^>]*>)?\s*\(/;

/** Data modules that are not named *.repo.ts: the database itself and the rate counters. */
const NOT_REPOS_BUT_DATA = new Set(['db/client.ts', 'db/migrate.ts', 'lib/rate-counter.ts']);

describe('server layers', () => {
  it('every query is in a repo', () => {
    const outside = files
      .filter((f) => !f.file.endsWith('.repo.ts') && !NOT_REPOS_BUT_DATA.has(f.file))
      .filter((f) => QUERY.test(f.text))
      .map((f) => f.file);
    expect(outside).toEqual([]);
  });

  it('only the named movements of ledger/movements.ts call postTransaction', () => {
    const callers = files
      .filter((f) => /(?<!function )\bpostTransaction\s*\(/.test(f.text))
      .map((f) => f.file);
    expect(callers).toEqual(['modules/ledger/movements.ts']);
  });

  it('one insertAudit writes the audit log', () => {
    const definitions = files.filter((f) => /function insertAudit\b/.test(f.text)).map((f) => f.file);
    expect(definitions).toEqual(['modules/audit/audit.repo.ts']);
    const writers = files.filter((f) => /\.insert\(\s*auditLog\s*\)/.test(f.text)).map((f) => f.file);
    expect(writers).toEqual(['modules/audit/audit.repo.ts']);
  });
});

/** Non-test sources of the web app and the shared package, for the checks that span the workspace. */
const WORKSPACE = path.resolve(SRC, '../../..');
const workspaceFiles = [
  ...files.map((f) => ({ file: `apps/server/src/${f.file}`, text: f.text })),
  ...['apps/web/src', 'packages/shared/src'].flatMap((dir) =>
    sourcesOf(path.join(WORKSPACE, dir)).map((p) => ({
      file: path.relative(WORKSPACE, p).split(path.sep).join('/'),
      text: fs.readFileSync(p, 'utf8'),
    })),
  ),
].filter((f) => !/\.test\.tsx?$/.test(f.file));

function sourcesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesOf(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('named states', () => {
  it('contctck and reportck are compared and written through CONTRACT_CHECK / REPORT_CHECK, never as bare numbers', () => {
    // `p.contctck === 2`, `reportck: 3`, `eq(projects.reportck, 1)`: the meaning of the digit lives in
    // packages/shared/src/project/project-states.ts only (docs/product.md § Contract and report review).
    const BARE = /\b(contctck|reportck)\b\s*(?:[!=]==|[<>]=?|:|\?\?)\s*\d|\.(contctck|reportck)\s*,\s*\d/;
    const bare = workspaceFiles.flatMap((f) =>
      f.text
        .split('\n')
        .map((line, i) => ({ line, at: `${f.file}:${i + 1}` }))
        .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && BARE.test(line))
        .map(({ at }) => at),
    );
    expect(bare).toEqual([]);
  });
});

describe('one money formatter, one Asia/Shanghai clock', () => {
  it('分 become 元 text only in packages/shared/src/money.ts', () => {
    // `(fen / 100).toFixed(2)`, `toLocaleString` of a float, or digits glued from `/ 100` and `% 100`
    const FORMATS = /\/\s*100\)\s*\.\s*(toFixed|toLocaleString)\b|%\s*100\)\s*\.padStart\b/;
    const formatters = workspaceFiles
      .filter((f) => f.file !== 'packages/shared/src/money.ts' && FORMATS.test(f.text))
      .map((f) => f.file);
    expect(formatters).toEqual([]);
  });

  it('the +8 h of Asia/Shanghai is written only in packages/shared/src/date/date.ts', () => {
    const OFFSET =
      /\b8\s*\*\s*(3_?600_?000|3_?600\s*\*\s*1_?000|60\s*\*\s*60\s*\*\s*1_?000)\b|\+08:00|28_?800_?000/;
    const offsets = workspaceFiles
      .filter((f) => f.file !== 'packages/shared/src/date/date.ts' && OFFSET.test(f.text))
      .map((f) => f.file);
    expect(offsets).toEqual([]);
  });
});

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

  it('every route file takes its options from routeOptions builders (docs/architecture.md § Routes)', () => {
    const routeFiles = files.filter((f) => f.file.endsWith('.routes.ts'));
    expect(routeFiles.length).toBeGreaterThan(0);
    // a hand-written guard or schema, or a builder made and called on the spot
    const handWritten = routeFiles
      .filter((f) => /\bconfig:\s*\{|\bschema:\s*\{|routeOptions\([^)]*\)\(/.test(f.text))
      .map((f) => f.file);
    expect(handWritten).toEqual([]);
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

/**
 * The modules' import graph (docs/seed-map.md § Module graph): which module of modules/ may import
 * which. A module imports only modules below it, so the graph has no cycle; a new edge is a design
 * decision and is added here, in the order of the layers, with the reason in the docs.
 */
const ALLOWED_MODULE_EDGES: Record<string, readonly string[]> = {
  // the bottom: written inside every other module's transactions
  audit: [],
  outbox: [],
  user: [],
  file: [],
  notice: ['audit', 'user'],
  ledger: ['outbox'],
  backup: ['ledger'],
  project: ['audit', 'file', 'ledger', 'outbox', 'user'],
  tip: ['notice', 'outbox', 'project'],
  conversation: ['file', 'notice', 'outbox', 'project', 'user'],
  live: ['conversation', 'outbox', 'project', 'tip'],
  stage: ['ledger', 'outbox', 'project', 'tip', 'user'],
  evaluation: ['file', 'outbox', 'project'],
  works: ['file'],
  verification: ['audit', 'file', 'user'],
  member: ['audit', 'conversation', 'evaluation', 'file', 'ledger', 'tip', 'user', 'verification', 'works'],
  projectcenter: ['evaluation', 'file', 'ledger', 'member', 'project', 'stage', 'user'],
  payment: ['ledger', 'project', 'stage', 'user'],
  change: ['file', 'ledger', 'live', 'outbox', 'payment', 'project', 'stage', 'tip', 'user'],
  contract: ['file', 'project', 'stage', 'user'],
  report: ['change', 'file', 'payment', 'project', 'stage'],
  complaint: ['audit', 'conversation', 'file', 'ledger', 'outbox', 'payment', 'project', 'stage', 'user'],
  withdraw: ['audit', 'ledger', 'member', 'stage', 'user'],
  bills: ['project'],
  calendar: [],
  favorite: ['project', 'projectcenter'],
  question: ['file', 'outbox', 'project', 'projectcenter', 'tip', 'user'],
  invoice: ['file', 'outbox', 'project', 'tip', 'user'],
  reminder: ['notice', 'outbox', 'tip'],
  site: ['file', 'outbox', 'project', 'stage', 'tip'],
  filing: ['contract', 'file', 'outbox', 'project', 'stage', 'tip', 'user'],
  home: ['bills', 'member', 'project', 'projectcenter', 'tip'],
  company: ['evaluation', 'file', 'member', 'user'],
  customer: ['audit', 'evaluation', 'file', 'member', 'project', 'projectcenter', 'stage', 'user'],
  admin: ['audit', 'file', 'ledger', 'member', 'outbox', 'project', 'stage', 'user'],
  wechat: ['user'],
  dev: ['user'],
};

/** `import … from`, `export … from`, `import '…'` and `import('…')`, type-only ones included. */
const IMPORT_RE =
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

/** module → module → the `file: specifier` imports that make the edge */
function moduleEdges(): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const f of files) {
    const from = moduleOf(f.file);
    if (!from) continue;
    for (const m of f.text.matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec?.startsWith('.')) continue;
      const to = moduleOf(path.posix.normalize(path.posix.join(path.posix.dirname(f.file), spec)));
      if (!to || to === from) continue;
      const byTarget = edges.get(from) ?? new Map<string, string[]>();
      edges.set(from, byTarget);
      byTarget.set(to, [...(byTarget.get(to) ?? []), `${f.file}: ${spec}`]);
    }
  }
  return edges;
}

describe('module graph', () => {
  const edges = moduleEdges();

  it('every module is in the allowed graph', () => {
    const modules = fs.readdirSync(path.join(SRC, 'modules'));
    expect(modules.filter((m) => !(m in ALLOWED_MODULE_EDGES))).toEqual([]);
  });

  it('a module imports only the modules the allowed graph lists for it', () => {
    const extra = [...edges].flatMap(([from, targets]) =>
      [...targets]
        .filter(([to]) => !ALLOWED_MODULE_EDGES[from]?.includes(to))
        .map(([to, where]) => `${from} -> ${to} (${where.join(', ')})`),
    );
    expect(extra).toEqual([]);
  });

  it('no two modules import each other, however far round', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (m: string, trail: string[]) => {
      if (state.get(m) === 'done') return;
      if (state.get(m) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(m)), m].join(' -> '));
        return;
      }
      state.set(m, 'open');
      for (const to of edges.get(m)?.keys() ?? []) visit(to, [...trail, m]);
      state.set(m, 'done');
    };
    for (const m of edges.keys()) visit(m, []);
    expect(cycles).toEqual([]);
  });

  it('the allowed graph itself is ordered: each module lists only modules above it in the list', () => {
    const order = Object.keys(ALLOWED_MODULE_EDGES);
    const upward = order.flatMap((m, i) =>
      ALLOWED_MODULE_EDGES[m]!.filter((to) => order.indexOf(to) >= i || order.indexOf(to) < 0).map(
        (to) => `${m} -> ${to}`,
      ),
    );
    expect(upward).toEqual([]);
  });
});

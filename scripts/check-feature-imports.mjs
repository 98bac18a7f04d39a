#!/usr/bin/env node
// Part of `npm run lint`: the web's feature boundaries and query keys (docs/web.md § Features meet
// only through `index.ts` and § How the web calls the API).
//
// - A feature (apps/web/src/features/<B>/) is used by another feature only through its index.ts,
//   and only along an edge of ALLOWED below: a new feature → feature edge fails until it is added
//   there with the reason it is meant. What several features need and belongs to none goes to
//   components/ or lib/ instead.
// - lib/ and components/ are shared by every feature and import no feature at all.
// - app/ is the composition root and is not checked: its routes name each page module (one chunk
//   per page) and the shell takes the session calls from the module that holds them, so that a
//   feature's index.ts never pulls the rest of the feature into the entry chunk.
// - A query key is written as an array only in a key factory (a file named `keys.ts` or
//   `…-keys.ts`: a feature's api/keys.ts, lib/query-keys.ts); everywhere else it comes from one.
// - ALLOWED names no edge that nothing uses any more (so the list stays the list of what is meant).
//
// `vi.mock(…)` paths are not imports and are not checked. `--stats` prints the feature → feature
// imports and edges; `--src <dir>` checks another tree laid out like apps/web/src (the script's
// test). Exits 1 on a violation, naming file, line and what is wrong.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The feature → feature edges that are meant: a page composing another feature's widget, or one
 * feature's call read by another. Each through the used feature's index.ts.
 */
const ALLOWED = {
  'admin → complaint': "the operator's complaint queue shows the complaint, its evidence and the ruling",
  'auth → wechat': "the login page's WeChat button and its callback",
  'customer → bills': '收支明细 of the customer portal is the shared bills view',
  'customer → change': "the customer's project page approves or rejects the winner's change orders (变更单)",
  'customer → complaint': "the customer's project page files a complaint (投诉)",
  'customer → delivery': "the customer's project page reviews the contract and shows the delivery progress",
  'customer → evaluation': "the customer's project page evaluates the supplier",
  'customer → filing': "the customer's project page shows the venue filing (报馆), ID numbers masked",
  'customer → invoice': "the customer's project page asks for invoices (发票); 收支明细 lists them",
  'customer → message': "the portal's header: the unread badge and the live updates",
  'customer → payment':
    "the customer's project page pays the prepayment and the payment plan's later stages (支付预付款, 付款计划)",
  'customer → question': "the customer's project page answers the bidders' questions (答疑)",
  'customer → report': "the customer's project page accepts the completion report",
  'customer → site':
    "the customer's project page shows the on-site timeline and confirms the check-in (现场)",
  'delivery → order-detail': "the contract pages show the supplier's project (Projectcenter/getInfo)",
  'home → message': "首页's to-dos count the unread tips",
  'message → conversation': '消息中心 shows the project conversation (会话) beside the tips (通知)',
  'order-detail → change': "the winner's order detail proposes change orders (变更单 增项 / 减项)",
  'order-detail → complaint': 'the order detail files a complaint (投诉)',
  'order-detail → delivery': 'the order detail shows the delivery progress',
  'order-detail → evaluation': 'the order detail evaluates the customer',
  'order-detail → filing':
    "the winner's order detail fills the venue filing (报馆), downloads its PDF and records the venue's answers",
  'order-detail → invoice': "the winner's order detail issues or rejects invoice requests (发票)",
  'order-detail → question': 'the order detail shows the Q&A and asks (答疑)',
  'order-detail → report': 'the order detail hands in the completion report',
  'order-detail → site':
    "the winner's order detail checks in on site, posts site logs and marks 展台就绪 (现场)",
  'person-center → bills': '收支明细 of the person centre is the shared bills view',
  'person-center → invoice': "收支明细 of the person centre lists the supplier's invoices and its 佣金月结单",
  'person-center → member': "账户概览 shows how complete the member's profile is",
  'person-center → withdraw': '账户概览 holds the balance and 提现',
  'quote → order-detail': "报价 reads the same project and the supplier's stance as the detail",
  'quote → question': '报价 shows the Q&A it prices on, and new answers after the quote',
  'showroom → works': "/show shows the supplier's designs and services",
  'verification → placeholder': 'the review-waiting page falls back to 功能建设中',
};

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

/** A query or mutation key written as an array (a literal or a spread of a factory's part). */
const RAW_KEY_RE =
  /\b(?:queryKey|mutationKey)\s*:\s*\[|\b(?:[sg]etQueryData|getQueryState)\s*(?:<[^>()]*>)?\(\s*\[/g;

/** A key factory's file: `keys.ts`, `query-keys.ts`. */
const isKeyFactory = (rel) => /(^|[/-])keys\.ts$/.test(rel);

/** 'features/<name>' of a path relative to src, or null. */
function featureOf(rel) {
  const m = /^features\/([^/]+)\//.exec(rel);
  return m ? m[1] : null;
}

/** Checks the tree at `src` (apps/web/src or one laid out like it). */
export function check(src, allowed = ALLOWED) {
  const violations = [];
  let crossImports = 0;
  let crossImportsInTests = 0;
  const edges = new Map();
  const used = new Set();

  for (const file of walk(src).sort()) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    const from = featureOf(rel);
    const area = from ? 'feature' : rel.split('/')[0];
    const text = fs.readFileSync(file, 'utf8');
    const lineOf = (index) => text.slice(0, index).split('\n').length;
    const isTest = /\.test\.tsx?$/.test(rel);

    if (!isKeyFactory(rel)) {
      for (const m of text.matchAll(RAW_KEY_RE)) {
        violations.push(
          `apps/web/src/${rel}:${lineOf(m.index)}: a query key written as an array ('${m[0]}'); take it from the feature's api/keys.ts or lib/query-keys.ts`,
        );
      }
    }

    for (const m of text.matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec?.startsWith('.')) continue;
      const target = path
        .relative(src, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/');
      const to = featureOf(target);
      if (!to || to === from) continue;
      const where = `apps/web/src/${rel}:${lineOf(m.index)}`;
      if (area === 'lib' || area === 'components') {
        violations.push(`${where}: ${area}/ must not import a feature ('${spec}')`);
        continue;
      }
      if (area !== 'feature') continue;
      const edge = `${from} → ${to}`;
      crossImports++;
      if (isTest) crossImportsInTests++;
      edges.set(edge, (edges.get(edge) ?? 0) + 1);
      if (target !== `features/${to}/index.ts`) {
        violations.push(
          `${where}: deep import into features/${to}/ ('${spec}'); use features/${to}/index.ts`,
        );
      } else if (!Object.hasOwn(allowed, edge)) {
        violations.push(
          `${where}: a new feature → feature edge ${edge} ('${spec}'); move what both need to components/ or lib/, or add the edge with its reason to ALLOWED in scripts/check-feature-imports.mjs`,
        );
      } else {
        used.add(edge);
      }
    }
  }
  for (const edge of Object.keys(allowed)) {
    if (!used.has(edge)) {
      violations.push(
        `scripts/check-feature-imports.mjs: ALLOWED names ${edge}, which no import uses; remove it`,
      );
    }
  }
  return { violations, crossImports, crossImportsInTests, edges };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const srcArg = args.indexOf('--src');
  const src =
    srcArg >= 0 ? path.resolve(args[srcArg + 1]) : path.resolve(import.meta.dirname, '..', 'apps/web/src');
  const { violations, crossImports, crossImportsInTests, edges } = check(src);
  if (args.includes('--stats')) {
    console.log(
      `feature → feature imports: ${crossImports} (${crossImports - crossImportsInTests} outside tests), edges: ${edges.size}`,
    );
    for (const [e, n] of [...edges].sort()) console.log(`  ${e} (${n})`);
  }
  if (violations.length > 0) {
    console.error(`check-feature-imports: ${violations.length} violation(s)`);
    for (const v of violations) console.error(`  ${v}`);
    process.exit(1);
  }
  if (!args.includes('--stats')) {
    console.log(
      'check-feature-imports: features are used only through their index.ts, along the allowed edges; query keys come from key factories',
    );
  }
}

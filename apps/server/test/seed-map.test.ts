import fs from 'node:fs';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loginOtherPages, mainPages, personCenterPages } from '../../web/src/app/route-table.ts';
import { useTestApp } from './member-fixtures.ts';

/**
 * docs/seed-map.md cannot drift: its call table names every call the server registers (and no
 * call it does not), and its route table every page of the web's route table.
 */
const doc = fs.readFileSync(new URL('../../../docs/seed-map.md', import.meta.url), 'utf8');

/** The rows of the markdown table under `## <heading>`, as cells. */
function tableRows(heading: string): string[][] {
  const start = doc.indexOf(`\n## ${heading}`);
  expect(start, `docs/seed-map.md has ## ${heading}`).toBeGreaterThan(-1);
  const end = doc.indexOf('\n## ', start + 4);
  return doc
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|[-| ]+\|$/.test(l))
    .slice(1) // the header
    .map((l) => l.split('|').slice(1, -1));
}

/**
 * The calls a row's first cell names: `Controller/action`, then bare `action`s of the same
 * controller (`Company/saveCase`, `listCase`), each maybe after `GET `.
 */
function callsOf(cell: string): string[] {
  const out: string[] = [];
  let controller = '';
  for (const [, name] of cell.matchAll(/`(?:GET |POST )?([A-Za-z_]+(?:\/[A-Za-z_]+)?)`/g)) {
    if (name!.includes('/')) {
      controller = name!.split('/')[0]!;
      out.push(name!);
    } else if (controller) out.push(`${controller}/${name}`);
  }
  return out;
}

const routes: RouteOptions[] = [];
const ctx = useTestApp({ app: { onRoute: (r) => routes.push(r) } });

describe('docs/seed-map.md', () => {
  it('lists every call the server registers under /api, and only those', () => {
    expect(ctx.app).toBeTruthy();
    const served = new Set(
      routes
        .map((r) => r.url)
        .filter((u) => u.startsWith('/api/') && !u.startsWith('/api/docs'))
        .map((u) => u.slice('/api/'.length))
        .filter((u) => /^[A-Za-z]+\/[A-Za-z_]+$/.test(u)),
    );
    const listed = new Set(tableRows('Calls').flatMap(([call]) => callsOf(call ?? '')));
    expect([...served].filter((c) => !listed.has(c)).sort(), 'served but not in the call table').toEqual([]);
    expect([...listed].filter((c) => !served.has(c)).sort(), 'in the call table but not served').toEqual([]);
  });

  it("lists every page of the web's route table", () => {
    const listed = new Set(
      tableRows('Routes').flatMap(([route]) =>
        [...(route ?? '').matchAll(/`(\/[^`?]*)`/g)].map((m) => m[1]!),
      ),
    );
    const pages = [
      ...Object.keys(mainPages).map((k) => `/${k}`),
      ...Object.keys(personCenterPages).map((k) => `/personCenter/${k}`),
      ...Object.keys(loginOtherPages).map((k) => `/loginOther/${k}`),
    ];
    expect(pages.filter((p) => !listed.has(p)).sort(), 'pages missing from the route table').toEqual([]);
  });
});

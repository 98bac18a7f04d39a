import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run lint`'s boundary check (scripts/check-feature-imports.mjs; docs/web.md § Features meet
// only through `index.ts`), run on a small tree that breaks each rule once, and on the web itself.
const SCRIPT = resolve(__dirname, '../../../../scripts/check-feature-imports.mjs');

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const tree = mkdtempSync(join(tmpdir(), 'zl-boundaries-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function file(rel: string, text: string) {
  mkdirSync(dirname(join(tree, rel)), { recursive: true });
  writeFileSync(join(tree, rel), text);
}

file('features/complaint/index.ts', "export { ComplainButton } from './components/complain-button.tsx';\n");
file('features/complaint/components/complain-button.tsx', 'export const ComplainButton = () => null;\n');
// an allowed edge, through the index
file(
  'features/customer/pages/project-page.tsx',
  "import { ComplainButton } from '../../complaint/index.ts';\n",
);
// an edge nobody allowed, though through the index
file('features/home/pages/main-page.tsx', "import { ComplainButton } from '../../complaint/index.ts';\n");
// past the index
file(
  'features/customer/pages/other-page.tsx',
  "import { ComplainButton } from '../../complaint/components/complain-button.tsx';\n",
);
// a key written by hand, and one built on a factory's root outside the factory (spelt in two
// parts here, or the check would find them in this file)
const KEY = 'queryKey';
file(
  'features/home/api/home-info.ts',
  `import { homeKeys } from './keys.ts';\nexport const a = { ${KEY}: ['member'] };\nexport const b = { ${KEY}: [...homeKeys.all, 'x'] };\n`,
);
// the factory itself may write arrays
file('features/home/api/keys.ts', "export const homeKeys = { all: ['home'] as const };\n");
// shared code importing a feature
file('components/project/tag.tsx', "import { ComplainButton } from '../../features/complaint/index.ts';\n");

describe('scripts/check-feature-imports.mjs', () => {
  const r = run('--src', tree);

  it('fails on a feature → feature edge that ALLOWED does not name, even through index.ts', () => {
    expect(r.status).toBe(1);
    expect(r.out).toMatch(
      /features\/home\/pages\/main-page\.tsx:1: a new feature → feature edge home → complaint/,
    );
    expect(r.out).not.toMatch(/customer\/pages\/project-page\.tsx/);
  });

  it('fails on a deep import and on a feature imported from components/', () => {
    expect(r.out).toMatch(/customer\/pages\/other-page\.tsx:1: deep import into features\/complaint\//);
    expect(r.out).toMatch(/components\/project\/tag\.tsx:1: components\/ must not import a feature/);
  });

  it('fails on a query key written as an array outside a key factory', () => {
    expect(r.out).toMatch(/features\/home\/api\/home-info\.ts:2: a query key written as an array/);
    expect(r.out).toMatch(/features\/home\/api\/home-info\.ts:3: a query key written as an array/);
    expect(r.out).not.toMatch(/features\/home\/api\/keys\.ts/);
  });

  it('names an allowed edge that nothing uses any more', () => {
    expect(r.out).toMatch(/ALLOWED names auth → wechat, which no import uses/);
    expect(r.out).not.toMatch(/ALLOWED names customer → complaint/);
  });

  it('passes on the web as it is', () => {
    const web = run();
    expect(web.out).toMatch(/along the allowed edges/);
    expect(web.status).toBe(0);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_FILES } from '../vite.config.ts';

// The web's test files share one module registry and jsdom per worker (vite.config.ts,
// docs/testing.md § Time), so a file that replaces a module with vi.mock must run isolated.
const ROOT = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return /\.test\.tsx?$/.test(p) ? [path.relative(ROOT, p).split(path.sep).join('/')] : [];
  });
}

describe('test isolation', () => {
  it('every web test file that calls vi.mock / vi.doMock runs isolated, and only those', () => {
    const mocking = testFiles(path.join(ROOT, 'src'))
      .filter((f) => f !== 'src/test-isolation.test.ts')
      .filter((f) => /\bvi\.(do)?[mM]ock\s*\(/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')))
      .sort();
    expect(mocking).toEqual([...MOCKING_FILES].sort());
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** One word for one thing on every page (supplier and customer alike). */
const SAME_THING: Array<{ use: string; never: string[] }> = [{ use: '金币', never: ['竞标币'] }];

const ROOTS = [join(__dirname, '..'), join(__dirname, '..', '..', '..', '..', 'packages', 'shared', 'src')];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('wording', () => {
  it.each(SAME_THING)('the coins are called $use everywhere', ({ never }) => {
    const hits: string[] = [];
    for (const root of ROOTS) {
      for (const path of files(root)) {
        const text = readFileSync(path, 'utf8');
        for (const word of never) if (text.includes(word)) hits.push(`${relative(root, path)}: ${word}`);
      }
    }
    expect(hits).toEqual([]);
  });
});

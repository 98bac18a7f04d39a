import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/config/env.ts';

/**
 * README.md § Configuration is the operator's list of environment variables: it names every
 * variable `envSchema` reads, and none it does not. A cell may name several (`A` / `B`) and shorten
 * a family (`ALIYUN_SMS_TEMPLATE_REGIST` / `_RESET`: the suffix replaces the last segment).
 */
function documentedVariables(): string[] {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const start = readme.indexOf('\n## Configuration');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const names = new Set<string>();
  for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
    let last = '';
    for (const m of (line.split('|')[1] ?? '').matchAll(/`([A-Z_][A-Z0-9_]*)`/g)) {
      const token = m[1]!;
      const name = token.startsWith('_') ? `${last.slice(0, last.lastIndexOf('_'))}${token}` : token;
      names.add(name);
      last = name;
    }
  }
  return [...names].sort();
}

describe('README § Configuration', () => {
  it('lists exactly the variables of the environment schema', () => {
    expect(documentedVariables()).toEqual(Object.keys(envSchema.shape).sort());
  });
});

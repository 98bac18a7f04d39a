import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/config/env.ts';
import { ENV_DESCRIPTIONS, ENV_GROUPS, renderEnvExample } from '../src/config/env-example.ts';

/**
 * Issue 30 item 6: `.env.example` names every variable of the environment schema, grouped by its
 * config module and explained, and is exactly what `npm run env:example` writes — so it cannot
 * drift from apps/server/src/config/*.ts.
 */
const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
const schemaNames = Object.keys(envSchema.shape).sort();

describe('.env.example', () => {
  it('is what `npm run env:example` writes today (run it after changing a config module)', () => {
    expect(committed).toBe(renderEnvExample());
  });

  it('names every variable of the schema once, and nothing else', () => {
    const named = [...committed.matchAll(/^#([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect([...named].sort()).toEqual(schemaNames);
    expect(new Set(named).size).toBe(named.length);
  });

  it('its groups are the fragments env.ts composes, and every variable has a description', () => {
    const grouped = ENV_GROUPS.flatMap((g) => Object.keys(g.schema.shape)).sort();
    expect(grouped).toEqual(schemaNames);
    expect(Object.keys(ENV_DESCRIPTIONS).sort()).toEqual(schemaNames);
    for (const name of schemaNames) expect(ENV_DESCRIPTIONS[name]!.length).toBeGreaterThan(10);
  });

  it("shows each fixed default as the schema's", () => {
    expect(committed).toMatch(/^#PORT=3000$/m);
    expect(committed).toMatch(/^#S3_REGION=us-east-1$/m);
    expect(committed).toMatch(/^#DATABASE_URL=$/m);
    const parsed = envSchema.parse({});
    expect(committed).toContain(`#SESSION_ABSOLUTE_HOURS=${parsed.SESSION_ABSOLUTE_HOURS}\n`);
  });
});

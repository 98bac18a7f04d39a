import fs from 'node:fs';
import path from 'node:path';
import { auditActionLabels, auditTargetLabels, PROJECT_TRANSITIONS } from '@zl/shared';
import { describe, expect, it } from 'vitest';

const SRC = path.join(__dirname, '..', 'src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return fs.statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/**
 * Every audit action code the server can write: literals in files that write audit rows (through
 * `insertAudit`, or in a statement of their own, e.g. the operator login's).
 */
function actionCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sources(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/insertAudit\(|insert into audit_log/.test(text)) continue;
    for (const m of text.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) codes.add(m[1]!);
    // the transition helper writes `project.${event}` for every event of the shared table
    if (/action: `project\.\$\{input\.event\}`/.test(text)) {
      for (const t of PROJECT_TRANSITIONS) codes.add(`project.${t.event}`);
    }
  }
  return codes;
}

describe('audit log words', () => {
  it('finds the codes the server writes (the scan itself works)', () => {
    const codes = actionCodes();
    for (const c of [
      'auth.approve',
      'member.set_payment',
      'project.award',
      'project.publish',
      'admin.login',
    ]) {
      expect(codes).toContain(c);
    }
  });

  it('every action code written anywhere has a Chinese label', () => {
    const missing = [...actionCodes()].filter((c) => !auditActionLabels[c]);
    expect(missing).toEqual([]);
    for (const label of Object.values(auditActionLabels)) expect(label).toMatch(/[\u4e00-\u9fff]/);
  });

  it('every target type written anywhere has a Chinese label', () => {
    const types = new Set<string>();
    for (const file of sources(SRC)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/targetType: '([a-z_]+)'/g)) types.add(m[1]!);
    }
    types.add('person_auth').add('business_auth'); // review.service picks one by kind
    expect([...types].filter((t) => !auditTargetLabels[t])).toEqual([]);
  });
});

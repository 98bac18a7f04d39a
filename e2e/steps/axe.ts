// axe-core on a page as it stands (docs/web.md § Accessibility): the WCAG 2.1 A and AA rules.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Found {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** What axe finds on `page` now — a dialog or picker open included — labelled `where`. */
export async function axeFindings(page: Page, where: string): Promise<Found[]> {
  // a dialog fading in is half transparent: its colours are judged once its motion has ended
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations.map((v) => ({
    page: where,
    rule: v.id,
    impact: v.impact ?? '',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

export function report(found: Found[]): string {
  return found
    .map((f) => `${f.page} — ${f.rule} (${f.impact}): ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');
}

/** Fails the journey when axe finds any WCAG 2.1 A/AA violation on the page as it stands. */
export async function expectAxeClean(page: Page, where: string): Promise<void> {
  const found = await axeFindings(page, where);
  expect(found, report(found)).toEqual([]);
}

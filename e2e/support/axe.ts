// Accessibility scan (axe) of a page in its current state: the serious and critical violations of
// WCAG 2.1 A/AA and axe's best practices, one readable line each (empty when the page passes).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function severeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} - ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

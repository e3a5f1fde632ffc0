import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One serious or critical axe finding, as the checks print it: the rule, its help and up to five of its nodes. */
export interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: string[];
}

/**
 * seriousViolations runs axe with the WCAG 2.0/2.1 A and AA rules over the page as it stands (or
 * the part `include` selects) and keeps the serious and critical findings: what the checks hold
 * at zero.
 */
export async function seriousViolations(page: Page, include?: string): Promise<Violation[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

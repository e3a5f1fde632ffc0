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
 * axeBuilder is an AxeBuilder in legacy mode: axe.run in the page itself. The default mode runs
 * axe.runPartial in each frame, then opens a blank page, injects the 500 KB axe source into it a
 * second time and calls axe.finishRun there, so that cross-origin frames can be checked. No page
 * these specs check has a frame (the embed spec's course page is not checked by axe), and the blank
 * page cost more than the checks: a whole-page analyze of the seed preset mid-rollout took 2.9–3.4 s
 * that way and 1.2–1.5 s in legacy mode, with the same violations, passes and incomplete results.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/**
 * seriousViolations runs axe with the WCAG 2.0/2.1 A and AA rules over the page as it stands (or
 * the part `include` selects) and keeps the serious and critical findings: what the checks hold
 * at zero.
 */
export async function seriousViolations(page: Page, include?: string): Promise<Violation[]> {
  let builder = axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
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

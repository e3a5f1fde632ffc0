import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { failOnProblems, openPreset, seekTo, tickOf } from './panelsSupport.ts';

failOnProblems();

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation mid-rollout, ${scheme}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: scheme });
    await openPreset(page, 'seed');
    const { total } = await tickOf(page);
    await seekTo(page, Math.round(total * 0.45));
    await expect(page.getByTestId('pod').first()).toBeVisible();
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
    // a pod's details open too, so the dialog is checked
    await page.getByTestId('pod').first().click();
    await expect(page.getByTestId('pod-details')).toBeVisible();

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
    expect(bad).toEqual([]);
  });
}

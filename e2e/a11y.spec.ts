import { axeBuilder, seriousViolations } from './axe.ts';
import { expect, test as base } from '@playwright/test';
import { failOnProblems, openPreset, seekTo, tickOf } from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

// The checks of the full page share one page per worker (e2e/sharedPage.ts); the embedded page
// and the phone have fresh ones.

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation mid-rollout, ${scheme}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: scheme });
    await showPreset(page, 'seed');
    const { total } = await tickOf(page);
    await seekTo(page, Math.round(total * 0.45));
    await appeared(page.getByTestId('pod').first());
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
    // a pod's details open too, so the dialog is checked
    await page.getByTestId('pod').first().click();
    await appeared(page.getByTestId('pod-details'));

    const bad = await seriousViolations(page);
    expect(bad).toEqual([]);
    await page.keyboard.press('Escape'); // the next test's page shows no details
    await expect(page.getByTestId('pod-details')).toBeHidden();
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`axe colour-contrast passes in the presenter layout with Large text, ${scheme}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: scheme });
    await showPreset(page, 'seed');
    await page.getByRole('button', { name: 'Large text' }).click();
    await page.getByRole('button', { name: 'Presenter mode' }).click();
    const { total } = await tickOf(page);
    await seekTo(page, Math.round(total * 0.45));
    // the selected tab under the pointer (it once lost its background there in the dark theme)
    const tab = page.getByRole('tab', { name: 'deploy -w' });
    await tab.click();
    await tab.hover();
    const results = await axeBuilder(page).withRules(['color-contrast']).analyze();
    expect(
      results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)),
    ).toEqual([]);
    // and it does look selected: its background is the accent, not the hover grey
    const background = await tab.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe(scheme === 'dark' ? 'rgb(86, 180, 233)' : 'rgb(0, 114, 178)');
  });
}

base.describe('in a fresh page', () => {
  failOnProblems();

  for (const scheme of ['light', 'dark'] as const) {
    base(
      `axe colour-contrast passes on the embedded page and the phone play bar, ${scheme}`,
      async ({ page }) => {
        base.setTimeout(60_000);
        await page.emulateMedia({ colorScheme: scheme });
        await openPreset(page, 'seed');
        const hash = await page.evaluate(() => location.hash);
        await page.goto(`./${hash}&embed=1`);
        await appeared(page.getByRole('link', { name: 'Open in Rollout Lab' }));
        await appeared(page.getByTestId('node').first(), 15_000);
        let results = await axeBuilder(page).withRules(['color-contrast']).analyze();
        expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`./${hash}`);
        await appeared(page.getByTestId('node').first(), 15_000);
        results = await axeBuilder(page).include('.play-bar').withRules(['color-contrast']).analyze();
        expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
      },
    );
  }
});

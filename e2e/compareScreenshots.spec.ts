import { test as base, expect, type Page } from '@playwright/test';
import { failOnProblems, presetHash, seekTo, tickOf } from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

// The strip and the sweep start from a preset in the worker's shared page (e2e/sharedPage.ts);
// the sweep goes back to the Run view for the next test. The compare link has a fresh page, as
// compare.spec.ts's link tests do.

const SCHEMES = ['light', 'dark'] as const;

async function scheme(page: Page, s: (typeof SCHEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: s, reducedMotion: 'reduce' });
  await expect(page.locator('html')).toHaveClass(s === 'dark' ? /dark/ : /^(?!.*dark).*$/);
  await page.waitForTimeout(250);
}

test('screenshots of the summary strip and the least-available marker, light and dark', async ({ page }) => {
  await showPreset(page, 'seed');
  const { total } = await tickOf(page);
  // Mid-rollout, just after the least-available moment.
  await seekTo(page, Math.round(total * 0.6));
  await expect(page.getByTestId('min-available-marker')).toHaveCount(1);
  for (const s of SCHEMES) {
    await scheme(page, s);
    await page.screenshot({ path: `artifacts/screenshots/summary-strip-${s}.png` });
    await page
      .getByRole('region', { name: 'Timeline' })
      .screenshot({ path: `artifacts/screenshots/summary-strip-timeline-${s}.png` });
  }
});

base.describe('in a fresh page', () => {
  failOnProblems();

  base(
    'screenshots of a compare of four variants (maxSurge 0, 25%, 50% and 100%), light and dark',
    async ({ page }) => {
      await page.goto(`./${presetHash('seed')}&compare=maxSurge:0,25%25,50%25,100%25`);
      const rows = page.getByRole('table', { name: 'Run summary' }).getByTestId('summary-row');
      await expect(rows.locator('td:nth-child(5)')).toHaveText(['10', '13', '15', '20'], { timeout: 30_000 });
      await page.getByRole('slider', { name: 'Compare position' }).fill('33');
      for (const s of SCHEMES) {
        await scheme(page, s);
        await page.screenshot({ path: `artifacts/screenshots/compare-maxsurge-${s}.png` });
      }
    },
  );
});

test('screenshots of the sweep heatmaps, light and dark', async ({ page }) => {
  test.setTimeout(240_000);
  await showPreset(page, 'seed');
  await page.getByRole('button', { name: 'Sweep', exact: true }).click();
  await page.getByRole('combobox', { name: 'X axis step' }).selectOption('10');
  await page.getByRole('combobox', { name: 'Y axis step' }).selectOption('10');
  await page.getByRole('spinbutton', { name: 'Seeds' }).fill('2');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-status', 'done', { timeout: 200_000 });
  await page
    .getByRole('figure', { name: 'Duration (s)' })
    .getByRole('button', { name: /^maxSurge 20%, maxUnavailable 30%:/ })
    .click();
  for (const s of SCHEMES) {
    await scheme(page, s);
    await page.screenshot({ path: `artifacts/screenshots/sweep-heatmaps-${s}.png` });
  }
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await appeared(page.getByRole('region', { name: 'Cluster' }));
});

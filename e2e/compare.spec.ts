import { seriousViolations } from './axe.ts';
import { test as base, expect } from '@playwright/test';
import { failOnProblems, presetHash, seekTo, tickOf } from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

const LINK = `./${presetHash('seed')}&compare=maxSurge:0,25%25,100%25`;

// These four start from a preset in the worker's shared page (sharedPage.ts), not a page start
// apiece; the one that leaves the Sweep view goes back to Run for the next.
test('adds the current scenario as a variant with one click', async ({ page }) => {
  await showPreset(page, 'seed');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await appeared(page.getByRole('region', { name: /^Variant A: current scenario/ }));
  await page.getByRole('button', { name: 'Add a variant from the current scenario' }).click();
  await appeared(page.getByRole('region', { name: /^Variant B: current scenario/ }));
  const b = page.getByRole('form', { name: 'Fields of variant B' });
  await page
    .getByRole('region', { name: /^Variant B/ })
    .getByText('Change')
    .click();
  await b.getByRole('textbox').first().fill('100%');
  await b.getByRole('button', { name: 'Apply' }).click();
  const rows = page.getByRole('table', { name: 'Run summary' }).getByTestId('summary-row');
  await expect(rows.locator('td:nth-child(5)')).toHaveText(['13', '20'], { timeout: 30_000 });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await appeared(page.getByRole('region', { name: 'Cluster' }));
});

test('a small sweep runs, shows both heatmaps, and a cell opens its variant', async ({ page }) => {
  await showPreset(page, 'seed');
  await page.getByRole('button', { name: 'Sweep', exact: true }).click();
  await page.getByRole('textbox', { name: 'X axis values' }).fill('0, 50%, 100%');
  await page.getByRole('textbox', { name: 'Y axis values' }).fill('0, 1');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('sweep-status')).toContainText('6 runs in');
  for (const name of ['Duration (s)', 'Least available pods']) {
    const map = page.getByRole('figure', { name });
    await expect(map.getByTestId('sweep-cell')).toHaveCount(6);
    await expect(map.locator('[data-kind=invalid]')).toHaveCount(1);
  }
  await expect(
    page
      .getByRole('button', {
        name: /^maxSurge 0, maxUnavailable 0: The Deployment .* may not be 0 when `maxSurge` is 0$/,
      })
      .first(),
  ).toBeVisible();
  await page
    .getByRole('figure', { name: 'Duration (s)' })
    .getByRole('button', { name: /^maxSurge 100%, maxUnavailable 1: duration / })
    .click();
  const details = page.getByRole('region', { name: 'Picked cell' });
  await expect(details).toContainText('maxSurge 100%, maxUnavailable 1');
  await details.getByRole('button', { name: 'Open this variant' }).click();
  await appeared(page.getByRole('region', { name: 'Cluster' }));
  await expect.poll(async () => (await tickOf(page)).total, { timeout: 15_000 }).toBeGreaterThan(100);
  await seekTo(page, (await tickOf(page)).total);
  // The working scenario is now the variant: its Deployment has maxSurge 100%.
  await expect(page.getByRole('region', { name: 'Controls' })).toContainText('100% of 10 → surge 10');
});

test('Cancel stops a sweep and keeps the cells done so far', async ({ page }) => {
  await showPreset(page, 'seed');
  await page.getByRole('button', { name: 'Sweep', exact: true }).click();
  await page.getByRole('combobox', { name: 'X axis step' }).selectOption('5');
  await page.getByRole('combobox', { name: 'Y axis step' }).selectOption('5');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-status', 'running');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('sweep-status')).toContainText(/^Cancelled after \d+ of 441 runs$/);
  await expect(page.getByRole('button', { name: 'Run sweep' })).toBeEnabled();
  // the shared page goes on to the next test in the Run view
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await appeared(page.getByRole('region', { name: 'Cluster' }));
});

test('the run shows its summary strip and the least-available marker', async ({ page }) => {
  await showPreset(page, 'seed');
  const { total } = await tickOf(page);
  await seekTo(page, total);
  const strip = page.getByRole('group', { name: 'Rollout summary' });
  await expect(strip.getByTestId('summary-min-available')).toHaveText('Least available 8 of 10');
  await expect(strip.getByTestId('summary-max-pods')).toHaveText('Most pods 13 (16 with terminating)');
  await expect(page.getByTestId('min-available-marker')).toHaveCount(1);
});

base.describe('in a fresh page', () => {
  failOnProblems();

  // Each test's page is a fresh browser context: no autosave, no history — what opening a link sent
  // by someone else looks like.
  base('a compare link opened in a fresh browser shows the Run summary of its variants', async ({ page }) => {
    await page.goto(LINK);
    const table = page.getByRole('table', { name: 'Run summary' });
    await appeared(table, 15_000);
    const rows = table.getByTestId('summary-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.locator('th')).toHaveText(
      ['A maxSurge 0', 'B maxSurge 25%', 'C maxSurge 100%'].map((t) => t.replace(' ', '')),
    );
    // Most pods: replicas + surge (0, 3 of 10, all 10), once every variant is recorded.
    await expect(rows.locator('td:nth-child(5)')).toHaveText(['10', '13', '20'], { timeout: 30_000 });
    await expect(rows.locator('td:nth-child(3)')).toHaveText(['complete', 'complete', 'complete']);
    await expect(page.getByRole('region', { name: /^Variant [ABC]:/ })).toHaveCount(3);
    await expect(page).toHaveURL(/&compare=maxSurge:0,25%25,100%25$/);
    // One clock: the slider moves every variant.
    await page.getByRole('slider', { name: 'Compare position' }).fill('33');
    await appeared(page.getByText(/^33 s of /));
  });

  base('a compare link that does not read says why and shows the run', async ({ page }) => {
    await page.goto(`./${presetHash('seed')}&compare=surge:1,2`);
    await expect(page.getByTestId('scenario-message')).toContainText(
      'This compare link could not be opened: unknown field "surge"',
    );
    await appeared(page.getByRole('region', { name: 'Cluster' }));
  });

  base('a bare compare link opens Compare on the default scenario without a warning', async ({ page }) => {
    await page.goto('./#compare=maxSurge:0,100%25');
    const rows = page.getByRole('table', { name: 'Run summary' }).getByTestId('summary-row');
    await expect(rows).toHaveCount(2, { timeout: 15_000 });
    // the default scenario (seed: 10 replicas), its two variants: 10 and 20 pods at most
    await expect(rows.locator('td:nth-child(5)')).toHaveText(['10', '20'], { timeout: 30_000 });
    await expect(page.getByTestId('scenario-message')).toHaveCount(0);
    // the address bar now carries the scenario, so a copied link opens the same compare anywhere
    await expect(page).toHaveURL(/#v1\.[^&]+(&t=\d+)?&compare=maxSurge:0,100%25$/);
  });

  base('a broken link with a compare still warns', async ({ page }) => {
    await page.goto('./#v1.qwe&compare=maxSurge:0,100%25');
    await expect(page.getByTestId('scenario-message')).toContainText(
      'This link could not be opened: This link is damaged',
    );
    // a bare link whose compare does not read says why, over the default scenario. A fresh load:
    // a hash change and a reload raced the page's own rewrite of the address under load.
    await page.goto('about:blank');
    await page.goto('./#compare=surge:1,2');
    await expect(page.getByTestId('scenario-message')).toContainText(
      'This compare link could not be opened: unknown field "surge"',
    );
    await expect(page.getByTestId('scenario-message')).not.toContainText('This link could not be opened');
  });

  for (const scheme of ['light', 'dark'] as const) {
    base(`axe finds no serious or critical violation in Compare and Sweep, ${scheme}`, async ({ page }) => {
      base.setTimeout(90_000);
      await page.emulateMedia({ colorScheme: scheme });
      const axe = () => seriousViolations(page);
      await page.goto(LINK);
      const rows = page.getByRole('table', { name: 'Run summary' }).getByTestId('summary-row');
      await expect(rows.locator('td:nth-child(5)')).toHaveText(['10', '13', '20'], { timeout: 30_000 });
      expect(await axe()).toEqual([]);
      await page.getByRole('button', { name: 'Sweep', exact: true }).click();
      await page.getByRole('textbox', { name: 'X axis values' }).fill('0, 50%');
      await page.getByRole('textbox', { name: 'Y axis values' }).fill('0, 1');
      await page.getByRole('button', { name: 'Run sweep' }).click();
      await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-status', 'done', {
        timeout: 30_000,
      });
      await page.getByRole('figure', { name: 'Duration (s)' }).getByTestId('sweep-cell').nth(1).click();
      expect(await axe()).toEqual([]);
    });
  }
});

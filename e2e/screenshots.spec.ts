import { expect, type Page, test as base } from '@playwright/test';
import { failOnProblems } from './guard.ts';
import {
  firstActionTick,
  openPreset,
  PRESET_IDS,
  presetHash,
  rsRows,
  seekEnd,
  seekTo,
} from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

/**
 * The presets' pictures share one page per worker (e2e/sharedPage.ts): each preset after the first
 * is loaded through its share link's hash in the same document (showPreset), as a reader switching
 * scenarios does. A fresh context and page per preset paid for the bundle's parse and compile and
 * a cold engine each time: 8 presets took 37–41 s of CPU that way and 19–23 s in one page.
 */

/** The three moments of a run: before its first action, in the middle of the rollout, at the end. */
async function moments(page: Page): Promise<{ name: string; tick: number }[]> {
  const end = await seekEnd(page);
  const first = (await firstActionTick(page)) ?? 0;
  const start = Math.max(0, first - 1);
  // mid-rollout: the median tick of the watch rows written after the first action
  let rows = (await rsRows(page)).filter((r) => r.tick > first);
  if (rows.length === 0) {
    await page.getByRole('tab', { name: 'ds -w' }).click();
    rows = (await rsRows(page)).filter((r) => r.tick > first);
    await page.getByRole('tab', { name: 'rs -w' }).click();
  }
  const mid = rows[Math.floor(rows.length / 2)]?.tick ?? Math.round((start + end) / 2);
  return [
    { name: 'start', tick: start },
    { name: 'mid', tick: mid },
    { name: 'end', tick: end },
  ];
}

// The empty cluster has no run to show moments of: one picture of its nodes, light and dark.
for (const id of PRESET_IDS.filter((p) => p !== 'empty-cluster')) {
  test(`screenshots of ${id} at start, mid-rollout and end (light), mid-rollout (dark)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    // (the worker's page may already show a scenario of another spec's, or this one)
    await showPreset(page, id);
    const plan = await moments(page);
    // Light at all three moments, dark in the middle of the rollout: the dark theme changes colours,
    // not layout, and four pictures instead of six keep this suite of 30-odd presets near 2 minutes.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
      for (const { name, tick } of scheme === 'dark' ? plan.filter((m) => m.name === 'mid') : plan) {
        await seekTo(page, tick);
        // Motion is reduced: one frame for the panels to paint the sought tick is enough.
        await page.waitForTimeout(100);
        await page.screenshot({ path: `artifacts/screenshots/${id}-${name}-${scheme}.png` });
      }
    }
  });
}

// These change the viewport, the language and Large text: each in a fresh page of its own.
base.describe('in a fresh page', () => {
  failOnProblems();

  base('screenshots of the empty cluster, light and dark', async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto(`./${presetHash('empty-cluster')}`);
      await expect(page.getByTestId('node')).toHaveCount(3, { timeout: 15_000 });
      await page.waitForTimeout(250);
      await page.screenshot({ path: `artifacts/screenshots/empty-cluster-${scheme}.png` });
    }
  });

  base('screenshots of seed in Simplified Chinese and in large-text mode', async ({ page }) => {
    base.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await openPreset(page, 'seed');
    const [, mid] = await moments(page);
    await seekTo(page, mid?.tick ?? 0);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await appeared(page.getByRole('region', { name: '集群' }));
    await appeared(page.getByRole('button', { name: '播放' }));
    await page.waitForTimeout(250);
    await page.screenshot({ path: 'artifacts/screenshots/seed-mid-zh-CN.png' });

    await page.getByRole('combobox', { name: '语言' }).selectOption('en');
    await page.getByRole('button', { name: 'Large text' }).click();
    await expect(page.locator('html')).toHaveClass(/large-text/);
    await page.waitForTimeout(250);
    await page.screenshot({ path: 'artifacts/screenshots/seed-mid-large-text.png' });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: 'artifacts/screenshots/seed-mid-large-text-1920.png' });
  });

  base('screenshot of seed on a phone-sized screen', async ({ page }) => {
    base.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await openPreset(page, 'seed');
    const [, mid] = await moments(page);
    await seekTo(page, mid?.tick ?? 0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal page scroll').toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'artifacts/screenshots/seed-mid-390-dark.png', fullPage: true });
  });
});

import { expect, type Page } from '@playwright/test';

// What the timeline and lesson specs share: the timeline slider, its position, and a page opened
// with its whole run recorded.

export function slider(page: Page) {
  return page.getByRole('slider', { name: 'Timeline position' });
}

export async function position(page: Page): Promise<number> {
  return Number(await slider(page).getAttribute('aria-valuenow'));
}

/** opened waits until the scenario at `path` (the default one) has recorded more than `ticks` ticks. */
export async function opened(page: Page, path = './', ticks = 600): Promise<void> {
  await page.goto(path);
  await expect(slider(page)).toBeEnabled();
  await expect
    .poll(async () => Number(await slider(page).getAttribute('max')), { timeout: 15_000 })
    .toBeGreaterThan(ticks);
}

export const explain = (page: Page) => page.getByRole('region', { name: 'Explain' });

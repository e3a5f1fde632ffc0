/**
 * Waiting for something to appear without Playwright's failure snapshots.
 *
 * While `expect(locator).toBeVisible()` (or any matcher) finds no element, Playwright 1.65 takes
 * an aria snapshot of the whole page at every retry, for the message it would print should the
 * wait time out (coreBundle.js, _expectInternal). During a page's start that is most of the
 * page's own work: 245 ms of the 2,041 ms main-thread profile of one preset's load here, on the
 * renderer's main thread the app needs. `locator.waitFor()` polls without it; its timeout names
 * the locator and the state.
 */
import type { Locator } from '@playwright/test';

/** appeared waits until `locator` is visible. */
export async function appeared(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

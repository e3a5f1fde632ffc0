/**
 * One page per worker for the tests that only open a scenario and read it (or edit it, then
 * leave the next test a scenario to load). A fresh context and page cost ~2.3 s of CPU for the
 * Seed preset here (bundle compile, the JIT's warm-up, the worker's start), a load through the
 * share link's hash in the same document ~0.35 s, as a reader switching scenarios does.
 *
 * The page's console errors, page errors, CSP violations and requests that leave 127.0.0.1 fail
 * the test they happen in, as failOnProblems and scenariosSupport's guard do. Before each test the colour scheme, the motion setting and the viewport are
 * set back to a fresh context's. A test that fails takes its worker, and so the page, with it:
 * the next one starts in a fresh page.
 *
 * The page outlives a spec file: the worker's next file gets it as the last test left it. What a
 * scenario load does not reset stays: the console's log, the speed, Show folded ticks, open
 * dialogs, Undo's history (enabled after a hash load), localStorage. A test that changes the speed
 * or leaves a dialog open sets it back; none here reads the console's older lines or Undo's
 * state before its own edit. The language, the locale and the viewport of a `test.use` need a
 * fresh page (the base test).
 */
import { expect, type Page, test as base } from '@playwright/test';
import type { WithViolations } from './guard.ts';
import { openHash, presetHash, recorded, slider } from './panelsSupport.ts';

export const test = base.extend<{ problems: string[] }, { shared: { page: Page; problems: string[] } }>({
  shared: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, serviceWorkers, extraHTTPHeaders } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, serviceWorkers, extraHTTPHeaders });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      // Nothing the app asks for leaves this machine's 127.0.0.1 (fonts, schemas, chunks alike).
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol === 'data:') return;
        const host = url.protocol === 'blob:' ? new URL(url.pathname).hostname : url.hostname;
        if (host !== '127.0.0.1') problems.push(`request left the origin: ${request.url()}`);
      });
      await page.addInitScript(() => {
        const seen: { directive: string; blocked: string }[] = [];
        (window as unknown as WithViolations).__cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push({ directive: e.violatedDirective, blocked: e.blockedURI }),
        );
      });
      await use({ page, problems });
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ shared }, use) => use(shared.page),
  problems: [
    async ({ shared }, use, testInfo) => {
      const { page } = shared;
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
      const { viewport } = testInfo.project.use;
      const size = page.viewportSize();
      if (viewport && (size?.width !== viewport.width || size?.height !== viewport.height))
        await page.setViewportSize(viewport);
      shared.problems.length = 0;
      await use(shared.problems);
      const violations = await page.evaluate(
        () => (window as unknown as WithViolations).__cspViolations ?? [],
      );
      expect(violations, 'CSP violations').toEqual([]);
      expect(shared.problems, 'console and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The view a fresh page opens with, as link parameters: Follow all, the rs -w tab, no Large text,
 * no presenter layout. A link's parameters set the view in the same document (applyViewParams).
 */
export const FRESH_VIEW = '&follow=all&tab=rs&large=0&present=0';

/** showPreset shows a preset at tick 0 in the shared page, as showHash does. */
export async function showPreset(page: Page, id: string, view = FRESH_VIEW): Promise<void> {
  await showHash(page, presetHash(id), view);
}

/**
 * showHash shows the scenario of a share hash (`#v1.…`) at tick 0, its whole run recorded, with a
 * fresh page's view or the one `view` sets (link parameters, as FRESH_VIEW): the first time by
 * opening the page at it (openPreset's waits), then through the hash in the same document. A page
 * that already shows this scenario (the last test read it and did not edit it) goes back to tick 0
 * and that view; any other scenario loads, and the recording state's data-revision moves past the
 * last one's once the new scenario is in.
 */
export async function showHash(page: Page, hash: string, view = FRESH_VIEW): Promise<void> {
  if (page.url() === 'about:blank') {
    await openHash(page, `${hash}${view}`);
    return;
  }
  const state = page.getByTestId('recording-state');
  const current = await page.evaluate(() => location.hash);
  if (current.split('&')[0] === hash) {
    await page.goto(`./${hash}&t=0${view}`);
    await expect(slider(page)).toHaveAttribute('aria-valuenow', '0');
    await expect(slider(page)).toHaveAttribute('data-frame-tick', '0');
    await recorded(page);
    return;
  }
  const before = Number(await state.getAttribute('data-revision'));
  await page.goto(`./${hash}${view}`);
  await expect
    .poll(async () => Number(await state.getAttribute('data-revision')), { timeout: 15_000 })
    .toBeGreaterThan(before);
  await recorded(page);
}

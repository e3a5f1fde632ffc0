/**
 * The Controls panel on a projector: its form scrolls above the kubectl console, never under it.
 * On a short screen (1280×720, 1366×768) the console gives the form 2rem; where the form is cut,
 * a fade over its edge says more rows lie past it, and at its end the last control sits wholly
 * above the console, with no fade. Light and dark; a Deployment and a StatefulSet (a longer form).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { showPreset, test } from './sharedPage.ts';

const controls = (page: Page): Locator => page.getByRole('region', { name: 'Controls' });

/** The form's scrolling box: the nearest ancestor of the Strategy select whose content scrolls. */
async function scrollerBox(page: Page) {
  return controls(page)
    .getByRole('combobox')
    .filter({ hasText: 'RollingUpdate' })
    .evaluate((el) => {
      let box = el.parentElement;
      while (box && !/auto|scroll/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
      if (!box) throw new Error('no scrolling box around the form');
      box.setAttribute('data-e2e-form-scroller', '');
      // the shared page may show this form as the last test left it, scrolled to its end
      box.scrollTop = 0;
      const r = box.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, overflows: box.scrollHeight > box.clientHeight + 1 };
    });
}

const scroller = (page: Page): Locator => controls(page).locator('[data-e2e-form-scroller]');
const consoleBox = async (page: Page) =>
  (await controls(page).locator('.kubectl-console').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
const bottomOf = async (el: Locator) => {
  const b = await el.boundingBox();
  return (b?.y ?? 1e9) + (b?.height ?? 0);
};

const CASES = [
  { width: 1280, height: 720, preset: 'seed', short: true },
  { width: 1280, height: 720, preset: 'statefulset-ordered', short: true },
  { width: 1366, height: 768, preset: 'seed', short: true },
  { width: 1440, height: 900, preset: 'statefulset-ordered', short: false },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const { width, height, preset, short } of CASES) {
    test(`at ${width}×${height} the Controls form of ${preset} scrolls above the console and shows where it ends, ${scheme}`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await showPreset(page, preset);
      const panel = controls(page);
      await expect(panel.getByRole('slider', { name: 'replicas' })).toBeVisible();

      // a short screen keeps 5rem for the console (its input and three lines of the log), 7rem otherwise
      const con = await consoleBox(page);
      if (short) expect(con.height, 'the console box height').toBeLessThanOrEqual(81);
      else expect(Math.round(con.height), 'the console box height').toBe(112);

      const box = await scrollerBox(page);
      expect(box.bottom, 'the form is cut above the console, not under it').toBeLessThanOrEqual(con.y);
      // the first rows a reader edits are wholly in view, above the cut
      for (const name of ['replicas', preset === 'seed' ? 'maxSurge' : 'partition']) {
        expect(await bottomOf(panel.getByRole('slider', { name })), name).toBeLessThanOrEqual(box.bottom);
      }

      // where the form is cut, a fade over the cut says more rows lie below; none at the top yet
      const below = panel.getByTestId('controls-more-below');
      const above = panel.getByTestId('controls-more-above');
      expect(box.overflows, 'the form is longer than its box here').toBe(true);
      await expect(below).toBeVisible();
      await expect(above).toBeHidden();
      expect(await bottomOf(below)).toBeLessThanOrEqual(box.bottom + 0.5);

      // scrolled to its end: the last control ends above the console, the fade below is gone
      await scroller(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect(below).toBeHidden();
      await expect(above).toBeVisible();
      const last = panel.getByRole('button', { name: 'Image behaviour…' });
      await expect(last).toBeVisible();
      const lastBottom = await bottomOf(last);
      expect(lastBottom, 'the last control ends inside the form').toBeLessThanOrEqual(box.bottom);
      expect(lastBottom, 'the last control ends above the console box').toBeLessThan(con.y);
      // its focus ring (2px, 1px off the button) is not cut by the form's edges
      const clip = await scroller(page).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.left + el.clientWidth, bottom: r.top + el.clientHeight };
      });
      const lastBox = (await last.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
      expect(lastBox.x - 3, 'room for the focus ring on the left').toBeGreaterThanOrEqual(clip.left);
      expect(lastBox.y + lastBox.height + 3, 'room for the focus ring below').toBeLessThanOrEqual(
        clip.bottom,
      );
      await page.screenshot({
        path: `artifacts/screenshots/controls-${width}x${height}-${preset}-${scheme}-end.png`,
      });
    });
  }
}

test('on a phone the Controls form is not cut: no fade, and the console keeps its 7rem', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await showPreset(page, 'seed');
  const panel = controls(page);
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByRole('button', { name: 'Image behaviour…' })).toBeVisible();
  expect(Math.round((await consoleBox(page)).height)).toBe(112);
  await expect(panel.getByTestId('controls-more-below')).toBeHidden();
  await expect(panel.getByTestId('controls-more-above')).toBeHidden();
});

test('at 1280×720 the header keeps one line and the timeline shows its time axis', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await showPreset(page, 'seed');
  // Import, Export, Share and Undo show their icons only: their names stay, as tooltips too.
  for (const name of ['Import', 'Export', 'Share']) {
    const button = page.getByRole('banner').getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    expect(await button.getAttribute('title')).toBeTruthy();
  }
  const header = await page.getByRole('banner').boundingBox();
  expect(header?.height ?? 999).toBeLessThan(56);
  // The chart's last axis label sits inside the Timeline panel, not cut off under it.
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const axis = timeline.getByTestId('timeline-chart').locator('text').filter({ hasText: /^40s$/ }).first();
  await expect(axis).toBeVisible();
  expect(await bottomOf(axis)).toBeLessThanOrEqual(await bottomOf(timeline));
});

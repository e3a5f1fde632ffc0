import { expect, type Page, test as base } from '@playwright/test';
import { failOnProblems, firstActionTick, recorded, seekTo } from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

// The tests of the Seed preset share one page per worker (e2e/sharedPage.ts), each with the view
// its link asks for; the lesson links open in fresh pages.

/**
 * drawn waits until the run is recorded and the timeline chart, which loads on demand, has drawn:
 * the layout is measured only once every region has its final size (a check before the chart's
 * chunk arrived saw regions below the fold on a page that did not scroll yet).
 */
async function drawn(page: Page): Promise<void> {
  await recorded(page);
  await expect(page.getByTestId('timeline-chart').locator('svg').first()).toBeAttached({ timeout: 15_000 });
}

/**
 * clipped lists what the presenter layout promises never happens: a landmark region outside the
 * viewport or overflowing its own box (horizontally, or its body sideways), the page scrolling, or
 * a label or line of the timeline's axis outside the chart, the region or the screen.
 */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const inside = (b: DOMRect, o: { left: number; top: number; right: number; bottom: number }) =>
      b.left >= o.left - 0.5 &&
      b.top >= o.top - 0.5 &&
      b.right <= o.right + 0.5 &&
      b.bottom <= o.bottom + 0.5;
    const screen = { left: 0, top: 0, right: vw, bottom: vh };
    const html = document.documentElement;
    if (html.scrollHeight > vh || html.scrollWidth > vw)
      out.push(`page scrolls: ${html.scrollWidth}×${html.scrollHeight}`);
    for (const region of document.querySelectorAll<HTMLElement>('section[aria-labelledby]')) {
      if (region.getClientRects().length === 0) continue; // stepped aside (display: none)
      const name = document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent;
      const box = region.getBoundingClientRect();
      if (box.width < 100 || box.height < 100) out.push(`${name}: only ${box.width}×${box.height}`);
      if (!inside(box, screen)) out.push(`${name}: outside the screen (${JSON.stringify(box)})`);
      if (region.scrollWidth > region.clientWidth + 1 || region.scrollHeight > region.clientHeight + 1)
        out.push(`${name}: content overflows the region`);
      for (const part of region.children) {
        if (part.clientWidth < 2) continue; // a visually hidden title
        if (part.scrollWidth > part.clientWidth + 1) out.push(`${name}: scrolls sideways`);
      }
      const title = region.querySelector('h2')?.getBoundingClientRect();
      if (title && !inside(title, box)) out.push(`${name}: title cut off`);
    }
    const timeline = document.querySelector('[data-area="timeline"]')?.getBoundingClientRect();
    const chart = document.querySelector('[data-testid="timeline-chart"] svg');
    if (!timeline || !chart) return [...out, 'no timeline chart'];
    const plot = chart.getBoundingClientRect();
    const axis = [...chart.querySelectorAll('text')];
    if (axis.length < 4) out.push(`timeline axis: ${axis.length} labels`);
    for (const label of [...axis, ...chart.querySelectorAll(':scope > line')]) {
      const b = label.getBoundingClientRect();
      if (!inside(b, plot) || !inside(b, timeline) || !inside(b, screen))
        out.push(
          `timeline axis: "${label.textContent}" cut off at ${Math.round(b.bottom)} (chart ${Math.round(plot.bottom)})`,
        );
    }
    return out;
  });
}

for (const size of [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`presenter at ${size.width}×${size.height} with Large text, ${scheme}: no region clipped`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await showPreset(page, 'seed', '&follow=all&tab=rs&large=1&present=1');
      await expect(page.locator('html')).toHaveClass(/presenter/);
      await expect(page.locator('html')).toHaveClass(/large-text/);
      await appeared(page.getByTestId('node').first(), 15_000);
      await drawn(page);
      await seekTo(page, ((await firstActionTick(page)) ?? 0) + 40);
      await page.waitForTimeout(300);
      expect(await clipped(page)).toEqual([]);
      // Large text really is larger: 20 px, and the chart's labels grew with it
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
      const label = page.getByTestId('timeline-chart').locator('text').first();
      expect(await label.evaluate((el) => getComputedStyle(el).fontSize)).toBe('12.5px');
      await page.screenshot({
        path: `artifacts/screenshots/presenter-${size.width}x${size.height}-large-${scheme}.png`,
      });
    });
  }
}

test('the header toggle switches the presenter layout and the link keeps it', async ({ page }) => {
  await showPreset(page, 'seed');
  await drawn(page);
  const toggle = page.getByRole('button', { name: 'Presenter mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/presenter/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/&present=1/);
  // The chart is drawn again at its new size a frame or two after the switch: wait for that.
  await expect.poll(() => clipped(page), { timeout: 5_000 }).toEqual([]);
  await toggle.click();
  await expect(page.locator('html')).not.toHaveClass(/presenter/);
  await expect.poll(() => page.evaluate(() => location.hash)).not.toMatch(/present/);
});

test('without the presenter layout, Large text at 1920×1080 lets the page scroll (the case it fixes)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await showPreset(page, 'seed', '&follow=all&tab=rs&large=1&present=0');
  await appeared(page.getByTestId('node').first(), 15_000);
  await drawn(page);
  expect((await clipped(page)).join('\n')).toMatch(/page scrolls|cut off/);
});

base.describe('in a fresh page', () => {
  failOnProblems();

  for (const size of [
    { width: 1920, height: 1080, hidden: ['Controls'] },
    { width: 1280, height: 720, hidden: ['Controls', 'Expectations'] },
  ]) {
    base(
      `presenter at ${size.width}×${size.height} with Large text and a lesson open: nothing clipped`,
      async ({ page }) => {
        base.setTimeout(60_000);
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
        await page.goto('./#lesson=seed-rollout&step=4&present=1&large=1');
        await appeared(page.getByRole('region', { name: 'Lesson' }), 15_000);
        await appeared(page.getByTestId('node').first(), 15_000);
        await drawn(page);
        await page.waitForTimeout(300);
        expect(await clipped(page)).toEqual([]);
        for (const name of ['Cluster', 'ReplicaSets', 'Explain', 'Timeline'])
          await appeared(page.getByRole('region', { name }));
        for (const name of size.hidden) await expect(page.getByRole('region', { name })).toBeHidden();
        await page.screenshot({
          path: `artifacts/screenshots/presenter-${size.width}x${size.height}-large-lesson.png`,
        });
      },
    );
  }
});

import { expect, type Locator, type Page, test } from '@playwright/test';
import { failOnProblems, firstActionTick, openPreset, seekTo, tickOf } from './panelsSupport.ts';

failOnProblems();
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** onScreen tells whether an element's box lies wholly inside the viewport. */
async function onScreen(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  return (
    box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height
  );
}

for (const scheme of ['light', 'dark'] as const) {
  test(`on a phone the play controls stay on screen while the pods are in view, ${scheme}`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openPreset(page, 'seed');
    await seekTo(page, ((await firstActionTick(page)) ?? 0) + 5);
    await page.getByRole('region', { name: 'Cluster' }).scrollIntoViewIfNeeded();
    const pod = page.getByTestId('pod').first();
    const play = page.getByRole('button', { name: 'Play' });
    const slider = page.getByRole('slider', { name: 'Timeline position' });
    expect(await onScreen(page, pod)).toBe(true);
    expect(await onScreen(page, play)).toBe(true);
    expect(await onScreen(page, slider)).toBe(true);
    // the bar does not cover the pods: the first node's card is above it
    const bar = await play.evaluate((el) => el.parentElement?.getBoundingClientRect().top ?? 0);
    expect(((await pod.boundingBox())?.y ?? 1e9) + 20).toBeLessThan(bar);
    await page.screenshot({ path: `artifacts/screenshots/phone-390x844-${scheme}.png` });

    // it plays with the pods in view, and scrolling down the page keeps it there
    const before = (await tickOf(page)).tick;
    await play.tap();
    await expect.poll(async () => (await tickOf(page)).tick).toBeGreaterThan(before + 10);
    await page.getByRole('button', { name: 'Pause', exact: true }).tap();
    await page.getByRole('region', { name: 'Explain' }).scrollIntoViewIfNeeded();
    expect(await onScreen(page, page.getByRole('button', { name: 'Play' }))).toBe(true);
    // and at the end of the page it covers nothing: the page keeps room for it
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.getByRole('textbox', { name: 'kubectl' });
    const lastBox = await last.boundingBox();
    const barTop = await page
      .getByRole('button', { name: 'Play' })
      .evaluate((el) => el.parentElement?.getBoundingClientRect().top ?? 0);
    expect((lastBox?.y ?? 0) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(barTop);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal page scroll').toBeLessThanOrEqual(0);
  });
}

test('on a phone the rs -w table scrolls sideways and keeps every column', async ({ page }) => {
  await openPreset(page, 'seed');
  await seekTo(page, ((await firstActionTick(page)) ?? 0) + 40);
  const log = page.getByRole('log', { name: 'kubectl get rs -w' });
  await log.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('watch-header')).toHaveText(/NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE/);
  const row = page.getByTestId('watch-row').last();
  expect(((await row.textContent()) ?? '').trim().split(/\s+/)).toHaveLength(5);
  const widths = await log.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  // AGE is off to the right until the reader swipes the table (not the page) sideways
  const age = page.getByTestId('watch-header');
  const ageRight = () => age.evaluate((el) => el.getBoundingClientRect().right);
  expect(await ageRight()).toBeGreaterThan(390);
  await log.evaluate((el) => el.scrollBy({ left: 400 }));
  await expect.poll(() => log.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  await page.screenshot({ path: 'artifacts/screenshots/phone-390x844-rs-scrolled.png' });
});

test('on a phone the header shows Undo, Import, Export and Share as icons, in four rows', async ({
  page,
}) => {
  await openPreset(page, 'seed');
  const header = page.getByRole('banner');
  // At 390 px the words took five rows, 207 px of the screen: the four icons keep their names.
  for (const name of ['Undo', 'Import', 'Export', 'Share']) {
    const button = header.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    expect((await button.boundingBox())?.width ?? 1e9).toBeLessThan(60);
  }
  await expect(header.getByRole('button', { name: 'Lessons', exact: true })).toContainText('Lessons');
  expect((await header.boundingBox())?.height ?? 1e9).toBeLessThanOrEqual(170);
});

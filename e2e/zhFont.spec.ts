import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { failOnProblems, presetHash, recorded } from './panelsSupport.ts';
import { appeared } from './wait.ts';

failOnProblems();

/** The CJK fonts the machine has (fontconfig); this project's machines have none. */
function systemCjkFonts(): string {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim();
  } catch {
    return ''; // no fontconfig: no system font the browser could fall back on either
  }
}

/** fontRequests records every request for the zh-CN font's CSS or its subsets. */
function fontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (/cjkFont-.*\.css|noto-sans-sc-.*\.woff2/.test(r.url())) urls.push(r.url());
  });
  return urls;
}

/**
 * renderedFonts asks Chromium which fonts drew the text of each element that matches (DevTools'
 * "Rendered Fonts"): `web` when every glyph came from a web font, else the system fonts' names.
 */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const out: string[] = [];
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const system = fonts.filter((f) => !f.isCustomFont || !/Noto Sans SC/.test(f.familyName));
    out.push(system.length === 0 ? 'web' : system.map((f) => f.familyName).join('+'));
  }
  await cdp.detach();
  return out;
}

test.describe('in Simplified Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('draws the Chinese with the self-hosted Noto Sans SC subsets, from this origin only', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const system = systemCjkFonts();
    test.info().annotations.push({ type: 'system CJK fonts', description: system || 'none' });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const fonts = fontRequests(page);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.goto(`./${presetHash('seed')}`);
    await appeared(page.getByRole('region', { name: '集群' }), 15_000);
    await recorded(page);
    const slider = page.getByRole('slider', { name: '时间线位置' });
    await slider.fill('260');
    await expect(slider).toHaveAttribute('aria-valuenow', '260');
    await page.evaluate(() => document.fonts.ready);

    // fetched from the app's origin, nothing from anywhere else
    const origin = new URL(baseURL ?? '').origin;
    expect(fonts.some((u) => /cjkFont-.*\.css$/.test(u))).toBe(true);
    expect(fonts.filter((u) => u.endsWith('.woff2')).length).toBeGreaterThan(0);
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);

    // the @font-face is loaded and covers the panel titles
    const face = await page.evaluate(() => ({
      covers: document.fonts.check('16px "Noto Sans SC Variable"', '集群时间线决策解释'),
      loaded: [...document.fonts].filter((f) => f.family.includes('Noto Sans SC') && f.status === 'loaded')
        .length,
    }));
    expect(face.covers).toBe(true);
    expect(face.loaded).toBeGreaterThan(0);

    // and Chromium drew the Chinese with it (not a system font, whatever this machine has): the
    // panel titles, and the header's buttons, which were laid out before their subsets arrived
    const titles = ['cluster', 'explain', 'timeline', 'controls'].map((a) => `[data-area="${a}"] h2`);
    await expect.poll(() => renderedFonts(page, titles.join(','))).toEqual(['web', 'web', 'web', 'web']);
    await expect(page.locator('header button[aria-haspopup="dialog"]')).toHaveText([
      '课程',
      '场景',
      '导入',
      '导出',
    ]);
    await expect
      .poll(() => renderedFonts(page, 'header button[aria-haspopup="dialog"]'))
      .toEqual(['web', 'web', 'web', 'web']);
    await page.screenshot({ path: 'artifacts/screenshots/zh-CN-font.png' });
  });
});

test('an English page requests no byte of the zh-CN font until the reader reaches for the language', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const fonts = fontRequests(page);
  await page.goto(`./${presetHash('seed')}`);
  await appeared(page.getByRole('region', { name: 'Cluster' }), 15_000);
  await recorded(page);
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(1000);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByRole('button', { name: 'Scenarios' }).click();
  // Escape only once the dialog is open, and on until it is closed: pressed at once, it could come
  // before the dialog and leave it open over the Language list (a CI run timed out so).
  const gallery = page.locator('dialog[open]');
  await appeared(gallery);
  await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);
  expect(fonts).toEqual([]);
  expect(await page.evaluate(() => [...document.fonts].filter((f) => f.family.includes('Noto')).length)).toBe(
    0,
  );

  // the language switch fetches it, so 简体中文 in the list is legible on a machine without a CJK font:
  // reached by the pointer and by the keyboard (in one CI run under load the focus alone had not
  // fetched it within 5 s; it passes alone every time)
  const language = page.getByRole('combobox', { name: 'Language' });
  await language.hover();
  await language.focus();
  await expect.poll(() => fonts.some((u) => /cjkFont-.*\.css$/.test(u)), { timeout: 15_000 }).toBe(true);
});

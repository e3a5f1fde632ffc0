/**
 * zh-CN on a machine whose only fonts are DejaVu (issue 26): Chromium runs with a fontconfig that
 * sees DejaVu's folder alone (e2e/fonts/dejavu-only.conf), so none of the terminals' named
 * monospace fonts exists. The kubectl tables must still be monospaced — their header's columns
 * start where their rows' columns start — and their Chinese must still be drawn.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { chromiumArgs, findChromium } from '../scripts/chromium.mjs';
import { failOnProblems, presetHash, recorded } from './panelsSupport.ts';
import { appeared } from './wait.ts';

const FONTCONFIG_FILE = resolve('e2e/fonts/dejavu-only.conf');

failOnProblems();
test.use({
  locale: 'zh-CN',
  launchOptions: {
    executablePath: findChromium() ?? undefined,
    args: chromiumArgs(),
    env: { ...process.env, FONTCONFIG_FILE },
  },
});

/** The font families this fontconfig offers (scripts/chromium.mjs installs fonts-dejavu-core). */
function families(): string[] {
  const out = execFileSync('fc-list', [':', 'family'], {
    encoding: 'utf8',
    env: { ...process.env, FONTCONFIG_FILE },
  });
  return [...new Set(out.split('\n').flatMap((l) => (l.trim() ? l.split(',') : [])))].sort();
}

/** columns reads where each of the rs -w header's columns starts, in the header and in each row. */
function columns(page: Page) {
  return page.getByRole('log', { name: 'kubectl get rs -w' }).evaluate((log) => {
    const xAt = (el: Element, i: number) => {
      const text = el.firstChild;
      if (!text) return Number.NaN;
      const r = document.createRange();
      r.setStart(text, i);
      r.setEnd(text, i + 1);
      return Math.round(r.getBoundingClientRect().x * 10) / 10;
    };
    const header = log.querySelector('[data-testid="watch-header"]');
    if (!header) return null;
    const starts = [...(header.textContent ?? '').matchAll(/\S+/g)].map((m) => m.index);
    const rows = [...log.querySelectorAll('[data-testid="watch-row"]')];
    return {
      header: starts.map((i) => xAt(header, i)),
      rows: rows.map((row) => starts.map((i) => xAt(row, i))),
    };
  });
}

/** widthRatio is the width of `iiiiiiiiii` over that of `MMMMMMMMMM` in the log's font: 1 when monospaced. */
function widthRatio(page: Page): Promise<number> {
  return page.getByRole('log', { name: 'kubectl get rs -w' }).evaluate((log) => {
    const width = (s: string) => {
      const span = document.createElement('span');
      span.style.whiteSpace = 'pre';
      span.textContent = s;
      log.append(span);
      const w = span.getBoundingClientRect().width;
      span.remove();
      return w;
    };
    return width('iiiiiiiiii') / width('MMMMMMMMMM');
  });
}

/**
 * renderedFonts asks Chromium which fonts drew the text of the first element that matches
 * (DevTools' "Rendered Fonts"): each as `web <family>` or `system <family>`.
 */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => `${f.isCustomFont ? 'web' : 'system'} ${f.familyName}`).sort();
}

test('with DejaVu as the only fonts, the zh-CN kubectl tables stay monospaced and draw their Chinese', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // the machine this test stands for: DejaVu, and nothing else (no Liberation Mono, no CJK font)
  const system = families();
  expect(system.length).toBeGreaterThan(0);
  expect(system.filter((f) => !f.startsWith('DejaVu'))).toEqual([]);

  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto(`./${presetHash('seed')}`);
  await appeared(page.getByRole('region', { name: '集群' }), 15_000);
  await recorded(page);
  const slider = page.getByRole('slider', { name: '时间线位置' });
  await slider.fill('260');
  await expect(slider).toHaveAttribute('aria-valuenow', '260');
  await appeared(page.getByTestId('watch-row').nth(3));
  await page.evaluate(() => document.fonts.ready);

  // every row's DESIRED, CURRENT, READY and AGE start under the header's
  await expect.poll(async () => (await columns(page))?.header.length).toBe(5);
  const cols = await columns(page);
  expect(cols?.rows.length).toBeGreaterThan(3);
  for (const row of cols?.rows ?? []) expect(row).toEqual(cols?.header);
  const ratio = await widthRatio(page);
  test.info().annotations.push({ type: 'iiiiiiiiii / MMMMMMMMMM', description: ratio.toFixed(2) });
  expect(ratio).toBeCloseTo(1, 2);

  // the Chinese in the monospaced text (the tick readout, the console's hint) is drawn, by the
  // self-hosted Noto Sans SC (DejaVu has no Chinese), its Latin and digits by Noto Sans Mono
  await expect(page.locator('.play-bar output').first()).toContainText('第 260/');
  for (const selector of ['.play-bar output', '.kubectl-console p']) {
    await expect
      .poll(() => renderedFonts(page, selector))
      // (a variable font names its default instance: "Noto Sans SC Thin")
      .toEqual([
        expect.stringMatching(/^web Noto Sans Mono\b/),
        expect.stringMatching(/^web Noto Sans SC\b/),
      ]);
  }
  await page.screenshot({ path: 'artifacts/screenshots/zh-CN-dejavu-only-rs.png' });
});

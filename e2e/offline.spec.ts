import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { facesFor, UI_SYMBOLS } from '../src/i18n/cjkFont.ts';
import { EXPLAIN_ZH_CN } from '../src/i18n/explain.zh-CN.ts';
import { SUMMARY_ZH_CN } from '../src/i18n/summary.zh-CN.ts';
import { zhCN } from '../src/i18n/zh-CN.ts';
import { serveDist } from './distServer.ts';
import { failOnProblems, presetHash, recorded, tickOf } from './panelsSupport.ts';
import { appeared } from './wait.ts';

const guard = failOnProblems();
test.use({ serviceWorkers: 'allow' });

/** installed waits until the service worker has precached the build and is active. */
async function installed(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), {
      timeout: 30_000,
    })
    .toBe('activated');
}

/** uiSubsets is how many of the font's subsets hold the characters of the zh-CN UI strings. */
function uiSubsets(): number {
  const css = readFileSync('node_modules/@fontsource-variable/noto-sans-sc/index.css', 'utf8');
  const faces = [...css.matchAll(/unicode-range: ([^;]+);/g)].map((m) => ({ unicodeRange: m[1] ?? '' }));
  return facesFor(faces, JSON.stringify([zhCN, EXPLAIN_ZH_CN, SUMMARY_ZH_CN]) + UI_SYMBOLS).length;
}

/** offlineErrors drops the console's reports of requests that failed because the network is off. */
function ignoreOffline(): void {
  guard.ignore((p) => /ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p));
}

test('after one visit the app opens and runs a scenario with the network off', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto(`./${presetHash('seed')}`);
  await appeared(page.getByTestId('node').first(), 15_000);
  await installed(page);

  await context.setOffline(true);
  // the network is really off: nothing outside the service worker answers
  expect(
    await page.evaluate(() =>
      fetch('/no-such-file', { cache: 'no-store' }).then(
        () => 'online',
        () => 'off',
      ),
    ),
  ).toBe('off');
  await page.reload();
  await expect(page.getByTestId('k8s-version')).toHaveText('Kubernetes v1.36.3', { timeout: 15_000 });
  await appeared(page.getByTestId('node').first(), 15_000);
  await recorded(page);
  expect((await tickOf(page)).total).toBeGreaterThan(500);
  await page.getByRole('button', { name: 'Play' }).click();
  await expect.poll(async () => (await tickOf(page)).tick).toBeGreaterThan(20);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();

  // a chunk loaded on demand (the YAML reader behind Import) comes from the precache too
  await page.getByRole('button', { name: 'Scenarios' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Recreate/ })
    .first()
    .click();
  await appeared(page.getByTestId('node').first(), 15_000);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // and so do the lessons, loaded on demand
  await page.getByRole('button', { name: 'Lessons' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Open: / })
    .first()
    .click();
  await appeared(page.getByRole('region', { name: 'Lesson' }), 15_000);
  await expect(page.getByTestId('lesson-text')).not.toBeEmpty();
  ignoreOffline();
  await context.setOffline(false);
});

test.describe('in Simplified Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the zh-CN font subsets the UI needs are cached on the first visit and draw offline', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`./${presetHash('seed')}`);
    await appeared(page.getByRole('region', { name: '集群' }), 15_000);
    await installed(page);
    // the idle warm-up fetched the font's CSS and the subsets of every zh-CN string into the cache,
    // and the Latin subset of the terminals' Noto Sans Mono (issue 26)
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const urls = (await (await caches.open('cjk-font')).keys()).map((r) => r.url);
            return {
              css: urls.filter((u) => u.endsWith('.css')).length,
              subsets: urls.filter((u) => /\/noto-sans-sc-/.test(u)).length,
              mono: urls.filter((u) => /\/noto-sans-mono-latin-wght-/.test(u)).length,
              other: urls.length - 1 - urls.filter((u) => /\/noto-sans-(sc|mono)-/.test(u)).length,
            };
          }),
        { timeout: 30_000 },
      )
      .toEqual({ css: 1, subsets: uiSubsets(), mono: 1, other: 0 });

    await context.setOffline(true);
    await page.reload();
    await appeared(page.getByRole('region', { name: '集群' }), 15_000);
    await appeared(page.getByRole('button', { name: '场景' }));
    await appeared(page.getByTestId('node').first(), 15_000);
    await page.evaluate(() => document.fonts.ready);
    expect(
      await page.evaluate(
        () =>
          [...document.fonts].filter((f) => f.family.includes('Noto Sans SC') && f.status === 'error').length,
      ),
    ).toBe(0);
    expect(
      await page.evaluate(() => document.fonts.check('14px "Noto Sans SC Variable"', '场景导入导出分享集群')),
    ).toBe(true);
    expect(
      await page.evaluate(() =>
        document.fonts.load('12px "Noto Sans Mono Variable"', 'NAME').then((f) => f.length),
      ),
    ).toBe(1);
    await page.screenshot({ path: 'artifacts/screenshots/offline-zh-CN.png' });
    ignoreOffline();
    await context.setOffline(false);
  });
});

for (const [locale, text, reload] of [
  ['en', 'A new version of Rollout Lab is ready.', 'Reload'],
  ['zh-CN', 'Rollout Lab 有新版本可用。', '重新加载'],
] as const) {
  test.describe(`a new build, ${locale}`, () => {
    test.use({ locale });

    test(`shows the "new version" prompt and reloads into it, ${locale}`, async ({ page }) => {
      test.setTimeout(90_000);
      const site = await serveDist();
      try {
        await page.goto(site.url);
        await appeared(page.getByTestId('node').first(), 15_000);
        await installed(page);
        const prompt = page.getByTestId('update-prompt');
        await expect(prompt).toHaveCount(0);
        // the next build is deployed: the browser finds its service worker on the next check
        site.nextBuild();
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
        await expect(prompt).toContainText(text, { timeout: 30_000 });
        await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: reload }).click()]);
        await appeared(page.getByTestId('node').first(), 15_000);
        await expect(prompt).toHaveCount(0);
        expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/sw\.js$/);
      } finally {
        await site.close();
      }
    });
  });
}

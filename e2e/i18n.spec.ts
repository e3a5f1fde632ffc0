import { expect, type Page, test } from '@playwright/test';
import { failOnProblems, firstActionTick, presetHash } from './panelsSupport.ts';
import { appeared } from './wait.ts';

failOnProblems();
// The browser speaks Simplified Chinese: the app follows it without putting &lang= in the link.
test.use({ locale: 'zh-CN' });

const DEPLOYMENT = 'nginx-deployment-roll01';
const slider = (page: Page) => page.getByRole('slider', { name: '时间线位置' });

async function openSeed(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto(`./${presetHash('seed')}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await appeared(page.getByTestId('node').first(), 15_000);
  await recorded(page);
}

async function recorded(page: Page): Promise<void> {
  await expect(page.getByTestId('recording-state')).not.toHaveAttribute('data-state', 'recording', {
    timeout: 30_000,
  });
}

async function seekTo(page: Page, tick: number): Promise<void> {
  await slider(page).fill(String(tick));
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(tick));
}

test('the Explain panel shows tick summaries in zh-CN', async ({ page }) => {
  await openSeed(page);
  const explain = page.getByRole('region', { name: '决策解释' });
  const first = (await firstActionTick(page)) ?? 0;
  // after `set image`: a tick of the Deployment controller that scaled a ReplicaSet, then a kubelet tick
  let scaled = '';
  let kubelet = '';
  for (let tick = first; tick < first + 120 && !(scaled && kubelet); tick++) {
    await seekTo(page, tick);
    const summary = (await explain.getByTestId('tick-summary').last().textContent()) ?? '';
    if (!scaled && /扩缩 \d+ → \d+/.test(summary)) {
      scaled = summary;
      await page.waitForTimeout(250);
      await explain.screenshot({ path: 'artifacts/screenshots/i18n-explain-scale-zh-CN.png' });
    } else if (scaled && /：(Ready|Running|ContainerCreating)/.test(summary)) kubelet = summary;
  }
  expect(scaled).toMatch(/(^|；)nginx-deployment-roll01-\w+ 扩缩 \d+ → \d+(；|$)/);
  expect(kubelet).toMatch(/^nginx-deployment-roll01-\w+-\w+：(Ready|Running|ContainerCreating)$/);
  await page.waitForTimeout(250);
  await page.screenshot({ path: 'artifacts/screenshots/i18n-explain-zh-CN.png' });
  await explain.screenshot({ path: 'artifacts/screenshots/i18n-explain-panel-zh-CN.png' });
  expect(page.url()).not.toContain('&lang=');
});

test('the strategy band steps after a scale, over the whole run', async ({ page }) => {
  await openSeed(page);
  await seekTo(page, 300);
  const box = page.getByRole('textbox', { name: 'kubectl' });
  await box.fill(`scale deployment/${DEPLOYMENT} --replicas=15`);
  await box.press('Enter');
  await expect(page.getByRole('region', { name: '控制' })).toContainText(
    `deployment.apps/${DEPLOYMENT} scaled`,
  );
  await recorded(page);
  const total = Number(await slider(page).getAttribute('aria-valuemax'));
  await seekTo(page, total);
  const upper = await page.getByTestId('strategy-upper').getAttribute('d');
  const band = await page.getByTestId('strategy-band').getAttribute('d');
  const ys = new Set([...(upper ?? '').matchAll(/[\d.]+,([\d.]+)/g)].map((m) => m[1]));
  expect(ys.size, 'two levels: 13 pods at most, then 19').toBe(2);
  const xs = [...(band ?? '').matchAll(/([\d.]+),[\d.]+/g)].map((m) => Number(m[1]));
  expect(Math.min(...xs), 'the band starts at t = 0').toBeLessThan(40);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.waitForTimeout(250);
  await page
    .getByRole('region', { name: '时间线' })
    .screenshot({ path: 'artifacts/screenshots/i18n-band-after-scale-zh-CN.png' });
  await page.screenshot({ path: 'artifacts/screenshots/i18n-band-after-scale-zh-CN-page.png' });
});

test('the preset gallery lists names and lessons in zh-CN', async ({ page }) => {
  await openSeed(page);
  await page.getByRole('banner').getByRole('button', { name: '场景', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '场景' });
  await appeared(dialog);
  const seed = dialog.locator('[data-preset-id="seed"]');
  await expect(seed).toContainText('Seed——nginx，10 个副本，25% / 25%');
  await expect(seed.getByTestId('preset-lesson')).toContainText('课程里的例子');
  await expect(dialog.locator('[data-preset-id="recreate"]')).toContainText(
    'Recreate 策略先把旧 ReplicaSet 缩到 0',
  );
  // opened from its link, the scenario still has the preset's name: shown in zh-CN
  await expect(dialog).toContainText('当前场景： Seed——nginx，10 个副本，25% / 25%');
  await page.waitForTimeout(250);
  await page.screenshot({ path: 'artifacts/screenshots/i18n-gallery-zh-CN.png' });
  // chosen from the gallery, the working scenario is named in zh-CN too
  await dialog.locator('[data-preset-id="recreate"]').click();
  await expect(dialog).toBeHidden();
  await page.getByRole('banner').getByRole('button', { name: '场景', exact: true }).click();
  await expect(dialog).toContainText('当前场景： Recreate——旧 Pod 全部退出后新 Pod 才启动');
});

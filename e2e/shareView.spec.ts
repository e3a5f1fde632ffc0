import { expect, test } from '@playwright/test';
import {
  failOnProblems,
  firstActionTick,
  openPreset,
  presetHash,
  recorded,
  seekTo,
  tickOf,
} from './panelsSupport.ts';
import { appeared } from './wait.ts';

failOnProblems();

test('a share link keeps the Follow filter, the tab, Large text, presenter, the language and the tick', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPreset(page, 'seed');
  const tick = ((await firstActionTick(page)) ?? 0) + 30;
  await seekTo(page, tick);
  await page
    .getByRole('region', { name: 'Explain' })
    .getByRole('combobox')
    .selectOption('deployment-controller');
  await page.getByRole('tab', { name: 'deploy -w' }).click();
  await page.getByRole('button', { name: 'Large text' }).click();
  await page.getByRole('button', { name: 'Presenter mode' }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await page.getByRole('button', { name: '分享' }).click();
  await appeared(page.getByText('链接已复制'));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(
    new RegExp(
      `#v1\\.[\\w-]+&t=${tick}&lang=zh-CN&follow=deployment-controller&tab=deploy&large=1&present=1$`,
    ),
  );

  // another reader, with nothing saved: the link alone brings the view
  const reader = await browser.newPage();
  await reader.goto(link);
  await appeared(reader.getByTestId('node').first(), 15_000);
  await expect(reader.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(reader.locator('html')).toHaveClass(/large-text/);
  await expect(reader.locator('html')).toHaveClass(/presenter/);
  await expect(reader.getByRole('slider', { name: '时间线位置' })).toHaveAttribute(
    'aria-valuenow',
    String(tick),
  );
  await expect(reader.getByRole('region', { name: '决策解释' }).getByRole('combobox')).toHaveValue(
    'deployment-controller',
  );
  await expect(reader.getByRole('tab', { name: 'deploy -w' })).toHaveAttribute('aria-selected', 'true');
  await expect(reader.getByRole('button', { name: '演示模式' })).toHaveAttribute('aria-pressed', 'true');
  await reader.close();
});

test('an older link without a view still opens at its tick, with the default view', async ({ page }) => {
  await page.goto(`./${presetHash('seed')}&t=120`);
  await appeared(page.getByTestId('node').first(), 15_000);
  await recorded(page);
  expect((await tickOf(page)).tick).toBe(120);
  await expect(page.getByRole('region', { name: 'Explain' }).getByRole('combobox')).toHaveValue('all');
  await expect(page.getByRole('tab', { name: 'rs -w' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).not.toHaveClass(/presenter|large-text/);
  await expect(page.getByTestId('scenario-message')).toHaveCount(0);
});

test('a link from a later build, with a view this build does not know, still opens', async ({ page }) => {
  await page.goto(`./${presetHash('seed')}&t=80&zoom=3&follow=etcd&tab=nodes&follow=kubelet`);
  await appeared(page.getByTestId('node').first(), 15_000);
  await recorded(page);
  expect((await tickOf(page)).tick).toBe(80);
  await expect(page.getByRole('region', { name: 'Explain' }).getByRole('combobox')).toHaveValue('kubelet');
  await expect(page.getByTestId('scenario-message')).toHaveCount(0);
});

test('the address bar follows the view as the reader changes it', async ({ page }) => {
  await openPreset(page, 'seed');
  await page.getByRole('tab', { name: 'pods -w' }).click();
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/&tab=pods$/);
  await page.getByRole('tab', { name: 'rs -w' }).click();
  await expect.poll(() => page.evaluate(() => location.hash)).not.toMatch(/&tab=/);
});

import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { presetHash, recorded } from './panelsSupport.ts';
test('probe', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`./${presetHash(process.env.PRESET ?? 'seed')}`);
  await expect(page.getByTestId('node').first()).toBeVisible({ timeout: 15_000 });
  await recorded(page);
  console.log('recorded', Date.now() - t0);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync('/tmp/page.cpuprofile', JSON.stringify(profile));
});

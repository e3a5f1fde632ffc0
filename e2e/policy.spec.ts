/**
 * The policy kinds where people look (issue #13): the terminal's policy tab (`quota · pdb · hpa`, the kinds the scenario has) shows
 * `kubectl get` of each kind the scenario has at the playhead, and the console answers `describe`
 * for them; kubectl drain's retries show up as the user's ticks. Real Chromium, built app.
 */
import { expect, type Page } from '@playwright/test';
import { firstActionTick, seekEnd, seekTo } from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';

// The tests share one page per worker (e2e/sharedPage.ts).

/** The policy tab, named after the kinds the scenario has: `pdb`, `quota`, `quota · limits`. */
async function policyTab(page: Page) {
  await page.getByRole('tab', { name: /^(quota|limits|pdb|hpa)( · (quota|limits|pdb|hpa))*$/ }).click();
}

test('the budget tab shows the PodDisruptionBudget holding kubectl drain, light and dark', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await showPreset(page, 'budget-holds-drain');
  const drainTick = (await firstActionTick(page)) ?? 0;
  // drain's output keeps kubectl's lines: cordon, the eviction it tries, then the budget's refusal.
  await seekTo(page, drainTick);
  const summary = page.getByRole('region', { name: 'Explain' }).getByTestId('tick-summary').first();
  // biome-ignore lint/performance/useDomNodeTextContent: the line breaks are CSS's (white-space: pre-line), which only innerText shows.
  expect(await summary.innerText()).toMatch(
    /^node\/node-1 cordoned\nevicting pod default\/web-\S+\nerror when evicting pods\/"web-\S+" -n "default" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget\.$/,
  );
  await seekTo(page, drainTick + 1);
  await policyTab(page);
  const pdb = page.getByRole('log', { name: 'kubectl get pdb' });
  await expect(pdb).toContainText('MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS');
  await expect(pdb).toContainText(/web\s+3\s+N\/A\s+0\s/);
  // Only the kinds the scenario creates.
  await expect(page.getByRole('log', { name: 'kubectl get hpa' })).toHaveCount(0);
  const box = page.getByRole('textbox', { name: 'kubectl' });
  await box.fill('describe pdb web');
  await box.press('Enter');
  await expect(page.getByRole('region', { name: 'Controls' })).toContainText('Allowed disruptions:  0');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `artifacts/screenshots/policy-budget-tab-${scheme}.png` });
  }
});

test('the autoscaler tab shows the HPA target and replicas at the end of the run', async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await showPreset(page, 'autoscaler-during-rollout');
  await seekEnd(page);
  await policyTab(page);
  const hpa = page.getByRole('log', { name: 'kubectl get hpa' });
  await expect(hpa).toContainText('REFERENCE        TARGETS        MINPODS   MAXPODS   REPLICAS');
  await expect(hpa).toContainText(/web\s+Deployment\/web\s+cpu: 20%\/50%\s+2\s+10\s+4\s/);
  // The table fits the panel at 1280 px (its text a little smaller) instead of hiding AGE off to the side.
  await expect.poll(() => hpa.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const px = await hpa.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(px).toBeGreaterThanOrEqual(10);
  expect(px).toBeLessThan(12);
  await page.screenshot({ path: 'artifacts/screenshots/policy-hpa-tab-dark.png' });
});

test('the quota tab shows requests against hard while the surge is refused', async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await showPreset(page, 'quota-blocks-surge');
  const first = (await firstActionTick(page)) ?? 0;
  await seekTo(page, first + 5);
  await policyTab(page);
  await expect(page.getByRole('log', { name: 'kubectl get quota' })).toContainText(
    'pods: 4/10, requests.cpu: 2/2',
  );
  await page.screenshot({ path: 'artifacts/screenshots/policy-quota-tab-light.png' });
});

test('the LimitRange preset: the console and the policy tab describe the bounds, and the refused ReplicaSet says why, light and dark', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await showPreset(page, 'limitrange-caps-container');
  const first = (await firstActionTick(page)) ?? 0;
  await seekTo(page, first + 20);
  const box = page.getByRole('textbox', { name: 'kubectl' });
  await box.fill('describe limits');
  await box.press('Enter');
  const controls = page.getByRole('region', { name: 'Controls' });
  await expect(controls).toContainText(/Container\s+cpu\s+-\s+500m\s+100m\s+500m\s+-/);
  await box.fill('get events --field-selector reason=FailedCreate');
  await box.press('Enter');
  await expect(controls).toContainText(
    'is forbidden: maximum cpu usage per Container is 500m, but limit is 1',
  );
  // The terminal's policy tab describes the LimitRange (its table would say only its name and age).
  await policyTab(page);
  const limits = page.getByRole('log', { name: 'kubectl describe limits' });
  await expect(limits).toContainText(/Container\s+cpu\s+-\s+500m\s+100m\s+500m\s+-/);
  await expect(page.getByRole('log', { name: 'kubectl get quota' })).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/screenshots/policy-limitrange-light.png' });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await expect(limits).toBeVisible();
  await page.screenshot({ path: 'artifacts/screenshots/policy-limitrange-dark.png' });
});

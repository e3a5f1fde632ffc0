// The scheduler in the page: each node card shows its pods' cpu and memory requests against its
// allocatable, and Explain shows, node by node, why a pod could not be scheduled.
import { expect } from '@playwright/test';
import { firstTick, seekEnd, seekTo } from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';

/** The tick of the scheduler's first FailedScheduling. */
const firstFailedCycle = (id: string): number =>
  firstTick(id, (t) => t.actor === 'default-scheduler' && t.summary.includes('is unschedulable'));

/** The first tick whose cycle scored nodes. */
const firstScoredCycle = (id: string): number =>
  firstTick(id, (t) => t.decisions.some((d) => d.fn === 'prioritizeNodes'));

// The tests share one page per worker (e2e/sharedPage.ts).

test('node cards show requests against allocatable on a full cluster', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await showPreset(page, 'no-room-to-surge');
  await seekEnd(page);
  const node = page.getByTestId('node').first();
  const memory = node.getByRole('meter', { name: 'Memory requests of the pods on this node' });
  await expect(memory).toHaveAttribute('aria-valuetext', '4Gi / 4Gi (100%)');
  await expect(node.getByRole('meter', { name: 'CPU requests of the pods on this node' })).toHaveAttribute(
    'aria-valuetext',
    '500m / 2 (25%)',
  );
  await page.screenshot({ path: 'artifacts/screenshots/scheduling-node-card-light.png' });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await page.screenshot({ path: 'artifacts/screenshots/scheduling-node-card-dark.png' });
});

test('Explain shows which filter rejected each node when a pod cannot be scheduled', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await showPreset(page, 'no-room-to-surge');
  await seekEnd(page);
  const explain = page.getByRole('region', { name: 'Explain' });
  await seekTo(page, firstFailedCycle('no-room-to-surge'));
  await expect(explain).toContainText('0/3 nodes are available: 3 Insufficient memory.');
  await expect(explain).toContainText(
    'node-1: NodeResourcesFit says no (Unschedulable): Insufficient memory',
  );
  await page.screenshot({ path: 'artifacts/screenshots/scheduling-explain-light.png' });
  await page.setViewportSize({ width: 1280, height: 1400 });
  await explain.screenshot({ path: 'artifacts/screenshots/scheduling-explain-region.png' });
});

test('Explain states the unset-request rule only where a score counted a default', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  const explain = page.getByRole('region', { name: 'Explain' });
  // Every pod of no-surge-fits sets its cpu and memory requests.
  await showPreset(page, 'no-surge-fits');
  await seekTo(page, firstScoredCycle('no-surge-fits'));
  await expect(explain).toContainText('(requests with the pod: cpu 250m of 2000m, memory 2048Mi of 4096Mi)');
  await expect(explain).not.toContainText('an unset request counted as 100m / 200Mi');
  await page.setViewportSize({ width: 1280, height: 1400 });
  await explain.screenshot({ path: 'artifacts/screenshots/scheduling-score-lines-region.png' });
  // The Seed's pods set none: each line says how the scores counted them.
  await showPreset(page, 'seed');
  await seekTo(page, firstScoredCycle('seed'));
  await expect(explain).toContainText('an unset request counted as 100m / 200Mi');
});

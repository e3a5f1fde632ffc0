/**
 * The console's kubectl get and describe in the built app, in real Chromium: several types in
 * one get (`get all`), a JSONPath template, custom columns, a field selector with a sort, and
 * describe pod, each answered at the playhead; describe node. A screenshot of each answer at 1280×720.
 */
import { expect } from '@playwright/test';
import { consoleRun as run } from './consoleSupport.ts';
import { seekEnd } from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';

// These tests share one page per worker (e2e/sharedPage.ts): each reads its answer from its own
// log entry, as the console's log outlives a scenario load.

test('the console answers get all, jsonpath, custom columns, field selectors and describe pod', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await showPreset(page, 'statefulset-claims');
  await seekEnd(page);
  await expect(await run(page, 'get all')).toContainText(/statefulset\.apps\/web\s+3\/3/);
  await expect(await run(page, 'get pods -o jsonpath={.items[*].metadata.name}')).toContainText(
    'web-0 web-1 web-2',
  );
  await expect(
    await run(page, 'get pvc -o custom-columns=CLAIM:.metadata.name,STATUS:.status.phase'),
  ).toContainText(/www-web-0\s+Bound/);
  await expect(
    await run(page, 'get events --field-selector involvedObject.name=web-0 --sort-by=.lastTimestamp'),
  ).toContainText(/Scheduled\s+pod\/web-0/);
  const described = await run(page, 'describe pod web-0');
  await expect(described).toContainText('QoS Class:');
  await expect(described).toContainText(/ClaimName:\s+www-web-0/);
  await page.screenshot({ path: 'artifacts/screenshots/console-describe-pod-light.png' });
});

test('the console describes a node: its lease, conditions, address, system info and pods', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await showPreset(page, 'statefulset-claims');
  await seekEnd(page);
  const described = await run(page, 'describe node node-1');
  await expect(described).toContainText(/HolderIdentity:\s+node-1/);
  await expect(described).toContainText(/Ready\s+True/);
  await expect(described).toContainText(/InternalIP:\s+172\.18\.0\.3/);
  await expect(described).toContainText(/Kubelet Version:\s+v1\.36\.3/);
  await expect(described).toContainText(/Non-terminated Pods:\s+\(\d+ in total\)/);
  await page.screenshot({ path: 'artifacts/screenshots/console-describe-node-light.png' });
});

test('the console runs a pod of its own, and a new image restarts its container', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await showPreset(page, 'statefulset-claims');
  await seekEnd(page);
  await expect(await run(page, 'run solo --image=web:1')).toContainText('pod/solo created');
  await seekEnd(page);
  await expect(await run(page, 'get pod solo')).toContainText(/solo\s+1\/1\s+Running\s+0\s/);
  await expect(await run(page, 'set image pod/solo solo=web:2')).toContainText('pod/solo image updated');
  await seekEnd(page);
  await expect(await run(page, 'get pod solo')).toContainText(/solo\s+1\/1\s+Running\s+1 \(/);
  const described = await run(page, 'describe pod solo');
  await expect(described).toContainText('Container solo definition changed, will be restarted');
  await expect(described).toContainText(/Restart Count:\s+1/);
  await page.screenshot({ path: 'artifacts/screenshots/console-run-pod-light.png' });
});

test('the console answers kubectl events, the scheduler’s Events come through events.k8s.io', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await showPreset(page, 'no-room-to-surge');
  await seekEnd(page);
  const events = await run(page, 'events --types=Warning');
  await expect(events).toContainText(/LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE/);
  await expect(events).toContainText(/Warning\s+FailedScheduling\s+Pod\/web-\S+\s+0\/3 nodes are available/);
  const yaml = await run(page, 'get events --field-selector reason=FailedScheduling -o yaml');
  await expect(yaml).toContainText('reportingComponent: default-scheduler');
  await expect(yaml).toContainText('action: Scheduling');
  await page.screenshot({ path: 'artifacts/screenshots/console-events-light.png' });
});

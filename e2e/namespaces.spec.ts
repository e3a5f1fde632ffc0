/**
 * A namespaced scenario in real Chromium: the probe-paced preset runs checkout-api (30 replicas,
 * maxSurge 10%, maxUnavailable 0, readinessProbe initialDelaySeconds 20, minReadySeconds 10) in
 * namespace payments. Every control, the describe / rollout tabs, the export, the pod details,
 * Explain and the kubectl console address it there: none answers
 * `deployments.apps "checkout-api" not found`.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { consoleRun } from './consoleSupport.ts';
import { recorded, seekEnd, seekTo } from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';

// One page per worker (e2e/sharedPage.ts): the fork warning's handler goes with the test, and the
// console's answers are read from their own entries.

const controls = (page: Page): Locator => page.getByRole('region', { name: 'Controls' });
const markers = (page: Page): Locator => page.getByTestId('action-marker');

/**
 * edited waits for the fork an edit makes (the run forks at the playhead: the edit's action is
 * the timeline's marker) and checks no control says what went wrong.
 */
async function edited(page: Page, text: RegExp | string): Promise<void> {
  await expect(markers(page).filter({ hasText: text })).toHaveCount(1, { timeout: 15_000 });
  await expect(controls(page).getByRole('alert')).toHaveCount(0);
  await recorded(page);
}

/** rewind goes back to a tick before the scripted set image (at 60 s), where edits start. */
async function rewind(page: Page): Promise<void> {
  await seekTo(page, 40);
}

test('every control, tab and dialog works on a workload in namespace payments', async ({ page }) => {
  test.setTimeout(240_000);
  // An edit before the scripted set image (60 s) forks the run and drops it: the fork warning
  // asks first (edits.spec.ts tests the dialog); here every edit goes ahead, as it did before it.
  const forkWarning = page.getByRole('dialog', { name: /drops the script after tick/ });
  await page.addLocatorHandler(forkWarning, async (d) => {
    await d.getByRole('button', { name: 'Drop them and apply my change' }).click();
  });
  await showPreset(page, 'probe-paced');
  await rewind(page);
  await expect(controls(page)).toContainText('deployment/checkout-api -n payments');
  await expect(page.getByTestId('rollout-status')).not.toContainText('not found');

  // sliders: replicas, maxSurge, maxUnavailable (the keyboard moves them one step)
  await controls(page).getByRole('slider', { name: 'replicas' }).focus();
  await page.keyboard.press('ArrowRight');
  await edited(page, /--replicas=31 -n payments/);
  await rewind(page);
  await controls(page).getByRole('slider', { name: 'maxSurge' }).focus();
  await page.keyboard.press('ArrowRight');
  await edited(page, /maxSurge.*-n payments/);
  await rewind(page);
  await controls(page).getByRole('slider', { name: 'maxUnavailable' }).focus();
  await page.keyboard.press('ArrowRight');
  await edited(page, /maxUnavailable.*-n payments/);

  // the number fields and the strategy
  for (const [field, value] of [
    ['minReadySeconds', '5'],
    ['progressDeadlineSeconds', '300'],
    ['revisionHistoryLimit', '3'],
  ] as const) {
    await rewind(page);
    const box = controls(page).getByLabel(field);
    await box.fill(value);
    await box.press('Enter');
    await edited(page, new RegExp(`${field}.*-n payments`));
  }
  await rewind(page);
  await controls(page)
    .getByRole('combobox', { name: /Strategy/ })
    .selectOption('Recreate');
  await edited(page, /Recreate.*-n payments/);
  await rewind(page);
  await controls(page)
    .getByRole('combobox', { name: /Strategy/ })
    .selectOption('RollingUpdate');
  await edited(page, /RollingUpdate.*-n payments/);

  // set image and the rollout buttons
  await rewind(page);
  await controls(page).getByRole('combobox', { name: 'Image of api' }).fill('checkout-api:1.6.0');
  await controls(page).getByRole('button', { name: 'set image' }).click();
  await edited(page, 'set image deployment/checkout-api api=checkout-api:1.6.0 -n payments');
  // two revisions by the end of the run: undo has one to go back to
  await seekEnd(page);
  for (const [button, command] of [
    ['rollout pause', 'rollout pause deployment/checkout-api -n payments'],
    ['rollout resume', 'rollout resume deployment/checkout-api -n payments'],
    ['rollout restart', 'rollout restart deployment/checkout-api -n payments'],
    ['rollout undo', 'rollout undo deployment/checkout-api -n payments'],
  ] as const) {
    await controls(page).getByRole('button', { name: button }).click();
    await edited(page, command);
  }

  // the node controls
  await controls(page).getByRole('button', { name: 'Add node' }).click();
  await edited(page, /node-4/);
  await controls(page).getByRole('button', { name: 'Make NotReady' }).click();
  await edited(page, /node-1/);

  // the tabs print the workload of payments
  const terminal = page.getByRole('region', { name: 'ReplicaSets' });
  await terminal.getByRole('tab', { name: 'describe' }).click();
  const describe = terminal.getByRole('log', {
    name: 'kubectl describe deployment checkout-api -n payments',
  });
  await expect(describe).toContainText(/Namespace:\s+payments/);
  await expect(describe).not.toContainText('not found');
  await expect(describe).toContainText(
    'Readiness:  http-get http://:8080/healthz delay=20s timeout=1s period=10s #success=1 #failure=3',
  );
  await terminal.getByRole('tab', { name: 'rollout status' }).click();
  await expect(terminal.getByRole('log', { name: 'kubectl rollout status' })).toContainText(
    /Waiting for|rollout to finish|successfully rolled out/,
  );
  await terminal.getByRole('tab', { name: 'rollout history' }).click();
  await expect(terminal.getByRole('log', { name: 'kubectl rollout history' })).toContainText('REVISION');
  await expect(terminal.getByRole('log', { name: 'kubectl rollout history' })).not.toContainText('not found');
  // the console: -n and -A
  await expect(await consoleRun(page, 'get deploy -n payments')).toContainText(/checkout-api\s+\d+\/\d+/);
  await expect(await consoleRun(page, 'get pods -A')).toContainText(/NAMESPACE\s+NAME\s+READY\s+STATUS/);
  await expect(await consoleRun(page, 'get ns')).toContainText(/payments\s+Active/);

  // a pod's details and the export of the workload
  await page.getByTestId('pod').first().click();
  await expect(page.getByTestId('pod-details')).toContainText('pod-template-hash');
  await expect(page.getByTestId('pod-details')).toContainText(/Namespace\s*payments/);
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export' });
  const object = dialog.getByRole('region', {
    name: 'kubectl get deployment checkout-api -n payments -o yaml',
  });
  await expect(object.getByTestId('export-yaml')).toContainText('namespace: payments');
  await page.keyboard.press('Escape');

  // Explain names the objects of the tick by their namespace/name key
  await seekTo(page, 40);
  await expect(page.getByRole('region', { name: 'Explain' })).toContainText('payments/');
  // and Expectations keys each controller's expectations by namespace/name
  await expect(page.getByRole('region', { name: 'Expectations' })).toContainText('payments/checkout-api');
  await page.removeLocatorHandler(forkWarning);
});

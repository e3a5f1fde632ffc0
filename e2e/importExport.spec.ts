/**
 * Import and export in real Chromium against the built app: a manifest file (with the ignored
 * note), files dropped on the zone, text shown as text, the API server's message for a bad
 * manifest, and export (download, clipboard, re-import). Guarded as scenarios.spec.ts is.
 */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import {
  DEPLOYMENT_AND_INGRESS,
  axe,
  exportedScenario,
  importFile,
  importWeb,
  openDialog,
  rsRegion,
  scrubToEnd,
  waitForRun,
} from './scenariosSupport.ts';
import { showPreset, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

// One page per worker (e2e/sharedPage.ts, which fails a test on a request off 127.0.0.1 as the
// guard of scenariosSupport.ts does); each test closes the dialog it opened.

test('importing a manifest file replaces the scenario by its Deployment and names the Ingress it ignored', async ({
  page,
}) => {
  await showPreset(page, 'seed');
  const dialog = await importFile(page, 'web.yaml', DEPLOYMENT_AND_INGRESS);
  await expect(dialog.getByTestId('import-ignored')).toHaveText(/^Ignored 1 document: Ingress "web"/);
  await axe(page, 'dialog[open]');
  await page.screenshot({ path: 'artifacts/screenshots/scenarios-import.png' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await waitForRun(page);
  await scrubToEnd(page);
  await appeared(rsRegion(page).getByTestId('watch-row').filter({ hasText: /^web-/ }).first());
  // Replaced: the demo's nginx Deployment and its script are gone; the scenario is named after the file
  await expect(
    rsRegion(page)
      .getByTestId('watch-row')
      .filter({ hasText: /^nginx-/ }),
  ).toHaveCount(0);
  const exported = await exportedScenario(page);
  expect(exported).toContain('name: web');
  expect(exported).not.toContain('nginx-deployment-roll01');
  expect(exported).not.toContain('actions:');
});

test('files dropped on the import zone are imported', async ({ page }) => {
  await showPreset(page, 'seed');
  const dialog = await openDialog(page, 'Import');
  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'web.yaml', { type: 'application/yaml' }));
    return dt;
  }, DEPLOYMENT_AND_INGRESS);
  const zone = dialog.getByTestId('import-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(dialog.getByTestId('import-ignored')).toContainText('Ingress "web"');
  await expect(zone).not.toHaveAttribute('data-dragging', 'true');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});

test('text from an imported file is shown as text, never run as HTML', async ({ page }) => {
  await showPreset(page, 'seed');
  const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  const scenario = [
    'version: 1',
    `name: ${JSON.stringify(`Evil ${evil}`)}`,
    `description: ${JSON.stringify(evil)}`,
    'objects:',
    '  - apiVersion: apps/v1',
    '    kind: Deployment',
    '    metadata: { name: web }',
    '    spec:',
    '      selector: { matchLabels: { app: web } }',
    '      template:',
    '        metadata: { labels: { app: web } }',
    '        spec: { containers: [{ name: web, image: nginx }] }',
    '',
  ].join('\n');
  const dialog = await importFile(page, 'evil.yaml', scenario);
  await appeared(dialog.getByRole('status'));
  await dialog.getByRole('button', { name: 'Done' }).click();
  await waitForRun(page);
  const gallery = await openDialog(page, 'Scenarios');
  await expect(gallery).toContainText(`Working scenario: Evil ${evil}`);
  expect(await page.locator('img[src="x"], body script:not([src])').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();
});

test('an invalid manifest shows the API server message and changes nothing', async ({ page }) => {
  await showPreset(page, 'seed');
  const before = await exportedScenario(page);
  const dialog = await openDialog(page, 'Import');
  const bad = DEPLOYMENT_AND_INGRESS.replace('replicas: 4', 'replicas: -1');
  await dialog.getByRole('textbox', { name: 'Manifests or scenario YAML' }).fill(bad);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('The Deployment "web" is invalid: spec.replicas: Invalid value: -1');
  await expect(dialog.getByRole('textbox', { name: 'Manifests or scenario YAML' })).toHaveValue(bad);
  await page.screenshot({ path: 'artifacts/screenshots/scenarios-import-error.png' });
  await page.keyboard.press('Escape');
  expect(await exportedScenario(page)).toBe(before);
});

// ---- export -----------------------------------------------------------------------------------------

test('export downloads and copies the scenario, and re-importing it gives the same scenario', async ({
  page,
}) => {
  await showPreset(page, 'seed');
  await importWeb(page);
  const end = await scrubToEnd(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  const dialog = await openDialog(page, 'Export');
  const scenario = dialog.getByRole('region', { name: 'Scenario file' });
  const shown = (await scenario.getByTestId('export-yaml').textContent()) ?? '';
  const downloading = page.waitForEvent('download');
  await scenario.getByRole('button', { name: /^Download .+\.yaml$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^[\p{L}\p{N}-]+\.yaml$/u);
  const saved = await readFile(await download.path(), 'utf8');
  expect(saved).toBe(shown);

  await scenario.getByRole('button', { name: 'Copy YAML' }).click();
  await expect(scenario).toContainText('Copied the scenario YAML');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

  // the workload as kubectl get -o yaml prints it
  const object = dialog.getByRole('region', { name: /^kubectl get (deployment|daemonset) \S+ -o yaml$/ });
  await expect(object.getByTestId('export-yaml')).toContainText('apiVersion: apps/v1');
  await expect(object.getByTestId('export-yaml')).toContainText(
    /\nstatus:\n(.*\n)* {2}availableReplicas: \d+/,
  );
  await expect(dialog).toContainText(`at tick ${end}`);
  await axe(page, 'dialog[open]');
  await page.screenshot({ path: 'artifacts/screenshots/scenarios-export.png' });
  await page.keyboard.press('Escape');

  // load something else, then import the downloaded file: the same scenario comes back
  await openDialog(page, 'Scenarios');
  await page.locator('[data-preset-id="recreate"]').click();
  await waitForRun(page);
  expect(await exportedScenario(page)).not.toBe(saved);
  const again = await openDialog(page, 'Import');
  await again.getByLabel('Choose YAML files to import').setInputFiles(await download.path());
  await appeared(again.getByRole('status'));
  await again.getByRole('button', { name: 'Done' }).click();
  await waitForRun(page);
  expect(await exportedScenario(page)).toBe(saved);
});

// ---- autosave and reset -----------------------------------------------------------------------------

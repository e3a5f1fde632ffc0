/**
 * The scenario features people see, in real Chromium against the built app: share links (round
 * trip and garbage), the presets gallery, import (paste and file, with the ignored note), export
 * (download, clipboard, re-import), autosave across a reload and Reset to preset. Every page of
 * every test fails the test on a console error, a page error, a CSP violation or a request that
 * leaves 127.0.0.1.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { PRESET_IDS } from './panelsSupport.ts';

interface CspViolation {
  directive: string;
  blocked: string;
}
type WithViolations = { __cspViolations: CspViolation[] };

// ---- guards: console and page errors, CSP violations, off-origin requests ---------------------

let problems: string[] = [];
let guarded: Page[] = [];

async function guard(page: Page): Promise<Page> {
  guarded.push(page);
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:') return;
    const host = url.protocol === 'blob:' ? new URL(url.pathname).hostname : url.hostname;
    if (host !== '127.0.0.1') problems.push(`request left the origin: ${request.url()}`);
  });
  await page.addInitScript(() => {
    const seen: CspViolation[] = [];
    (window as unknown as WithViolations).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI }),
    );
  });
  return page;
}

/** freshPage opens a page in a new browser context: no localStorage, no autosave, no clipboard. */
async function freshPage(context: BrowserContext): Promise<Page> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return guard(await fresh.newPage());
}

test.beforeEach(async ({ page, context, baseURL }) => {
  problems = [];
  guarded = [];
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(baseURL ?? '').origin,
  });
  await guard(page);
});

test.afterEach(async () => {
  for (const page of guarded) {
    if (page.isClosed()) continue;
    const violations = await page.evaluate(
      () => (window as unknown as Partial<WithViolations>).__cspViolations,
    );
    expect(violations ?? [], 'CSP violations').toEqual([]);
  }
  expect(problems, 'console and page errors, off-origin requests').toEqual([]);
});

// ---- helpers -----------------------------------------------------------------------------------

const DEPLOYMENT_AND_CONFIGMAP = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: { app: web }
spec:
  replicas: 4
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: nginx:1.27
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: web
data:
  index.html: hello
`;

const slider = (page: Page) => page.getByRole('slider', { name: 'Timeline position' });
const rsRegion = (page: Page) => page.getByRole('region', { name: 'ReplicaSets' });

/** waitForRun waits until a scenario has been recorded to its end (after a load, an import or a fork). */
async function waitForRun(page: Page): Promise<void> {
  await expect(slider(page)).toHaveAttribute('aria-valuemax', /^[1-9]\d*$/, { timeout: 15_000 });
  await expect(page.getByTestId('recording-state')).not.toHaveAttribute('data-state', 'recording', {
    timeout: 30_000,
  });
}

/** rsRows: the `kubectl get rs -w` lines shown up to the current tick, header first. */
async function rsRows(page: Page): Promise<string[]> {
  const region = rsRegion(page);
  return [
    ...(await region.getByTestId('watch-header').allTextContents()),
    ...(await region.getByTestId('watch-row').allTextContents()),
  ];
}

/** scrubTo moves the timeline to a tick through its slider. */
async function scrubTo(page: Page, t: number): Promise<void> {
  await slider(page).fill(String(t));
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(t));
}

/** scrubToEnd moves to the last recorded tick and returns it. */
async function scrubToEnd(page: Page): Promise<number> {
  const end = Number(await slider(page).getAttribute('aria-valuemax'));
  await scrubTo(page, end);
  return end;
}

/**
 * importWeb imports the Deployment + ConfigMap file (replacing the scenario, or added to it), closes
 * the dialog and waits for the new run.
 */
async function importWeb(
  page: Page,
  mode: 'Replace the scenario' | 'Add to this scenario' = 'Add to this scenario',
): Promise<void> {
  const dialog = await importFile(page, 'web.yaml', DEPLOYMENT_AND_CONFIGMAP, mode);
  await expect(dialog.getByTestId('import-ignored')).toContainText('ConfigMap "web"');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await waitForRun(page);
}

async function openDialog(page: Page, button: 'Scenarios' | 'Import' | 'Export'): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function importFile(
  page: Page,
  name: string,
  text: string,
  mode: 'Replace the scenario' | 'Add to this scenario' = 'Replace the scenario',
): Promise<Locator> {
  const dialog = await openDialog(page, 'Import');
  await dialog.getByRole('radio', { name: new RegExp(`^${mode}`) }).check();
  await dialog.getByLabel('Choose YAML files to import').setInputFiles({
    name,
    mimeType: 'application/yaml',
    buffer: Buffer.from(text),
  });
  return dialog;
}

/** exportedScenario opens Export and returns the scenario YAML it shows, then closes it. */
async function exportedScenario(page: Page): Promise<string> {
  const dialog = await openDialog(page, 'Export');
  const pre = dialog.getByRole('region', { name: 'Scenario file' }).getByTestId('export-yaml');
  const text = (await pre.textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return text;
}

async function axe(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

// ---- share links --------------------------------------------------------------------------------

test('a share link opens the same scenario at the same tick in a fresh page', async ({ page, context }) => {
  await page.goto('./');
  await waitForRun(page);
  // make the scenario differ from the default one: import a Deployment of our own, then go to a
  // tick in the middle of the run where its ReplicaSet exists
  await importWeb(page);
  const end = await scrubToEnd(page);
  await scrubTo(page, Math.floor(end * 0.6));
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Step forward' }).click();
  const t = Math.floor(end * 0.6) + 3;
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(t));
  const rows = await rsRows(page);
  expect(rows.some((r) => r.startsWith('web-'))).toBe(true);

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(
    new RegExp(`^http://127\\.0\\.0\\.1:\\d+/.*#v1\\.[A-Za-z0-9_-]+&t=${t}(&lang=[a-zA-Z-]+)?$`),
  );

  const other = await freshPage(context);
  await other.goto(url);
  await expect(slider(other)).toHaveAttribute('aria-valuenow', String(t), { timeout: 15_000 });
  await expect.poll(() => rsRows(other)).toEqual(rows);
  await expect(other.getByTestId('scenario-message')).toHaveCount(0);
  await other.screenshot({ path: 'artifacts/screenshots/scenarios-shared.png' });
  await other.context().close();
});

for (const [hash, reason] of [
  ['#v1.!!!', /base64url/],
  ['#v9.abc', /newer version of Rollout Lab \(v9\)/],
  ['#nonsense', /not a Rollout Lab scenario link/],
] as const) {
  test(`a garbage link ${hash} shows why and opens the default scenario`, async ({ page: fresh }) => {
    await fresh.goto(`./${hash}`);
    const message = fresh.getByTestId('scenario-message');
    await expect(message).toBeVisible({ timeout: 15_000 });
    await expect(message).toContainText(reason);
    await expect(message).toContainText(/showing the default scenario/);
    await waitForRun(fresh);
    if (hash === '#v9.abc') await fresh.screenshot({ path: 'artifacts/screenshots/scenarios-bad-link.png' });
    // the default scenario is the Seed preset
    const gallery = await openDialog(fresh, 'Scenarios');
    await expect(gallery.locator('[data-preset-id="seed"]')).toHaveAttribute('aria-current', 'true');
  });
}

// ---- presets gallery ------------------------------------------------------------------------------

test('the gallery lists every preset with its lesson, loads one, and is a keyboard-friendly modal', async ({
  page,
}) => {
  await page.goto('./');
  await waitForRun(page);
  const dialog = await openDialog(page, 'Scenarios');
  const cards = dialog.locator('[data-preset-id]');
  await expect(cards).toHaveCount(PRESET_IDS.length);
  // every card's lesson line, read in one pass rather than a round trip per card
  await expect(cards.getByTestId('preset-lesson')).toHaveText(PRESET_IDS.map(() => /\w{3,}.*\s\S+/));
  // focus starts on the current preset and Tab never leaves the dialog
  await expect(dialog.locator('[data-preset-id="seed"]')).toBeFocused();
  // (a modal <dialog> makes the page inert: Tab reaches the dialog's controls and the browser's own
  // UI, never the page behind it)
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const a = document.activeElement;
      return a === null || a === document.body
        ? 'browser'
        : a.closest('dialog[open]')
          ? 'dialog'
          : a.outerHTML;
    });
    expect(['dialog', 'browser']).toContain(where);
  }
  await axe(page, 'dialog[open]');
  await page.screenshot({ path: 'artifacts/screenshots/scenarios-gallery.png' });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Scenarios' })).toBeFocused();

  const before = await rsRows(page);
  await openDialog(page, 'Scenarios');
  await dialog.locator('[data-preset-id="recreate"]').click();
  await expect(dialog).toBeHidden();
  await waitForRun(page);
  await expect.poll(() => rsRows(page)).not.toEqual(before);
  expect(await exportedScenario(page)).toMatch(/type: Recreate/);
});

// ---- import ----------------------------------------------------------------------------------------

test('importing a manifest file replaces the scenario by its Deployment and names the ConfigMap it ignored', async ({
  page,
}) => {
  await page.goto('./');
  await waitForRun(page);
  const dialog = await importFile(page, 'web.yaml', DEPLOYMENT_AND_CONFIGMAP);
  await expect(dialog.getByTestId('import-ignored')).toHaveText(/^Ignored 1 document: ConfigMap "web"/);
  await axe(page, 'dialog[open]');
  await page.screenshot({ path: 'artifacts/screenshots/scenarios-import.png' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await waitForRun(page);
  await scrubToEnd(page);
  await expect(rsRegion(page).getByTestId('watch-row').filter({ hasText: /^web-/ }).first()).toBeVisible();
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
  await page.goto('./');
  await waitForRun(page);
  const dialog = await openDialog(page, 'Import');
  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'web.yaml', { type: 'application/yaml' }));
    return dt;
  }, DEPLOYMENT_AND_CONFIGMAP);
  const zone = dialog.getByTestId('import-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(dialog.getByTestId('import-ignored')).toContainText('ConfigMap "web"');
  await expect(zone).not.toHaveAttribute('data-dragging', 'true');
});

test('text from an imported file is shown as text, never run as HTML', async ({ page }) => {
  await page.goto('./');
  await waitForRun(page);
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
  await expect(dialog.getByRole('status')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await waitForRun(page);
  const gallery = await openDialog(page, 'Scenarios');
  await expect(gallery).toContainText(`Working scenario: Evil ${evil}`);
  expect(await page.locator('img[src="x"], body script:not([src])').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('an invalid manifest shows the API server message and changes nothing', async ({ page }) => {
  await page.goto('./');
  await waitForRun(page);
  const before = await exportedScenario(page);
  const dialog = await openDialog(page, 'Import');
  const bad = DEPLOYMENT_AND_CONFIGMAP.replace('replicas: 4', 'replicas: -1');
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
  await page.goto('./');
  await waitForRun(page);
  await importWeb(page);
  const end = await scrubToEnd(page);

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
  await expect(again.getByRole('status')).toBeVisible();
  await again.getByRole('button', { name: 'Done' }).click();
  await waitForRun(page);
  expect(await exportedScenario(page)).toBe(saved);
});

// ---- autosave and reset -----------------------------------------------------------------------------

test('autosave keeps the edits when the app opens again, and Reset to preset drops them', async ({
  page,
}) => {
  await page.goto('./');
  await waitForRun(page);
  const preset = await exportedScenario(page);
  await importWeb(page);
  const edited = await exportedScenario(page);
  expect(edited).not.toBe(preset);

  await page.goto('./'); // no hash: what autosave kept
  await waitForRun(page);
  expect(await exportedScenario(page)).toBe(edited);
  await scrubToEnd(page);
  await expect(rsRegion(page).getByTestId('watch-row').filter({ hasText: /^web-/ }).first()).toBeVisible();

  const gallery = await openDialog(page, 'Scenarios');
  await gallery.getByRole('button', { name: 'Reset to preset' }).click();
  await gallery.getByRole('button', { name: 'Reset, dropping my changes' }).click();
  await expect(gallery).toBeHidden();
  await waitForRun(page);
  expect(await exportedScenario(page)).toBe(preset);
  await scrubToEnd(page);
  await expect(rsRegion(page).getByTestId('watch-row').filter({ hasText: /^web-/ })).toHaveCount(0);
});

test('a reload keeps the edits (the address bar holds their link)', async ({ page }) => {
  await page.goto('./');
  await waitForRun(page);
  await importWeb(page);
  const edited = await exportedScenario(page);
  await expect(page).toHaveURL(/#v1\./);
  await page.reload();
  await waitForRun(page);
  expect(await exportedScenario(page)).toBe(edited);
  await expect(page.getByTestId('scenario-message')).toHaveCount(0);
});

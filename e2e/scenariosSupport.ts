/**
 * What scenarios.spec.ts and importExport.spec.ts share: the guard every page of their tests runs
 * under, and the steps they take (wait for a run, scrub, open the Scenarios, Import and Export
 * dialogs, import a file, read the exported scenario, check a dialog with axe).
 */
import { axeBuilder } from './axe.ts';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { appeared } from './wait.ts';

interface CspViolation {
  directive: string;
  blocked: string;
}
type WithViolations = { __cspViolations: CspViolation[] };

// ---- guards: console and page errors, CSP violations, off-origin requests ---------------------

let problems: string[] = [];
let guarded: Page[] = [];

export async function guard(page: Page): Promise<Page> {
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
export async function freshPage(context: BrowserContext): Promise<Page> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const { baseURL, extraHTTPHeaders } = test.info().project.use;
  const fresh = await browser.newContext({ baseURL, extraHTTPHeaders });
  return guard(await fresh.newPage());
}

/**
 * installGuards installs the guard on every test of the calling spec: its page and every page it
 * opens with guard() or freshPage() fail the test on a console error, a page error, a CSP
 * violation or a request that leaves 127.0.0.1.
 */
export function installGuards(): void {
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
}

// ---- helpers -----------------------------------------------------------------------------------

export const DEPLOYMENT_AND_INGRESS = `apiVersion: apps/v1
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
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
spec:
  defaultBackend: { service: { name: web, port: { number: 80 } } }
`;

export const slider = (page: Page) => page.getByRole('slider', { name: 'Timeline position' });
export const rsRegion = (page: Page) => page.getByRole('region', { name: 'ReplicaSets' });

/** waitForRun waits until a scenario has been recorded to its end (after a load, an import or a fork). */
export async function waitForRun(page: Page): Promise<void> {
  await expect(slider(page)).toHaveAttribute('aria-valuemax', /^[1-9]\d*$/, { timeout: 15_000 });
  await expect(page.getByTestId('recording-state')).not.toHaveAttribute('data-state', 'recording', {
    timeout: 30_000,
  });
}

/** rsRows: the `kubectl get rs -w` lines shown up to the current tick, header first. */
export async function rsRows(page: Page): Promise<string[]> {
  const region = rsRegion(page);
  return [
    ...(await region.getByTestId('watch-header').allTextContents()),
    ...(await region.getByTestId('watch-row').allTextContents()),
  ];
}

/** scrubTo moves the timeline to a tick through its slider. */
export async function scrubTo(page: Page, t: number): Promise<void> {
  await slider(page).fill(String(t));
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(t));
}

/** scrubToEnd moves to the last recorded tick and returns it. */
export async function scrubToEnd(page: Page): Promise<number> {
  const end = Number(await slider(page).getAttribute('aria-valuemax'));
  await scrubTo(page, end);
  return end;
}

/**
 * importWeb imports the Deployment + Ingress file (replacing the scenario, or added to it), closes
 * the dialog and waits for the new run.
 */
export async function importWeb(
  page: Page,
  mode: 'Replace the scenario' | 'Add to this scenario' = 'Add to this scenario',
): Promise<void> {
  const dialog = await importFile(page, 'web.yaml', DEPLOYMENT_AND_INGRESS, mode);
  await expect(dialog.getByTestId('import-ignored')).toContainText('Ingress "web"');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await waitForRun(page);
}

export async function openDialog(page: Page, button: 'Scenarios' | 'Import' | 'Export'): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await appeared(dialog);
  return dialog;
}

export async function importFile(
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
export async function exportedScenario(page: Page): Promise<string> {
  const dialog = await openDialog(page, 'Export');
  const pre = dialog.getByRole('region', { name: 'Scenario file' }).getByTestId('export-yaml');
  const text = (await pre.textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return text;
}

export async function axe(page: Page, selector: string) {
  const result = await axeBuilder(page).include(selector).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

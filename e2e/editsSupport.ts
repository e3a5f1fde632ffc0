/**
 * Shared steps of the scenario-edit specs: the SRE manifest of issue 12 (a namespaced 30-replica
 * Deployment with a Namespace and a Node document), importing it, reading the scripted actions
 * from the address bar, answering the fork warning and pressing Undo.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { decodeShareHash } from '../src/scenario/shareUrl.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { recorded } from './panelsSupport.ts';

/** CHECKOUT_API: what an engineer brings — maxSurge 10%, maxUnavailable 0, a readiness probe, minReadySeconds. */
export const CHECKOUT_API = `apiVersion: v1
kind: Namespace
metadata:
  name: payments
  labels: { team: payments }
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: checkout-api
  namespace: payments
  labels: { app: checkout-api }
spec:
  replicas: 30
  minReadySeconds: 10
  selector:
    matchLabels: { app: checkout-api }
  strategy:
    type: RollingUpdate
    rollingUpdate: { maxSurge: 10%, maxUnavailable: 0 }
  template:
    metadata:
      labels: { app: checkout-api }
    spec:
      containers:
        - name: api
          image: registry.example.com/checkout-api:1.4.2
          readinessProbe:
            httpGet: { path: /healthz, port: 8080 }
            initialDelaySeconds: 20
            periodSeconds: 5
---
apiVersion: v1
kind: Node
metadata:
  name: pool-b-1
  labels: { pool: b }
status:
  allocatable: { cpu: "8", memory: 32Gi, pods: "110" }
`;

export type ImportMode = 'Replace the scenario' | 'Add to this scenario';

/** importText imports `text` as the file `name` in the given mode and closes the dialog once it says what it did. */
export async function importText(
  page: Page,
  text: string,
  mode: ImportMode,
  name = 'checkout-api.yaml',
  said = 'deployment.apps/checkout-api',
): Promise<void> {
  const before = page.url();
  await page.getByRole('banner').getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.getByRole('radio', { name: new RegExp(`^${mode}`) }).check();
  await dialog.getByLabel('Choose YAML files to import').setInputFiles({
    name,
    mimeType: 'application/yaml',
    buffer: Buffer.from(text),
  });
  await expect(dialog.getByRole('status')).toContainText(said);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await newRun(page, before);
}

/** newRun waits until the address bar holds another scenario than `before` and its run is recorded. */
export async function newRun(page: Page, before: string): Promise<void> {
  await expect.poll(() => page.url().split('&')[0]).not.toBe(before.split('&')[0]);
  await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', /.+/);
  await recorded(page);
}

/** scenarioOf decodes the working scenario from the address bar. */
export function scenarioOf(page: Page): Scenario {
  const d = decodeShareHash(new URL(page.url()).hash);
  if (!d.ok) throw new Error(d.errors[0]);
  return d.value.scenario;
}

/** kubectlActions lists the scripted kubectl lines of the scenario in the address bar. */
export function kubectlActions(page: Page): string[] {
  return (scenarioOf(page).actions ?? []).map((a) => ('kubectl' in a ? a.kubectl : JSON.stringify(a)));
}

/** forkWarning is the dialog that lists what a change after tick 0 drops. */
export function forkWarning(page: Page): Locator {
  return page.getByRole('dialog', { name: /drops the script after tick/ });
}

/** undoButton is the header's Undo (not the Controls' `rollout undo`). */
export function undoButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Undo', exact: true });
}

/**
 * Issue 12 in real Chromium: edits that keep the script (tick 0), the fork warning and Undo
 * (button and keyboard), import Replace vs Add with a namespaced manifest and a Node document,
 * the image behaviour editor, and the fixes seen on the way.
 */
import { axeBuilder } from './axe.ts';
import { test as base, expect, type Page } from '@playwright/test';
import {
  CHECKOUT_API,
  forkWarning,
  importText,
  kubectlActions,
  scenarioOf,
  undoButton,
} from './editsSupport.ts';
import {
  failOnProblems,
  firstActionTick,
  openPreset,
  recorded,
  seekEnd,
  seekTo,
  slider,
  tickOf,
} from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

const SET_IMAGE = 'set image deployment/nginx-deployment-roll01 nginx=nginx:1.9.3';
/** specOf is an object's spec (a ConfigMap or Secret has none). */
const specOf = (o: object | undefined): unknown => (o !== undefined && 'spec' in o ? o.spec : undefined);
const controls = (page: Page) => page.getByRole('region', { name: 'Controls' });
const cluster = (page: Page) => page.getByRole('region', { name: 'Cluster' });

test('before the run, the controls edit the manifest and the scripted set image stays', async ({ page }) => {
  await showPreset(page, 'seed');
  await seekTo(page, 0);
  await appeared(controls(page).getByTestId('before-run'));
  await controls(page).getByRole('slider', { name: 'maxSurge' }).fill('50');
  await expect
    .poll(() => JSON.stringify(specOf(scenarioOf(page).objects[0])))
    .toContain('"rollingUpdate":{"maxSurge":"50%","maxUnavailable":"25%"}');
  await expect(forkWarning(page)).toHaveCount(0);
  expect(kubectlActions(page)).toEqual([SET_IMAGE]);
  await controls(page).getByRole('combobox', { name: 'Strategy' }).selectOption('Recreate');
  await expect
    .poll(() => JSON.stringify(specOf(scenarioOf(page).objects[0])))
    .toContain('"strategy":{"type":"Recreate"}');
  await controls(page).getByRole('combobox', { name: 'Image of nginx' }).fill('nginx:1.7');
  await controls(page).getByRole('button', { name: 'set image' }).click();
  await expect
    .poll(() => JSON.stringify(specOf(scenarioOf(page).objects[0])))
    .toContain('"image":"nginx:1.7"');
  expect(kubectlActions(page)).toEqual([SET_IMAGE]);
  expect((await tickOf(page)).tick).toBe(0);
  // the script still runs: the set image at 30 s rolls out, and the chart marks it
  await recorded(page);
  await expect(page.getByTestId('action-marker')).toHaveCount(1);
});

test('import takes a pod exported from a cluster as its author wrote it, and the cluster runs it', async ({
  page,
}) => {
  await showPreset(page, 'seed');
  const exported = [
    'apiVersion: v1',
    'kind: Pod',
    'metadata: { name: imp, namespace: default, uid: 4d3f8c1e, resourceVersion: "412", labels: { run: imp } }',
    'spec:',
    '  nodeName: node-9',
    '  containers: [{ name: imp, image: "web:1", volumeMounts: [{ mountPath: /var/run/secrets/kubernetes.io/serviceaccount, name: kube-api-access-mj6bk }] }]',
    '  volumes: [{ name: kube-api-access-mj6bk, projected: { sources: [{ serviceAccountToken: { path: token } }] } }]',
    'status: { phase: Running }',
    '',
  ].join('\n');
  await importText(page, exported, 'Add to this scenario', 'imp.yaml', 'pod/imp created');
  const s = scenarioOf(page);
  expect(s.objects.at(-1)).toEqual({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'imp', namespace: 'default', labels: { run: 'imp' } },
    spec: { containers: [{ name: 'imp', image: 'web:1' }] },
  });
  await seekEnd(page);
  await expect(cluster(page).locator('[data-pod-name="imp"]')).toHaveCount(1);
  await page.screenshot({ path: 'artifacts/screenshots/import-pod-light.png' });
});

test('import replaces the scenario by default, or adds to it, with a namespaced Deployment and a Node', async ({
  page,
}) => {
  await showPreset(page, 'seed');
  await importText(page, CHECKOUT_API, 'Replace the scenario');
  const s = scenarioOf(page);
  expect(s.name).toBe('checkout-api');
  expect(s.objects.map((o) => `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`)).toEqual([
    'Namespace /payments',
    'Deployment payments/checkout-api',
  ]);
  expect(s.objects[0]?.metadata.labels).toEqual({ team: 'payments' });
  expect(s.actions).toBeUndefined();
  await expect(cluster(page).getByTestId('node')).toHaveCount(4);
  await appeared(cluster(page).locator('[data-node-name="pool-b-1"]'));
  await expect(page.getByTestId('action-marker')).toHaveCount(0);
  await expect(controls(page)).toContainText('deployment/checkout-api');

  await undoButton(page).click();
  await expect.poll(() => scenarioOf(page).name).toMatch(/^Seed/);
  await expect(cluster(page).getByTestId('node')).toHaveCount(3);

  await importText(page, CHECKOUT_API, 'Add to this scenario');
  const added = scenarioOf(page);
  expect(added.name).toMatch(/^Seed/);
  expect(added.objects.map((o) => o.metadata.name)).toEqual([
    'nginx-deployment-roll01',
    'payments',
    'checkout-api',
  ]);
  expect(kubectlActions(page)).toEqual([SET_IMAGE]);
  await expect(cluster(page).getByTestId('node')).toHaveCount(4);
  await expect(controls(page).getByRole('combobox', { name: 'Workload' }).locator('option')).toHaveCount(2);
});

test('adding manifests after tick 0 applies them at the tick, after the fork warning over the import dialog', async ({
  page,
}) => {
  await showPreset(page, 'seed');
  await seekTo(page, 100);
  await page.getByRole('banner').getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.getByRole('radio', { name: /^Add to this scenario/ }).check();
  await dialog.getByRole('textbox').fill(CHECKOUT_API);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const warning = forkWarning(page);
  await expect(warning.getByTestId('dropped-actions')).toContainText(SET_IMAGE);
  expect((await axeBuilder(page).include('dialog[open]').analyze()).violations).toEqual([]);
  await warning.getByRole('button', { name: 'Drop them and apply my change' }).click();
  await expect(dialog.getByRole('status')).toContainText('deployment.apps/checkout-api created');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const actions = scenarioOf(page).actions ?? [];
  expect(actions.map((a) => Object.keys(a)[1])).toEqual(['node', 'apply', 'apply']);
  expect(actions.every((a) => a.at > 2 && a.at < 3)).toBe(true);
});

test('an import with bad documents lists each in the API server’s words and changes nothing', async ({
  page,
}) => {
  await showPreset(page, 'seed');
  const before = page.url();
  // The third is read as kubectl reads YAML: an unquoted `on` is a boolean, and a label cannot be one.
  const bad = `${CHECKOUT_API.replace('replicas: 30', 'replicas: -1')}---\napiVersion: v1\nkind: Node\nmetadata: { name: Bad_Node }\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: { name: flags, labels: { canary: on } }\n`;
  await page.getByRole('banner').getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.getByRole('textbox').fill(bad);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Nothing was imported: 3 documents have problems.');
  await expect(alert.getByRole('listitem')).toHaveText([
    'Document 2: The Deployment "checkout-api" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    /^Document 4: The Node "Bad_Node" is invalid: metadata\.name: Invalid value: "Bad_Node"/,
    'Document 5: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string',
  ]);
  await expect(dialog.getByRole('textbox')).toHaveValue(bad);
  expect(page.url()).toBe(before);
  // the shared page goes on to the next test: the dialog closes, as a reader who gives up
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the fixes: terminating pods counted apart, stable revision colours, Pending in pods -w, one Explain prefix', async ({
  page,
}) => {
  await showPreset(page, 'seed');
  const setImage = (await firstActionTick(page)) ?? 0;
  const colours = async () =>
    page
      .getByTestId('series-readout')
      .evaluateAll((rows) =>
        rows.map((r) => [r.dataset.series, (r.firstElementChild as HTMLElement).style.background]),
      );
  // before the rollout only the old ReplicaSet exists, yet both lines keep the colours they end with
  await seekTo(page, Math.max(1, setImage - 5));
  const early = await colours();
  expect(early).toHaveLength(2);
  expect(early[0]?.[1]).not.toBe(early[1]?.[1]);
  await seekTo(page, setImage + 60);
  expect(await colours()).toEqual(early);

  // mid rollout: the header counts terminating pods apart from the others
  let checked = false;
  // The chips and the header are read in one pass over the DOM, until a render has settled.
  const counts = () =>
    cluster(page).evaluate((el) => ({
      all: el.querySelectorAll('[data-testid="pod"]').length,
      terminating: el.querySelectorAll('[data-testid="pod"][data-phase="Terminating"]').length,
      summary: el.querySelector('[data-testid="cluster-summary"]')?.textContent ?? '',
    }));
  const consistent = async () => {
    const c = await counts();
    return c.summary === `3 nodes · ${c.all - c.terminating} pods · ${c.terminating} terminating`
      ? 'consistent'
      : c;
  };
  for (let t = setImage + 20; t < setImage + 200 && !checked; t += 10) {
    await seekTo(page, t);
    if ((await counts()).terminating === 0) continue;
    await expect.poll(consistent).toBe('consistent');
    checked = true;
  }
  expect(checked).toBe(true);

  // the first rows of kubectl get pods -w say Pending, as kubectl prints an unscheduled pod
  await page.getByRole('tab', { name: 'pods -w' }).click();
  const rows = page.getByRole('region', { name: 'ReplicaSets' }).getByTestId('watch-row');
  await seekTo(page, 20);
  await expect(rows.first()).toHaveText(/^nginx-deployment-roll01-\S+\s+0\/1\s+Pending\s+0\s+0s$/);

  // the event recorder's decision is named once
  await seekTo(page, 13);
  const decision = page.locator('[data-testid="decision"][data-fn="eventCorrelate"]');
  await expect(decision).toHaveText(/^eventCorrelate: SuccessfulCreate about ReplicaSet /);
});

test('switching preset starts the time and the playhead over, and pod details list the conditions', async ({
  page,
}) => {
  await showPreset(page, 'seed');
  await seekTo(page, 300);
  await cluster(page).locator('[data-testid="pod"][data-phase="Available"]').first().click();
  const details = page.getByTestId('pod-details');
  const rows = details.getByTestId('pod-conditions').locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: 'PodReadyToStartContainers' }).locator('th, td')).toHaveText([
    'PodReadyToStartContainers',
    'True',
    /^\d+\.\d s$/,
  ]);
  await page.getByRole('banner').getByRole('button', { name: 'Scenarios', exact: true }).click();
  await page.getByRole('dialog', { name: 'Scenarios' }).locator('[data-preset-id="recreate"]').click();
  await expect(slider(page)).toHaveAttribute('aria-valuenow', '0');
  await expect(page.locator('output').filter({ hasText: /^tick/ })).toHaveText(/^tick 0\/\d+ · 0\.00 s of /);
  // and the slider moves back to where it was before (the browser clamped it while the new run was empty)
  await recorded(page);
  await seekTo(page, 300);
});

// These read Undo's state or the image dialog as a fresh page has them: a hash load in the shared
// page enables Undo and keeps the dialog's last edits. Each in a fresh page of its own.
base.describe('in a fresh page', () => {
  failOnProblems();

  base(
    'after tick 0 a change lists the actions it drops first; Keep the script changes nothing',
    async ({ page }) => {
      await openPreset(page, 'seed');
      await seekTo(page, 100);
      const replicas = controls(page).getByRole('slider', { name: 'replicas' });
      await replicas.fill('14');
      const warning = forkWarning(page);
      await appeared(warning);
      await expect(warning.getByTestId('dropped-actions')).toHaveText(`at 30 skubectl ${SET_IMAGE}`);
      await warning.getByRole('button', { name: 'Keep the script' }).click();
      await expect(warning).toBeHidden();
      await expect(replicas).toHaveValue('10');
      expect(kubectlActions(page)).toEqual([SET_IMAGE]);
      await expect(undoButton(page)).toBeDisabled();
    },
  );

  base(
    'Undo brings back the scenario and the tick before a fork, by button and by Ctrl+Z',
    async ({ page }) => {
      await openPreset(page, 'seed');
      const readout = page.locator('output').filter({ hasText: /^tick/ });
      await seekTo(page, 100);
      const replicas = controls(page).getByRole('slider', { name: 'replicas' });
      /** fork moves replicas at the current tick; the warning comes when the change drops the script. */
      const fork = async (value: string, actions: string[], warned: boolean) => {
        await replicas.fill(value);
        if (warned)
          await forkWarning(page).getByRole('button', { name: 'Drop them and apply my change' }).click();
        await expect.poll(() => kubectlActions(page)).toEqual(actions);
        await recorded(page);
      };
      const scale = (n: number) => `scale deployment/nginx-deployment-roll01 --replicas=${n}`;
      await fork('14', [scale(14)], true);
      // the readout ends where the run stops changing, not 600 s later where recording stops
      await expect(readout).toHaveText(/ of (\d|1\d|2\d)\.\d s$/);
      await undoButton(page).click();
      await expect.poll(() => kubectlActions(page)).toEqual([SET_IMAGE]);
      await expect(slider(page)).toHaveAttribute('aria-valuenow', '100');
      await expect(undoButton(page)).toBeDisabled();

      await fork('6', [scale(6)], true);
      // the next change, at the first one's tick, drops nothing: no warning, one more action
      await fork('8', [scale(6), scale(8)], false);
      await expect(forkWarning(page)).toHaveCount(0);
      // Ctrl+Z in the kubectl text box is the text box's own
      await page.getByRole('textbox', { name: 'kubectl' }).press('Control+z');
      expect(kubectlActions(page)).toEqual([scale(6), scale(8)]);
      // elsewhere (here the replicas slider) it undoes, one step at a time
      await replicas.focus();
      await page.keyboard.press('Control+z');
      await expect
        .poll(() => kubectlActions(page))
        .toEqual(['scale deployment/nginx-deployment-roll01 --replicas=6']);
      await page.keyboard.press('Meta+z');
      await expect.poll(() => kubectlActions(page)).toEqual([SET_IMAGE]);
      await expect(slider(page)).toHaveAttribute('aria-valuenow', '100');
    },
  );

  base('image behaviour is edited in the page, with the defaults stated', async ({ page }) => {
    await openPreset(page, 'seed');
    await seekTo(page, 200);
    await controls(page).getByRole('button', { name: 'Image behaviour…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Image behaviour' });
    await expect(dialog.getByTestId('image-defaults')).toContainText('pull 1 s, start 1 s, Ready 1–4 s');
    await expect(dialog.getByTestId('image-behaviours').locator('tbody tr')).toHaveCount(3); // nginx:1.8, nginx:1.9.3, every other image
    // and how each one's application answers requests (issue 22), the same rows
    await expect(dialog.getByTestId('image-applications').locator('tbody tr')).toHaveCount(3);
    await expect(dialog.getByRole('textbox', { name: 'Ready after (s): nginx:1.9.3' })).toHaveAttribute(
      'placeholder',
      '1-4',
    );
    // how long the image runs as an init container (1 s unless written)
    await expect(dialog.getByRole('textbox', { name: 'Init runs (s): nginx:1.9.3' })).toHaveAttribute(
      'placeholder',
      '1',
    );
    await dialog.getByRole('textbox', { name: 'Pull (s): nginx:1.9.3' }).fill('3');
    await dialog.getByRole('checkbox', { name: 'Never ready: nginx:1.9.3' }).check();
    expect((await axeBuilder(page).include('dialog[open]').analyze()).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(() => scenarioOf(page).cluster?.images)
      .toEqual({ 'nginx:1.9.3': { pullSeconds: 3, ready: 'never' } });
    expect(kubectlActions(page)).toEqual([SET_IMAGE]);
    await expect(slider(page)).toHaveAttribute('aria-valuenow', '200');
    // the new pods start but never turn Ready, so the rollout stops at maxUnavailable
    await recorded(page);
    const end = (await tickOf(page)).total;
    await seekTo(page, end);
    await expect(
      cluster(page).locator('[data-testid="pod"][data-revision="2"][data-phase="RunningNotReady"]').first(),
    ).toBeVisible();
    await expect(
      cluster(page).locator('[data-testid="pod"][data-revision="2"][data-phase="Available"]'),
    ).toHaveCount(0);
    await undoButton(page).click();
    await expect.poll(() => scenarioOf(page).cluster?.images).toBeUndefined();
  });
});

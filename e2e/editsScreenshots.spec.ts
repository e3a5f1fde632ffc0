/**
 * Screenshots of issue 12's scenes, light and dark at 1280×720 (artifacts/screenshots/edits-*):
 * the namespaced SRE manifest (30 replicas of checkout-api in payments, maxSurge 10%,
 * maxUnavailable 0, a readiness probe, minReadySeconds 10) imported in place of the demo, before
 * and after a slider edit at tick 0 and in the middle of its run; the fork warning and the Undo
 * after it; the import dialog with Replace and with Add; the probe-paced preset before and after
 * a slider edit at tick 0.
 */
import { expect, type Page } from '@playwright/test';
import { CHECKOUT_API, forkWarning, importText, newRun, scenarioOf, undoButton } from './editsSupport.ts';
import { recorded, seekTo, tickOf } from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

// One page per worker (e2e/sharedPage.ts), as in edits.spec.ts.

const shot = (page: Page, name: string, scheme: string) =>
  page.screenshot({ path: `artifacts/screenshots/edits-${name}-${scheme}.png` });

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots of the SRE manifest, a slider edit, the fork warning and Undo (${scheme})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await showPreset(page, 'seed');
    await importText(page, CHECKOUT_API, 'Replace the scenario');
    await seekTo(page, 0);
    await shot(page, 'sre-tick0-before', scheme);
    const controls = page.getByRole('region', { name: 'Controls' });
    await controls.getByRole('slider', { name: 'maxSurge' }).fill('20');
    const deployment = () => scenarioOf(page).objects.find((o) => o.kind === 'Deployment');
    await expect.poll(() => JSON.stringify(deployment()?.spec)).toContain('"maxSurge":"20%"');
    await recorded(page);
    await page.waitForTimeout(250);
    await shot(page, 'sre-tick0-after-slider', scheme);
    const { total } = await tickOf(page);
    await seekTo(page, Math.floor(total / 3));
    await page.waitForTimeout(250);
    await shot(page, 'sre-mid', scheme);

    // back to the demo: a change mid-run warns about the set image it would drop; then Undo
    await undoButton(page).click();
    await undoButton(page).click();
    await expect.poll(() => scenarioOf(page).name).toMatch(/^Seed/);
    await recorded(page);
    await seekTo(page, 100);
    await controls.getByRole('slider', { name: 'replicas' }).fill('14');
    await appeared(forkWarning(page));
    await shot(page, 'fork-warning', scheme);
    await forkWarning(page).getByRole('button', { name: 'Drop them and apply my change' }).click();
    await recorded(page);
    await page.waitForTimeout(250);
    await shot(page, 'forked', scheme);
    await undoButton(page).click();
    await expect.poll(() => scenarioOf(page).actions?.length).toBe(1);
    await recorded(page);
    await page.waitForTimeout(250);
    await shot(page, 'undone', scheme);
  });

  test(`screenshots of the probe-paced preset in payments, before and after a slider edit (${scheme})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await showPreset(page, 'probe-paced');
    // the middle of the run's ticks: the rollout under way
    await seekTo(page, Math.floor((await tickOf(page)).total / 2));
    await page.waitForTimeout(250);
    await shot(page, 'probe-paced-before', scheme);
    await seekTo(page, 0);
    const before = page.url();
    await page.getByRole('region', { name: 'Controls' }).getByRole('slider', { name: 'maxSurge' }).fill('20');
    await newRun(page, before);
    // the edit is the manifest's own: the scripted set image stays
    expect(scenarioOf(page).actions).toHaveLength(1);
    await seekTo(page, Math.floor((await tickOf(page)).total / 2));
    await page.waitForTimeout(250);
    await shot(page, 'probe-paced-after-slider', scheme);
  });

  test(`screenshots of the import dialog, Replace and Add (${scheme})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await showPreset(page, 'seed');
    for (const [mode, name] of [
      ['Replace the scenario', 'import-replace'],
      ['Add to this scenario', 'import-add'],
    ] as const) {
      const before = page.url();
      await page.getByRole('banner').getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Import' });
      await dialog.getByRole('radio', { name: new RegExp(`^${mode}`) }).check();
      await dialog.getByLabel('Choose YAML files to import').setInputFiles({
        name: 'checkout-api.yaml',
        mimeType: 'application/yaml',
        buffer: Buffer.from(CHECKOUT_API),
      });
      await expect(dialog.getByRole('status')).toContainText('deployment.apps/checkout-api');
      await shot(page, `${name}-dialog`, scheme);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await newRun(page, before);
      await seekTo(page, 300);
      await page.waitForTimeout(250);
      await shot(page, name, scheme);
      const imported = page.url();
      await undoButton(page).click();
      await newRun(page, imported);
      expect(scenarioOf(page).objects).toHaveLength(1);
    }
  });
}

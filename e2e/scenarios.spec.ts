/**
 * The scenario features people see, in real Chromium against the built app: share links (round
 * trip and garbage), the presets gallery, autosave across a reload and Reset to preset. Import and
 * export are in importExport.spec.ts. Every page of every test fails the test on a console error,
 * a page error, a CSP violation or a request that leaves 127.0.0.1 (scenariosSupport.ts).
 */
import { expect, test } from '@playwright/test';
import { PRESET_IDS } from './panelsSupport.ts';
import {
  axe,
  exportedScenario,
  freshPage,
  importWeb,
  installGuards,
  openDialog,
  rsRegion,
  rsRows,
  scrubTo,
  scrubToEnd,
  slider,
  waitForRun,
} from './scenariosSupport.ts';
import { appeared } from './wait.ts';

installGuards();

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
    await appeared(message, 15_000);
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
  await appeared(rsRegion(page).getByTestId('watch-row').filter({ hasText: /^web-/ }).first());

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

import { seriousViolations } from './axe.ts';
/**
 * The StatefulSet on the page (DESIGN.md §16): a preset plays, the `sts -w` tab prints rows, pods
 * are created in ordinal order, the partition control moves the canary, axe finds nothing serious;
 * screenshots in light, dark, zh-CN and at phone width.
 */
import { expect, type Page, test as base } from '@playwright/test';
import {
  failOnProblems,
  openPreset,
  presetHash,
  recorded,
  seekEnd,
  seekTo,
  tickOf,
} from './panelsSupport.ts';
import { showPreset, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

// The tests in English at the usual size share one page per worker (e2e/sharedPage.ts); those in
// zh-CN and at phone width have fresh pages.

const SHOTS = 'artifacts/screenshots';

/** The ordinals of the StatefulSet `web` on screen: pod name and where it stands on the revisions. */
async function ordinals(page: Page): Promise<{ pod: string; phase: string; on: string }[]> {
  const cells = page.getByRole('region', { name: 'StatefulSet web by ordinal' }).getByTestId('ordinal');
  return cells.evaluateAll((els) =>
    els.map((el) => ({
      pod: el.getAttribute('data-pod-name') ?? '',
      phase: el.getAttribute('data-phase') ?? '',
      on: el.getAttribute('data-on-revision') ?? '',
    })),
  );
}

/** The ticks of the scenario's scripted actions (the chart's markers), in order. */
async function actionTicks(page: Page): Promise<number[]> {
  await appeared(page.getByTestId('timeline-chart').locator('svg'));
  const markers = page.getByTestId('action-marker');
  const ticks = await markers.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-tick'))));
  return ticks.sort((a, b) => a - b);
}

test('a StatefulSet preset plays: sts -w prints rows and the pods come in ordinal order', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await showPreset(page, 'statefulset-ordered');
  await seekEnd(page);
  const panel = page.getByRole('region', { name: 'ReplicaSets' });
  await panel.getByRole('tab', { name: 'sts -w' }).click();
  const rows = panel.getByTestId('watch-row');
  await appeared(rows.first());
  await expect(panel.getByRole('tabpanel')).toContainText(/NAME\s+READY\s+AGE/);
  const texts = (await rows.allTextContents()).map((t) => t.trim());
  expect(texts.every((t) => /^web\s+\d+\/\d+\s+\S+$/.test(t))).toBe(true);
  // READY climbs one pod at a time under OrderedReady: 0/3, 1/3, 2/3, 3/3
  const ready = texts.map((t) => t.split(/\s+/)[1]);
  expect(ready.filter((r, i) => r !== ready[i - 1]).slice(0, 4)).toEqual(['0/3', '1/3', '2/3', '3/3']);

  // `get pods -w`: each pod's first row, in the order the controller created them
  await panel.getByRole('tab', { name: 'pods -w' }).click();
  const podRows = (await panel.getByTestId('watch-row').allTextContents()).map(
    (t) => t.trim().split(/\s+/)[0],
  );
  const firstSeen = podRows.filter((n, i) => n?.startsWith('web-') && podRows.indexOf(n) === i);
  expect(firstSeen).toEqual(['web-0', 'web-1', 'web-2', 'web-3', 'web-4']);

  // at every tick of the create, the pods present are a prefix of the ordinals
  const { total } = await tickOf(page);
  for (const tick of [2, 5, 8, 12, 16].map((k) => Math.min(total, k))) {
    await seekTo(page, tick);
    const present = (await ordinals(page)).map((o) => o.phase !== '');
    expect(present.indexOf(false) === -1 || present.slice(present.indexOf(false)).every((p) => !p)).toBe(
      true,
    );
  }
});

test('the partition control moves the canary: partition 4 updates web-4 only', async ({ page }) => {
  test.setTimeout(90_000);
  await showPreset(page, 'statefulset-partition');
  await seekTo(page, 0);
  const controls = page.getByRole('region', { name: 'Controls' });
  const partition = controls.getByRole('slider', { name: 'partition' });
  await expect(partition).toHaveValue('3');
  await expect(controls.getByRole('combobox', { name: 'podManagementPolicy' })).toBeEnabled();
  const revision = () => page.getByTestId('recording-state').getAttribute('data-revision');
  const before = Number(await revision());
  await partition.fill('4');
  await expect(controls.getByTestId('partition-help')).toContainText('Ordinals ≥ 4 get the new revision');
  await expect(partition).toHaveValue('4', { timeout: 10_000 });
  // the edit is sent once the slider rests (250 ms) and edits the manifest (Undo can take it back);
  // the re-run then shows it: just before web-1 is deleted (the second scripted action), only
  // web-4 has the new revision
  // (a page that loaded this preset over another scenario has Undo enabled before the edit: the
  // scenario's revision tells when the edit is in)
  await expect.poll(async () => Number(await revision()), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled({ timeout: 10_000 });
  await recorded(page);
  const [, deleteTick = 0] = await actionTicks(page);
  await seekTo(page, deleteTick - 1);
  await expect
    .poll(async () => (await ordinals(page)).map((o) => o.on))
    .toEqual(['current', 'current', 'current', 'current', 'update']);
  const notes = page.getByRole('list', { name: 'Why' });
  await expect(notes).toContainText('ordinals below partition 4 are not updated');
  // after the run started, podManagementPolicy is fixed, and the page says why
  await expect(controls.getByRole('combobox', { name: 'podManagementPolicy' })).toBeDisabled();
  await expect(controls.getByTestId('policy-help')).toContainText('forbids updates to podManagementPolicy');
});

test('the Explain panel follows the statefulset-controller', async ({ page }) => {
  test.setTimeout(60_000);
  await showPreset(page, 'statefulset-ordered');
  await seekTo(page, 12);
  const explain = page.getByRole('region', { name: 'Explain' });
  await explain.getByRole('combobox').selectOption('statefulset-controller');
  await appeared(explain.locator('li').first());
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation on a StatefulSet rollout, ${scheme}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: scheme });
    await showPreset(page, 'statefulset-partition');
    const [, deleteTick = 0] = await actionTicks(page);
    await seekTo(page, deleteTick + 2);
    await appeared(page.getByTestId('statefulset-ordinals'));
    await page.screenshot({ path: `${SHOTS}/statefulset-partition-${scheme}.png` });
    await page
      .getByTestId('statefulset-ordinals')
      .screenshot({ path: `${SHOTS}/statefulset-ordinals-${scheme}.png` });
    await page
      .getByRole('region', { name: 'Controls' })
      .screenshot({ path: `${SHOTS}/statefulset-controls-${scheme}.png` });
    const bad = await seriousViolations(page);
    expect(bad).toEqual([]);
  });
}

base.describe('in a fresh page', () => {
  failOnProblems();

  base.describe('in Simplified Chinese', () => {
    base.use({ locale: 'zh-CN' });
    base('the ordinals and their reasons are in zh-CN', async ({ page }) => {
      base.setTimeout(60_000);
      // The helpers find the English slider name; here the page speaks zh-CN.
      await page.goto(`./${presetHash('statefulset-claims')}`);
      const position = page.getByRole('slider', { name: '时间线位置' });
      await expect
        .poll(async () => Number(await position.getAttribute('aria-valuemax')), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await recorded(page);
      await position.fill('8');
      await expect(position).toHaveAttribute('aria-valuenow', '8');
      const region = page.getByRole('region', { name: 'StatefulSet web（按序号）' });
      await appeared(region);
      await page.screenshot({ path: `${SHOTS}/statefulset-claims-zh-CN.png` });
      await region.screenshot({ path: `${SHOTS}/statefulset-ordinals-zh-CN.png` });
    });
  });

  base.describe('at phone width', () => {
    base.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
    base('the ordinals fit the screen', async ({ page }) => {
      base.setTimeout(60_000);
      await openPreset(page, 'statefulset-claims');
      await seekEnd(page);
      const region = page.getByTestId('statefulset-ordinals');
      await region.scrollIntoViewIfNeeded();
      const box = await region.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await region.screenshot({ path: `${SHOTS}/statefulset-ordinals-phone.png` });
      await page.screenshot({ path: `${SHOTS}/statefulset-phone.png`, fullPage: false });
    });
  });
});

import { expect, type Page, test as base } from '@playwright/test';
import { decodeShareHash } from '../src/scenario/shareUrl.ts';
import { failOnProblems } from './guard.ts';
import { showPreset, test } from './sharedPage.ts';
import { explain, opened, position, slider } from './timelineSupport.ts';
import { appeared } from './wait.ts';

// Play, pause, step, scrub and speed drive the simulation worker; an edit forks the run and the
// URL hash holds it (DESIGN.md §3, §6, §7). Every test fails on a console error, a page error or a
// CSP violation, as in smoke.spec.ts. Previous / Next decision follow the Explain filter (§12).
// The tests share one page per worker (e2e/sharedPage.ts), each starting from the default scenario
// (the Seed preset) at tick 0; the damaged link has a fresh page.

const DEPLOYMENT = 'nginx-deployment-roll01';

async function scrubTo(page: Page, tick: number): Promise<void> {
  await slider(page).fill(String(tick));
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(tick));
  await expect(explain(page)).toContainText(`Tick ${tick}`);
}

function hashActions(url: string) {
  const decoded = decodeShareHash(new URL(url).hash);
  if (!decoded.ok) throw new Error(decoded.errors[0]);
  return { actions: decoded.value.scenario.actions ?? [], tick: decoded.value.tick };
}

test('plays, pauses, steps and scrubs through the worker', async ({ page }) => {
  await showPreset(page, 'seed');
  expect(await position(page)).toBe(0);

  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => position(page)).toBeGreaterThan(20);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await appeared(page.getByRole('button', { name: 'Play', exact: true }));
  const paused = await position(page);
  await page.waitForTimeout(400);
  expect(await position(page)).toBe(paused);

  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(paused + 1));
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(paused));

  await scrubTo(page, 250);
  await scrubTo(page, 40);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(explain(page)).toContainText('Tick 41');
  await page.screenshot({ path: 'artifacts/screenshots/timeline-scrubbed.png' });
});

test('plays to the end of the run as fast as possible', async ({ page }) => {
  await showPreset(page, 'seed');
  const total = Number(await slider(page).getAttribute('max'));
  const speedBefore = await page.getByLabel('Speed').inputValue();
  await page.getByLabel('Speed').selectOption({ index: 7 });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(total), { timeout: 15_000 });
  await appeared(page.getByRole('button', { name: 'Play', exact: true }));
  await page.getByLabel('Speed').selectOption(speedBefore); // the next test plays at the usual speed
});

test('a kubectl command forks the run and the URL hash holds the action', async ({ page }) => {
  await showPreset(page, 'seed');
  await scrubTo(page, 300);
  const before = page.url();
  const box = page.getByRole('textbox', { name: 'kubectl' });
  await box.fill(`scale deployment/${DEPLOYMENT} --replicas=5`);
  await box.press('Enter');
  await expect(page.getByRole('region', { name: 'Controls' })).toContainText(
    `deployment.apps/${DEPLOYMENT} scaled`,
  );
  await expect.poll(() => page.url()).not.toBe(before);

  const { actions } = hashActions(page.url());
  expect(actions.at(-1)).toMatchObject({ kubectl: `scale deployment/${DEPLOYMENT} --replicas=5` });
  // tick 300 is after the scenario's own `set image` at 30 s, so that action stays
  expect(actions.map((a) => ('kubectl' in a ? a.kubectl.split(' ')[0] : ''))).toEqual(['set', 'scale']);
  await expect(explain(page)).toContainText('user');

  // Back returns to the run before the edit
  await page.goBack();
  await expect.poll(() => hashActions(page.url()).actions.length).toBe(1);
  await expect(page.getByRole('slider', { name: 'replicas' })).toHaveValue('10');
});

test('a slider change forks the run at the current tick', async ({ page }) => {
  await showPreset(page, 'seed');
  await scrubTo(page, 320);
  const maxSurge = page.getByRole('slider', { name: 'maxSurge' });
  await expect(maxSurge).toBeEnabled();
  await maxSurge.fill('50');
  await expect.poll(() => hashActions(page.url()).actions.length).toBe(2);
  const action = hashActions(page.url()).actions.at(-1);
  expect(action && 'kubectl' in action ? action.kubectl : '').toMatch(
    /^patch deployment\/nginx-deployment-roll01 .*"maxSurge":"50%"/,
  );
  await expect(page.getByRole('region', { name: 'Controls' })).toContainText('50% of 10');
});

test('a link opens its scenario at its tick', async ({ page }) => {
  await showPreset(page, 'seed');
  await scrubTo(page, 222);
  await page.waitForTimeout(1200); // &t= follows the tick at most once a second
  const url = page.url();
  expect(hashActions(url).tick).toBe(222);
  const fresh = await page.context().newPage();
  await fresh.goto(url);
  await expect(fresh.getByRole('slider', { name: 'Timeline position' })).toHaveAttribute(
    'aria-valuenow',
    '222',
    {
      timeout: 15_000,
    },
  );
  await fresh.close();
});

test('steps from decision to decision, and only the followed controller’s with a filter', async ({
  page,
}) => {
  await showPreset(page, 'seed');
  const next = page.getByRole('button', { name: 'Next decision' });
  await next.click();
  // The Deployment controller's first sync creates the first ReplicaSet at 10: the formula is there.
  await expect(explain(page).getByTestId('explain-tick')).toHaveAttribute('data-kind', 'decision');
  await expect(explain(page)).toContainText(
    'newRSReplicas = 0 + min(replicas 10 + maxSurge 3 − currentPodCount 0, replicas 10 − 0) = 10',
  );
  const first = await position(page);
  await next.click();
  await expect.poll(() => position(page)).toBeGreaterThan(first);
  const stops = [first, await position(page)];
  await page.keyboard.press('PageDown');
  await expect.poll(() => position(page)).toBeGreaterThan(stops[1] as number);
  stops.push(await position(page));
  await page.keyboard.press('PageUp');
  await expect.poll(() => position(page)).toBe(stops[1]);

  // Following the ReplicaSet controller, every stop is one of its ticks that created or deleted pods.
  await explain(page).getByRole('combobox', { name: 'Follow' }).selectOption('replicaset-controller');
  // stops[1] is the ReplicaSet controller's first decision (its first 10 pods): none before it.
  await page.getByRole('button', { name: 'Previous decision' }).click();
  await appeared(page.getByRole('status').filter({ hasText: 'No earlier decision' }));
  expect(await position(page)).toBe(stops[1]);
  for (let i = 0; i < 3; i++) {
    const before = await position(page);
    await next.click();
    await expect.poll(() => position(page)).toBeGreaterThan(before);
    const current = explain(page).locator('[data-testid="explain-tick"][aria-current="step"]');
    await expect(current).toHaveAttribute('data-kind', 'decision');
    await expect(current).toContainText('replicaset-controller');
  }
});

test('folds retries after a Conflict and shows them on demand', async ({ page }) => {
  await showPreset(page, 'seed');
  await slider(page).fill('187');
  await expect(explain(page)).toContainText('Tick 187');
  await expect(explain(page).getByTestId('fold-note')).toHaveText(
    'Retried after a Conflict: same decision as tick 185',
  );
  await expect(explain(page).getByTestId('decision').first()).toBeHidden();
  await explain(page).getByText('Show its decisions').click();
  await appeared(explain(page).getByTestId('decision').first());

  await explain(page).getByRole('combobox', { name: 'Follow' }).selectOption('deployment-controller');
  await expect(explain(page).getByTestId('folded-ticks').first()).toContainText(/folded ticks?:/);
  await explain(page).getByRole('checkbox', { name: 'Show folded ticks' }).check();
  await expect(explain(page).getByTestId('folded-ticks')).toHaveCount(0);
  await appeared(explain(page).locator('[data-kind="retry"]').first());
  await explain(page).getByRole('checkbox', { name: 'Show folded ticks' }).uncheck(); // as a fresh page
});

base.describe('in a fresh page', () => {
  failOnProblems();

  base('a damaged link opens the default scenario with a message', async ({ page }) => {
    await opened(page, './#v1.this-is-not-a-scenario');
    await appeared(page.getByText(/This link could not be opened/));
    await appeared(page.getByText(/showing the default scenario/));
    expect(hashActions(page.url()).actions).toHaveLength(1);
  });
});

/**
 * The run that stood still (issue #24), in the page: a drain leaves a replacement pod that cannot
 * be scheduled, and at 606 s requeueStuckDeployment asks for a check "now" at every sync. Those
 * requeues go through the deployment queue's rate limiter, so the page records the run to its
 * horizon (660 s) instead of 250,000 ticks at one instant, and Explain says why each check came.
 */
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { encodeShareHash } from '../src/scenario/shareUrl.ts';
import { recorded, seekEnd, tickOf } from './panelsSupport.ts';
import { showHash, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

// One page per worker (e2e/sharedPage.ts): the scenario loads through its share hash.

function scenarioHash(): string {
  const parsed = parseScenarioText(
    readFileSync('tests/fixtures/scenarios/drain-replacement-unschedulable.yaml', 'utf8'),
  );
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const hash = encodeShareHash(parsed.value);
  return hash.startsWith('#') ? hash : `#${hash}`;
}

test('a drain whose replacement cannot schedule plays to its end, its progress checks rate-limited', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await showHash(page, scenarioHash());
  await appeared(page.getByTestId('node').first(), 15_000);
  await recorded(page);
  await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'until');
  const end = await seekEnd(page);
  expect(end).toBeLessThan(5_000);
  expect((await tickOf(page)).total).toBe(end);
  // The end of the run is its horizon: the drain at 60 s + 600 s.
  await expect(page.getByRole('slider', { name: 'Timeline position' })).toHaveAttribute(
    'aria-valuetext',
    /660\.00/,
  );
  const explain = page.getByRole('region', { name: 'Explain' });
  await expect(explain).toContainText(
    /less than 1 s to the progress deadline: requeue rate-limited, back in \d+ ms/,
  );
  const terminal = page.getByRole('region', { name: 'ReplicaSets' });
  await terminal.getByRole('tab', { name: 'rollout status' }).click();
  await expect(terminal.getByRole('log', { name: 'kubectl rollout status' })).toContainText(
    'Waiting for deployment "db" rollout to finish: 2 of 3 updated replicas are available...',
  );
});

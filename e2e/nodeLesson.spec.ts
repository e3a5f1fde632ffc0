/**
 * The Nodes chapter's lesson in Chromium: "A node stops answering" walked to its end, each
 * prediction checked against the engine (the ReplicaSet's active count while node-2's pods are
 * not Ready, then its replacements once they are evicted), and the console's describe node at the
 * fault. A screenshot of the second answer at 1280×720.
 */
import { expect } from '@playwright/test';
import { consoleRun } from './consoleSupport.ts';
import { openLesson, walkLesson } from './lessonSupport.ts';
import { test } from './sharedPage.ts';

// One page per worker (e2e/sharedPage.ts): the console's answers are read from their own entries.

test('walks the node lesson: the ReplicaSet counts not-Ready pods as active, then replaces the evicted ones', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openLesson(page, 'A node stops answering: why its pods wait five minutes');
  const answers = await walkLesson(page, 6, async (step) => {
    if (step === 2) {
      // At the fault: the console describes node-2 as the node lifecycle controller left it.
      const answer = await consoleRun(page, 'describe node node-2');
      await expect(answer).toContainText(/Events:/);
      await expect(answer).toContainText(
        /NodeNotReady\s+\S+\s+node-controller\s+Node node-2 status is now: NodeNotReady/,
      );
    }
    if (step === 5) await page.screenshot({ path: 'artifacts/screenshots/lesson-node-stops-light.png' });
  });
  // The engine's values: six active (two of them not Ready), then two replacements.
  expect(answers).toEqual([
    [3, '6'],
    [5, '2'],
  ]);
});

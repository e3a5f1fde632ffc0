/**
 * The StatefulSet chapter's orphan lesson in Chromium: "A bigger volumeClaimTemplate" walked to its
 * end, each prediction checked against the engine (the four objects orphaned, web-2's one new
 * claim), and the console showing www-web-2 Terminating while web-2 still mounts it. A screenshot
 * of that step at 1280×720.
 */
import { expect } from '@playwright/test';
import { consoleRun } from './consoleSupport.ts';
import { openLesson, walkLesson } from './lessonSupport.ts';
import { test } from './sharedPage.ts';

// One page per worker (e2e/sharedPage.ts): the console's answers are read from their own entries.

test('walks the orphan lesson: orphaned, adopted, the claim held by its pod, and a new claim from the new template', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openLesson(
    page,
    'A bigger volumeClaimTemplate: orphan, re-create, and the claim that waits for its pod',
  );
  const answers = await walkLesson(page, 6, async (step) => {
    if (step !== 4) return;
    const answer = await consoleRun(page, 'get pvc');
    await expect(answer).toContainText(/www-web-2\s+Terminating/);
    await page.screenshot({ path: 'artifacts/screenshots/lesson-orphan-light.png' });
  });
  expect(answers).toEqual([
    [2, '4'],
    [6, '1'],
  ]);
});

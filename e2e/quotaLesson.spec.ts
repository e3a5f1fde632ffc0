/**
 * The StatefulSet chapter's quota lesson in Chromium: "The claim a quota refuses" walked to its
 * end, each prediction checked against the engine (the missing replicas, the back-off of the 15th
 * failed sync, web-3's claims), and the console's FailedCreate Events and quota at the back-off.
 * A screenshot of the back-off step at 1280×720.
 */
import { expect } from '@playwright/test';
import { consoleRun } from './consoleSupport.ts';
import { openLesson, walkLesson } from './lessonSupport.ts';
import { test } from './sharedPage.ts';

// One page per worker (e2e/sharedPage.ts): the console's answers are read from their own entries.

test('walks the quota lesson: the refused claim, the back-off, and web-3 once the retry comes', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openLesson(page, 'The claim a quota refuses, and the retry that backs off');
  const answers = await walkLesson(page, 6, async (step) => {
    if (step !== 3) return;
    // At the 15th failure: the controller's Events say why, and the quota is full.
    const events = await consoleRun(page, 'get events --field-selector reason=FailedCreate');
    await expect(events).toContainText(
      /create Claim www-web-3 for Pod web-3 in StatefulSet web failed error: .*exceeded quota: storage/,
    );
    await expect(await consoleRun(page, 'get quota storage')).toContainText(/requests\.storage: 3Gi\/3Gi/);
    await page.screenshot({ path: 'artifacts/screenshots/lesson-claim-quota-light.png' });
  });
  expect(answers).toEqual([
    [2, '2'],
    [3, '40960'],
    [5, '1'],
  ]);
});

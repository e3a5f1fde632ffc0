/**
 * The StatefulSet chapter's quota lesson in Chromium: "The claim a quota refuses" walked to its
 * end, each prediction checked against the engine (the missing replicas, the back-off of the 15th
 * failed sync, web-3's claims), and the console's FailedCreate Events and quota at the back-off.
 * A screenshot of the back-off's answer at 1280×720.
 */
import { expect, type Page, test } from '@playwright/test';
import { failOnProblems } from './guard.ts';
import { opened } from './timelineSupport.ts';

failOnProblems();

const lesson = (page: Page) => page.getByRole('region', { name: 'Lesson' });

test('walks the quota lesson: the refused claim, the back-off, and web-3 once the retry comes', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await opened(page);
  await page.getByRole('button', { name: 'Lessons' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lessons' });
  await dialog
    .getByRole('button', { name: 'Open: The claim a quota refuses, and the retry that backs off' })
    .click();
  await expect(dialog).toBeHidden();
  const answers: [number, string][] = [];
  for (let step = 1; step <= 6; step++) {
    await expect(lesson(page).getByTestId('lesson-step')).toHaveText(`Step ${step} of 6`);
    if (step === 3) {
      // At the 15th failure: the controller's Events say why, and the quota is full.
      const box = page.getByRole('textbox', { name: 'kubectl' });
      await box.fill('get events --field-selector reason=FailedCreate');
      await box.press('Enter');
      const answer = page.getByRole('region', { name: 'Controls' });
      await expect(answer).toContainText(
        /create Claim www-web-3 for Pod web-3 in StatefulSet web failed error: .*exceeded quota: storage/,
      );
      await box.fill('get quota storage');
      await box.press('Enter');
      await expect(answer).toContainText(/requests\.storage: 3Gi\/3Gi/);
    }
    const box = lesson(page).getByRole('textbox', { name: 'Your prediction' });
    if ((await box.count()) > 0) {
      await box.fill('999');
      await lesson(page).getByRole('button', { name: 'Check' }).click();
      const verdict = lesson(page).getByRole('status');
      await expect(verdict).toContainText('Not quite');
      const right =
        /decided (\d+)|was (\d+)|is (\d+)/
          .exec((await verdict.textContent()) ?? '')
          ?.slice(1)
          .find((x) => x !== undefined) ?? '';
      await box.fill(right);
      await lesson(page).getByRole('button', { name: 'Check' }).click();
      await expect(verdict).toContainText(`Right: ${right}.`);
      answers.push([step, right]);
      if (step === 3) await page.screenshot({ path: 'artifacts/screenshots/lesson-claim-quota-light.png' });
    }
    if (step < 6) await lesson(page).getByRole('button', { name: 'Next step' }).click();
  }
  expect(answers).toEqual([
    [2, '2'],
    [3, '40960'],
    [5, '1'],
  ]);
  await expect(lesson(page)).toContainText('Last step');
});

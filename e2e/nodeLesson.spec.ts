/**
 * The Nodes chapter's lesson in Chromium: "A node stops answering" walked to its end, each
 * prediction checked against the engine (the ReplicaSet's active count while node-2's pods are
 * not Ready, then its replacements once they are evicted), and the console's describe node at the
 * fault. A screenshot of the second answer at 1280×720.
 */
import { expect, type Page, test } from '@playwright/test';
import { failOnProblems } from './guard.ts';
import { opened } from './timelineSupport.ts';

failOnProblems();

const lesson = (page: Page) => page.getByRole('region', { name: 'Lesson' });

test('walks the node lesson: the ReplicaSet counts not-Ready pods as active, then replaces the evicted ones', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await opened(page);
  await page.getByRole('button', { name: 'Lessons' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lessons' });
  await dialog
    .getByRole('button', { name: 'Open: A node stops answering: why its pods wait five minutes' })
    .click();
  await expect(dialog).toBeHidden();
  const answers: [number, string][] = [];
  for (let step = 1; step <= 6; step++) {
    await expect(lesson(page).getByTestId('lesson-step')).toHaveText(`Step ${step} of 6`);
    if (step === 2) {
      // At the fault: the console describes node-2 as the node lifecycle controller left it.
      const box = page.getByRole('textbox', { name: 'kubectl' });
      await box.fill('describe node node-2');
      await box.press('Enter');
      const answer = page.getByRole('region', { name: 'Controls' });
      await expect(answer).toContainText(/Events:/);
      await expect(answer).toContainText(
        /NodeNotReady\s+\S+\s+node-controller\s+Node node-2 status is now: NodeNotReady/,
      );
    }
    const box = lesson(page).getByRole('textbox', { name: 'Your prediction' });
    if ((await box.count()) > 0) {
      await box.fill('999');
      await lesson(page).getByRole('button', { name: 'Check' }).click();
      const verdict = lesson(page).getByRole('status');
      await expect(verdict).toContainText('Not quite: the controller decided');
      const right = /decided (\d+)/.exec((await verdict.textContent()) ?? '')?.[1] ?? '';
      await box.fill(right);
      await lesson(page).getByRole('button', { name: 'Check' }).click();
      await expect(verdict).toContainText(`Right: ${right}.`);
      answers.push([step, right]);
      if (step === 5) await page.screenshot({ path: 'artifacts/screenshots/lesson-node-stops-light.png' });
    }
    if (step < 6) await lesson(page).getByRole('button', { name: 'Next step' }).click();
  }
  // The engine's values: six active (two of them not Ready), then two replacements.
  expect(answers).toEqual([
    [3, '6'],
    [5, '2'],
  ]);
  await expect(lesson(page)).toContainText('Last step');
});

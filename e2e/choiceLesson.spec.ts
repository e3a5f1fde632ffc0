/**
 * A choice question in Chromium: the StatefulSet drain lesson's third step asks which scheduler
 * plugin keeps the re-made web-1 off node-1 and node-3, as a radio group named by the question.
 * A wrong pick is answered with the engine's value (read from the scheduler's own record), the
 * right one, picked with the keyboard, with the formula; numeric steps keep their textbox.
 */
import { expect, test as base } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { failOnProblems } from './guard.ts';
import { lessonRegion, openLink } from './lessonSupport.ts';
import { test } from './sharedPage.ts';
import { opened, position } from './timelineSupport.ts';
import { appeared } from './wait.ts';

const QUESTION = 'Which scheduler plugin keeps web-1 off node-1 and node-3?';

// The axe tests share one page per worker (e2e/sharedPage.ts); the walk switches the language,
// so it has a fresh page.
base.describe('in a fresh page', () => {
  failOnProblems();

  base(
    'the drain lesson asks which plugin keeps web-1 off node-1 and node-3, and checks the pick against the engine',
    async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
      await opened(page, './#lesson=statefulset-drain&step=3', 90);
      const lesson = lessonRegion(page);
      await expect(lesson.getByTestId('lesson-step')).toHaveText('Step 3 of 5');
      const group = lesson.getByRole('radiogroup', { name: QUESTION });
      await appeared(group);
      const radios = group.getByRole('radio');
      await expect(radios).toHaveCount(4);
      for (const name of ['NodeUnschedulable', 'VolumeBinding', 'NodeResourcesFit', 'TaintToleration'])
        await expect(group.getByRole('radio', { name })).not.toBeChecked();
      await expect(lesson.getByRole('textbox', { name: 'Your prediction' })).toHaveCount(0);

      // The page stands just before the scheduler's cycle until Check.
      const placed = lesson.getByText(/ · tick \d+$/);
      await appeared(placed);
      const at = Number(/tick (\d+)$/.exec((await placed.textContent()) ?? '')?.[1]);
      await expect.poll(() => position(page)).toBe(at - 1);

      const check = lesson.getByRole('button', { name: 'Check' });
      const verdict = lesson.getByTestId('lesson-verdict');
      await check.click();
      await expect(verdict).toContainText('Pick one of the answers first.');

      // A wrong pick: the verdict names the engine's value and the pick.
      await group.getByRole('radio', { name: 'NodeUnschedulable' }).check();
      await check.click();
      await expect(verdict).toHaveAttribute('data-right', 'false');
      await expect(verdict).toContainText(
        'Not quite: the controller decided VolumeBinding (you said NodeUnschedulable).',
      );
      await expect.poll(() => position(page)).toBe(at);

      // The right one with the keyboard: an arrow key moves within the group, Tab goes on to Check.
      await group.getByRole('radio', { name: 'NodeUnschedulable' }).focus();
      await page.keyboard.press('ArrowDown');
      await expect(group.getByRole('radio', { name: 'VolumeBinding' })).toBeChecked();
      await expect(group.getByRole('radio', { name: 'VolumeBinding' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(check).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(verdict).toHaveAttribute('data-right', 'true');
      await expect(verdict).toContainText('Right: VolumeBinding.');
      await expect(verdict.getByTestId('lesson-formula').nth(1)).toContainText(
        'runFilterPlugins: node-1: VolumeBinding says no',
      );

      // The next step's question is a number again, with its textbox.
      await lesson.getByRole('button', { name: 'Next step' }).click();
      await expect(lesson.getByTestId('lesson-step')).toHaveText('Step 4 of 5');
      await appeared(lesson.getByRole('textbox', { name: 'Your prediction' }));
      await expect(lesson.getByRole('radiogroup')).toHaveCount(0);

      // In Simplified Chinese the group is named by the question in Chinese; the pick stays.
      await lesson.getByRole('button', { name: 'Previous step' }).click();
      await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
      const zh = page.getByRole('region', { name: '课程' });
      const zhGroup = zh.getByRole('radiogroup', {
        name: '哪个调度器插件让 web-1 去不了 node-1 和 node-3？',
      });
      await expect(zhGroup.getByRole('radio', { name: 'VolumeBinding' })).toBeChecked();
      await expect(zh.getByTestId('lesson-verdict')).toContainText('正确：VolumeBinding。');
    },
  );
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation in the choice question with a wrong pick checked, ${scheme}`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openLink(page, './#lesson=statefulset-drain&step=3', 90);
    const lesson = lessonRegion(page);
    const group = lesson.getByRole('radiogroup', { name: QUESTION });
    await group.getByRole('radio', { name: 'TaintToleration' }).check();
    await lesson.getByRole('button', { name: 'Check' }).click();
    await expect(lesson.getByTestId('lesson-verdict')).toContainText('Not quite');
    expect(await seriousViolations(page, '[aria-labelledby="lesson-title"]')).toEqual([]);
  });
}

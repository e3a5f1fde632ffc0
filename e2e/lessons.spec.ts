import { seriousViolations } from './axe.ts';
import { expect, type Page, test as base } from '@playwright/test';
import { decodeShareHash } from '../src/scenario/shareUrl.ts';
import { failOnProblems } from './guard.ts';
import { openDefault, openLink } from './lessonSupport.ts';
import { test } from './sharedPage.ts';
import { explain, opened, position, slider } from './timelineSupport.ts';
import { appeared } from './wait.ts';

// Lessons (DESIGN.md §12): a lesson walks its steps, asks for predictions checked against the
// engine's own values, and a lesson link opens at its step (decision stepping: timeline.spec.ts).
// The tests at the usual size in English share one page per worker (e2e/sharedPage.ts); those in
// zh-CN and on a phone have fresh pages.

const lesson = (page: Page) => page.getByRole('region', { name: 'Lesson' });

test('walks a whole lesson, answering wrong and then right', async ({ page }) => {
  test.setTimeout(60_000); // eight checks and seven steps: 17–30 s on a machine under a load of 17
  await openDefault(page);
  await page.getByRole('button', { name: 'Lessons' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lessons' });
  await dialog.getByRole('button', { name: 'Open: maxSurge 0: make room first' }).click();
  await expect(dialog).toBeHidden();
  await appeared(lesson(page));
  await expect(lesson(page).getByTestId('lesson-step')).toHaveText('Step 1 of 4');

  const answers: [string, string][] = [];
  for (let step = 1; step <= 4; step++) {
    await expect(lesson(page).getByTestId('lesson-step')).toHaveText(`Step ${step} of 4`);
    const box = lesson(page).getByRole('textbox', { name: 'Your prediction' });
    if ((await box.count()) > 0) {
      // Before Check the run stands just before the decision, once the worker has placed the
      // step: "Step 2 of 4" shows at once, while the playhead still stands where the lesson's
      // run opened (a CI run read 0 here, then 185 after Check).
      const placed = lesson(page).getByText(/ · tick \d+$/);
      await appeared(placed);
      const at = Number(/tick (\d+)$/.exec((await placed.textContent()) ?? '')?.[1]);
      await expect.poll(() => position(page)).toBe(at - 1);
      const before = at - 1;
      await box.fill('999');
      await lesson(page).getByRole('button', { name: 'Check' }).click();
      const verdict = lesson(page).getByRole('status');
      await expect(verdict).toContainText('Not quite: the controller decided');
      const right = /decided (\d+)/.exec((await verdict.textContent()) ?? '')?.[1] ?? '';
      await expect.poll(() => position(page)).toBe(before + 1);
      await box.fill(right);
      await lesson(page).getByRole('button', { name: 'Check' }).click();
      await expect(verdict).toContainText(`Right: ${right}.`);
      await appeared(verdict.getByTestId('lesson-formula').first());
      answers.push([String(step), right]);
    }
    if (step < 4) await lesson(page).getByRole('button', { name: 'Next step' }).click();
  }
  // The engine's values: created at 0 (no room with maxSurge 0), old 10 → 9, new 0 → 1.
  expect(answers).toEqual([
    ['2', '0'],
    ['3', '9'],
    ['4', '1'],
  ]);
  await expect(lesson(page).getByRole('button', { name: 'Next step' })).toBeDisabled();
  await expect(lesson(page)).toContainText('Last step');

  // The share link keeps the lesson step; the progress stays in this browser.
  const decoded = decodeShareHash(new URL(page.url()).hash);
  expect(decoded.ok && [decoded.value.lesson, decoded.value.step]).toEqual(['max-surge-0', 4]);
  expect(decoded.ok && decoded.value.scenario.lesson?.id).toBe('max-surge-0');
  await page.getByRole('button', { name: 'Lessons' }).click();
  await expect(page.getByRole('dialog', { name: 'Lessons' })).toContainText('done');
  await page.keyboard.press('Escape'); // the next test's page has no dialog open
  await expect(page.getByRole('dialog', { name: 'Lessons' })).toBeHidden();
});

test('a lesson link opens at its step, and clicker keys step through it', async ({ page }) => {
  await openLink(page, './#lesson=seed-rollout&step=4');
  await expect(lesson(page).getByTestId('lesson-step')).toHaveText('Step 4 of 8');
  await expect(lesson(page)).toContainText('How many replicas does the new ReplicaSet start with?');
  await appeared(lesson(page).getByRole('textbox', { name: 'Your prediction' }));
  await page.keyboard.press('PageDown');
  await expect(lesson(page).getByTestId('lesson-step')).toHaveText('Step 5 of 8');
  await page.keyboard.press('ArrowLeft');
  await expect(lesson(page).getByTestId('lesson-step')).toHaveText('Step 4 of 8');
  expect(new URL(page.url()).hash).toContain('&lesson=seed-rollout&step=4');
  await page.keyboard.press('b');
  await appeared(page.getByTestId('blank-screen'));
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('blank-screen')).toBeHidden();
  await expect(lesson(page).getByTestId('lesson-step')).toHaveText('Step 4 of 8');
});

test('the pods lesson asks what the kubelet does with a pod whose image changed, and reads the answer from the run', async ({
  page,
}) => {
  await openLink(page, './#lesson=pods-of-their-own&step=5', 200);
  await expect(lesson(page).getByTestId('lesson-step')).toHaveText('Step 5 of 6');
  await expect(lesson(page)).toContainText(
    'With how many seconds of grace period is the old container stopped?',
  );
  await lesson(page).getByRole('textbox', { name: 'Your prediction' }).fill('30');
  await lesson(page).getByRole('button', { name: 'Check' }).click();
  await expect(lesson(page).getByRole('status')).toContainText('Right: 30.');
  await expect(explain(page)).toContainText('definition changed');
});

test('a teacher adds this moment as a step, and Export carries the lesson', async ({ page }) => {
  await openDefault(page);
  await slider(page).fill('185');
  await page.getByRole('button', { name: 'Lessons' }).click();
  await page
    .getByRole('dialog', { name: 'Lessons' })
    .getByRole('button', { name: 'Add this moment as a step' })
    .click();
  const form = page.getByRole('dialog', { name: 'Add this moment as a step' });
  await form.getByRole('textbox', { name: 'What to say at this moment' }).fill('The new ReplicaSet is born.');
  await form
    .getByRole('combobox', { name: 'Ask the learner to predict' })
    .selectOption({ label: 'newRSNewReplicas.rollingUpdate → newReplicasCount (3)' });
  await form.getByRole('textbox', { name: 'The question' }).fill('How big is it?');
  await form.getByRole('button', { name: 'Add step' }).click();
  await expect(lesson(page)).toContainText('The new ReplicaSet is born.');
  await lesson(page).getByRole('textbox', { name: 'Your prediction' }).fill('3');
  await lesson(page).getByRole('button', { name: 'Check' }).click();
  await expect(lesson(page).getByRole('status')).toContainText('Right: 3.');
  const decoded = decodeShareHash(new URL(page.url()).hash);
  expect(decoded.ok && decoded.value.scenario.lesson?.steps[0]?.at).toEqual({ tick: 185 });
});

test('screenshots of a lesson question before and after Check and of the folded Explain, light and dark', async ({
  page,
}) => {
  test.setTimeout(90_000);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openLink(page, './#lesson=seed-rollout&step=4');
    await expect(lesson(page).getByTestId('lesson-step')).toHaveText('Step 4 of 8');
    await expect(explain(page)).toContainText('Tick 184');
    await page.waitForTimeout(250);
    await page.screenshot({ path: `artifacts/screenshots/lesson-question-${scheme}.png` });
    await lesson(page).getByRole('textbox', { name: 'Your prediction' }).fill('2');
    await lesson(page).getByRole('button', { name: 'Check' }).click();
    await expect(lesson(page).getByRole('status')).toContainText('Not quite');
    await expect(explain(page)).toContainText('Tick 185');
    await page.waitForTimeout(250);
    await page.screenshot({ path: `artifacts/screenshots/lesson-checked-${scheme}.png` });
    await lesson(page).getByRole('button', { name: 'Close lesson' }).click();
    await slider(page).fill('200');
    await explain(page).getByRole('combobox', { name: 'Follow' }).selectOption('deployment-controller');
    await appeared(explain(page).getByTestId('folded-ticks').first());
    await page.waitForTimeout(250);
    await page.screenshot({ path: `artifacts/screenshots/explain-folded-${scheme}.png` });
    await explain(page).getByRole('combobox', { name: 'Follow' }).selectOption('all');
    await page.evaluate(() => localStorage.clear());
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation in a lesson with its verdict, ${scheme}`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openLink(page, './#lesson=surge-unavailable-rounding&step=2', 300);
    await lesson(page).getByRole('textbox', { name: 'Your prediction' }).fill('1');
    await lesson(page).getByRole('button', { name: 'Check' }).click();
    await expect(lesson(page).getByRole('status')).toContainText('Not quite: the controller decided 2');
    await page.getByRole('button', { name: 'Lessons' }).click();
    await appeared(page.getByRole('dialog', { name: 'Lessons' }));
    const bad = await seriousViolations(page);
    expect(bad).toEqual([]);
    await page.keyboard.press('Escape'); // the next test's page has no dialog open
    await expect(page.getByRole('dialog', { name: 'Lessons' })).toBeHidden();
  });
}

/**
 * tableLines counts the lines of a kubectl log that are wholly in view: its command and header
 * (sticky at its top) and the rows under them, not hidden behind them nor cut off at the bottom.
 */
function tableLines(page: Page): Promise<number> {
  return page.getByRole('log', { name: 'kubectl get rs -w' }).evaluate((log) => {
    const top = log.getBoundingClientRect().top + log.clientTop;
    const bottom = top + log.clientHeight;
    const sticky = log.firstElementChild;
    if (!sticky) return 0;
    const under = sticky.getBoundingClientRect().bottom;
    // 1.5 px of slack: a row whose top pixel is under the header's still reads as a whole row
    const inView = (el: Element, from: number) => {
      const r = el.getBoundingClientRect();
      return r.height > 0 && r.top >= from - 1.5 && r.bottom <= bottom + 1.5;
    };
    const head = [...sticky.children].filter((el) => inView(el, top)).length;
    const rows = [...log.querySelectorAll('[data-testid="watch-row"]')].filter((el) => inView(el, under));
    return head + rows.length;
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`at 1280×720 beside an open lesson, rs -w shows four table lines and each panel scrolls inside itself, ${scheme}`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openLink(page, './#lesson=surge-unavailable-rounding&step=3', 300);
    await expect(lesson(page).getByTestId('lesson-step')).toHaveText('Step 3 of 4');
    await expect(page.locator('html')).not.toHaveClass(/presenter/);
    const log = page.getByRole('log', { name: 'kubectl get rs -w' });
    await expect(log.getByTestId('watch-row').nth(4)).toBeAttached();
    // the command, the header and at least two rows (it was the command, the header and one);
    // polled: the log follows its newest row at the next frame
    await expect.poll(() => tableLines(page)).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: `artifacts/screenshots/lesson-1280x720-${scheme}.png` });

    // one screen, no page scroll: every panel fits and scrolls inside itself, the log too
    const fit = await page.evaluate(() => ({
      page: document.documentElement.scrollHeight - window.innerHeight,
      out: [...document.querySelectorAll('[data-area]')]
        .filter((el) => el.getBoundingClientRect().bottom > window.innerHeight + 0.5)
        .map((el) => el.getAttribute('data-area')),
    }));
    expect(fit).toEqual({ page: 0, out: [] });
    const scrolls = await log.evaluate((el) => {
      const bottom = el.scrollTop;
      el.scrollTop = 0;
      return { overflows: el.scrollHeight > el.clientHeight, moved: bottom - el.scrollTop };
    });
    expect(scrolls.overflows).toBe(true);
    expect(scrolls.moved).toBeGreaterThan(0);
    await appeared(page.getByRole('tab', { name: 'rs -w' }));
  });
}

base.describe('in a fresh page', () => {
  failOnProblems();

  base('a lesson speaks Simplified Chinese', async ({ page }) => {
    await opened(page, './#lesson=max-surge-0&step=2');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    const region = page.getByRole('region', { name: '课程' });
    await expect(region).toContainText('新 ReplicaSet 一开始有多少个副本？');
    await expect(region.getByTestId('lesson-step')).toHaveText('第 2 / 4 步');
    await region.getByRole('textbox', { name: '你的预测' }).fill('0');
    await region.getByRole('button', { name: '检查' }).click();
    await expect(region.getByRole('status')).toContainText('正确：0。');
    await expect(region.getByTestId('lesson-formula')).toContainText('newRSReplicas 保持 0');
  });

  base.describe('on a phone', () => {
    base.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    for (const scheme of ['light', 'dark'] as const) {
      base(
        `the lesson strip keeps Previous step and Next step in full view at every step, ${scheme}`,
        async ({ page }) => {
          base.setTimeout(60_000);
          await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
          await opened(page, './#lesson=seed-rollout&step=1');
          const strip = lesson(page);
          const buttons = [
            strip.getByRole('button', { name: 'Previous step' }),
            strip.getByRole('button', { name: 'Next step' }),
          ];
          for (let step = 1; step <= 8; step++) {
            await expect(strip.getByTestId('lesson-step')).toHaveText(`Step ${step} of 8`);
            // inside the strip's visible box, above the fixed play bar, on screen, and 44 px for a finger
            const seen = await strip.evaluate((s) => {
              const inner = s.getBoundingClientRect();
              const top = inner.top + s.clientTop;
              const bottom = top + s.clientHeight;
              const bar =
                document.querySelector('.play-bar')?.getBoundingClientRect().top ?? window.innerHeight;
              const steps = [...s.querySelectorAll('button')].filter((b) =>
                ['Previous step', 'Next step'].includes(b.textContent ?? ''),
              );
              return steps.map((b) => {
                const r = b.getBoundingClientRect();
                return {
                  inStrip: r.top >= top - 0.5 && r.bottom <= bottom + 0.5,
                  onScreen: r.top >= 0 && r.bottom <= Math.min(bar, window.innerHeight) + 0.5,
                  big: r.height >= 44 && r.width >= 44,
                };
              });
            });
            const ok = { inStrip: true, onScreen: true, big: true };
            expect(seen, `step ${step}`).toEqual([ok, ok]);
            if (step === 5)
              await page.screenshot({ path: `artifacts/screenshots/lesson-phone-390x844-${scheme}.png` });
            if (step < 8) await buttons[1]?.tap();
          }
          await buttons[0]?.tap();
          await expect(strip.getByTestId('lesson-step')).toHaveText('Step 7 of 8');
        },
      );
    }
  });
});

/**
 * Walking a built-in lesson in the page: open it from the Lessons dialog, and at each step with a
 * question predict wrong (999), read the engine's value from the verdict, then predict it right.
 */
import { expect, type Page } from '@playwright/test';
import { showPreset } from './sharedPage.ts';
import { opened, position, slider } from './timelineSupport.ts';

/**
 * openLink opens a lesson link (`./#lesson=…&step=…`) and waits as `opened` does. In the shared
 * page the Seed preset is shown first, so that the link's lesson loads anew with its scenario, as
 * in a fresh page (a link to the lesson already open only moves to its step); the waits begin once
 * the scenario's revision has moved.
 */
export async function openLink(page: Page, link: string, ticks = 600): Promise<void> {
  if (page.url() === 'about:blank') {
    await opened(page, link, ticks);
    return;
  }
  await showPreset(page, 'seed');
  const state = page.getByTestId('recording-state');
  const before = Number(await state.getAttribute('data-revision'));
  await page.goto(link);
  await expect
    .poll(async () => Number(await state.getAttribute('data-revision')), { timeout: 15_000 })
    .toBeGreaterThan(before);
  await expect(slider(page)).toBeEnabled();
  await expect
    .poll(async () => Number(await slider(page).getAttribute('max')), { timeout: 15_000 })
    .toBeGreaterThan(ticks);
}

/** openDefault opens the default scenario (the Seed preset), as `opened(page)` does. */
export async function openDefault(page: Page): Promise<void> {
  if (page.url() === 'about:blank') await opened(page);
  else await showPreset(page, 'seed');
}

export const lessonRegion = (page: Page) => page.getByRole('region', { name: 'Lesson' });

/**
 * openLesson opens the page (or, in the shared page, the default scenario) and the built-in
 * lesson with this title.
 */
export async function openLesson(page: Page, title: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await openDefault(page);
  await page.getByRole('button', { name: 'Lessons' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lessons' });
  await dialog.getByRole('button', { name: `Open: ${title}` }).click();
  await expect(dialog).toBeHidden();
}

/**
 * atMoment waits until the playhead stands at the step's moment: its tick, or the one before for
 * a question (the page stands just before the decision until Check). The step's label shows
 * before the page has moved there, and a console line answers at the playhead.
 */
async function atMoment(page: Page): Promise<void> {
  const line = lessonRegion(page).getByTestId('lesson-step').locator('..');
  await expect(line).toHaveText(/tick \d+$/);
  const tick = Number(/tick (\d+)$/.exec((await line.textContent()) ?? '')?.[1]);
  await expect.poll(async () => [0, 1].includes(tick - (await position(page)))).toBe(true);
}

/**
 * walkLesson steps through `steps` steps; `atStep` runs at each before its prediction. Returns
 * [step, the engine's answer] for each question, each checked wrong then right.
 */
export async function walkLesson(
  page: Page,
  steps: number,
  atStep: (step: number) => Promise<void> = async () => {},
): Promise<[number, string][]> {
  const lesson = lessonRegion(page);
  const answers: [number, string][] = [];
  for (let step = 1; step <= steps; step++) {
    await expect(lesson.getByTestId('lesson-step')).toHaveText(`Step ${step} of ${steps}`);
    await atMoment(page);
    await atStep(step);
    const box = lesson.getByRole('textbox', { name: 'Your prediction' });
    if ((await box.count()) > 0) {
      await box.fill('999');
      await lesson.getByRole('button', { name: 'Check' }).click();
      const verdict = lesson.getByRole('status');
      await expect(verdict).toContainText('Not quite: the controller decided');
      const right = /decided (\d+)/.exec((await verdict.textContent()) ?? '')?.[1] ?? '';
      await box.fill(right);
      await lesson.getByRole('button', { name: 'Check' }).click();
      await expect(verdict).toContainText(`Right: ${right}.`);
      answers.push([step, right]);
    }
    if (step < steps) await lesson.getByRole('button', { name: 'Next step' }).click();
  }
  await expect(lesson).toContainText('Last step');
  return answers;
}

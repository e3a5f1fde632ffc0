/**
 * A teacher writes a choice question in Chromium: on the statefulset-drain preset, at the
 * scheduler's cycle that rejects web-1 on every node, "Add this moment as a step" asks which
 * plugin keeps it off node-1 (the record picked by `where: { node: node-1 }`). The choices start
 * with the engine's answer; the teacher adds, fixes, removes and reorders them with the keyboard,
 * reading the lesson format's own messages; then the learner answers wrong and right with the
 * keyboard, and Export and Share carry the same lesson.
 */
import { expect, type Page } from '@playwright/test';
import type { Lesson } from '../src/lessons/format.ts';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { decodeShareHash } from '../src/scenario/shareUrl.ts';
import { seriousViolations } from './axe.ts';
import { lessonRegion } from './lessonSupport.ts';
import { firstTick, seekTo } from './panelsSupport.ts';
import { openDialog } from './scenariosSupport.ts';
import { showPreset, test } from './sharedPage.ts';
import { position } from './timelineSupport.ts';
import { appeared } from './wait.ts';

// One page per worker (e2e/sharedPage.ts): each test closes the dialog it leaves open.

/** The scheduler's first cycle for the re-made web-1: VolumeBinding says no on node-1 and node-3. */
const TICK = firstTick('statefulset-drain', (t) =>
  t.decisions.some(
    (d) => d.fn === 'runFilterPlugins' && d.key === 'rejected' && d.values.plugin === 'VolumeBinding',
  ),
);
const ASK = 'runFilterPlugins.rejected [node=node-1] → plugin (VolumeBinding)';
const QUESTION = 'Which plugin keeps web-1 off node-1?';

/** openForm opens the preset at the scheduler's cycle and "Add this moment as a step" from Lessons. */
async function openForm(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  expect(TICK).toBeGreaterThan(0);
  await showPreset(page, 'statefulset-drain');
  await seekTo(page, TICK);
  await page.getByRole('button', { name: 'Lessons' }).click();
  await page
    .getByRole('dialog', { name: 'Lessons' })
    .getByRole('button', { name: 'Add this moment as a step' })
    .click();
  const form = page.getByRole('dialog', { name: 'Add this moment as a step' });
  await form.getByRole('combobox', { name: 'Ask the learner to predict' }).selectOption({ label: ASK });
  return form;
}

test('a teacher writes a choice question at the scheduler’s cycle, and the learner answers it by keyboard', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const form = await openForm(page, 'light');
  await form
    .getByRole('textbox', { name: 'What to say at this moment' })
    .fill('The scheduler checks every node.');
  await form.getByRole('textbox', { name: 'The question' }).fill(QUESTION);
  // A plugin's name is no number: the learner picks it.
  const kind = form.getByRole('group', { name: 'The learner answers by' });
  await expect(kind.getByRole('radio', { name: 'typing a number' })).toBeDisabled();
  await expect(kind.getByRole('radio', { name: 'picking one of the choices' })).toBeChecked();

  // The engine's answer comes prefilled and marked, then the tick's other plugin.
  const choices = form.getByRole('group', { name: 'Choices' });
  const choice = (n: number) => choices.getByRole('textbox', { name: `Choice ${n}`, exact: true });
  await expect(choice(1)).toHaveValue('VolumeBinding');
  await expect(choice(1)).toHaveAccessibleDescription('the engine’s answer at this moment');
  await expect(choice(2)).toHaveValue('NodeUnschedulable');

  // A third choice by keyboard that repeats the second: Add step is refused in the format's words.
  await choices.getByRole('button', { name: 'Add a choice' }).focus();
  await page.keyboard.press('Enter');
  await expect(choice(3)).toBeFocused();
  await page.keyboard.type('NodeUnschedulable');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toHaveText('The step was not added: the lesson format refuses it.');
  await expect(choice(3)).toHaveAttribute('aria-invalid', 'true');
  await expect(choice(3)).toHaveAccessibleDescription('repeats the choice "NodeUnschedulable"');
  await expect(choice(3)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('TaintToleration');
  await expect(choice(3)).not.toHaveAttribute('aria-invalid');
  await expect(form.getByRole('alert')).toHaveCount(0);

  // The engine's answer typed wrong: the form says so at once, and puts it back on request.
  await choice(1).fill('VolumeBindin');
  await expect(choices).toContainText(
    'None of the choices is the engine’s answer at this moment, VolumeBinding: no pick could be right',
  );
  await choices.getByRole('button', { name: 'Add VolumeBinding as a choice' }).focus();
  await page.keyboard.press('Enter');
  await expect(choice(4)).toHaveValue('VolumeBinding');
  await expect(choice(4)).toBeFocused();
  await expect(choices).not.toContainText('None of the choices');

  // Remove the misspelt one and move the engine's answer to the middle, the focus following.
  await choices.getByRole('button', { name: 'Remove choice 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(choices.getByRole('button', { name: 'Remove choice 1' })).toBeFocused();
  await choices.getByRole('button', { name: 'Move choice 3 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(choices.getByRole('button', { name: 'Move choice 2 up' })).toBeFocused();
  await expect(choices.getByRole('status').last()).toHaveText('VolumeBinding is now choice 2.');
  expect(
    await choices.getByRole('textbox').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
  ).toEqual(['NodeUnschedulable', 'VolumeBinding', 'TaintToleration']);
  expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);

  await form.getByRole('button', { name: 'Add step' }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();

  // The learner's side: a radio group named by the question, the page just before the cycle.
  const lesson = lessonRegion(page);
  await expect(lesson.getByTestId('lesson-step')).toHaveText('Step 1 of 1');
  const group = lesson.getByRole('radiogroup', { name: QUESTION });
  await appeared(group);
  await expect(group.getByRole('radio')).toHaveCount(3);
  await expect.poll(() => position(page)).toBe(TICK - 1);
  const verdict = lesson.getByTestId('lesson-verdict');
  const check = lesson.getByRole('button', { name: 'Check' });

  // Wrong with the keyboard: Space picks the first, Tab goes on to Check.
  await group.getByRole('radio', { name: 'NodeUnschedulable' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(check).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(verdict).toHaveAttribute('data-right', 'false');
  await expect(verdict).toContainText(
    'Not quite: the controller decided VolumeBinding (you said NodeUnschedulable).',
  );
  await expect.poll(() => position(page)).toBe(TICK);

  // Right: back into the group, an arrow key moves to the next choice.
  await page.keyboard.press('Shift+Tab');
  await expect(group.getByRole('radio', { name: 'NodeUnschedulable' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: 'VolumeBinding' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(verdict).toHaveAttribute('data-right', 'true');
  await expect(verdict).toContainText('Right: VolumeBinding.');
  await expect(verdict.getByTestId('lesson-formula').first()).toContainText('node-1: VolumeBinding says no');
  expect(await seriousViolations(page, '[aria-labelledby="lesson-title"]')).toEqual([]);

  // Share and Export carry the same lesson, the answer still the engine's (never written in it).
  const step = {
    text: { en: 'The scheduler checks every node.' },
    at: { tick: TICK },
    question: {
      text: { en: QUESTION },
      answer: { fn: 'runFilterPlugins', key: 'rejected', where: { node: 'node-1' }, value: 'plugin' },
      choices: [{ value: 'NodeUnschedulable' }, { value: 'VolumeBinding' }, { value: 'TaintToleration' }],
    },
  };
  const shared = decodeShareHash(new URL(page.url()).hash);
  const sharedLesson: Lesson | undefined = shared.ok ? shared.value.scenario.lesson : undefined;
  expect(sharedLesson?.steps).toEqual([step]);
  const exportDialog = await openDialog(page, 'Export');
  const yaml =
    (await exportDialog
      .getByRole('region', { name: 'Scenario file' })
      .getByTestId('export-yaml')
      .textContent()) ?? '';
  const exported = parseScenarioText(yaml);
  expect(exported.ok && exported.value.lesson).toEqual(sharedLesson);
  await page.keyboard.press('Escape');
  await expect(exportDialog).toBeHidden();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation in the choice editor with the format’s messages, ${scheme}`, async ({
    page,
  }) => {
    const form = await openForm(page, scheme);
    const choices = form.getByRole('group', { name: 'Choices' });
    await choices.getByRole('button', { name: 'Add a choice' }).click();
    await choices.getByRole('textbox', { name: 'Choice 1', exact: true }).fill('VolumeBindin');
    await form.getByRole('button', { name: 'Add step' }).click();
    await expect(choices.getByRole('textbox', { name: 'Choice 3' })).toHaveAccessibleDescription(
      'must be a non-empty string of at most 200 characters, without spaces around it',
    );
    await expect(choices).toContainText('None of the choices is the engine’s answer');
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
    // Escape leaves the form for the Lessons dialog it came from, and a second closes that.
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    const lessons = page.getByRole('dialog', { name: 'Lessons' });
    await expect(lessons).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lessons).toBeHidden();
  });
}

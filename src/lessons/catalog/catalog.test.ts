import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../scenario/presets/index.ts';
import { parseScenarioText } from '../../scenario/parse.ts';
import type { Scenario } from '../../scenario/types.ts';
import { validateScenario } from '../../scenario/validate.ts';
import { Recording } from '../../timeline/recording.ts';
import { LESSON_LANGS, type LocalText } from '../format.ts';
import { choiceOf, type LessonPoint, resolveSteps } from '../resolve.ts';
import { validateLesson } from '../validate.ts';
import { BUILT_IN_LESSONS, type BuiltInLesson } from './index.ts';

function scenarioOf(b: BuiltInLesson): Scenario {
  if (b.scenario) {
    const v = validateScenario(b.scenario);
    if (!v.ok) throw new Error(v.errors.join('\n'));
    return v.value;
  }
  const p = PRESETS.find((x) => x.id === b.preset);
  if (!p) throw new Error(`no preset ${b.preset}`);
  const r = parseScenarioText(p.text);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.value;
}

/** run records the lesson's scenario headless to its end and places the steps, as the worker does. */
function run(b: BuiltInLesson): LessonPoint[] {
  const rec = new Recording({ ...scenarioOf(b), lesson: b.lesson });
  rec.timeline.record();
  return resolveSteps(b.lesson.steps, { records: rec.timeline.records, more: () => false });
}

function texts(b: BuiltInLesson): LocalText[] {
  const l = b.lesson;
  return [
    l.title,
    ...(l.chapter ? [l.chapter] : []),
    ...l.steps.flatMap((s) => [
      s.text,
      ...(s.question ? [s.question.text] : []),
      ...(s.question?.choices ?? []).flatMap((c) => (c.text ? [c.text] : [])),
    ]),
  ];
}

describe('BUILT_IN_LESSONS', () => {
  it('has at least 10 lessons with distinct ids, each with a preset or a scenario of its own', () => {
    expect(BUILT_IN_LESSONS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(BUILT_IN_LESSONS.map((b) => b.lesson.id)).size).toBe(BUILT_IN_LESSONS.length);
    for (const b of BUILT_IN_LESSONS) expect(!!b.preset !== !!b.scenario, b.lesson.id).toBe(true);
  });

  it.each(BUILT_IN_LESSONS.map((b) => [b.lesson.id, b] as const))(
    '%s validates and speaks both languages',
    (_, b) => {
      expect(validateLesson(b.lesson)).toEqual({ ok: true, value: b.lesson });
      for (const t of texts(b))
        for (const lang of LESSON_LANGS) expect(t[lang], `${lang}: ${JSON.stringify(t)}`).toBeTruthy();
    },
  );

  it.each(BUILT_IN_LESSONS.map((b) => [b.lesson.id, b] as const))(
    '%s: every step stops at a tick of the run and every question reads a number (or one of its choices) from the engine',
    (_, b) => {
      const points = run(b);
      expect(points.map((p) => p.problem)).toEqual(points.map(() => null));
      b.lesson.steps.forEach((step, i) => {
        const p = points[i] as LessonPoint;
        expect(p.tick, `step ${i + 1}`).not.toBeNull();
        if (i > 0) expect(p.tick as number).toBeGreaterThanOrEqual(points[i - 1]?.tick as number);
        if (!step.question) return;
        const { choices } = step.question;
        if (choices) {
          // A choice question: the engine's value is one of its choices (the resolver says so too).
          expect(choiceOf(choices, p.answer), `step ${i + 1} answer ${String(p.answer)}`).toBeDefined();
          expect(choices.filter((c) => c.value === String(p.answer))).toHaveLength(1);
        } else
          expect(Number.isFinite(Number(p.answer)), `step ${i + 1} answer ${String(p.answer)}`).toBe(true);
        if (!step.question.answer.note) expect(p.formula.length, `step ${i + 1} formula`).toBeGreaterThan(0);
      });
    },
    30_000,
  );
});

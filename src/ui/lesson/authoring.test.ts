import { describe, expect, it } from 'vitest';
import { validateLesson } from '../../lessons/validate.ts';
import type { DecisionView } from '../../worker/protocol.ts';
import { askableValues, withMoment } from './authoring.ts';

const decisions: DecisionView[] = [
  { fn: 'newRSNewReplicas', key: 'rollingUpdate', values: { replicas: 10, maxSurge: 3, rs: 'x' }, text: '' },
  { fn: 'newRSNewReplicas', key: 'rollingUpdate', values: { replicas: 10 }, text: '' },
];

describe('askableValues', () => {
  it('lists each numeric value of the tick once', () => {
    expect(askableValues(decisions).map((v) => `${v.fn}.${v.key}.${v.value}=${v.current}`)).toEqual([
      'newRSNewReplicas.rollingUpdate.replicas=10',
      'newRSNewReplicas.rollingUpdate.maxSurge=3',
    ]);
  });
});

describe('withMoment', () => {
  const base = { text: 'Here.', lang: 'en' as const, title: 'My lesson: Seed', question: 'How many?' };

  it('starts a lesson with a step at the tick, asking for a value the engine will give', () => {
    const ask = askableValues(decisions)[1] ?? null;
    const { lesson, index } = withMoment(null, { ...base, tick: 185, after: -1, ask });
    expect(index).toBe(0);
    expect(lesson).toEqual({
      id: 'my-lesson',
      title: { en: 'My lesson: Seed' },
      steps: [
        {
          text: { en: 'Here.' },
          at: { tick: 185 },
          question: {
            text: { en: 'How many?' },
            answer: { fn: 'newRSNewReplicas', key: 'rollingUpdate', value: 'maxSurge' },
          },
        },
      ],
    });
    expect(validateLesson(lesson).ok).toBe(true);
  });

  it('inserts after the current step of an existing lesson', () => {
    const first = withMoment(null, { ...base, tick: 1, after: -1, ask: null }).lesson;
    const second = withMoment(first, { ...base, text: 'Later.', tick: 9, after: 0, ask: null });
    const third = withMoment(second.lesson, { ...base, text: 'Between.', tick: 5, after: 0, ask: null });
    expect(third.index).toBe(1);
    expect(third.lesson.steps.map((s) => s.at.tick)).toEqual([1, 5, 9]);
  });
});

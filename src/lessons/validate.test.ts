import { describe, expect, it } from 'vitest';
import { validateScenario } from '../scenario/validate.ts';
import { validateLesson } from './validate.ts';

const step = { text: { en: 'Look.' }, at: { tick: 0 } };
const lesson = { id: 'my-lesson', title: { en: 'Mine', 'zh-CN': '我的' }, steps: [step] };

describe('validateLesson', () => {
  it('accepts a minimal lesson and returns it as written', () => {
    expect(validateLesson(lesson)).toEqual({ ok: true, value: lesson });
  });

  it('accepts every anchor and a question read from a decision or a note', () => {
    const full = {
      ...lesson,
      chapter: { en: 'Deployment' },
      steps: [
        step,
        { text: { en: 'a' }, at: { time: 30 } },
        {
          text: { en: 'b' },
          at: { note: { key: 'crashLoopBackOff', nth: 2 } },
          question: { text: { en: '?' }, answer: { note: 'crashLoopBackOff', value: 'seconds' } },
        },
        {
          text: { 'zh-CN': '看' },
          at: {
            decision: {
              fn: 'scale',
              key: 'proportion',
              where: { from: 8 },
              nth: 2,
              any: true,
              orSame: true,
              actor: 'deployment-controller',
            },
          },
          question: {
            text: { en: '?' },
            answer: { fn: 'scale', key: 'proportion', value: 'to', nth: 2 },
            formula: [{ fn: 'scale', key: 'leftover' }],
          },
        },
      ],
    };
    expect(validateLesson(full)).toEqual({ ok: true, value: full });
  });

  it('accepts a choice question, its choices with or without text, and keeps them in order', () => {
    const choice = {
      ...lesson,
      steps: [
        {
          ...step,
          question: {
            text: { en: 'Which plugin?' },
            answer: { fn: 'runFilterPlugins', key: 'rejected', value: 'plugin' },
            choices: [
              { value: 'NodeUnschedulable' },
              { value: 'VolumeBinding', text: { en: 'Volume binding', 'zh-CN': '卷绑定' } },
            ],
            formula: [{ fn: 'findNodesThatFitPod', key: 'none' }],
          },
        },
      ],
    };
    const r = validateLesson(choice);
    expect(r).toEqual({ ok: true, value: choice });
    expect(r.ok && Object.keys(r.value.steps[0]?.question ?? {})).toEqual([
      'text',
      'answer',
      'choices',
      'formula',
    ]);
  });

  const withChoices = (choices: unknown) => ({
    ...lesson,
    steps: [
      {
        ...step,
        question: { text: { en: '?' }, answer: { fn: 'a', key: 'b', value: 'v' }, choices },
      },
    ],
  });
  const at = 'lesson.steps[0].question.choices';
  it.each<[string, unknown, string]>([
    [
      'choices that are no list',
      withChoices('A, B'),
      `${at}: must be a list of 2 to 8 choices, each with a value`,
    ],
    [
      'one choice',
      withChoices([{ value: 'A' }]),
      `${at}: must be a list of 2 to 8 choices, each with a value`,
    ],
    [
      'nine choices',
      withChoices([...'ABCDEFGHI'].map((value) => ({ value }))),
      `${at}: must be a list of 2 to 8 choices, each with a value`,
    ],
    [
      'a bare string',
      withChoices(['A', 'B']),
      `${at}[0]: must be a mapping with value and text, not a string ("A")`,
    ],
    [
      'a choice without value',
      withChoices([{ value: 'A' }, { text: { en: 'B' } }]),
      `${at}[1].value: required`,
    ],
    [
      'a number value',
      withChoices([{ value: 'A' }, { value: 2 }]),
      `${at}[1].value: must be a non-empty string of at most 200 characters, without spaces around it`,
    ],
    [
      'a value with spaces around it',
      withChoices([{ value: 'A' }, { value: ' B' }]),
      `${at}[1].value: must be a non-empty string of at most 200 characters, without spaces around it`,
    ],
    [
      'a repeated value',
      withChoices([{ value: 'A' }, { value: 'A' }]),
      `${at}[1].value: repeats the choice "A"`,
    ],
    [
      'a choice marked right',
      withChoices([{ value: 'A', right: true }, { value: 'B' }]),
      `${at}[0].right: unknown field`,
    ],
    [
      'a choice text in French',
      withChoices([{ value: 'A', text: { fr: 'a' } }, { value: 'B' }]),
      `${at}[0].text.fr: unknown field (did you mean "en"?)`,
    ],
    [
      'an empty choice text',
      withChoices([{ value: 'A', text: { en: '' } }, { value: 'B' }]),
      `${at}[0].text.en: must be a non-empty string`,
    ],
  ])('refuses a choice question with %s', (_, x, message) => {
    const r = validateLesson(x);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toBe(message);
  });

  const withAnswer = (answer: unknown, choices?: unknown) => ({
    ...lesson,
    steps: [{ ...step, question: { text: { en: '?' }, answer, ...(choices ? { choices } : {}) } }],
  });
  const plugins = [{ value: 'NodeUnschedulable' }, { value: 'VolumeBinding' }];

  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'a decision picked by where, for a choice question',
      { value: 'plugin', where: { node: 'node-1' }, key: 'rejected', fn: 'runFilterPlugins' },
      ['fn', 'key', 'where', 'value'],
    ],
    [
      'a decision picked by where and nth',
      { fn: 'scale', key: 'proportion', value: 'to', nth: 2, where: { from: 8, capped: false } },
      ['fn', 'key', 'where', 'value', 'nth'],
    ],
    [
      'a note picked by where',
      { note: 'crashLoopBackOff', where: { pod: 'web-0' }, value: 'seconds' },
      ['where', 'note', 'value'],
    ],
  ])('accepts an answer with %s, its keys in the documented order', (_, answer, keys) => {
    const r = validateLesson(withAnswer(answer, plugins));
    expect(r).toEqual({ ok: true, value: withAnswer(answer, plugins) });
    expect(r.ok && Object.keys(r.value.steps[0]?.question?.answer ?? {})).toEqual(keys);
  });

  const answerAt = 'lesson.steps[0].question.answer';
  it.each<[string, unknown, string]>([
    [
      'a where that is a list',
      { fn: 'runFilterPlugins', key: 'rejected', where: ['node-1'], value: 'plugin' },
      `${answerAt}.where: must map value names to strings, numbers or booleans`,
    ],
    [
      'a where value that is a mapping',
      { fn: 'runFilterPlugins', key: 'rejected', where: { node: { name: 'node-1' } }, value: 'plugin' },
      `${answerAt}.where: must map value names to strings, numbers or booleans`,
    ],
    [
      'a where that names the answered value',
      { fn: 'runFilterPlugins', key: 'rejected', where: { plugin: 'VolumeBinding' }, value: 'plugin' },
      `${answerAt}.where.plugin: names the answered value: the answer is read from the engine, never written in the lesson`,
    ],
    [
      'a note where that names the answered value',
      { note: 'crashLoopBackOff', where: { seconds: 20 }, value: 'seconds' },
      `${answerAt}.where.seconds: names the answered value: the answer is read from the engine, never written in the lesson`,
    ],
  ])('refuses an answer with %s', (_, answer, message) => {
    const r = validateLesson(withAnswer(answer, plugins));
    expect(r.ok ? [] : r.errors).toEqual([message]);
  });

  it.each<[string, unknown, string]>([
    ['a list', [], 'lesson: must be a mapping with id, title and steps, not a list'],
    [
      'a bad id',
      { ...lesson, id: 'My Lesson' },
      'lesson.id: must be lower-case letters, digits and dashes, like seed-rollout',
    ],
    ['no steps', { ...lesson, steps: [] }, 'lesson.steps: must be a non-empty list of steps'],
    ['an unknown field', { ...lesson, author: 'me' }, 'lesson.author: unknown field'],
    [
      'a text in French',
      { ...lesson, title: { fr: 'Le mien' } },
      'lesson.title.fr: unknown field (did you mean "en"?)',
    ],
    [
      'two anchors',
      { ...lesson, steps: [{ ...step, at: { tick: 1, time: 2 } }] },
      'lesson.steps[0].at: must have exactly one of tick, time, decision or note',
    ],
    [
      'a negative tick',
      { ...lesson, steps: [{ ...step, at: { tick: -1 } }] },
      'lesson.steps[0].at.tick: must be a whole number ≥ 0',
    ],
    [
      'a decision without key',
      { ...lesson, steps: [{ ...step, at: { decision: { fn: 'scale' } } }] },
      'lesson.steps[0].at.decision.key: required',
    ],
    [
      'an answer naming both a note and a decision',
      {
        ...lesson,
        steps: [
          { ...step, question: { text: { en: '?' }, answer: { note: 'x', fn: 'a', key: 'b', value: 'v' } } },
        ],
      },
      'lesson.steps[0].question.answer: must name a decision (fn and key) or a summary note (note), not both',
    ],
    [
      'an answer written in the lesson',
      { ...lesson, steps: [{ ...step, question: { text: { en: '?' }, answer: 3 } }] },
      'lesson.steps[0].question.answer: must be a mapping with fn, key and value (or note and value), not 3',
    ],
  ])('refuses %s', (_, x, message) => {
    const r = validateLesson(x);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toBe(message);
  });
});

describe('validateScenario with a lesson', () => {
  const scenario = { version: 1, name: 's', objects: [] };

  it('keeps the lesson last, in the file’s key order', () => {
    const r = validateScenario({ lesson, ...scenario });
    expect(r.ok && Object.keys(r.value)).toEqual(['version', 'name', 'objects', 'lesson']);
  });

  it('reports a bad lesson with its path', () => {
    const r = validateScenario({ ...scenario, lesson: { ...lesson, steps: 'none' } });
    expect(r.ok ? null : r.errors).toEqual(['lesson.steps: must be a non-empty list of steps']);
  });
});

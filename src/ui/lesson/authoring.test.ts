import { describe, expect, it } from 'vitest';
import type { Lesson } from '../../lessons/format.ts';
import { resolveSteps } from '../../lessons/resolve.ts';
import { validateLesson } from '../../lessons/validate.ts';
import { parseScenarioText } from '../../scenario/parse.ts';
import { PRESETS } from '../../scenario/presets/index.ts';
import { decodeShareHash, encodeShareHash } from '../../scenario/shareUrl.ts';
import { scenarioToYaml } from '../../scenario/yamlIo.ts';
import { Recording } from '../../timeline/recording.ts';
import type { DecisionView } from '../../worker/protocol.ts';
import {
  type AskableValue,
  askableValues,
  askLabel,
  offeredChoices,
  stepProblems,
  typable,
  withMoment,
} from './authoring.ts';

const view = (fn: string, key: string, values: DecisionView['values']): DecisionView => ({
  fn,
  key,
  values,
  text: '',
});
const rejected = (node: string, plugin: string) =>
  view('runFilterPlugins', 'rejected', { node, plugin, code: 'UnschedulableAndUnresolvable' });
/** The scheduler's cycle for web-1 in the statefulset-drain preset, as Explain has it. */
const cycle: DecisionView[] = [
  view('findNodesThatFitPod', 'none', { pod: 'web-1', feasible: 0 }),
  rejected('node-1', 'VolumeBinding'),
  rejected('node-2', 'NodeUnschedulable'),
  rejected('node-3', 'VolumeBinding'),
];

describe('askableValues', () => {
  it.each<[string, DecisionView[], string[]]>([
    [
      'lists numbers, texts and booleans of a lone record with no where',
      [view('newRSNewReplicas', 'rollingUpdate', { replicas: 10, rs: 'web-1', paused: false, none: null })],
      [
        'newRSNewReplicas.rollingUpdate → replicas (10)',
        'newRSNewReplicas.rollingUpdate → rs (web-1)',
        'newRSNewReplicas.rollingUpdate → paused (false)',
      ],
    ],
    [
      'picks each of several records by the value that tells it apart, never the asked one',
      cycle.slice(1, 3),
      [
        'runFilterPlugins.rejected [plugin=VolumeBinding] → node (node-1)',
        'runFilterPlugins.rejected [node=node-1] → plugin (VolumeBinding)',
        'runFilterPlugins.rejected [node=node-1] → code (UnschedulableAndUnresolvable)',
        'runFilterPlugins.rejected [plugin=NodeUnschedulable] → node (node-2)',
        'runFilterPlugins.rejected [node=node-2] → plugin (NodeUnschedulable)',
        'runFilterPlugins.rejected [node=node-2] → code (UnschedulableAndUnresolvable)',
      ],
    ],
    [
      'counts the records alike but for the asked value with nth',
      [rejected('node-1', 'VolumeBinding'), rejected('node-3', 'VolumeBinding')],
      [
        'runFilterPlugins.rejected → node (node-1)',
        'runFilterPlugins.rejected [node=node-1] → plugin (VolumeBinding)',
        'runFilterPlugins.rejected [node=node-1] → code (UnschedulableAndUnresolvable)',
        'runFilterPlugins.rejected #2 → node (node-3)',
        'runFilterPlugins.rejected [node=node-3] → plugin (VolumeBinding)',
        'runFilterPlugins.rejected [node=node-3] → code (UnschedulableAndUnresolvable)',
      ],
    ],
    [
      'skips a record just like an earlier one, and texts a choice cannot hold',
      [
        view('scale', 'to', { to: 3, why: ' padded' }),
        view('scale', 'to', { to: 3, why: ' padded' }),
        view('x', 'y', { long: 'a'.repeat(201), empty: '' }),
      ],
      ['scale.to → to (3)'],
    ],
  ])('%s', (_, decisions, labels) => {
    expect(askableValues(decisions).map(askLabel)).toEqual(labels);
  });

  it('offers the other values of that name in the tick', () => {
    const plugin = askableValues(cycle).find((a) => a.value === 'plugin');
    expect(plugin).toMatchObject({
      where: { node: 'node-1' },
      current: 'VolumeBinding',
      others: ['NodeUnschedulable'],
    });
  });
});

describe('offeredChoices', () => {
  const ask = (current: AskableValue['current'], others: string[]): AskableValue => ({
    fn: 'f',
    key: 'k',
    value: 'v',
    current,
    others,
  });
  it.each<[string, AskableValue, string[], boolean]>([
    [
      'starts with the engine’s value, then the tick’s others',
      ask('VolumeBinding', ['NodeUnschedulable']),
      ['VolumeBinding', 'NodeUnschedulable'],
      false,
    ],
    ['adds a blank second choice when the tick has no other', ask(3, []), ['3', ''], true],
    ['keeps at most 8', ask('a', [...'bcdefghij']), [...'abcdefgh'], false],
    ['writes a boolean as its text', ask(true, ['false']), ['true', 'false'], false],
    ['reads a numeric text as typable', ask('2', []), ['2', ''], true],
  ])('%s', (_, a, want, number) => {
    expect(offeredChoices(a)).toEqual(want);
    expect(typable(a)).toBe(number);
  });
});

describe('withMoment', () => {
  const base = { text: 'Here.', lang: 'en' as const, title: 'My lesson: Seed', question: 'How many?' };
  const numbers = [view('newRSNewReplicas', 'rollingUpdate', { replicas: 10, maxSurge: 3 })];

  it('starts a lesson with a step at the tick, asking for a value the engine will give', () => {
    const ask = askableValues(numbers)[1] ?? null;
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

  it('writes a choice question with the record’s where and the choices as typed, trimmed, none marked right', () => {
    const ask = askableValues(cycle).find((a) => a.value === 'plugin' && a.where?.node === 'node-3') ?? null;
    const { lesson } = withMoment(null, {
      ...base,
      question: 'Which plugin?',
      tick: 83,
      after: -1,
      ask,
      choices: ['NodeUnschedulable', ' VolumeBinding ', 'TaintToleration'],
    });
    expect(lesson.steps[0]?.question).toEqual({
      text: { en: 'Which plugin?' },
      answer: { fn: 'runFilterPlugins', key: 'rejected', where: { node: 'node-3' }, value: 'plugin' },
      choices: [{ value: 'NodeUnschedulable' }, { value: 'VolumeBinding' }, { value: 'TaintToleration' }],
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

describe('stepProblems', () => {
  const ask = askableValues(cycle).find((a) => a.value === 'plugin') ?? null;
  const problems = (choices: string[], text = 'Here.') => {
    const first = withMoment(null, {
      text: 'First.',
      lang: 'en',
      title: 'T',
      question: 'Q',
      tick: 1,
      after: -1,
      ask: null,
    });
    const made = withMoment(first.lesson, {
      text,
      lang: 'en',
      title: 'T',
      question: 'Which?',
      tick: 83,
      after: 0,
      ask,
      choices,
    });
    const r = validateLesson(made.lesson);
    return stepProblems(r.ok ? [] : r.errors, made.index);
  };
  it.each<[string, string[], string, Partial<ReturnType<typeof stepProblems>>]>([
    [
      'nothing for good choices',
      ['VolumeBinding', 'TaintToleration'],
      'Here.',
      { list: null, rows: new Map(), other: [] },
    ],
    [
      'a blank choice, beside it',
      ['VolumeBinding', '  '],
      'Here.',
      {
        rows: new Map([
          [1, 'must be a non-empty string of at most 200 characters, without spaces around it'],
        ]),
      },
    ],
    [
      'a repeated choice, beside the repeat',
      ['VolumeBinding', 'TaintToleration', 'VolumeBinding'],
      'Here.',
      {
        rows: new Map([[2, 'repeats the choice "VolumeBinding"']]),
      },
    ],
    [
      'one choice, about the list',
      ['VolumeBinding'],
      'Here.',
      {
        list: 'must be a list of 2 to 8 choices, each with a value',
      },
    ],
    [
      'a step text too long, whole with its path',
      ['VolumeBinding', 'TaintToleration'],
      'x'.repeat(2001),
      {
        other: ['lesson.steps[1].text.en: must be at most 2000 characters'],
      },
    ],
  ])('says %s', (_, choices, text, want) => {
    expect(problems(choices, text)).toMatchObject(want);
  });
});

describe('a choice step written in the page', () => {
  const scenario = (() => {
    const r = parseScenarioText(PRESETS.find((p) => p.id === 'statefulset-drain')?.text ?? '');
    if (!r.ok) throw new Error(r.errors[0]);
    return r.value;
  })();
  const written = (values: string[]): Lesson => {
    const ask = askableValues(cycle).find((a) => a.value === 'plugin') ?? null;
    return withMoment(null, {
      text: 'The scheduler checks every node.',
      lang: 'zh-CN',
      title: '我的课程',
      question: '哪个插件？',
      tick: 83,
      after: -1,
      ask,
      choices: values,
    }).lesson;
  };

  it.each([
    ['plugin names', ['NodeUnschedulable', 'VolumeBinding', 'TaintToleration']],
    [
      'texts YAML 1.1 would read as booleans, numbers or null',
      ['yes', 'on', '0644', '3', 'null', 'true', '1e3'],
    ],
  ])('exports and shares %s as the same lesson', (_, values) => {
    const lesson = written(values);
    expect(validateLesson(lesson)).toEqual({ ok: true, value: lesson });
    const exported = parseScenarioText(scenarioToYaml({ ...scenario, lesson }));
    expect(exported.ok && exported.value.lesson).toEqual(lesson);
    const shared = decodeShareHash(encodeShareHash({ ...scenario, lesson }, { tick: 83 }));
    expect(shared.ok && shared.value.scenario.lesson).toEqual(lesson);
  });

  it('reads node-1’s plugin from the run, one of the choices', () => {
    const rec = new Recording({ ...scenario });
    rec.timeline.record();
    const records = rec.timeline.records;
    let tick = 0;
    for (let i = 0; i < records.length && tick === 0; i++) {
      const r = records.at(i);
      if (r?.decisions.some((d) => d.fn === 'runFilterPlugins' && d.key === 'rejected')) tick = r.tick;
    }
    const lesson = written(['NodeUnschedulable', 'VolumeBinding']);
    const step = { ...(lesson.steps[0] as Lesson['steps'][number]), at: { tick } };
    expect(resolveSteps([step], { records, more: () => false })[0]).toMatchObject({
      answer: 'VolumeBinding',
      problem: null,
    });
  });
});

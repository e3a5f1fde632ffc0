import { describe, expect, it } from 'vitest';
import type { Decision } from '../engine/api/decision.ts';
import type { TickRecord } from '../engine/sim.ts';
import { summaryNote } from '../engine/client/summaryCatalog.ts';
import type { LessonChoice, LessonStep } from './format.ts';
import { choiceOf, isRightAnswer, resolveSteps } from './resolve.ts';

const scaledNote = (from: number, to: number) => summaryNote('replicaSetScaled', { rs: 'web-1', from, to });
const scale = (from: number, to: number): Decision => ({
  fn: 'scaleReplicaSet',
  key: 'scale',
  values: { rs: 'web-1', from, to },
});
const records: TickRecord[] = [
  { tick: 1, time: 0, actor: 'user', summary: '', notes: [], writes: [], decisions: [] },
  {
    tick: 2,
    time: 1000,
    actor: 'deployment-controller',
    summary: '',
    notes: scaledNote(10, 8),
    writes: [],
    decisions: [scale(10, 8)],
  },
  {
    tick: 3,
    time: 2000,
    actor: 'deployment-controller',
    summary: '',
    notes: summaryNote('errorSyncing', { key: 'k', error: 'the object has been modified', delay: 5 }),
    writes: [],
    decisions: [scale(10, 8)],
  },
  {
    tick: 4,
    time: 3000,
    actor: 'deployment-controller',
    summary: '',
    notes: scaledNote(8, 7),
    writes: [],
    decisions: [scale(8, 7)],
  },
  {
    tick: 5,
    time: 4000,
    actor: 'kubelet/node-1',
    summary: '',
    notes: summaryNote('crashLoopBackOff', { pod: 'p', seconds: 20 }),
    writes: [],
    decisions: [],
  },
];
const src = { records, more: () => false };
const ask = { text: { en: '?' }, answer: { fn: 'scaleReplicaSet', key: 'scale', value: 'to' } };

describe('resolveSteps', () => {
  it('places each step after the previous one and reads the answer from the decision', () => {
    const steps: LessonStep[] = [
      { text: { en: 'a' }, at: { decision: { fn: 'scaleReplicaSet', key: 'scale' } }, question: ask },
      { text: { en: 'b' }, at: { decision: { fn: 'scaleReplicaSet', key: 'scale' } }, question: ask },
    ];
    expect(resolveSteps(steps, src).map((p) => [p.tick, p.answer, p.formula.length])).toEqual([
      [2, 8, 1],
      [4, 7, 1],
    ]);
  });

  it('never stops at a retry, which repeats the decision of tick 2', () => {
    const steps: LessonStep[] = [
      {
        text: { en: 'a' },
        at: { decision: { fn: 'scaleReplicaSet', key: 'scale', where: { from: 10 }, nth: 2 } },
      },
    ];
    expect(resolveSteps(steps, src)[0]?.problem).toBe(
      'no tick with scaleReplicaSet.scale {"from":10} after tick 0',
    );
  });

  it('stays on the same tick with orSame, finds times and notes', () => {
    const steps: LessonStep[] = [
      { text: { en: 'a' }, at: { time: 1 } },
      { text: { en: 'b' }, at: { decision: { fn: 'scaleReplicaSet', key: 'scale', orSame: true } } },
      {
        text: { en: 'c' },
        at: { note: { key: 'crashLoopBackOff' } },
        question: { text: { en: '?' }, answer: { note: 'crashLoopBackOff', value: 'seconds' } },
      },
    ];
    expect(resolveSteps(steps, src).map((p) => [p.tick, p.answer])).toEqual([
      [2, null],
      [2, null],
      [5, 20],
    ]);
  });

  it('says which value is missing', () => {
    const steps: LessonStep[] = [
      { text: { en: 'a' }, at: { tick: 2 }, question: { ...ask, answer: { ...ask.answer, value: 'nope' } } },
    ];
    expect(resolveSteps(steps, src)[0]?.problem).toBe(
      'decision scaleReplicaSet.scale of tick 2 has no value nope',
    );
  });

  it('records more while looking', () => {
    let given = 2;
    const growing = {
      get records() {
        return records.slice(0, given);
      },
      more: () => given < records.length && ++given > 0,
    };
    expect(resolveSteps([{ text: { en: 'a' }, at: { tick: 4 } }], growing)[0]?.tick).toBe(4);
  });
});

describe('isRightAnswer', () => {
  it.each([
    ['3', 3, true],
    [' 3 ', 3, true],
    ['3.0', 3, true],
    ['4', 3, false],
    ['', 0, false],
    ['three', 3, false],
    ['2', '2', true],
    ['1,000', 1000, true],
  ] as const)('checks %j against %j: %s', (input, answer, ok) => {
    expect(isRightAnswer(input, answer)).toBe(ok);
  });
});

describe('isRightAnswer for a choice question', () => {
  const plugins: LessonChoice[] = [
    { value: 'NodeUnschedulable' },
    { value: 'VolumeBinding', text: { en: 'Volume binding', 'zh-CN': '卷绑定' } },
    { value: 'TaintToleration' },
  ];
  const counts: LessonChoice[] = [{ value: '0' }, { value: '1' }, { value: '3' }];
  it.each([
    ['the engine’s value', 'VolumeBinding', 'VolumeBinding', plugins, true],
    ['another choice', 'NodeUnschedulable', 'VolumeBinding', plugins, false],
    ['the value, not the text', 'Volume binding', 'VolumeBinding', plugins, false],
    ['spaces around the picked value', ' VolumeBinding ', 'VolumeBinding', plugins, true],
    ['nothing picked', '', 'VolumeBinding', plugins, false],
    [
      'a value outside the choices, even the engine’s',
      'NodeResourcesFit',
      'NodeResourcesFit',
      plugins,
      false,
    ],
    ['case matters', 'volumebinding', 'VolumeBinding', plugins, false],
    ['a number choice against a number', '3', 3, counts, true],
    ['a number choice against a numeric string', '1', '1', counts, true],
    ['another number choice', '0', 3, counts, false],
    ['a number that is no choice', '3.0', 3, counts, false],
  ] as const)('%s: %j against %j → %s', (_, input, answer, choices, ok) => {
    expect(isRightAnswer(input, answer, choices)).toBe(ok);
  });

  it.each([
    ['VolumeBinding', plugins, 'VolumeBinding'],
    ['NodeResourcesFit', plugins, undefined],
    [3, counts, '3'],
    [true, counts, undefined],
  ] as const)('choiceOf finds the engine’s value %j among the choices', (answer, choices, want) => {
    expect(choiceOf(choices, answer)?.value).toBe(want);
  });
});

describe('resolveSteps with a choice question', () => {
  const at = { decision: { fn: 'scaleReplicaSet', key: 'scale' } };
  const choose = (values: string[]) => ({ ...ask, choices: values.map((value) => ({ value })) });
  it.each([
    ['the engine’s value among them', ['7', '8', '9'], null],
    [
      'the engine’s value not among them',
      ['6', '7'],
      "the engine's value 8 at tick 2 is none of the choices",
    ],
  ] as const)('%s', (_, values, problem) => {
    const [p] = resolveSteps([{ text: { en: 'a' }, at, question: choose([...values]) }], src);
    expect(p).toMatchObject({ tick: 2, answer: 8, problem });
  });
});

describe('resolveSteps with an answer picked by where', () => {
  const rejected = (node: string, plugin: string): Decision => ({
    fn: 'runFilterPlugins',
    key: 'rejected',
    values: { node, plugin, code: 'UnschedulableAndUnresolvable' },
  });
  const cycle: TickRecord[] = [
    {
      tick: 1,
      time: 0,
      actor: 'default-scheduler',
      summary: '',
      notes: [
        ...summaryNote('crashLoopBackOff', { pod: 'a', seconds: 10 }),
        ...summaryNote('crashLoopBackOff', { pod: 'b', seconds: 40 }),
      ],
      writes: [],
      decisions: [
        rejected('node-2', 'NodeUnschedulable'),
        rejected('node-1', 'VolumeBinding'),
        rejected('node-3', 'TaintToleration'),
      ],
    },
  ];
  const one = { records: cycle, more: () => false };
  const plugin = { fn: 'runFilterPlugins', key: 'rejected', value: 'plugin' };
  it.each<[string, LessonStep['question'] & object, string | number | null, string | null]>([
    ['the first record without where', { text: {}, answer: plugin }, 'NodeUnschedulable', null],
    [
      'the record where names the node',
      { text: {}, answer: { ...plugin, where: { node: 'node-1' } } },
      'VolumeBinding',
      null,
    ],
    [
      'the nth of the records where leaves',
      { text: {}, answer: { ...plugin, where: { code: 'UnschedulableAndUnresolvable' }, nth: 3 } },
      'TaintToleration',
      null,
    ],
    [
      'no record where leaves',
      { text: {}, answer: { ...plugin, where: { node: 'node-9' } } },
      null,
      'tick 1 has no decision runFilterPlugins.rejected {"node":"node-9"}',
    ],
    [
      'a note where names the pod',
      { text: {}, answer: { note: 'crashLoopBackOff', where: { pod: 'b' }, value: 'seconds' } },
      40,
      null,
    ],
    [
      'no note where leaves',
      { text: {}, answer: { note: 'crashLoopBackOff', where: { pod: 'c' }, value: 'seconds' } },
      null,
      'tick 1 has no note crashLoopBackOff {"pod":"c"}',
    ],
    [
      'a choice question on the node-1 record',
      {
        text: {},
        answer: { ...plugin, where: { node: 'node-1' } },
        choices: [{ value: 'NodeUnschedulable' }, { value: 'VolumeBinding' }],
      },
      'VolumeBinding',
      null,
    ],
  ])('reads %s', (_, question, answer, problem) => {
    const [p] = resolveSteps([{ text: { en: 'a' }, at: { tick: 1 }, question }], one);
    expect(p).toMatchObject({ tick: 1, answer, problem });
  });
});

import { describe, expect, it } from 'vitest';
import { checkRequest, isWorkerRequest, requestId } from './protocolChecks.ts';

describe('checkRequest', () => {
  it.each<[string, unknown, string | null]>([
    ['hello', { type: 'hello', id: 1 }, null],
    ['load', { type: 'load', id: 2, text: 'version: 1', presetId: null, tick: 5 }, null],
    ['load of a preset at no tick', { type: 'load', id: 2, text: '', presetId: 'seed', tick: null }, null],
    ['step back', { type: 'step', id: 3, delta: -1 }, null],
    ['seek', { type: 'seek', id: 3, tick: 0 }, null],
    ['seekTime', { type: 'seekTime', id: 3, seconds: 31.5 }, null],
    ['the fastest speed', { type: 'setSpeed', id: 3, speed: 0 }, null],
    ['a kubectl line', { type: 'kubectl', id: 3, line: 'get rs' }, null],
    ['a field as text', { type: 'setField', id: 3, workload: 'web', field: 'maxSurge', value: '25%' }, null],
    [
      'an image as a field',
      { type: 'setField', id: 3, workload: 'web', field: 'image', value: 'nginx=nginx:2' },
      null,
    ],
    ['an import to add', { type: 'import', id: 3, text: 'x', mode: 'add', fileName: 'web.yaml' }, null],
    [
      'a fork preview of a console line',
      { type: 'forkPreview', id: 3, line: 'scale deploy/web --replicas=2' },
      null,
    ],
    ['image behaviours', { type: 'setImages', id: 3, text: '{}' }, null],
    ['a node fault', { type: 'node', id: 3, op: 'fault', name: 'node-1' }, null],
    ['a new node', { type: 'node', id: 3, op: 'add', name: null }, null],
    ['a query', { type: 'query', id: 3, what: 'yaml', kind: 'deployment', name: 'web', from: null }, null],
    ['completions', { type: 'completions', id: 3, prefix: 'rollout ' }, null],
    [
      'the next decision',
      { type: 'stepDecision', id: 3, direction: 1, follow: 'deployment-controller' },
      null,
    ],
    [
      'a decision 2 away',
      { type: 'stepDecision', id: 3, direction: 2, follow: 'all' },
      'stepDecision: bad value for direction',
    ],
    [
      'an unknown follow',
      { type: 'stepDecision', id: 3, direction: -1, follow: 'gc' },
      'stepDecision: bad value for follow',
    ],
    [
      'a lesson over a preset',
      {
        type: 'openLesson',
        id: 3,
        presetId: 'seed',
        text: null,
        lesson: { id: 'l', title: { en: 'L' }, steps: [{ text: { en: 'hi' }, at: { tick: 0 } }] },
        tick: null,
      },
      null,
    ],
    [
      'a lesson without steps (the worker checks the rest)',
      {
        type: 'openLesson',
        id: 3,
        presetId: 'seed',
        text: null,
        lesson: { id: 'l', title: { en: 'L' }, steps: [] },
        tick: null,
      },
      'openLesson: bad value for lesson',
    ],
    ['dropping the lesson', { type: 'setLesson', id: 3, lesson: null }, null],
    ['resolving the lesson', { type: 'resolveLesson', id: 3 }, null],
    ['null', null, 'a request must be an object, not null'],
    ['an array', [{ type: 'hello', id: 1 }], 'a request must be an object, not an array'],
    ['a string', 'hello', 'a request must be an object, not string'],
    ['an unknown type', { type: 'launch', id: 1 }, 'unknown request type "launch"'],
    ['a non-string type', { type: 7, id: 1 }, 'unknown request type "7"'],
    ['a missing id', { type: 'hello' }, 'hello: id must be a positive integer'],
    ['a fractional id', { type: 'hello', id: 1.5 }, 'hello: id must be a positive integer'],
    ['an extra field', { type: 'hello', id: 1, extra: 1 }, 'hello: unexpected field extra'],
    ['a missing field', { type: 'seek', id: 1 }, 'seek: missing field tick'],
    [
      'an import without its mode',
      { type: 'import', id: 1, text: 'x', fileName: null },
      'import: missing field mode',
    ],
    [
      'an import of an unknown mode',
      { type: 'import', id: 1, text: 'x', mode: 'merge', fileName: null },
      'import: bad value for mode',
    ],
    [
      'a fork preview of a number',
      { type: 'forkPreview', id: 1, line: 3 },
      'forkPreview: bad value for line',
    ],
    ['a step of 0', { type: 'step', id: 1, delta: 0 }, 'step: bad value for delta'],
    ['a fractional tick', { type: 'seek', id: 1, tick: 2.5 }, 'seek: bad value for tick'],
    [
      'an infinite time',
      { type: 'seekTime', id: 1, seconds: Number.POSITIVE_INFINITY },
      'seekTime: bad value for seconds',
    ],
    ['a negative speed', { type: 'setSpeed', id: 1, speed: -1 }, 'setSpeed: bad value for speed'],
    [
      'an unknown field',
      { type: 'setField', id: 1, workload: 'web', field: 'labels', value: 1 },
      'setField: bad value for field',
    ],
    [
      'an object value',
      { type: 'setField', id: 1, workload: 'web', field: 'replicas', value: {} },
      'setField: bad value for value',
    ],
    [
      'an empty workload',
      { type: 'setField', id: 1, workload: '', field: 'replicas', value: 1 },
      'setField: bad value for workload',
    ],
    ['an unknown node op', { type: 'node', id: 1, op: 'reboot', name: 'n' }, 'node: bad value for op'],
    [
      'an unknown query',
      { type: 'query', id: 1, what: 'exec', kind: null, name: null, from: null },
      'query: bad value for what',
    ],
    [
      'a huge kubectl line',
      { type: 'kubectl', id: 1, line: 'x'.repeat(10_001) },
      'kubectl: bad value for line',
    ],
  ])('checks %s', (_name, input, expected) => {
    expect(checkRequest(input)).toBe(expected);
    expect(isWorkerRequest(input)).toBe(expected === null);
  });
});

describe('requestId', () => {
  it.each<[unknown, number | null]>([
    [{ type: 'x', id: 4 }, 4],
    [{ id: 0 }, null],
    [{ id: '4' }, null],
    [null, null],
  ])('reads the id of %j', (input, id) => {
    expect(requestId(input)).toBe(id);
  });
});

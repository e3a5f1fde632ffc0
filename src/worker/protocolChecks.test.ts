import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from './protocol.ts';
import { checkRequest, isWorkerMessage, isWorkerRequest, requestId } from './protocolChecks.ts';

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

const frame = {
  type: 'frame',
  tick: 3,
  totalTicks: 10,
  time: 1.5,
  endTime: 4,
  lastChangeTime: 3,
  playing: false,
  speed: 1,
  recording: 'recording',
  recordingNote: null,
  podCount: 0,
  packed: null,
  view: null,
  derived: null,
};
const packed = {
  count: 1,
  node: new Int32Array(1),
  phase: new Uint8Array(1),
  revision: new Int32Array(1),
  workload: new Int32Array(1),
  names: 'p',
  namesVersion: 1,
  nodeNames: ['n'],
  workloadNames: ['w'],
};
const view = {
  nodes: [],
  pods: [],
  workloads: [],
  replicaSets: [],
  expectations: [],
  queues: [],
  backoffs: [],
  tickView: null,
  recentTicks: [],
};
const derived = {
  reset: false,
  series: [],
  markers: [],
  watch: { rs: [], deploy: [], ds: [], sts: [], pods: [] },
};
const second = {
  second: 31,
  service: 'default/web',
  ok: 98,
  refused: 2,
  reset: 0,
  timeout: 0,
  http503: 0,
  byRevision: { '1': 40, '2': 58 },
  endpoints: 9,
};
const hello = {
  kind: 'hello',
  protocolVersion: PROTOCOL_VERSION,
  kubernetesVersion: 'v1.36.3',
  engineFormatVersion: 1,
  presets: [],
  defaultPresetId: 'seed',
};

describe('isWorkerMessage', () => {
  it.each<[string, unknown, boolean]>([
    ['a hello reply', { type: 'reply', id: 1, ok: true, result: hello }, true],
    ['a done reply', { type: 'reply', id: 1, ok: true, result: { kind: 'done' } }, true],
    ['a text reply', { type: 'reply', id: 1, ok: true, result: { kind: 'text', text: 'x' } }, true],
    ['an error reply', { type: 'reply', id: 1, ok: false, error: 'boom' }, true],
    [
      'an error reply with a result',
      { type: 'reply', id: 1, ok: false, error: 'boom', result: { kind: 'done' } },
      false,
    ],
    ['a reply without an id', { type: 'reply', ok: true, result: { kind: 'done' } }, false],
    ['a reply of an unknown kind', { type: 'reply', id: 1, ok: true, result: { kind: 'blob' } }, false],
    [
      'a hello without presets',
      { type: 'reply', id: 1, ok: true, result: { ...hello, presets: undefined } },
      false,
    ],
    ['a light frame', frame, true],
    ['a full frame', { ...frame, view }, true],
    ['a packed frame', { ...frame, podCount: 1, packed }, true],
    [
      'a packed frame with short arrays',
      { ...frame, packed: { ...packed, phase: new Uint8Array(0) } },
      false,
    ],
    ['a packed frame with a plain array', { ...frame, packed: { ...packed, node: [0] } }, false],
    [
      'a packed frame with endpoint codes',
      { ...frame, packed: { ...packed, endpoint: Uint8Array.of(3) } },
      true,
    ],
    [
      'a packed frame with short endpoint codes',
      { ...frame, packed: { ...packed, endpoint: new Uint8Array(0) } },
      false,
    ],
    [
      'a packed frame with endpoint codes as a plain array',
      { ...frame, packed: { ...packed, endpoint: [3] } },
      false,
    ],
    [
      'a full frame with a code for each pod',
      { ...frame, view: { ...view, podEndpoints: new Uint8Array(0) } },
      true,
    ],
    [
      'a full frame with more codes than pods',
      { ...frame, view: { ...view, podEndpoints: Uint8Array.of(1) } },
      false,
    ],
    ['a frame with a fractional tick', { ...frame, tick: 1.5 }, false],
    ['a frame with an unknown recording state', { ...frame, recording: 'paused' }, false],
    ['a frame without derived', { ...frame, derived: undefined }, false],
    ['a frame with traffic seconds', { ...frame, derived: { ...derived, traffic: [second] } }, true],
    [
      'a frame with a negative traffic count',
      { ...frame, derived: { ...derived, traffic: [{ ...second, refused: -1 }] } },
      false,
    ],
    [
      'a frame with a traffic second missing its revisions',
      { ...frame, derived: { ...derived, traffic: [{ ...second, byRevision: undefined }] } },
      false,
    ],
    ['a frame whose view lacks nodes', { ...frame, view: { ...view, nodes: undefined } }, false],
    [
      'a scenario',
      {
        type: 'scenario',
        cause: 'fork',
        name: 'n',
        description: '',
        text: 'x',
        shareHash: '#v1.abc',
        presetId: null,
        lesson: null,
        workloads: [],
        images: [],
      },
      true,
    ],
    [
      'a scenario edited before the run',
      {
        type: 'scenario',
        cause: 'edit',
        name: 'n',
        description: '',
        text: 'x',
        shareHash: '#v1.abc',
        presetId: null,
        lesson: null,
        workloads: [],
        images: [],
      },
      true,
    ],
    [
      'a scenario without its manifests',
      {
        type: 'scenario',
        cause: 'load',
        name: 'n',
        description: '',
        text: 'x',
        shareHash: '#v1.abc',
        presetId: null,
        lesson: null,
      },
      false,
    ],
    [
      'an actions reply',
      {
        type: 'reply',
        id: 1,
        ok: true,
        result: {
          kind: 'actions',
          actions: [{ at: 30, kubectl: 'set image deployment/web c=x:2', apply: null, node: null }],
        },
      },
      true,
    ],
    [
      'an actions reply with an action without a time',
      {
        type: 'reply',
        id: 1,
        ok: true,
        result: { kind: 'actions', actions: [{ kubectl: 'x', apply: null, node: null }] },
      },
      false,
    ],
    [
      'a scenario with a lesson that is not one',
      {
        type: 'scenario',
        cause: 'load',
        name: 'n',
        description: '',
        text: 'x',
        shareHash: '#v1.abc',
        presetId: null,
        lesson: { id: 'x', steps: [] },
        workloads: [],
        images: [],
      },
      false,
    ],
    [
      'a scenario with a bad hash',
      {
        type: 'scenario',
        cause: 'fork',
        name: 'n',
        description: '',
        text: 'x',
        shareHash: 'abc',
        presetId: null,
        lesson: null,
        workloads: [],
        images: [],
      },
      false,
    ],
    ['a fault', { type: 'fault', message: 'boom', tick: 12 }, true],
    ['a fault without a tick', { type: 'fault', message: 'boom', tick: null }, true],
    ['the old error shape', { type: 'error', message: 'boom' }, false],
    ['null', null, false],
  ])('checks %s', (_name, input, expected) => {
    expect(isWorkerMessage(input)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { isWorkerMessage } from './messageChecks.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

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

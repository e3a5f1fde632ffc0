/**
 * Runtime checks of the worker's messages (protocol.ts), made by the main thread before acting on
 * one: checked down to the pieces the page indexes into (typed array lengths, tick views), not every
 * string of every view. Requests are checked in protocolChecks.ts.
 */
import {
  exactKeys,
  isFiniteNum,
  isId,
  isInt,
  isLessonShape,
  isNat,
  isRecord,
  isStrings,
  oneOf,
} from './checkShapes.ts';
import {
  type DerivedDelta,
  type FrameView,
  type PackedPodsWire,
  type PodDetailView,
  RECORDING_STATES,
  type ReplyResult,
  type TickView,
  type WorkerMessage,
} from './protocol.ts';

function isPresetSummary(x: unknown): boolean {
  return (
    isRecord(x) &&
    typeof x.id === 'string' &&
    typeof x.name === 'string' &&
    typeof x.description === 'string' &&
    (x.translations === undefined ||
      (isRecord(x.translations) &&
        Object.values(x.translations).every(
          (t) => isRecord(t) && typeof t.name === 'string' && typeof t.description === 'string',
        )))
  );
}

function isReplyResult(x: unknown): x is ReplyResult {
  if (!isRecord(x)) return false;
  switch (x.kind) {
    case 'hello':
      return (
        exactKeys(x, [
          'kind',
          'protocolVersion',
          'kubernetesVersion',
          'engineFormatVersion',
          'presets',
          'defaultPresetId',
        ]) &&
        typeof x.defaultPresetId === 'string' &&
        isInt(x.protocolVersion) &&
        typeof x.kubernetesVersion === 'string' &&
        isInt(x.engineFormatVersion) &&
        Array.isArray(x.presets) &&
        x.presets.every(isPresetSummary)
      );
    case 'done':
      return exactKeys(x, ['kind']);
    case 'text':
      return exactKeys(x, ['kind', 'text']) && typeof x.text === 'string';
    case 'list':
      return exactKeys(x, ['kind', 'items']) && isStrings(x.items);
    case 'ticks':
      return exactKeys(x, ['kind', 'ticks']) && Array.isArray(x.ticks) && x.ticks.every(isTickView);
    case 'pod':
      return exactKeys(x, ['kind', 'pod']) && (x.pod === null || isPodDetailView(x.pod));
    case 'actions':
      return exactKeys(x, ['kind', 'actions']) && Array.isArray(x.actions) && x.actions.every(isActionView);
    case 'tick':
      return exactKeys(x, ['kind', 'tick']) && (x.tick === null || isNat(x.tick));
    case 'lessonPoints':
      return (
        exactKeys(x, ['kind', 'points']) &&
        Array.isArray(x.points) &&
        x.points.every(
          (p) =>
            isRecord(p) &&
            (p.tick === null || isNat(p.tick)) &&
            Array.isArray(p.formula) &&
            (p.problem === null || typeof p.problem === 'string'),
        )
      );
    default:
      return false;
  }
}

/** isActionView checks a scripted action as the fork warning lists it. */
function isActionView(x: unknown): boolean {
  return (
    isRecord(x) &&
    isFiniteNum(x.at) &&
    (x.kubectl === null || typeof x.kubectl === 'string') &&
    (x.apply === null || typeof x.apply === 'string') &&
    (x.node === null ||
      (isRecord(x.node) && typeof x.node.name === 'string' && typeof x.node.op === 'string'))
  );
}

/** isPodDetailView checks what the details dialog reads: name, kubectl status, labels (strings) and conditions. */
function isPodDetailView(x: unknown): x is PodDetailView {
  return (
    isRecord(x) &&
    typeof x.name === 'string' &&
    typeof x.status === 'string' &&
    isRecord(x.labels) &&
    Object.values(x.labels).every((v) => typeof v === 'string') &&
    Array.isArray(x.conditions) &&
    x.conditions.every((c) => isRecord(c) && typeof c.type === 'string' && typeof c.status === 'string')
  );
}

function isTickView(x: unknown): x is TickView {
  return (
    isRecord(x) &&
    isNat(x.tick) &&
    typeof x.kind === 'string' &&
    (x.retryOf === null || isNat(x.retryOf)) &&
    isFiniteNum(x.time) &&
    typeof x.actor === 'string' &&
    typeof x.summary === 'string' &&
    Array.isArray(x.notes) &&
    x.notes.every((n) => isRecord(n) && typeof n.key === 'string' && isRecord(n.values)) &&
    Array.isArray(x.decisions) &&
    isStrings(x.writes)
  );
}

function isPackedWire(x: unknown): x is PackedPodsWire {
  return (
    isRecord(x) &&
    isNat(x.count) &&
    x.node instanceof Int32Array &&
    x.phase instanceof Uint8Array &&
    x.revision instanceof Int32Array &&
    x.workload instanceof Int32Array &&
    x.node.length === x.count &&
    x.phase.length === x.count &&
    x.revision.length === x.count &&
    x.workload.length === x.count &&
    (x.names === null || typeof x.names === 'string' || x.names instanceof Uint8Array) &&
    isNat(x.namesVersion) &&
    isStrings(x.nodeNames) &&
    isStrings(x.workloadNames) &&
    (x.endpoint === undefined || (x.endpoint instanceof Uint8Array && x.endpoint.length === x.count))
  );
}

const VIEW_ARRAYS = [
  'nodes',
  'pods',
  'workloads',
  'replicaSets',
  'expectations',
  'queues',
  'backoffs',
  'recentTicks',
] as const;

function isFrameView(x: unknown): x is FrameView {
  return (
    isRecord(x) &&
    VIEW_ARRAYS.every((k) => Array.isArray(x[k])) &&
    (x.podEndpoints === undefined ||
      (x.podEndpoints instanceof Uint8Array && x.podEndpoints.length === (x.pods as unknown[]).length)) &&
    (x.tickView === null || isTickView(x.tickView)) &&
    (x.recentTicks as unknown[]).every(isTickView)
  );
}

/** isTrafficSecond checks what the Traffic chart indexes into: the second, the service and the counts. */
function isTrafficSecond(x: unknown): boolean {
  return (
    isRecord(x) &&
    isNat(x.second) &&
    typeof x.service === 'string' &&
    (['ok', 'refused', 'reset', 'timeout', 'http503', 'endpoints'] as const).every((k) => isNat(x[k])) &&
    isRecord(x.byRevision) &&
    Object.values(x.byRevision).every(isNat)
  );
}

function isDerived(x: unknown): x is DerivedDelta {
  if (!isRecord(x) || typeof x.reset !== 'boolean' || !Array.isArray(x.series) || !Array.isArray(x.markers))
    return false;
  const w = x.watch;
  return (
    isRecord(w) &&
    ['rs', 'deploy', 'ds', 'sts', 'pods'].every((k) => Array.isArray(w[k])) &&
    (x.rollouts === undefined || x.rollouts === null || Array.isArray(x.rollouts)) &&
    (x.traffic === undefined || (Array.isArray(x.traffic) && x.traffic.every(isTrafficSecond)))
  );
}

const FRAME_KEYS = [
  'type',
  'tick',
  'totalTicks',
  'time',
  'endTime',
  'lastChangeTime',
  'playing',
  'speed',
  'recording',
  'recordingNote',
  'podCount',
  'packed',
  'view',
  'derived',
];

function isFrame(x: Record<string, unknown>): boolean {
  return (
    exactKeys(x, FRAME_KEYS) &&
    isNat(x.tick) &&
    isNat(x.totalTicks) &&
    isFiniteNum(x.time) &&
    isFiniteNum(x.endTime) &&
    isFiniteNum(x.lastChangeTime) &&
    typeof x.playing === 'boolean' &&
    isFiniteNum(x.speed) &&
    oneOf(RECORDING_STATES, x.recording) &&
    (x.recordingNote === null || typeof x.recordingNote === 'string') &&
    isNat(x.podCount) &&
    (x.packed === null || isPackedWire(x.packed)) &&
    (x.view === null || isFrameView(x.view)) &&
    (x.derived === null || isDerived(x.derived))
  );
}

/** isWorkerMessage tells whether x has the shape of a message from the worker. */
export function isWorkerMessage(x: unknown): x is WorkerMessage {
  if (!isRecord(x)) return false;
  switch (x.type) {
    case 'reply':
      if (!isId(x.id) || typeof x.ok !== 'boolean') return false;
      return x.ok
        ? exactKeys(x, ['type', 'id', 'ok', 'result']) && isReplyResult(x.result)
        : exactKeys(x, ['type', 'id', 'ok', 'error']) && typeof x.error === 'string';
    case 'frame':
      return isFrame(x);
    case 'scenario':
      return (
        exactKeys(x, [
          'type',
          'cause',
          'name',
          'description',
          'text',
          'shareHash',
          'presetId',
          'lesson',
          'workloads',
          'images',
        ]) &&
        (x.lesson === null || isLessonShape(x.lesson)) &&
        (x.cause === 'load' || x.cause === 'fork' || x.cause === 'edit' || x.cause === 'live') &&
        Array.isArray(x.workloads) &&
        Array.isArray(x.images) &&
        typeof x.name === 'string' &&
        typeof x.description === 'string' &&
        typeof x.text === 'string' &&
        typeof x.shareHash === 'string' &&
        x.shareHash.startsWith('#v') &&
        (x.presetId === null || typeof x.presetId === 'string')
      );
    case 'fault':
      return (
        exactKeys(x, ['type', 'message', 'tick']) &&
        typeof x.message === 'string' &&
        (x.tick === null || isNat(x.tick))
      );
    default:
      return false;
  }
}

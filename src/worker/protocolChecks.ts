/**
 * Runtime checks of the messages of protocol.ts: each side checks what arrives before acting on it.
 * This file checks the requests the worker takes: each must have its exact shape (no extra field,
 * every value in range). The worker's messages to the page are checked in messageChecks.ts.
 */
import {
  exactKeys,
  isFiniteNum,
  isId,
  isInt,
  isLessonShape,
  isName,
  isNat,
  isRecord,
  isText,
  oneOf,
} from './checkShapes.ts';
import {
  FOLLOWS,
  IMPORT_MODES,
  MAX_SPEED,
  NODE_OPS,
  QUERY_WHATS,
  WORKLOAD_FIELDS,
  type WorkerRequest,
  type WorkerRequestType,
} from './protocol.ts';

/** REQUEST_CHECKS: per request type, its fields (besides type and id) and their check. */
const REQUEST_CHECKS: Record<WorkerRequestType, Record<string, (x: unknown) => boolean>> = {
  hello: {},
  load: {
    text: (x) => isText(x),
    presetId: (x) => x === null || isName(x),
    tick: (x) => x === null || isNat(x),
  },
  loadPreset: { presetId: isName },
  play: {},
  pause: {},
  step: { delta: (x) => isInt(x) && x !== 0 && Math.abs(x) <= 1_000_000 },
  seek: { tick: isNat },
  seekTime: { seconds: (x) => isFiniteNum(x) && x >= 0 },
  setSpeed: { speed: (x) => isFiniteNum(x) && x >= 0 && x <= MAX_SPEED },
  kubectl: { line: (x) => isText(x, 10_000) },
  setField: {
    workload: isName,
    field: (x) => oneOf(WORKLOAD_FIELDS, x),
    value: (x) => isFiniteNum(x) || isText(x, 100),
  },
  node: { op: (x) => oneOf(NODE_OPS, x), name: (x) => x === null || isName(x) },
  import: {
    text: (x) => isText(x),
    mode: (x) => oneOf(IMPORT_MODES, x),
    fileName: (x) => x === null || isText(x, 1000),
  },
  forkPreview: { line: (x) => x === null || isText(x, 10_000) },
  setImages: { text: (x) => isText(x) },
  live: { text: (x) => isText(x) },
  query: {
    what: (x) => oneOf(QUERY_WHATS, x),
    kind: (x) => x === null || isName(x),
    name: (x) => x === null || isName(x),
    from: (x) => x === null || isNat(x),
  },
  completions: { prefix: (x) => isText(x, 10_000) },
  hold: { on: (x) => typeof x === 'boolean' },
  stepDecision: { direction: (x) => x === 1 || x === -1, follow: (x) => oneOf(FOLLOWS, x) },
  openLesson: {
    presetId: (x) => x === null || isName(x),
    text: (x) => x === null || isText(x),
    lesson: isLessonShape,
    tick: (x) => x === null || isNat(x),
  },
  setLesson: { lesson: (x) => x === null || isLessonShape(x) },
  resolveLesson: {},
};

/** requestId is the id of a message when it has a usable one (to answer even a malformed request). */
export function requestId(x: unknown): number | null {
  return isRecord(x) && isId(x.id) ? x.id : null;
}

/**
 * checkRequest tells what is wrong with a request, or null when it has the exact shape of one
 * (no extra fields, every value in range).
 */
export function checkRequest(x: unknown): string | null {
  if (!isRecord(x))
    return `a request must be an object, not ${x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x}`;
  if (typeof x.type !== 'string' || !Object.hasOwn(REQUEST_CHECKS, x.type)) {
    return `unknown request type ${JSON.stringify(typeof x.type === 'string' ? x.type.slice(0, 40) : String(x.type))}`;
  }
  const checks = REQUEST_CHECKS[x.type as WorkerRequestType];
  if (!isId(x.id)) return `${x.type}: id must be a positive integer`;
  const fields = Object.keys(checks);
  if (!exactKeys(x, ['type', 'id', ...fields])) {
    const extra = Object.keys(x).filter((k) => k !== 'type' && k !== 'id' && !fields.includes(k));
    const missing = fields.filter((k) => !Object.hasOwn(x, k));
    return `${x.type}: ${extra.length ? `unexpected field ${extra[0]}` : `missing field ${missing[0]}`}`;
  }
  for (const [k, ok] of Object.entries(checks)) if (!ok(x[k])) return `${x.type}: bad value for ${k}`;
  return null;
}

/** isWorkerRequest tells whether x has the exact shape of a request. */
export function isWorkerRequest(x: unknown): x is WorkerRequest {
  return checkRequest(x) === null;
}

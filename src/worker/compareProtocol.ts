/**
 * The messages between the page and the compare worker (compare.worker.ts), which runs 2–4
 * variants of a scenario side by side on one virtual clock (DESIGN.md §11). Like protocol.ts:
 * requests carry an id and get one reply; the worker pushes frames. Both sides import this file.
 */
import type { Variant } from '../scenario/variantFields.ts';
import type { PackedPodsWire } from './protocol.ts';
import type { RolloutView } from './views.ts';

/** COMPARE_PROTOCOL_VERSION is the version of the shapes below (2: packed pod names may be bytes). */
export const COMPARE_PROTOCOL_VERSION = 2;

/** Most variants one compare runs. */
export const MAX_COMPARE_VARIANTS = 4;

/**
 * One variant: a whole scenario (YAML or JSON text; null: the compare's base scenario) with a few
 * fields set (applyVariant) — `{}` runs the scenario as it is.
 */
export interface CompareVariantSpec {
  scenario: string | null;
  overrides: Variant;
}

export type CompareRequest =
  | { type: 'hello'; id: number }
  /** Run the variants of `base` on workload `workload` (`KIND/[NAMESPACE/]NAME`, null: the first one). */
  | { type: 'load'; id: number; base: string; variants: CompareVariantSpec[]; workload: string | null }
  | { type: 'play'; id: number }
  | { type: 'pause'; id: number }
  | { type: 'seekTime'; id: number; seconds: number }
  | { type: 'setSpeed'; id: number; speed: number };

export type CompareReply =
  | { type: 'reply'; id: number; ok: true; protocolVersion: number }
  | { type: 'reply'; id: number; ok: false; error: string };

/** New chart samples of a variant's workload since the last frame (all of them when `reset`). */
export interface CompareSeriesDelta {
  reset: boolean;
  /** Virtual seconds. */
  time: number[];
  available: number[];
  /** Pods that are not terminating (what the summary's maxPods counts). */
  pods: number[];
}

/** One variant at the clock's time. */
export interface CompareVariantFrame {
  /** Why the variant cannot run (the API server's refusal), or null. */
  error: string | null;
  /** Whether the variant's run is still being recorded. */
  recording: boolean;
  podCount: number;
  /** Every pod, packed (null for a variant in error). */
  packed: PackedPodsWire | null;
  /** Null in frames that carry no chart increment. */
  series: CompareSeriesDelta | null;
  /** Its workload's first rollout after t = 0, as far as recorded (null: none yet). */
  rollout: RolloutView | null;
}

export interface CompareFrame {
  type: 'frame';
  /** The clock, virtual seconds. */
  time: number;
  /** Where the runs' activity ends (the slider's end), virtual seconds. */
  endTime: number;
  playing: boolean;
  speed: number;
  /** The workload the summary follows, `deployment/default/web`. */
  workload: string;
  variants: CompareVariantFrame[];
}

/** A worker fault outside a request (an engine exception while recording). */
export interface CompareFault {
  type: 'fault';
  message: string;
}

export type CompareMessage = CompareReply | CompareFrame | CompareFault;

/** isCompareRequest checks a request's shape (the worker acts on nothing else). */
export function isCompareRequest(x: unknown): x is CompareRequest {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as Record<string, unknown>;
  if (typeof m.id !== 'number' || !Number.isSafeInteger(m.id)) return false;
  switch (m.type) {
    case 'hello':
    case 'play':
    case 'pause':
      return true;
    case 'seekTime':
      return typeof m.seconds === 'number' && Number.isFinite(m.seconds) && m.seconds >= 0;
    case 'setSpeed':
      return typeof m.speed === 'number' && Number.isFinite(m.speed) && m.speed >= 0 && m.speed <= 1000;
    case 'load':
      return (
        typeof m.base === 'string' &&
        (m.workload === null || typeof m.workload === 'string') &&
        Array.isArray(m.variants) &&
        m.variants.length >= 1 &&
        m.variants.length <= MAX_COMPARE_VARIANTS &&
        m.variants.every(
          (v: unknown) =>
            typeof v === 'object' &&
            v !== null &&
            ((v as CompareVariantSpec).scenario === null ||
              typeof (v as CompareVariantSpec).scenario === 'string') &&
            typeof (v as CompareVariantSpec).overrides === 'object' &&
            (v as CompareVariantSpec).overrides !== null,
        )
      );
    default:
      return false;
  }
}

/** isCompareMessage checks a worker message's shape (the page acts on nothing else). */
export function isCompareMessage(x: unknown): x is CompareMessage {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as Record<string, unknown>;
  switch (m.type) {
    case 'reply':
      return typeof m.id === 'number' && typeof m.ok === 'boolean';
    case 'frame':
      return typeof m.time === 'number' && typeof m.endTime === 'number' && Array.isArray(m.variants);
    case 'fault':
      return typeof m.message === 'string';
    default:
      return false;
  }
}

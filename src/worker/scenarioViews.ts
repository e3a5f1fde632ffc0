/**
 * Views of the working scenario (split out of views.ts, which re-exports them): the scripted
 * actions a fork drops, the image behaviour editor's rows, and each rollout's figures for the
 * summary.
 */
import type { TrafficSummary } from '../engine/traffic/types.ts';

/**
 * A scripted action of the working scenario as the fork warning lists it: when it runs and what
 * it does (the kubectl line, the object an `apply` writes, the recorded API write, or the node change).
 */
export interface ActionView {
  /** Virtual seconds. */
  at: number;
  kubectl: string | null;
  /** `Deployment/web` for an `apply`. */
  apply: string | null;
  /** `PATCH /apis/apps/v1/namespaces/default/deployments/web` for a recorded API write. */
  request: string | null;
  node: { name: string; op: 'fault' | 'recover' | 'add' | 'remove' } | null;
}

/** A delay as the scenario writes it: seconds, or a uniform [min, max]. */
export type SecondsView = number | [number, number];

/** How the simulated kubelet runs an image (DESIGN.md §4 `cluster.images`), every field given. */
export interface ImageEffectiveView {
  pullSeconds: SecondsView;
  startSeconds: SecondsView;
  readySeconds: SecondsView;
  /** How long the image runs as an init container before it exits 0 (absent: 1 s). */
  runSeconds?: SecondsView;
  pull: 'ok' | 'fail';
  crash: boolean;
  ready: 'ok' | 'never';
  /** How long an `exec` or `httpGet` preStop hook runs (not shown by the editor, kept when it writes back). */
  preStopSeconds: SecondsView;
  /** The application (DESIGN.md §15): stop listening and exit at SIGTERM, or drain first (default exit). */
  onSigterm?: 'exit' | 'drain';
  /** How long one request takes, ms (default 20). */
  requestMs?: number;
  /** Requests per second one pod answers; above it HTTP 503 (default: no limit, null). */
  maxRps?: number | null;
}

/**
 * One row of the image behaviour editor: an image the scenario uses (in a pod template, a `set
 * image` or an `apply`), one it lists in `cluster.images`, or `default` (every other image).
 */
export interface ImageBehaviourView {
  image: string;
  /** Whether a workload or an action runs it (false: only listed in cluster.images). */
  used: boolean;
  /**
   * What the scenario writes for it (`cluster.images[image]`); {} when nothing. It may hold keys
   * the editor does not show (they are kept when the editor writes the image back).
   */
  spec: Partial<ImageEffectiveView> & { [key: string]: unknown };
  /** What the kubelet does with it: the spec over `default` over the built-in default. */
  effective: ImageEffectiveView;
}

/**
 * One rollout of the run (DESIGN.md §10, summary.ts): a Deployment or DaemonSet template change
 * (creation is revision 1) with its figures, and when the fewest pods were available.
 */
export interface RolloutView {
  workload: string;
  revision: string | null;
  startSeconds: number;
  endSeconds: number | null;
  durationSeconds: number | null;
  complete: boolean;
  progressDeadlineExceeded: boolean;
  replicas: number;
  minAvailable: number;
  maxPods: number;
  maxPodsWithTerminating: number;
  minAvailableSeconds: number;
  /** What the Service's callers saw during the rollout (DESIGN.md §15); absent when no traffic reached it. */
  traffic?: TrafficSummary;
}

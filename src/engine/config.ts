/**
 * SimConfig: what the engine runs, with every scenario default already applied.
 * src/scenario parses and validates scenario files (DESIGN.md §4) and turns them into this;
 * the engine itself never parses YAML or checks field paths.
 */
import type { PolicyObject } from './api/policyTypes.ts';
import type { DaemonSet, Deployment, Taint } from './api/types.ts';

/** A delay in virtual seconds: fixed, or drawn uniformly from [min, max] with the engine PRNG. */
export type SecondsSpec = number | [number, number];

/** How the simulated kubelet runs one image (DESIGN.md §4 `cluster.images`). */
export interface ImageBehaviour {
  pullSeconds: SecondsSpec;
  startSeconds: SecondsSpec;
  readySeconds: SecondsSpec;
  /** `fail`: ErrImagePull then ImagePullBackOff, never Ready. */
  pull: 'ok' | 'fail';
  /** The container starts, exits and goes to CrashLoopBackOff with back-off. */
  crash: boolean;
  /** `never`: Running, readiness never passes. */
  ready: 'ok' | 'never';
}

export interface NodeConfig {
  name: string;
  labels: Record<string, string>;
  taints: Taint[];
  unschedulable: boolean;
  maxPods: number;
}

/** One user action at a virtual time (seconds from the start). */
export type SimAction =
  | { at: number; kubectl: string }
  | { at: number; apply: Deployment | DaemonSet | PolicyObject | Record<string, unknown> }
  | { at: number; node: { name: string; ready?: boolean; remove?: boolean; add?: Partial<NodeConfig> } };

/**
 * One step of `cluster.load` (DESIGN.md §9): from `at` seconds on, each running pod of the
 * workload uses `cpuMilli` of CPU (what metrics-server would report), until the next step.
 */
export interface LoadStep {
  at: number;
  /** `deployment/NAME` (namespace default) or `deployment/NAMESPACE/NAME`. */
  workload: string;
  cpuMilli: number;
}

export interface SimConfig {
  seed: number;
  nodes: NodeConfig[];
  /** Behaviour per image reference; `default` applies to images not listed. */
  images: Record<string, ImageBehaviour>;
  terminationSeconds: number;
  watchDelaySeconds: number;
  objects: (Deployment | DaemonSet | PolicyObject)[];
  actions: SimAction[];
  /** CPU load steps for the autoscaler; absent or empty: every pod uses nothing. */
  load?: LoadStep[];
}

export const DEFAULT_IMAGE_BEHAVIOUR: ImageBehaviour = {
  pullSeconds: 1,
  startSeconds: 1,
  readySeconds: [1, 4],
  pull: 'ok',
  crash: false,
  ready: 'ok',
};

/** Default maxPods of a node (kubelet default). */
export const DEFAULT_MAX_PODS = 110;

/**
 * The messages of the limits that keep the page responsive (types.ts LIMITS). Each states the
 * limit and why it exists, so a teacher who hits one knows it is Rollout Lab's, not Kubernetes'.
 */
import { formatCount } from './check.ts';
import { LIMITS } from './types.ts';

const WHY = '(it keeps the page responsive)';

/** replicasLimitMessage: `6,000 replicas is over Rollout Lab's limit of 5,000 per workload (…)`. */
export function replicasLimitMessage(n: number): string {
  return `${formatCount(n)} replicas is over Rollout Lab's limit of ${formatCount(LIMITS.replicasPerWorkload)} per workload ${WHY}`;
}

/** nodeLimitMessage: `2,500 nodes is over Rollout Lab's limit of 2,000 nodes (…)`. */
export function nodeLimitMessage(n: number): string {
  return `${formatCount(n)} nodes is over Rollout Lab's limit of ${formatCount(LIMITS.nodes)} nodes ${WHY}`;
}

/** actionLimitMessage: `12,000 actions is over Rollout Lab's limit of 10,000 actions (…)`. */
export function actionLimitMessage(n: number): string {
  return `${formatCount(n)} actions is over Rollout Lab's limit of ${formatCount(LIMITS.actions)} actions ${WHY}`;
}

/**
 * secondsLimitMessage: a duration of the pod spec (grace period, probe timing, preStop sleep)
 * beyond one virtual day. Kubernetes accepts it; the simulator's runs stop at a day.
 */
export function secondsLimitMessage(n: number): string {
  return `${formatCount(n)} is outside Rollout Lab's limit of 0 to ${formatCount(LIMITS.seconds)} seconds (one virtual day; Kubernetes itself accepts it)`;
}

/** textLimitMessage: the scenario text (or a link's decompressed payload) is over 1 MiB. */
export function textLimitMessage(what: string, bytes: number | null): string {
  const size = bytes === null ? 'more than 1 MiB' : `${(bytes / LIMITS.textBytes).toFixed(1)} MiB`;
  return `${what} is ${size}, over Rollout Lab's limit of 1 MiB (${formatCount(LIMITS.textBytes)} bytes) ${WHY}`;
}

/** utf8Length counts the UTF-8 bytes of a string without allocating them (engine/lib/utf8.ts). */
export { utf8Length } from '../engine/lib/utf8.ts';

/**
 * Which ticks are decisions (DESIGN.md §12): a tick where a controller changed an object's spec
 * or created or deleted one. The rest are folded in Explain: an informer delivering a watch event,
 * a work queue handing back a key (requeue), a sync that changed nothing but status (no-op), and a
 * sync that failed on a Conflict before doing anything new (retry: it repeats the decisions of the
 * sync it retries). Of the Seed run's 648 ticks, 250 are deliveries, 46 retries, 45 requeues and
 * 16 are the Deployment controller's scaling decisions (12 + 4 that also hit a Conflict after
 * their writes, which stay decisions: they changed something).
 *
 * The classification reads the tick's summary notes, which controllers write only for what they
 * did: `replicaSetScaled` after a successful scale, `podsCreated` after the creations, ...
 */
import type { TickRecord } from '../engine/sim.ts';
import { SUMMARY_KEYS, SUMMARY_PARAMS, type SummaryKey } from '../engine/client/summaryCatalog.ts';
import type { TickRecords } from './tickLog.ts';

/** What a tick is, for stepping and folding. */
export type TickKind = 'decision' | 'retry' | 'noop' | 'requeue' | 'delivery' | 'action' | 'other';

/** The controllers whose ticks can be decisions. */
export const CONTROLLER_ACTORS = [
  'deployment-controller',
  'replicaset-controller',
  'daemonset-controller',
  'statefulset-controller',
  'persistentvolume-binder-controller',
  // The controllers that finish a deletion: the garbage collector's cascades and finalizers,
  // a claim's protection, a namespace's emptying.
  'garbage-collector',
  'pvc-protection-controller',
  'pv-protection-controller',
  'namespace-controller',
] as const;

/** Notes a controller writes only when it created, deleted or re-specced an object. */
const DECISION_NOTES: ReadonlySet<SummaryKey> = new Set<SummaryKey>([
  'replicaSetCreated',
  'replicaSetScaled',
  'oldReplicaSetDeleted',
  'rolledBack',
  'podsCreated',
  'podsDeleted',
  'daemonSetCreated',
  'daemonSetDeletedPods',
  'daemonSetCreatedDeleted',
  'statefulSetWrote',
  'claimBound',
  'ownerGone',
  'ownerDeletingDependents',
  'orphanedDependents',
  'finalizerRemoved',
  'pvcFinalizerRemoved',
  'pvcFinalizerAdded',
  'namespaceContentRemains',
  'namespaceDeleted',
]);

/** The API server's Conflict message ends with these words (apierrors.NewConflict). */
const CONFLICT = 'the object has been modified';

const ERROR_SYNCING = SUMMARY_KEYS.indexOf('errorSyncing');
const REQUEUE = SUMMARY_KEYS.indexOf('requeue');

function isController(actor: string): boolean {
  return (CONTROLLER_ACTORS as readonly string[]).includes(actor);
}

/**
 * classifyTick tells what a recorded tick is. Controller ticks: a decision note → decision; only
 * a requeue note → requeue; a Conflict before any write → retry; else no-op.
 */
export function classifyTick(rec: TickRecord): TickKind {
  if (rec.actor === 'informer') return 'delivery';
  if (rec.actor === 'user') return 'action';
  if (!isController(rec.actor)) return 'other';
  const notes = rec.notes;
  let conflict = false;
  let onlyRequeue = notes.length > 0;
  for (let at = 0; at < notes.length; ) {
    const i = notes[at] as number;
    const params = SUMMARY_PARAMS[i];
    if (!params) break;
    if (DECISION_NOTES.has(SUMMARY_KEYS[i] as SummaryKey)) return 'decision';
    if (i !== REQUEUE) onlyRequeue = false;
    if (i === ERROR_SYNCING) {
      const error = notes[at + 1 + params.indexOf('error')];
      if (typeof error === 'string' && error.includes(CONFLICT)) conflict = true;
    }
    at += 1 + params.length;
  }
  if (onlyRequeue) return 'requeue';
  // A sync that wrote something (an annotation, a status) before its Conflict did new work.
  return conflict && !rec.writes.some((w) => w.object.kind !== 'Event') ? 'retry' : 'noop';
}

/** Which ticks Previous / Next decision stop at: the Explain panel's Follow filter. */
export type Follow =
  | 'all'
  | 'deployment-controller'
  | 'replicaset-controller'
  | 'daemonset-controller'
  | 'statefulset-controller'
  | 'kubelet'
  | 'default-scheduler';

export const FOLLOWS: readonly Follow[] = [
  'all',
  'deployment-controller',
  'replicaset-controller',
  'daemonset-controller',
  'statefulset-controller',
  'kubelet',
  'default-scheduler',
];

/** actorMatches: the tick's actor is the followed one (`kubelet` follows every node's kubelet). */
export function actorMatches(actor: string, follow: Follow): boolean {
  return follow === 'all' || actor === follow || actor.startsWith(`${follow}/`);
}

/**
 * isStop tells whether Previous / Next decision stop at a tick under a Follow filter: a controller
 * decision (of the followed controller); following the kubelet or the scheduler, which decide
 * nothing by that definition, a tick of theirs that wrote an object (a pod's step, a binding).
 */
export function isStop(rec: TickRecord, follow: Follow): boolean {
  if (!actorMatches(rec.actor, follow)) return false;
  if (follow === 'kubelet' || follow === 'default-scheduler') return rec.writes.some((w) => w.object.kind !== 'Event');
  return classifyTick(rec) === 'decision';
}

/** actorOf is tick index + 1's actor, read alone when the source can (a TickLog). */
function actorOf(records: TickRecords, index: number): string | undefined {
  return records.actorAt ? records.actorAt(index) : records.at(index)?.actor;
}

/** keyOf is tick index + 1's key, read alone when the source can. */
function keyOf(records: TickRecords, index: number): string | undefined {
  return records.keyAt ? records.keyAt(index) : records.at(index)?.key;
}

/**
 * findStop is the first tick after `from` (direction 1) or before it (-1) where isStop holds,
 * among the recorded ticks (records[i - 1] is tick i); null when there is none.
 */
export function findStop(records: TickRecords, from: number, direction: 1 | -1, follow: Follow): number | null {
  const kubeletOrScheduler = follow === 'kubelet' || follow === 'default-scheduler';
  for (let t = from + direction; t >= 1 && t <= records.length; t += direction) {
    // What isStop needs of the actor first: most ticks (deliveries, kubelet steps) end here.
    const actor = actorOf(records, t - 1) ?? '';
    if (!actorMatches(actor, follow) || !(kubeletOrScheduler || isController(actor))) continue;
    if (isStop(records.at(t - 1) as TickRecord, follow)) return t;
  }
  return null;
}

/** How far back retryOf looks for the sync a retry repeats. */
const RETRY_LOOKBACK = 10_000;

/**
 * retryOf is, for a retry, the tick of the sync it repeats: the last earlier sync of the same
 * controller and key that was not itself a retry or a requeue (its decisions are the ones the
 * retry recomputed). Null for any other tick or when none is found.
 */
export function retryOf(records: TickRecords, tick: number): number | null {
  const rec = records.at(tick - 1);
  if (!rec || classifyTick(rec) !== 'retry') return null;
  for (let t = tick - 1; t >= 1 && t >= tick - RETRY_LOOKBACK; t--) {
    if (actorOf(records, t - 1) !== rec.actor || keyOf(records, t - 1) !== rec.key) continue;
    const k = classifyTick(records.at(t - 1) as TickRecord);
    if (k === 'decision' || k === 'noop') return t;
  }
  return null;
}

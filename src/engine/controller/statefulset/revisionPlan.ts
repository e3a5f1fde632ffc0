// Port of kubernetes pkg/controller/statefulset/stateful_set_control.go getStatefulSetRevisions,
// setMatchesLatestExistingRevision and truncateHistory (v1.36), as pure plans: the shell writes
// what they return. The history functions are controller/history's, shared with the DaemonSet.
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { StatefulSet } from '../../api/statefulTypes.ts';
import type { ControllerRevision, Pod } from '../../api/types.ts';
import { createControllerRevision } from '../history/createControllerRevision.ts';
import {
  equalRevision,
  findEqualRevisions,
  getPatch,
  nextRevision,
  sortControllerRevisions,
  updateControllerRevision,
} from '../history/controllerHistory.ts';
import { applyRevision, newRevision } from './revisions.ts';
import { getPodRevision } from './statefulSetUtils.ts';

/** The revisionHistoryLimit apps/v1 defaults a StatefulSet to. */
export const DefaultRevisionHistoryLimit = 10;

/** What getStatefulSetRevisions must write before the sync goes on. */
export type RevisionWrite =
  | { kind: 'none' }
  | { kind: 'create'; revision: ControllerRevision }
  /** UpdateControllerRevision: an older equal revision renumbered to the top (a rollback). */
  | { kind: 'renumber'; revision: ControllerRevision; from: number; to: number };

export interface StatefulSetRevisions {
  current: ControllerRevision;
  update: ControllerRevision;
  collisionCount: number;
  write: RevisionWrite;
}

/**
 * setMatchesLatestExistingRevision (StatefulSetSemanticRevisionComparison, on): would restoring
 * the latest revision and re-deriving it give the candidate? Templates in this store are already
 * defaulted, so this is the candidate against the latest revision's re-derived data.
 */
export function setMatchesLatestExistingRevision(set: StatefulSet, proposed: ControllerRevision, latest: ControllerRevision): boolean {
  const reconstructed = newRevision(applyRevision(set, latest), -1, null);
  return equalRevision(proposed, reconstructed);
}

/**
 * The "unchanged" outcome of getStatefulSetRevisions, by the set's patch data (one object per
 * template object, getPatch): with the same collision count and the same listed revisions (the
 * very objects, in the same order) the candidate is equal to the same latest revision again. Not a
 * port (issue 23): a 1,000-replica OrderedReady update syncs ~5,700 times on one template, and
 * each sync built the candidate revision (labels, owner reference, name) and compared it with
 * every revision, ~12 % of a sync's time in the profile, to find the same answer.
 */
interface Unchanged {
  collisionCount: number;
  listed: readonly ControllerRevision[];
  sorted: readonly ControllerRevision[];
  latest: ControllerRevision;
}
const unchangedByData = new WeakMap<object, Unchanged>();

function sameRevisions(a: readonly ControllerRevision[], b: readonly ControllerRevision[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * getStatefulSetRevisions derives the update revision from the set's template: the latest
 * revision when it is equal (nothing changed); an older equal one renumbered to max+1 when not
 * (a rollback: history 1,2 becomes 2,3); otherwise a new revision max+1. The current revision is
 * the one status.currentRevision names, or the update revision on the first sync.
 */
export function getStatefulSetRevisions(
  set: StatefulSet,
  listed: readonly ControllerRevision[],
  lookup: (name: string) => ControllerRevision | undefined = () => undefined,
  log?: DecisionLog,
): StatefulSetRevisions {
  const fn = 'getStatefulSetRevisions';
  let collisionCount = set.status?.collisionCount ?? 0;
  const data = getPatch(set);
  const known = unchangedByData.get(data);
  if (known !== undefined && known.collisionCount === collisionCount && sameRevisions(known.listed, listed)) {
    decide(log, fn, 'unchanged', { revision: known.latest.metadata.name, number: known.latest.revision });
    return { current: named(known.sorted, set.status?.currentRevision) ?? known.latest, update: known.latest, collisionCount, write: NO_WRITE };
  }
  const revisions = sortControllerRevisions(listed);
  const candidate = newRevision(set, nextRevision(revisions), collisionCount);
  const equal = findEqualRevisions(revisions, candidate);
  const latest = revisions[revisions.length - 1];
  const lastEqual = equal[equal.length - 1];
  let update: ControllerRevision;
  let write: RevisionWrite = { kind: 'none' };
  if (latest && lastEqual && equalRevision(latest, lastEqual)) {
    update = latest;
    unchangedByData.set(data, { collisionCount, listed, sorted: revisions, latest });
    decide(log, fn, 'unchanged', { revision: latest.metadata.name, number: latest.revision });
  } else if (lastEqual) {
    update = updateControllerRevision(lastEqual, candidate.revision);
    write = { kind: 'renumber', revision: update, from: lastEqual.revision, to: candidate.revision };
    decide(log, fn, 'rollback', { revision: lastEqual.metadata.name, from: lastEqual.revision, to: candidate.revision });
  } else if (latest && setMatchesLatestExistingRevision(set, candidate, latest)) {
    update = latest;
    decide(log, fn, 'semanticallyUnchanged', { revision: latest.metadata.name, number: latest.revision });
  } else {
    const created = createControllerRevision(set, candidate, collisionCount, lookup, log);
    collisionCount = created.collisionCount;
    update = created.revision;
    if (!created.exists) write = { kind: 'create', revision: update };
    // A revision under the name already holding this data (made by hand, or left by a set of the
    // same name) is used as it is, as upstream's AlreadyExists path with equal Data: nothing is created.
    if (created.exists) decide(log, fn, 'existingRevision', { revision: update.metadata.name, number: update.revision, collisionCount });
    else decide(log, fn, 'newRevision', { revision: update.metadata.name, number: update.revision, collisionCount });
  }
  return { current: named(revisions, set.status?.currentRevision) ?? update, update, collisionCount, write };
}

const NO_WRITE: RevisionWrite = Object.freeze({ kind: 'none' });

/**
 * The revision called `name` (the first, as find() gives it), by a loop: the closure find() takes
 * showed as ~7 % of the 1,000-replica update's profile, called twice on each of its 7,000 syncs.
 */
function named(revisions: readonly ControllerRevision[], name: string | undefined): ControllerRevision | undefined {
  for (const r of revisions) if (r.metadata.name === name) return r;
  return undefined;
}

/** Nothing to delete: one shared result for the every-sync case (a literal and an array a sync). */
const NO_DELETES: { deletes: readonly string[] } = Object.freeze({ deletes: Object.freeze([]) });

/**
 * truncateHistory: the live revisions are current, update and every pod's revision label; the
 * others, oldest first, are deleted until revisionHistoryLimit remain (a negative limit keeps
 * all). `listed` is the list the sync started with: a revision it created is not in it.
 */
export function truncateHistoryPlan(
  set: StatefulSet,
  pods: readonly Pod[] | { list(): readonly Pod[] },
  listed: readonly ControllerRevision[],
  current: ControllerRevision | null,
  update: ControllerRevision | null,
  log?: DecisionLog,
): { deletes: readonly string[] } {
  const limit = set.spec.revisionHistoryLimit ?? DefaultRevisionHistoryLimit;
  // The history is at most the listed revisions: within the limit nothing is deleted whatever
  // the pods' revisions are, so the set of live revisions over every pod is not built (issue 23:
  // a pass over 1,000 pods on each sync, with the default limit 10 and 2 revisions).
  if (limit < 0 || listed.length <= limit) return NO_DELETES;
  const live = new Set<string>();
  if (current) live.add(current.metadata.name);
  if (update) live.add(update.metadata.name);
  for (const p of 'list' in pods ? pods.list() : pods) live.add(getPodRevision(p));
  const history = sortControllerRevisions(listed).filter((r) => !live.has(r.metadata.name));
  if (history.length <= limit) return NO_DELETES;
  const deletes = history.slice(0, history.length - limit).map((r) => r.metadata.name);
  decide(log, 'truncateHistory', 'deleteRevisions', { historic: history.length, limit, deleted: deletes.length });
  return { deletes };
}

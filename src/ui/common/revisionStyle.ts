/**
 * Revision colours and shapes, shared by the cluster, the chart and the legend. Colour and shape
 * both carry the revision (colour-blind safe, Okabe–Ito): the newest revision of a workload is a
 * bluish-green circle, the previous one a vermillion square, the one before a blue diamond, older
 * ones grey hatched squares.
 */
import type { PodView, ReplicaSetView } from '../../worker/protocol.ts';

export type RevisionShape = 'circle' | 'square' | 'diamond' | 'hatched';

export interface RevisionStyle {
  /** 0 = newest revision of its workload, 1 = previous, … */
  rank: number;
  color: string;
  shape: RevisionShape;
}

const STYLES: readonly Omit<RevisionStyle, 'rank'>[] = [
  { color: '#009e73', shape: 'circle' }, // bluish green
  { color: '#d55e00', shape: 'square' }, // vermillion
  { color: '#0072b2', shape: 'diamond' }, // blue
];
const OLDER: Omit<RevisionStyle, 'rank'> = { color: '#7c8795', shape: 'hatched' };

/** styleForRank is the colour and shape of the rank-th newest revision. */
export function styleForRank(rank: number): RevisionStyle {
  return { rank, ...(STYLES[rank] ?? OLDER) };
}

/** Revisions of each workload, newest first. */
export type RevisionIndex = Map<string, number[]>;

/**
 * revisionIndex collects each workload's revisions, newest first, from its ReplicaSets (a
 * Deployment's) and from its pods (a DaemonSet's ControllerRevisions show only on pods).
 */
export function revisionIndex(
  replicaSets: readonly ReplicaSetView[],
  pods: readonly Pick<PodView, 'workload' | 'revision'>[],
): RevisionIndex {
  const sets = new Map<string, Set<number>>();
  const add = (workload: string, revision: number) => {
    if (revision <= 0) return;
    const set = sets.get(workload) ?? new Set<number>();
    set.add(revision);
    sets.set(workload, set);
  };
  for (const rs of replicaSets) add(rs.deployment, rs.revision);
  for (const pod of pods) add(pod.workload, pod.revision);
  const out: RevisionIndex = new Map();
  for (const [workload, set] of sets)
    out.set(
      workload,
      [...set].sort((a, b) => b - a),
    );
  return out;
}

/** revisionStyle is the style of a workload's revision (unknown revisions are grey). */
export function revisionStyle(index: RevisionIndex, workload: string, revision: number): RevisionStyle {
  const rank = index.get(workload)?.indexOf(revision) ?? -1;
  return rank < 0 ? { rank: 99, ...OLDER } : styleForRank(rank);
}

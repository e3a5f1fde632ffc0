/**
 * Revision colours and shapes, shared by the cluster, the chart and the legend. Colour and shape
 * both carry the revision (colour-blind safe, Okabe–Ito), and they are a function of the revision
 * number alone, so a ReplicaSet keeps its look across the whole run while the reader scrubs, and
 * two revisions alive together never share one: revision 1 is a vermillion square, 2 a bluish-green
 * circle, 3 a blue diamond, 4 a reddish-purple hatched square, then the cycle starts again (5 looks
 * like 1; revisions four apart are rarely both running). An unknown revision (0) is grey hatched.
 */
import type { PodView, ReplicaSetView } from '../../worker/protocol.ts';

export type RevisionShape = 'circle' | 'square' | 'diamond' | 'hatched';

export interface RevisionStyle {
  color: string;
  shape: RevisionShape;
}

/** The cycle of styles, revision 1 first. */
export const REVISION_STYLES: readonly RevisionStyle[] = [
  { color: '#d55e00', shape: 'square' }, // vermillion
  { color: '#009e73', shape: 'circle' }, // bluish green
  { color: '#0072b2', shape: 'diamond' }, // blue
  { color: '#cc79a7', shape: 'hatched' }, // reddish purple
];
const UNKNOWN: RevisionStyle = { color: '#7c8795', shape: 'hatched' };

/** revisionStyle is the colour and shape of a revision: the same at every tick of the run. */
export function revisionStyle(revision: number): RevisionStyle {
  if (!Number.isInteger(revision) || revision <= 0) return UNKNOWN;
  return REVISION_STYLES[(revision - 1) % REVISION_STYLES.length] ?? UNKNOWN;
}

/** Revisions of each workload at the cursor, newest first (the legend lists them). */
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

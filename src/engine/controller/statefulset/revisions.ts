// Port of the revision helpers of kubernetes pkg/controller/statefulset/stateful_set_utils.go
// (newRevision, ApplyRevision; getPatch and nextRevision are the shared ones) (v1.36). The
// kind-neutral history functions live in controller/history/, shared with the DaemonSet.
import type { StatefulSet } from '../../api/statefulTypes.ts';
import type { ControllerRevision } from '../../api/types.ts';
import { getPatch, newControllerRevision } from '../history/controllerHistory.ts';
import { newControllerRef } from './statefulSetUtils.ts';

// A memo of a pure function over immutable API objects: the template each revision restores.
const applied = new WeakMap<object, StatefulSet['spec']['template']>();

/**
 * newRevision: the set's patch as revision `revision`, labelled with the template labels and the
 * hash, annotated with a copy of the set's annotations (so kubernetes.io/change-cause travels).
 */
export function newRevision(set: StatefulSet, revision: number, collisionCount: number | null): ControllerRevision {
  const cr = newControllerRevision(set, newControllerRef(set), set.spec.template.metadata?.labels, getPatch(set), revision, collisionCount);
  const ann = set.metadata.annotations;
  if (ann && Object.keys(ann).length) cr.metadata.annotations = { ...ann };
  return cr;
}

/**
 * The set with the current and the update revision's template applied, each made the first time
 * a step asks (issue 23): a sync of the 1,000-replica update asks for neither unless it builds a
 * placeholder or reaches a replica's claim checks, and each applyRevision copied the set and its
 * spec (~1 in 7 of its 7,000 syncs builds a placeholder).
 */
export class RevisionSets {
  private cur: StatefulSet | undefined;
  private upd: StatefulSet | undefined;
  constructor(
    private readonly set: StatefulSet,
    private readonly currentRevision: ControllerRevision,
    private readonly updateRevision: ControllerRevision,
  ) {}

  current(): StatefulSet {
    if (this.cur === undefined) this.cur = applyRevision(this.set, this.currentRevision);
    return this.cur;
  }

  update(): StatefulSet {
    if (this.upd === undefined) this.upd = applyRevision(this.set, this.updateRevision);
    return this.upd;
  }
}

/**
 * applyRevision: the strategic-merge patch with `$patch: replace` swaps in the saved template
 * whole; the rest of the set is untouched.
 */
export function applyRevision(set: StatefulSet, revision: ControllerRevision): StatefulSet {
  let template = applied.get(revision.data);
  if (!template) {
    const { $patch: _replace, ...saved } = revision.data.spec.template;
    template = JSON.parse(JSON.stringify(saved)) as StatefulSet['spec']['template'];
    applied.set(revision.data, template);
  }
  return { ...set, spec: { ...set.spec, template } };
}

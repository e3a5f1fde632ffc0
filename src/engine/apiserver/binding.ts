/**
 * The pods/binding subresource of the simulated API server: the scheduler's one write per pod.
 * Split from store.ts, whose helpers (emit, keysAre) it uses as any store write does.
 */
import type { KubeObject, PodSpec, PodStatus } from '../api/types.ts';
import { toRFC3339 } from '../lib/time.ts';
import { type ApiResult, newConflict, newNotFound } from './errors.ts';
import { spreadAdding, withResourceVersion } from './layout.ts';
import { emit, keysAre, type StoreState, type WriteContext } from './store.ts';

/** The keys of a pod as createObject stores it, before its first status. */
const UNBOUND_POD: readonly string[] = ['apiVersion', 'kind', 'metadata', 'spec'];
/** A pod with its status (admission gives a controller's pod one): the spread below gives this order too. */
const POD_WITH_STATUS: readonly string[] = [...UNBOUND_POD, 'status'];
/** The status admission gives a new pod ({ phase: 'Pending' }): the bound one is then one literal. */
const PENDING_ONLY: readonly string[] = ['phase'];

/**
 * Bound specs by unbound spec and node: the pods of a ReplicaSet share one spec until bound
 * (admission.ts), so the pods it binds to one node share one bound spec, and no binding copies
 * the spec (API objects are never changed in place). A spec bound to one node so far (each
 * DaemonSet pod has its own, pinned to its node) keeps that one bound spec without a Map: 5,000
 * daemon pods make no Map each. Not engine state: a restored run builds equal specs.
 */
const boundSpecs = new WeakMap<PodSpec, PodSpec | Map<string, PodSpec>>();

/** boundSpec is `{ ...spec, nodeName }` (spreadAdding: one hidden class), the same object for the same spec and node. */
function boundSpec(spec: PodSpec, nodeName: string): PodSpec {
  const known = boundSpecs.get(spec);
  if (known === undefined) {
    const bound = spreadAdding(spec, { nodeName });
    boundSpecs.set(spec, bound);
    return bound;
  }
  if (!(known instanceof Map)) {
    if (known.nodeName === nodeName) return known;
    const bound = spreadAdding(spec, { nodeName });
    boundSpecs.set(spec, new Map([[known.nodeName as string, known], [nodeName, bound]]));
    return bound;
  }
  let bound = known.get(nodeName);
  if (bound === undefined) {
    bound = spreadAdding(spec, { nodeName });
    known.set(nodeName, bound);
  }
  return bound;
}

/**
 * bindPod is the pods/binding subresource: it sets spec.nodeName and the PodScheduled=True
 * condition in one write, and fails with a Conflict when the pod is already bound.
 */
export function bindPod(st: StoreState, ctx: WriteContext, key: string, uid: string, nodeName: string): ApiResult<KubeObject> {
  const cur = st.objects.Pod.get(key);
  if (!cur || cur.kind !== 'Pod' || cur.metadata.uid !== uid) return { ok: false, error: newNotFound('Pod', key.split('/').pop() ?? key) };
  if (cur.spec.nodeName) return { ok: false, error: newConflict('Pod', cur.metadata.name) };
  const conditions = (cur.status?.conditions ?? []).filter((c) => c.type !== 'PodScheduled');
  conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: toRFC3339(ctx.now) });
  const metadata = withResourceVersion(cur.metadata, String(++st.rv));
  const spec = boundSpec(cur.spec, nodeName);
  // A new pod has no status yet: then the status and the pod are written as literals, with the
  // keys in the order the spreads below give them (see createLiteral for why).
  const status: PodStatus =
    cur.status === undefined || keysAre(cur.status, PENDING_ONLY) ? { phase: 'Pending', conditions } : { ...cur.status, phase: 'Pending', conditions };
  // A pod that has its status (every controller's pod: admission gives it one) is written as the
  // literal too. The spread made each bound pod a clone of its own hidden class, the one every
  // pod kept from its binding to the kubelet's first write: the readers of pods (informer,
  // kubelet, scheduler) saw two classes where the store's other writes make one (1,987 of the
  // 2,000 bindings of the 1,000-replica rollout, counted with %HaveSameMap).
  const stored: KubeObject =
    keysAre(cur, UNBOUND_POD) || keysAre(cur, POD_WITH_STATUS)
      ? { apiVersion: cur.apiVersion, kind: cur.kind, metadata, spec, status }
      : { ...cur, metadata, spec, status };
  emit(st, ctx, 'MODIFIED', stored, key, cur);
  return { ok: true, object: stored };
}

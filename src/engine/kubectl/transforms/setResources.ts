// Port of kubectl pkg/cmd/set/set_resources.go (v1.36): Run's mutation of one object — the
// containers -c selects get the --limits and --requests quantities, each merged into its own.
import type { KubeObject, ResourceList } from '../../api/types.ts';
import { canonicalQuantity } from '../../lib/quantity.ts';
import { ChangeCauseAnnotation } from '../printers/history.ts';
import { goEncoded, selectContainers, updatePodSpecForObject } from './setHelper.ts';
import type { PodSpecHolder } from './workloads.ts';

/** What `set resources` sets: the -c pattern and the quantities as the API server keeps them. */
export interface ResourcesOptions {
  containers: string;
  limits?: ResourceList;
  requests?: ResourceList;
  /** --record: the command, written to kubernetes.io/change-cause with the change. */
  changeCause?: string;
}

/**
 * One object's outcome: the changed copy and whether a patch is due; `err` the mutation's error
 * (a kind without a pod template), `unmatched` the error for no container selected, which kubectl
 * collects as it goes (before any patch's).
 */
export interface ResourcesPatch {
  object: PodSpecHolder | KubeObject;
  changed: boolean;
  err?: string;
  unmatched?: string;
}

/** canonical is a resource list with each quantity as the API server prints it back. */
function canonical(list: ResourceList | undefined): ResourceList {
  return Object.fromEntries(Object.entries(list ?? {}).map(([k, v]) => [k, canonicalQuantity(String(v))]));
}

/**
 * setResources is `kubectl set resources`' change to one object: every selected container, then
 * init container, gets each given quantity over its own (others stay). A change that leaves every
 * quantity equal (`0.2` over `200m`) is no patch: nothing is written or printed.
 */
export function setResources(obj: KubeObject, o: ResourcesOptions): ResourcesPatch {
  const u = updatePodSpecForObject(obj);
  if ('error' in u) return { object: obj, changed: false, err: u.error };
  const spec = u.spec;
  const containers = [...selectContainers(spec.containers, o.containers).selected, ...selectContainers(spec.initContainers ?? [], o.containers).selected];
  if (containers.length === 0) return { object: obj, changed: false, unmatched: `error: unable to find container named ${o.containers}` };
  for (const c of containers) {
    const r = { ...c.resources };
    if (o.limits) r.limits = { ...r.limits, ...o.limits };
    if (o.requests) r.requests = { ...r.requests, ...o.requests };
    c.resources = r;
  }
  const next = u.object;
  if (o.changeCause !== undefined) {
    next.metadata = { ...next.metadata, annotations: { ...next.metadata.annotations, [ChangeCauseAnnotation]: o.changeCause } };
  }
  return { object: next, changed: goEncoded(quantitiesCanonical(next)) !== goEncoded(quantitiesCanonical(obj)) };
}

/** quantitiesCanonical is an object with its containers' quantities canonical, as kubectl's encoder writes them. */
function quantitiesCanonical(obj: KubeObject): unknown {
  const u = updatePodSpecForObject(obj);
  if ('error' in u) return obj;
  for (const c of [...u.spec.containers, ...(u.spec.initContainers ?? [])]) {
    if (c.resources) c.resources = { ...c.resources, limits: canonical(c.resources.limits), requests: canonical(c.resources.requests) };
  }
  return u.object;
}

// Port of kubernetes pkg/quota/v1/evaluator/core/services.go and persistent_volume_claims.go
// (v1.36): what a Service and a PersistentVolumeClaim count against a ResourceQuota.
/**
 * Neither evaluator knows quota scopes (MatchesNoScopeFunc): a quota with scopes constrains and
 * counts only pods. Each object counts once under its legacy name and its `count/` name; a
 * Service its NodePorts and load balancer too, a claim its storage request, also per class.
 *
 * Worked example: hard `requests.storage: 3Gi`, three 1Gi claims Bound → used 3Gi; the
 * StatefulSet's fourth claim asks 1Gi → 4Gi > 3Gi: refused, and the StatefulSet records
 * `create Claim data-web-3 for Pod web-3 in StatefulSet web failed error: persistentvolumeclaims
 * "data-web-3" is forbidden: exceeded quota: storage, requested: requests.storage=1Gi, used:
 * requests.storage=3Gi, limited: requests.storage=3Gi`.
 */
import type { Service } from '../../api/policyTypes.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import { parseQuantity, quantityFromValue } from '../../lib/quantity.ts';
import type { Usage } from '../resources.ts';

const ONE = quantityFromValue(1);
const ZERO = quantityFromValue(0);

/** The Service evaluator's resources (serviceResources). */
const SERVICE_RESOURCES: ReadonlySet<string> = new Set(['count/services', 'services', 'services.loadbalancers', 'services.nodeports']);

/** serviceMatchingResources is the Service evaluator's MatchingResources. */
export function serviceMatchingResources(names: Iterable<string>): string[] {
  return [...names].filter((n) => SERVICE_RESOURCES.has(n)).sort();
}

/**
 * serviceUsage is the Service evaluator's Usage: one service; a LoadBalancer one load balancer;
 * a NodePort or LoadBalancer Service one node port per port (allocateLoadBalancerNodePorts unset).
 */
export function serviceUsage(svc: Service): Usage {
  const type = svc.spec.type ?? 'ClusterIP';
  const ports = svc.spec.ports?.length ?? 0;
  const nodePorts = type === 'NodePort' || type === 'LoadBalancer' ? ports : 0;
  return new Map([
    ['count/services', ONE],
    ['services', ONE],
    ['services.loadbalancers', type === 'LoadBalancer' ? ONE : ZERO],
    ['services.nodeports', quantityFromValue(nodePorts)],
  ]);
}

/** The suffix of a class's quota resources (storageClassSuffix). */
const STORAGE_CLASS_SUFFIX = '.storageclass.storage.k8s.io/';

/** pvcMatchingResources is the claim evaluator's MatchingResources, the per-class names included. */
export function pvcMatchingResources(names: Iterable<string>): string[] {
  return [...names]
    .filter(
      (n) =>
        n === 'count/persistentvolumeclaims' ||
        n === 'persistentvolumeclaims' ||
        n === 'requests.storage' ||
        (n.includes(STORAGE_CLASS_SUFFIX) && (n.endsWith('/requests.storage') || n.endsWith('/persistentvolumeclaims'))),
    )
    .sort();
}

/** pvcUsage is the claim evaluator's Usage: one claim and its storage request, under its class's names too. */
export function pvcUsage(claim: PersistentVolumeClaimObject): Usage {
  const out: Usage = new Map([
    ['count/persistentvolumeclaims', ONE],
    ['persistentvolumeclaims', ONE],
  ]);
  const cls = claim.spec.storageClassName;
  if (cls) out.set(`${cls}${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`, ONE);
  const raw = claim.spec.resources?.requests?.storage;
  const storage = raw === undefined ? undefined : parseQuantity(String(raw));
  if (storage?.ok) {
    out.set('requests.storage', storage.value);
    if (cls) out.set(`${cls}${STORAGE_CLASS_SUFFIX}requests.storage`, storage.value);
  }
  return out;
}

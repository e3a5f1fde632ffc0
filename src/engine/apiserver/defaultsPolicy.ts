// Port of kubernetes pkg/apis/autoscaling/v2/defaults.go, pkg/apis/autoscaling/v1/defaults.go and
// pkg/apis/core/v1/defaults.go (SetDefaults_Service) (v1.36): the API server's defaults for the
// policy kinds.
import { setDefaultsLimitRange } from './defaultsLimitRange.ts';
import type { HorizontalPodAutoscaler, HPAScalingRules, PolicyObject, Service } from '../api/policyTypes.ts';
import type { Secret } from '../api/configTypes.ts';
import { base64String } from '../lib/base64.ts';

/** autoscaling.DefaultCPUUtilization: the metric an HPA without metrics gets. */
export const DefaultCPUUtilization = 80;

/** copyHPAScalingRules: the given rules' set fields over the defaults. */
function copyHPAScalingRules(from: HPAScalingRules | undefined, to: HPAScalingRules): HPAScalingRules {
  if (!from) return to;
  const out = { ...to };
  if (from.selectPolicy !== undefined) out.selectPolicy = from.selectPolicy;
  if (from.stabilizationWindowSeconds !== undefined) out.stabilizationWindowSeconds = from.stabilizationWindowSeconds;
  if (from.policies !== undefined) out.policies = from.policies;
  if (from.tolerance !== undefined) out.tolerance = from.tolerance;
  return out;
}

/** generateHPAScaleUpRules: window 0 s, Max of 4 pods or 100 % per 15 s. */
export function generateHPAScaleUpRules(r: HPAScalingRules | undefined): HPAScalingRules {
  return copyHPAScalingRules(r, {
    stabilizationWindowSeconds: 0,
    selectPolicy: 'Max',
    policies: [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  });
}

/** generateHPAScaleDownRules: Max of 100 % per 15 s; the window stays unset (the controller uses its 300 s). */
export function generateHPAScaleDownRules(r: HPAScalingRules | undefined): HPAScalingRules {
  return copyHPAScalingRules(r, { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });
}

/** setDefaultsHorizontalPodAutoscaler: minReplicas 1, a cpu 80 % metric when none, behavior filled when given. */
export function setDefaultsHorizontalPodAutoscaler(h: HorizontalPodAutoscaler): HorizontalPodAutoscaler {
  const spec = { ...h.spec };
  if (spec.minReplicas === undefined) spec.minReplicas = 1;
  if (!spec.metrics || spec.metrics.length === 0) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DefaultCPUUtilization } } }];
  }
  if (spec.behavior) spec.behavior = { scaleUp: generateHPAScaleUpRules(spec.behavior.scaleUp), scaleDown: generateHPAScaleDownRules(spec.behavior.scaleDown) };
  return { ...h, spec };
}

/**
 * setDefaultsHorizontalPodAutoscalerV1: an autoscaling/v1 object's one default, minReplicas 1,
 * applied as it is decoded, before the conversion to the stored version (hpaConversion.ts).
 */
export function setDefaultsHorizontalPodAutoscalerV1<T extends { spec?: { minReplicas?: number } }>(h: T): T {
  if (h.spec?.minReplicas !== undefined) return h;
  return { ...h, spec: { ...h.spec, minReplicas: 1 } };
}

/**
 * setDefaultsService: ClusterIP, sessionAffinity None, TCP ports with targetPort = port (also for
 * a targetPort of 0 or ""), single-stack IPv4; a Service reachable from outside (NodePort,
 * LoadBalancer, or external IPs) gets externalTrafficPolicy Cluster, a LoadBalancer
 * allocateLoadBalancerNodePorts true (SetDefaults_Service).
 */
export function setDefaultsService(s: Service): Service {
  const spec = { ...s.spec };
  spec.type ??= 'ClusterIP';
  spec.sessionAffinity ??= 'None';
  if (spec.ports) {
    spec.ports = spec.ports.map((p) => ({ ...p, protocol: p.protocol ?? 'TCP', targetPort: p.targetPort === undefined || p.targetPort === 0 || p.targetPort === '' ? p.port : p.targetPort }));
  }
  const externallyAccessible = spec.type === 'LoadBalancer' || spec.type === 'NodePort' || (spec.type === 'ClusterIP' && (spec.externalIPs?.length ?? 0) > 0);
  if (externallyAccessible) spec.externalTrafficPolicy ??= 'Cluster';
  if (spec.type !== 'ExternalName') {
    spec.ipFamilies ??= ['IPv4'];
    spec.ipFamilyPolicy ??= 'SingleStack';
    spec.internalTrafficPolicy ??= 'Cluster';
  }
  if (spec.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts ??= true;
  return { ...s, spec, status: s.status ?? { loadBalancer: {} } };
}

/**
 * setDefaultsSecret is the v1 → internal conversion of stringData (each value's UTF-8 bytes,
 * written over the same key of data, and never stored) and SetDefaults_Secret (type Opaque).
 * Fields in Go's order: immutable, data, type.
 */
export function setDefaultsSecret(s: Secret): Secret {
  const { apiVersion, kind, metadata, immutable, stringData } = s;
  let data = s.data;
  if (stringData !== undefined) {
    data = { ...data };
    for (const [k, v] of Object.entries(stringData)) data[k] = base64String(v);
  }
  return { apiVersion, kind, metadata, ...(immutable !== undefined ? { immutable } : {}), ...(data !== undefined ? { data } : {}), type: s.type || 'Opaque' };
}

/** setDefaultsPolicyObject applies the defaults of whichever policy kind it is given. */
export function setDefaultsPolicyObject<T extends PolicyObject>(o: T): T {
  if (o.kind === 'HorizontalPodAutoscaler') return setDefaultsHorizontalPodAutoscaler(o) as T;
  if (o.kind === 'Service') return setDefaultsService(o) as T;
  if (o.kind === 'ResourceQuota') return { ...o, spec: o.spec ?? {} } as T;
  if (o.kind === 'LimitRange') return setDefaultsLimitRange(o) as T;
  if (o.kind === 'Secret') return setDefaultsSecret(o) as T;
  // SetDefaults_PersistentVolumeClaimSpec; the class is the DefaultStorageClass admission's, on create (store.ts).
  if (o.kind === 'PersistentVolumeClaim') return { ...o, spec: { ...o.spec, volumeMode: o.spec?.volumeMode ?? 'Filesystem' } } as T;
  return o;
}

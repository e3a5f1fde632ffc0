/**
 * The Go types of the policy kinds (DESIGN.md §9) the manifest decoder (manifestShape.ts) checks:
 * core/v1 ResourceQuota and Service, policy/v1 PodDisruptionBudget, autoscaling/v2
 * HorizontalPodAutoscaler.
 */
import { any, bool, bytesMap, int32, intstr, labelSelector, list, map, objectMeta, quantities, str, struct, type GoType } from './manifestGoTypes.ts';

const quantity: GoType = { t: 'quantity' };
const resourceList = quantities;

const resourceQuota = struct('ResourceQuota', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('ResourceQuotaSpec', {
    hard: resourceList,
    scopes: list(str),
    scopeSelector: struct('ScopeSelector', {
      matchExpressions: list(struct('ScopedResourceSelectorRequirement', { scopeName: str, operator: str, values: list(str) })),
    }),
  }),
  status: any,
});

// core/v1 LimitRange: its items' five resource lists.
const limitRange = struct('LimitRange', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('LimitRangeSpec', {
    limits: list(
      struct('LimitRangeItem', { type: str, max: resourceList, min: resourceList, default: resourceList, defaultRequest: resourceList, maxLimitRequestRatio: resourceList }),
    ),
  }),
});

const podDisruptionBudget = struct('PodDisruptionBudget', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('PodDisruptionBudgetSpec', { minAvailable: intstr, selector: labelSelector, maxUnavailable: intstr, unhealthyPodEvictionPolicy: str }),
  status: any,
});

const metricTarget = struct('MetricTarget', { type: str, value: quantity, averageValue: quantity, averageUtilization: int32 });
const scalingRules = struct('HPAScalingRules', {
  stabilizationWindowSeconds: int32,
  selectPolicy: str,
  policies: list(struct('HPAScalingPolicy', { type: str, value: int32, periodSeconds: int32 })),
  tolerance: quantity,
});

const horizontalPodAutoscaler = struct('HorizontalPodAutoscaler', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('HorizontalPodAutoscalerSpec', {
    scaleTargetRef: struct('CrossVersionObjectReference', { kind: str, name: str, apiVersion: str }),
    minReplicas: int32,
    maxReplicas: int32,
    metrics: list(
      struct('MetricSpec', {
        type: str,
        resource: struct('ResourceMetricSource', { name: str, target: metricTarget }),
        containerResource: struct('ContainerResourceMetricSource', { name: str, container: str, target: metricTarget }),
        pods: any,
        object: any,
        external: any,
      }),
    ),
    behavior: struct('HorizontalPodAutoscalerBehavior', { scaleUp: scalingRules, scaleDown: scalingRules }),
  }),
  status: any,
});

const service = struct('Service', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct(
    'ServiceSpec',
    {
      ports: list(struct('ServicePort', { name: str, protocol: str, appProtocol: str, port: int32, targetPort: intstr, nodePort: int32 })),
      selector: map,
      clusterIP: str,
      clusterIPs: list(str),
      type: str,
      externalIPs: list(str),
      externalName: str,
      sessionAffinity: str,
    },
    true,
  ),
  status: any,
});

// core/v1 ConfigMap and Secret: every field listed, so strict decoding names an unknown one.
const configMap = struct('ConfigMap', { apiVersion: str, kind: str, metadata: objectMeta, immutable: bool, data: map, binaryData: bytesMap });
const secret = struct('Secret', { apiVersion: str, kind: str, metadata: objectMeta, immutable: bool, data: bytesMap, stringData: map, type: str });

// core/v1 PersistentVolumeClaim: the whole spec of v1.36, so strict decoding names an unknown field.
const persistentVolumeClaim = struct('PersistentVolumeClaim', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('PersistentVolumeClaimSpec', {
    accessModes: list(str),
    selector: labelSelector,
    resources: struct('VolumeResourceRequirements', { limits: resourceList, requests: resourceList }),
    volumeName: str,
    storageClassName: str,
    volumeMode: str,
    dataSource: struct('TypedLocalObjectReference', { apiGroup: str, kind: str, name: str }),
    dataSourceRef: struct('TypedObjectReference', { apiGroup: str, kind: str, name: str, namespace: str }),
    volumeAttributesClassName: str,
  }),
  status: any,
});

/** autoscaling/v1 Scale, the body of a workload's scale subresource. */
const scale = struct('Scale', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('ScaleSpec', { replicas: int32 }),
  status: struct('ScaleStatus', { replicas: int32, selector: str }),
});

export const POLICY_TYPES: Record<string, { ty: GoType; version: string }> = {
  ResourceQuota: { ty: resourceQuota, version: 'v1' },
  LimitRange: { ty: limitRange, version: 'v1' },
  PodDisruptionBudget: { ty: podDisruptionBudget, version: 'v1' },
  HorizontalPodAutoscaler: { ty: horizontalPodAutoscaler, version: 'v2' },
  Service: { ty: service, version: 'v1' },
  ConfigMap: { ty: configMap, version: 'v1' },
  Secret: { ty: secret, version: 'v1' },
  PersistentVolumeClaim: { ty: persistentVolumeClaim, version: 'v1' },
  Scale: { ty: scale, version: 'v1' },
};

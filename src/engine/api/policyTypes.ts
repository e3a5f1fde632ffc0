/**
 * The policy kinds of DESIGN.md §9 as plain JSON, in the exact shape of the API: core/v1
 * ResourceQuota, LimitRange and Service, policy/v1 PodDisruptionBudget, autoscaling/v2
 * HorizontalPodAutoscaler. Optional fields stay optional, as `kubectl get -o yaml` shows them.
 */
import type { IntOrString, LabelSelector, ObjectMeta } from './types.ts';
import type { ConfigMap, Secret } from './configTypes.ts';
import type { PersistentVolumeClaimObject } from './statefulTypes.ts';

/** A resource list as the API serialises it: resource name → quantity string (`requests.cpu: 500m`). */
export type ResourceList = Record<string, string>;

export interface ScopedResourceSelectorRequirement {
  scopeName: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface ResourceQuotaSpec {
  hard?: ResourceList;
  /** Terminating, NotTerminating, BestEffort, NotBestEffort (PriorityClass, CrossNamespacePodAffinity via scopeSelector). */
  scopes?: string[];
  scopeSelector?: { matchExpressions?: ScopedResourceSelectorRequirement[] };
}

export interface ResourceQuotaStatus {
  hard?: ResourceList;
  used?: ResourceList;
}

export interface ResourceQuota {
  apiVersion: 'v1';
  kind: 'ResourceQuota';
  metadata: ObjectMeta;
  spec?: ResourceQuotaSpec;
  status?: ResourceQuotaStatus;
}

/** The kinds of bounds one LimitRangeItem sets (core/v1 LimitType). */
export type LimitType = 'Container' | 'Pod' | 'PersistentVolumeClaim';

/**
 * One item of a LimitRange: bounds on the containers, the pods or the claims of its namespace,
 * and (Container only) the requests and limits the LimitRanger admission plugin fills in.
 */
export interface LimitRangeItem {
  type: LimitType;
  max?: ResourceList;
  min?: ResourceList;
  default?: ResourceList;
  defaultRequest?: ResourceList;
  maxLimitRequestRatio?: ResourceList;
}

/** A LimitRange (core/v1): no status; the LimitRanger admission plugin reads it at each pod create. */
export interface LimitRange {
  apiVersion: 'v1';
  kind: 'LimitRange';
  metadata: ObjectMeta;
  spec?: { limits?: LimitRangeItem[] };
}

/** metav1.Condition: the condition shape of newer APIs (PodDisruptionBudget). */
export interface MetaCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

export interface PodDisruptionBudgetSpec {
  minAvailable?: IntOrString;
  selector?: LabelSelector;
  maxUnavailable?: IntOrString;
  unhealthyPodEvictionPolicy?: 'IfHealthyBudget' | 'AlwaysAllow' | string;
}

export interface PodDisruptionBudgetStatus {
  observedGeneration?: number;
  /** Pod name → the time the eviction subresource admitted its eviction (RFC 3339). */
  disruptedPods?: Record<string, string>;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
  conditions?: MetaCondition[];
}

export interface PodDisruptionBudget {
  apiVersion: 'policy/v1';
  kind: 'PodDisruptionBudget';
  metadata: ObjectMeta;
  spec: PodDisruptionBudgetSpec;
  status?: PodDisruptionBudgetStatus;
}

export interface CrossVersionObjectReference {
  kind: string;
  name: string;
  apiVersion?: string;
}

export interface MetricTarget {
  type: 'Utilization' | 'Value' | 'AverageValue' | string;
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

/** The name and selector of a custom or external metric. */
export interface MetricIdentifier {
  name: string;
  selector?: LabelSelector;
}

/**
 * One metric an HPA scales on. The controller reads Resource and ContainerResource; the others are
 * kept as given (no metrics API serves them here) and travel through the autoscaling/v1 conversion.
 */
export interface MetricSpec {
  type: 'Resource' | 'ContainerResource' | 'Pods' | 'Object' | 'External' | string;
  object?: { describedObject: CrossVersionObjectReference; target: MetricTarget; metric: MetricIdentifier };
  pods?: { metric: MetricIdentifier; target: MetricTarget };
  resource?: { name: string; target: MetricTarget };
  containerResource?: { name: string; container: string; target: MetricTarget };
  external?: { metric: MetricIdentifier; target: MetricTarget };
}

export interface MetricValueStatus {
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

export interface MetricStatus {
  type: string;
  object?: { metric: MetricIdentifier; current: MetricValueStatus; describedObject: CrossVersionObjectReference };
  pods?: { metric: MetricIdentifier; current: MetricValueStatus };
  resource?: { name: string; current: MetricValueStatus };
  containerResource?: { name: string; current: MetricValueStatus; container: string };
  external?: { metric: MetricIdentifier; current: MetricValueStatus };
}

export interface HPAScalingPolicy {
  type: 'Pods' | 'Percent' | string;
  value: number;
  periodSeconds: number;
}

export interface HPAScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy?: 'Max' | 'Min' | 'Disabled' | string;
  policies?: HPAScalingPolicy[];
  /** HPAConfigurableTolerance: a quantity such as `0.05`; unset uses the controller's 0.1. */
  tolerance?: string;
}

export interface HorizontalPodAutoscalerBehavior {
  scaleUp?: HPAScalingRules;
  scaleDown?: HPAScalingRules;
}

export interface HorizontalPodAutoscalerSpec {
  scaleTargetRef: CrossVersionObjectReference;
  minReplicas?: number;
  maxReplicas: number;
  metrics?: MetricSpec[];
  behavior?: HorizontalPodAutoscalerBehavior;
}

export interface HorizontalPodAutoscalerCondition {
  type: 'ScalingActive' | 'AbleToScale' | 'ScalingLimited' | string;
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
  observedGeneration?: number;
}

export interface HorizontalPodAutoscalerStatus {
  observedGeneration?: number;
  lastScaleTime?: string;
  currentReplicas?: number;
  desiredReplicas: number;
  currentMetrics?: MetricStatus[];
  conditions?: HorizontalPodAutoscalerCondition[];
}

export interface HorizontalPodAutoscaler {
  apiVersion: 'autoscaling/v2';
  kind: 'HorizontalPodAutoscaler';
  metadata: ObjectMeta;
  spec: HorizontalPodAutoscalerSpec;
  status?: HorizontalPodAutoscalerStatus;
}

export interface ServicePort {
  name?: string;
  protocol?: string;
  appProtocol?: string;
  port: number;
  targetPort?: IntOrString;
  nodePort?: number;
}

export interface ServiceSpec {
  ports?: ServicePort[];
  selector?: Record<string, string>;
  clusterIP?: string;
  clusterIPs?: string[];
  type?: 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName' | string;
  externalIPs?: string[];
  externalName?: string;
  sessionAffinity?: string;
  /** Cluster or Local: defaulted to Cluster for a Service reachable from outside (NodePort, LoadBalancer, external IPs). */
  externalTrafficPolicy?: string;
  ipFamilies?: string[];
  ipFamilyPolicy?: string;
  /** A LoadBalancer's node ports (defaulted true). */
  allocateLoadBalancerNodePorts?: boolean;
  internalTrafficPolicy?: string;
}

export interface Service {
  apiVersion: 'v1';
  kind: 'Service';
  metadata: ObjectMeta;
  spec: ServiceSpec;
  status?: { loadBalancer?: { ingress?: { ip?: string; hostname?: string }[] } };
}

/**
 * The policy objects a scenario may hold beside its workloads (DESIGN.md §9), and what its pods read
 * and mount: ConfigMaps, Secrets and standalone PersistentVolumeClaims (a StatefulSet's own claims
 * are its controller's).
 */
export type PolicyObject = ResourceQuota | LimitRange | PodDisruptionBudget | HorizontalPodAutoscaler | Service | ConfigMap | Secret | PersistentVolumeClaimObject;

/** The kinds of PolicyObject, in the order their tables print. */
export const POLICY_KINDS = ['ResourceQuota', 'LimitRange', 'PodDisruptionBudget', 'HorizontalPodAutoscaler', 'Service', 'ConfigMap', 'Secret'] as const;

/** The apiVersion each policy kind is served at. */
export const POLICY_API_VERSIONS: Readonly<Record<PolicyObject['kind'], string>> = {
  ResourceQuota: 'v1',
  LimitRange: 'v1',
  PodDisruptionBudget: 'policy/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  Service: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  PersistentVolumeClaim: 'v1',
};

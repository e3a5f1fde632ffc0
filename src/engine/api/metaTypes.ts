/**
 * The object metadata every kind carries (apimachinery meta/v1 ObjectMeta, OwnerReference,
 * LabelSelector) and intstr.IntOrString, as plain JSON with the API's field names. Split out of
 * types.ts, which re-exports them: the pod, node and workload types all build on these.
 */
/** An int-or-string value: `3` or `"25%"` (apimachinery intstr.IntOrString). */
export type IntOrString = number | string;

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  /** RFC 3339 with seconds, from the virtual clock (e.g. "2026-01-01T00:00:31Z"). */
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
}

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

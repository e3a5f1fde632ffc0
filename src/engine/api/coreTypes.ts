/**
 * The other core/v1 kinds the simulator keeps: Node (spec, conditions, capacity), Event with the
 * ObjectReference it is about, and Namespace, as plain JSON with the API's field names. Split out
 * of types.ts, which re-exports them.
 */
import type { ObjectMeta } from './metaTypes.ts';
import type { ConditionStatus } from './podTypes.ts';
import type { Taint } from './schedulingTypes.ts';

export interface NodeCondition {
  type: 'Ready' | 'MemoryPressure' | 'DiskPressure' | 'PIDPressure' | 'NetworkUnavailable';
  status: ConditionStatus;
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface Node {
  apiVersion: 'v1';
  kind: 'Node';
  metadata: ObjectMeta;
  spec: { unschedulable?: boolean; taints?: Taint[] };
  status?: {
    capacity?: Record<string, string>;
    allocatable?: Record<string, string>;
    conditions?: NodeCondition[];
    /** Images present on the node (the ImageLocality score reads them). */
    images?: { names: string[]; sizeBytes?: number }[];
    addresses?: { type: 'InternalIP' | 'ExternalIP' | 'Hostname' | string; address: string }[];
    daemonEndpoints?: { kubeletEndpoint: { Port: number } };
    /** NodeSystemInfo: every field is a string without omitempty ('' when unknown). */
    nodeInfo?: {
      machineID?: string;
      systemUUID?: string;
      bootID?: string;
      kernelVersion?: string;
      osImage?: string;
      containerRuntimeVersion?: string;
      kubeletVersion?: string;
      kubeProxyVersion?: string;
      operatingSystem?: string;
      architecture?: string;
    };
  };
}

export interface ObjectReference {
  kind: string;
  namespace?: string;
  name: string;
  uid?: string;
  apiVersion?: string;
  resourceVersion?: string;
  /** The part of the object the Event is about: `spec.containers{web}` for a container's. */
  fieldPath?: string;
}

export interface Event {
  apiVersion: 'v1';
  kind: 'Event';
  metadata: ObjectMeta;
  involvedObject: ObjectReference;
  reason: string;
  message: string;
  type: 'Normal' | 'Warning';
  source?: { component: string; host?: string };
  firstTimestamp?: string;
  lastTimestamp?: string;
  count?: number;
  /**
   * The events.k8s.io/v1 fields (an Event the scheduler records: client/eventSeries.ts): when it
   * happened (a MicroTime), its series once it repeated, what was done, and who reported it.
   */
  eventTime?: string;
  series?: { count: number; lastObservedTime: string };
  action?: string;
  reportingComponent?: string;
  reportingInstance?: string;
}

/** A namespace (core/v1 Namespace): cluster-scoped; its name is a DNS-1123 label. */
export interface Namespace {
  apiVersion: 'v1';
  kind: 'Namespace';
  metadata: ObjectMeta;
  spec?: { finalizers?: string[] };
  status?: { phase?: 'Active' | 'Terminating'; conditions?: NamespaceCondition[] };
}

/** A NamespaceCondition: what the namespace controller reports while it empties a terminating namespace. */
export interface NamespaceCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime: string;
  reason: string;
  message: string;
}

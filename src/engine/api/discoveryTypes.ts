/**
 * discovery.k8s.io/v1 EndpointSlice and core/v1 Endpoints as plain JSON, with the field names and
 * nesting of k8s.io/api (discovery/v1/types.go, core/v1/types.go). Optional pointer fields of the
 * Go types are optional here: `ready: undefined` is Go's nil ("interpret as true"), which is not
 * the same as `ready: false`.
 *
 * The Service, Pod and Container types of api/types.ts and api/policyTypes.ts lack a few fields
 * the endpoint controllers read (publishNotReadyAddresses, hostname/subdomain, a sidecar's
 * restartPolicy); `EndpointService` and `EndpointPod` add them without touching those files.
 */

import type { Service, ServiceSpec } from './policyTypes.ts';
import type { Container, ObjectMeta, ObjectReference, Pod, PodSpec } from './types.ts';

/** IPv4, IPv6 or the deprecated FQDN (discovery/v1 AddressType). */
export type AddressType = 'IPv4' | 'IPv6' | 'FQDN' | string;

/** discovery/v1 EndpointConditions: nil ready/serving mean true, nil terminating means false. */
export interface EndpointConditions {
  ready?: boolean;
  serving?: boolean;
  terminating?: boolean;
}

/** discovery/v1 EndpointHints (topology-aware routing). */
export interface EndpointHints {
  forZones?: { name: string }[];
  forNodes?: { name: string }[];
}

/** discovery/v1 Endpoint: one pod (or other backend) in a slice. */
export interface Endpoint {
  addresses: string[];
  conditions: EndpointConditions;
  hostname?: string;
  targetRef?: ObjectReference;
  deprecatedTopology?: Record<string, string>;
  nodeName?: string;
  zone?: string;
  hints?: EndpointHints;
}

/** discovery/v1 EndpointPort: the resolved target port, named after the Service port. */
export interface EndpointPort {
  name?: string;
  protocol?: string;
  port?: number;
  appProtocol?: string;
}

export interface EndpointSlice {
  apiVersion: 'discovery.k8s.io/v1';
  kind: 'EndpointSlice';
  metadata: ObjectMeta;
  addressType: AddressType;
  endpoints: Endpoint[];
  ports: EndpointPort[];
}

/** core/v1 EndpointAddress. */
export interface EndpointAddress {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef?: ObjectReference;
}

/** core/v1 EndpointPort (the legacy Endpoints' port: name, port, protocol, appProtocol). */
export interface CoreEndpointPort {
  name?: string;
  port: number;
  protocol?: string;
  appProtocol?: string;
}

/** core/v1 EndpointSubset: addresses × ports. */
export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: CoreEndpointPort[];
}

/** core/v1 Endpoints (deprecated in v1.33+, still written by the Endpoints controller in v1.36). */
export interface Endpoints {
  apiVersion: 'v1';
  kind: 'Endpoints';
  metadata: ObjectMeta;
  subsets?: EndpointSubset[];
}

/** The Service fields the endpoint controllers and kube-proxy read beyond policyTypes.ts's ServiceSpec. */
export interface EndpointServiceSpec extends ServiceSpec {
  publishNotReadyAddresses?: boolean;
  externalTrafficPolicy?: 'Cluster' | 'Local' | string;
  trafficDistribution?: string;
}

/** A v1 Service as the endpoint controllers read it. */
export type EndpointService = Omit<Service, 'spec'> & { spec: EndpointServiceSpec };

/** A container with restartPolicy (an init container with `Always` is a sidecar). */
export type EndpointContainer = Container & { restartPolicy?: string };

/** The PodSpec fields the endpoint controllers read beyond types.ts's PodSpec. */
export interface EndpointPodSpec extends Omit<PodSpec, 'containers' | 'initContainers'> {
  containers: EndpointContainer[];
  initContainers?: EndpointContainer[];
  hostname?: string;
  subdomain?: string;
}

/** A Pod as the endpoint controllers read it (every engine Pod is one). */
export type EndpointPod = Omit<Pod, 'spec'> & { spec: EndpointPodSpec };

/** Label on a slice: the Service it belongs to (discovery.LabelServiceName). */
export const LabelServiceName = 'kubernetes.io/service-name';
/** Label on a slice: who manages it (discovery.LabelManagedBy). */
export const LabelManagedBy = 'endpointslice.kubernetes.io/managed-by';
/** The EndpointSlice controller's name, the value of LabelManagedBy on its slices. */
export const EndpointSliceControllerName = 'endpointslice-controller.k8s.io';
/** Label on slices and Endpoints of a headless Service (v1.IsHeadlessService). */
export const IsHeadlessService = 'service.kubernetes.io/headless';
/** Label that hands a Service to another proxy; kube-proxy's informer skips such Services. */
export const LabelServiceProxyName = 'service.kubernetes.io/service-proxy-name';
/** Node label read for an endpoint's zone (v1.LabelTopologyZone). */
export const LabelTopologyZone = 'topology.kubernetes.io/zone';
/** When the change that caused this write happened (v1.EndpointsLastChangeTriggerTime). */
export const EndpointsLastChangeTriggerTime = 'endpoints.kubernetes.io/last-change-trigger-time';
/** Set on an Endpoints object truncated at 1000 addresses (v1.EndpointsOverCapacity), value `truncated`. */
export const EndpointsOverCapacity = 'endpoints.kubernetes.io/over-capacity';
/** v1.ClusterIPNone: a headless Service. */
export const ClusterIPNone = 'None';

/** What kube-apiserver (v1.33+) says on every request for v1 Endpoints; kubectl prints it as `Warning: …`. */
export const ENDPOINTS_DEPRECATION = 'v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice';

// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (kubernetes-1.36.3):
// describeService and formatEndpointSlices — what `kubectl describe svc` prints against a cluster,
// with the Service's EndpointSlices (label kubernetes.io/service-name=NAME) and its Events.
import type { EndpointSlice } from '../../api/discoveryTypes.ts';
import type { Service } from '../../api/policyTypes.ts';
import type { Event } from '../../api/types.ts';
import { describeEvents, PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './podTemplate.ts';
import { joinHostPort } from './rowsDiscovery.ts';
import { tabbedString } from './tabwriter.ts';

/**
 * formatEndpointSlices lists the ready endpoints (ready nil or true) as `ip:port` for the port
 * named `portName`, first three then `+ N more...` (N counts the ready ones past three; an
 * unready endpoint after three ready ones still adds ` + 0 more...`); `<none>` without slices. A
 * Service whose slices hold only unready or terminating endpoints prints an empty value, not
 * `<none>`.
 */
export function formatEndpointSlices(slices: readonly EndpointSlice[], portName: string | undefined): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const s of slices) {
    const ports = s.ports ?? [];
    if (ports.length === 0) {
      for (const ep of s.endpoints) {
        // A full list marks "more" before the endpoint's readiness is looked at, as kubectl does.
        if (list.length === max) more = true;
        if (ep.conditions.ready === false) continue;
        if (!more) list.push(ep.addresses[0] ?? '');
        count++;
      }
      continue;
    }
    for (const p of ports) {
      if (portName !== undefined && (p.name ?? '') !== portName) continue;
      for (const ep of s.endpoints) {
        if (list.length === max) more = true;
        if (ep.conditions.ready === false) continue;
        if (!more) list.push(joinHostPort(ep.addresses[0] ?? '', p.port ?? 0));
        count++;
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

function selectorOf(sel: Record<string, string> | undefined): string {
  // labels.FormatLabels: sorted key=value, `<none>` when empty.
  const keys = Object.keys(sel ?? {}).sort();
  return keys.length === 0 ? '<none>' : keys.map((k) => `${k}=${sel?.[k] ?? ''}`).join(',');
}

/** buildIngressString: each load-balancer ingress as its IP (with its ipMode, `10.0.0.1 (VIP)`) or else its hostname. */
function buildIngressString(ingress: readonly { ip?: string; hostname?: string; ipMode?: string }[]): string {
  return ingress.map((i) => (i.ip ? (i.ipMode ? `${i.ip} (${i.ipMode})` : i.ip) : (i.hostname ?? ''))).join(', ');
}

/** describeService renders `kubectl describe service NAME`. */
export function describeService(svc: Service, slices: readonly EndpointSlice[], events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  const spec = svc.spec as Service['spec'] & {
    ipFamilyPolicy?: string;
    loadBalancerIP?: string;
    externalTrafficPolicy?: string;
    healthCheckNodePort?: number;
    loadBalancerSourceRanges?: string[];
    trafficDistribution?: string;
  };
  w.write(0, `Name:\t${svc.metadata.name}\n`);
  w.write(0, `Namespace:\t${svc.metadata.namespace ?? 'default'}\n`);
  printLabelsMultiline(w, 'Labels', svc.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', svc.metadata.annotations);
  w.write(0, `Selector:\t${selectorOf(spec.selector)}\n`);
  w.write(0, `Type:\t${spec.type ?? ''}\n`);
  if (spec.ipFamilyPolicy !== undefined) w.write(0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
  w.write(0, `IP Families:\t${spec.ipFamilies && spec.ipFamilies.length > 0 ? spec.ipFamilies.join(',') : '<none>'}\n`);
  w.write(0, `IP:\t${spec.clusterIP ?? ''}\n`);
  w.write(0, `IPs:\t${spec.clusterIPs && spec.clusterIPs.length > 0 ? spec.clusterIPs.join(',') : '<none>'}\n`);
  if (spec.externalIPs && spec.externalIPs.length > 0) w.write(0, `External IPs:\t${spec.externalIPs.join(',')}\n`);
  if (spec.loadBalancerIP) w.write(0, `Desired LoadBalancer IP:\t${spec.loadBalancerIP}\n`);
  if (spec.externalName) w.write(0, `External Name:\t${spec.externalName}\n`);
  const ingress = svc.status?.loadBalancer?.ingress ?? [];
  if (ingress.length > 0) w.write(0, `LoadBalancer Ingress:\t${buildIngressString(ingress)}\n`);
  for (const sp of spec.ports ?? []) {
    const name = sp.name || '<unset>';
    const proto = sp.protocol ?? '';
    w.write(0, `Port:\t${name}\t${sp.port}/${proto}\n`);
    w.write(0, `TargetPort:\t${String(sp.targetPort ?? 0)}/${proto}\n`);
    if (sp.appProtocol !== undefined) w.write(0, `AppProtocol:\t${sp.appProtocol}\n`);
    if (sp.nodePort) w.write(0, `NodePort:\t${name}\t${sp.nodePort}/${proto}\n`);
    w.write(0, `Endpoints:\t${formatEndpointSlices(slices, sp.name ?? '')}\n`);
  }
  w.write(0, `Session Affinity:\t${spec.sessionAffinity ?? ''}\n`);
  if (spec.externalTrafficPolicy) w.write(0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
  if (spec.internalTrafficPolicy !== undefined) w.write(0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
  if (spec.healthCheckNodePort) w.write(0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
  if (spec.loadBalancerSourceRanges?.length) w.write(0, `LoadBalancer Source Ranges:\t${spec.loadBalancerSourceRanges.join(',')}\n`);
  if (spec.trafficDistribution !== undefined) w.write(0, `Traffic Distribution:\t${spec.trafficDistribution}\n`);
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}

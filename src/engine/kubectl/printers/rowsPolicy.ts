// Port of kubernetes pkg/printers/internalversion/printers.go (v1.36): the column definitions and
// printResourceQuota, printPodDisruptionBudget, printHorizontalPodAutoscaler (formatHPAMetrics)
// and printService (makePortString, getServiceExternalIP).
import type { HorizontalPodAutoscaler, MetricSpec, MetricStatus, PodDisruptionBudget, ResourceQuota, Service } from '../../api/policyTypes.ts';
import { formatAge } from '../../lib/duration.ts';
import { canonicalQuantity } from '../../lib/quantity.ts';
import { type Column, formatLabels } from './rows.ts';

const col = (name: string, wide = false): Column => ({ name, wide });

/** The policy kinds' column definitions, in printers.go order. */
export const POLICY_COLUMNS = {
  ResourceQuota: [col('Name'), col('Age'), col('Request'), col('Limit')],
  PodDisruptionBudget: [col('Name'), col('Min Available'), col('Max Unavailable'), col('Allowed Disruptions'), col('Age')],
  HorizontalPodAutoscaler: [col('Name'), col('Reference'), col('Targets'), col('MinPods'), col('MaxPods'), col('Replicas'), col('Age')],
  Service: [col('Name'), col('Type'), col('Cluster-IP'), col('External-IP'), col('Port(s)'), col('Age'), col('Selector', true)],
} as const satisfies Record<string, readonly Column[]>;

/** quantityString prints a list entry as Quantity.String(); a missing one is the zero Quantity, `0`. */
function quantityString(v: string | undefined): string {
  return v === undefined ? '0' : canonicalQuantity(String(v));
}

/**
 * resourceQuotaRow: NAME AGE REQUEST LIMIT. Each resource of spec.hard, sorted, as
 * `requests.cpu: 1500m/2`; names starting with `limits.` go to LIMIT, every other to REQUEST.
 */
export function resourceQuotaRow(q: ResourceQuota, nowMs: number): string[] {
  const request: string[] = [];
  const limit: string[] = [];
  for (const name of Object.keys(q.spec?.hard ?? {}).sort()) {
    const text = `${name}: ${quantityString(q.status?.used?.[name])}/${quantityString(q.status?.hard?.[name])}`;
    const pieces = name.split('.');
    if (pieces.length > 1 && pieces[0] === 'limits') limit.push(text);
    else request.push(text);
  }
  return [q.metadata.name, formatAge(nowMs, q.metadata.creationTimestamp), request.join(', '), limit.join(', ')];
}

/** podDisruptionBudgetRow: NAME MIN AVAILABLE MAX UNAVAILABLE ALLOWED DISRUPTIONS AGE (`N/A` for the unset one). */
export function podDisruptionBudgetRow(pdb: PodDisruptionBudget, nowMs: number): string[] {
  const s = pdb.spec;
  return [
    pdb.metadata.name,
    s.minAvailable === undefined ? 'N/A' : String(s.minAvailable),
    s.maxUnavailable === undefined ? 'N/A' : String(s.maxUnavailable),
    String(pdb.status?.disruptionsAllowed ?? 0),
    formatAge(nowMs, pdb.metadata.creationTimestamp),
  ];
}

/**
 * formatHPAMetrics: `cpu: 45%/50%` per metric (`<unknown>` before the first measurement), at
 * most two, then `+ N more...`.
 */
export function formatHPAMetrics(specs: readonly MetricSpec[] | undefined, statuses: readonly MetricStatus[] | undefined): string {
  if (!specs || specs.length === 0) return '<none>';
  const list: string[] = [];
  specs.forEach((spec, i) => {
    const st = statuses?.[i];
    const res = spec.type === 'Resource' ? spec.resource : spec.type === 'ContainerResource' ? spec.containerResource : undefined;
    if (res) {
      const target = res.target;
      if (target.averageValue !== undefined) {
        const current = st?.resource?.current.averageValue ?? '<unknown>';
        list.push(`${res.name}: ${current}/${quantityString(target.averageValue)}`);
      } else {
        const u = st?.resource?.current.averageUtilization;
        const current = u === undefined ? '<unknown>' : `${u}%`;
        const t = target.averageUtilization === undefined ? '<auto>' : `${target.averageUtilization}%`;
        list.push(`${res.name}: ${current}/${t}`);
      }
      return;
    }
    list.push(`${spec.type}: <unknown>`);
  });
  if (list.length > 2) return `${list.slice(0, 2).join(', ')} + ${list.length - 2} more...`;
  return list.join(', ');
}

/** horizontalPodAutoscalerRow: NAME REFERENCE TARGETS MINPODS MAXPODS REPLICAS AGE. */
export function horizontalPodAutoscalerRow(h: HorizontalPodAutoscaler, nowMs: number): string[] {
  const ref = h.spec.scaleTargetRef;
  return [
    h.metadata.name,
    `${ref.kind}/${ref.name}`,
    formatHPAMetrics(h.spec.metrics, h.status?.currentMetrics),
    h.spec.minReplicas === undefined ? '<unset>' : String(h.spec.minReplicas),
    String(h.spec.maxReplicas),
    String(h.status?.currentReplicas ?? 0),
    formatAge(nowMs, h.metadata.creationTimestamp),
  ];
}

/** makePortString: `80/TCP`, `80:30080/TCP` for a node port, comma-separated. */
export function makePortString(ports: Service['spec']['ports']): string {
  return (ports ?? [])
    .map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol ?? 'TCP'}` : `${p.port}/${p.protocol ?? 'TCP'}`))
    .join(',');
}

function serviceExternalIP(s: Service): string {
  const spec = s.spec;
  switch (spec.type) {
    case 'ClusterIP':
    case 'NodePort':
      return spec.externalIPs?.length ? spec.externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const ing = (s.status?.loadBalancer?.ingress ?? []).map((i) => i.ip || i.hostname || '').filter(Boolean);
      const all = [...ing, ...(spec.externalIPs ?? [])];
      return all.length ? all.join(',') : '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '<none>';
    default:
      return '<unknown>';
  }
}

/** serviceRow: NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE [SELECTOR]. */
export function serviceRow(s: Service, nowMs: number, wide: boolean): string[] {
  const row = [
    s.metadata.name,
    s.spec.type ?? 'ClusterIP',
    s.spec.clusterIPs?.[0] ?? s.spec.clusterIP ?? '<none>',
    serviceExternalIP(s),
    makePortString(s.spec.ports) || '<none>',
    formatAge(nowMs, s.metadata.creationTimestamp),
  ];
  if (wide) row.push(formatLabels(s.spec.selector));
  return row;
}

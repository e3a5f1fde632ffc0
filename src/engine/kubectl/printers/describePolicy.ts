// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3):
// describeQuota, describeNamespace, describePodDisruptionBudgetV1 and describeHorizontalPodAutoscalerV2.
import type { HorizontalPodAutoscaler, HPAScalingRules, LimitRange, PodDisruptionBudget, ResourceQuota } from '../../api/policyTypes.ts';
import { describeLimitRanges } from './describeLimitRange.ts';
import type { Namespace } from '../../api/coreTypes.ts';
import type { Event } from '../../api/types.ts';
import { formatQuantity, parseQuantity, quantityFromValue, value } from '../../lib/quantity.ts';
import { formatRFC1123Z } from './describe.ts';
import { describeEvents, PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './podTemplate.ts';
import { selectorString } from './rows.ts';
import { tabbedString } from './tabwriter.ts';

/** helpTextForResourceQuotaScope: the line describe prints under each scope. */
function helpTextForResourceQuotaScope(scope: string): string {
  switch (scope) {
    case 'Terminating':
      return 'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.';
    case 'NotTerminating':
      return 'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.';
    case 'BestEffort':
      return 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.';
    case 'NotBestEffort':
      return 'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.';
    default:
      return '';
  }
}

/**
 * describeQuota renders `kubectl describe quota NAME`: Resource, Used, Hard for each resource of
 * status.hard (sorted); a used value in another format than its hard one is printed as a whole
 * number in the hard one's format (`629145600` against `1G`). No Events section.
 */
export function describeQuota(q: ResourceQuota): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${q.metadata.name}\n`);
  w.write(0, `Namespace:\t${q.metadata.namespace ?? 'default'}\n`);
  const scopes = [...(q.spec?.scopes ?? [])].sort();
  if (scopes.length > 0) {
    w.write(0, `Scopes:\t${scopes.join(', ')}\n`);
    for (const s of scopes) {
      const help = helpTextForResourceQuotaScope(s);
      if (help) w.write(0, ` * ${help}\n`);
    }
  }
  w.write(0, 'Resource\tUsed\tHard\n');
  w.write(0, '--------\t----\t----\n');
  for (const name of Object.keys(q.status?.hard ?? {}).sort()) {
    const hard = parseQuantity(String(q.status?.hard?.[name] ?? '0'));
    const usedRaw = q.status?.used?.[name];
    const used = parseQuantity(String(usedRaw ?? '0'));
    if (!hard.ok || !used.ok) continue;
    let u = used.value;
    if (usedRaw === undefined) u = { nanos: 0n, format: 'DecimalSI' };
    if (u.format !== hard.value.format) u = quantityFromValue(value(u), hard.value.format);
    w.write(0, `${name}\t${formatQuantity(u)}\t${formatQuantity(hard.value)}\n`);
  }
  return w.segments.map(tabbedString).join('');
}

/**
 * describeNamespace renders `kubectl describe namespace NAME`: its phase, the namespace
 * controller's conditions while it is Terminating, and its quotas (DescribeResourceQuotas, sorted
 * by name, each resource's used and hard as stored). No LimitRange section: limitranges are not
 * served, and kubectl leaves the section out when their list fails.
 */
export function describeNamespace(ns: Namespace, quotas: readonly ResourceQuota[], limitRanges: readonly LimitRange[] = []): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${ns.metadata.name}\n`);
  printLabelsMultiline(w, 'Labels', ns.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ns.metadata.annotations);
  w.write(0, `Status:\t${ns.status?.phase ?? ''}\n`);
  const conditions = ns.status?.conditions ?? [];
  if (conditions.length > 0) {
    w.write(0, 'Conditions:\n');
    w.write(1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
    w.write(1, '----\t------\t------------------\t------\t-------\n');
    for (const c of conditions) w.write(1, `${c.type}\t${c.status}\t${formatRFC1123Z(c.lastTransitionTime)}\t${c.reason}\t${c.message}\n`);
  }
  w.write(0, '\n');
  if (quotas.length === 0) w.write(0, 'No resource quota.\n');
  else {
    w.write(0, 'Resource Quotas\n');
    for (const q of [...quotas].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))) {
      w.write(1, `Name:\t${q.metadata.name}\n`);
      const scopes = [...(q.spec?.scopes ?? [])].sort();
      if (scopes.length > 0) {
        w.write(1, `Scopes:\t${scopes.join(', ')}\n`);
        for (const s of scopes) {
          const help = helpTextForResourceQuotaScope(s);
          if (help) w.write(1, `* ${help}\n`);
        }
      }
      w.write(1, 'Resource\tUsed\tHard\n');
      w.write(1, '--------\t---\t---\n');
      for (const name of Object.keys(q.status?.hard ?? {}).sort()) w.write(1, `${name}\t${String(q.status?.used?.[name] ?? '0')}\t${String(q.status?.hard?.[name] ?? '0')}\n`);
    }
  }
  // The namespace's LimitRanges as the API server lists them (by name).
  w.write(0, '\n');
  describeLimitRanges([...limitRanges].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1)), w);
  return w.segments.map(tabbedString).join('');
}

/** describePodDisruptionBudgetV1 renders `kubectl describe pdb NAME`. */
export function describePodDisruptionBudget(pdb: PodDisruptionBudget, events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  const s = pdb.status;
  w.write(0, `Name:\t${pdb.metadata.name}\n`);
  w.write(0, `Namespace:\t${pdb.metadata.namespace ?? 'default'}\n`);
  if (pdb.spec.minAvailable !== undefined) w.write(0, `Min available:\t${String(pdb.spec.minAvailable)}\n`);
  else if (pdb.spec.maxUnavailable !== undefined) w.write(0, `Max unavailable:\t${String(pdb.spec.maxUnavailable)}\n`);
  w.write(0, `Selector:\t${pdb.spec.selector ? selectorString(pdb.spec.selector) || '<none>' : '<unset>'}\n`);
  w.write(0, 'Status:\n');
  w.write(2, `Allowed disruptions:\t${s?.disruptionsAllowed ?? 0}\n`);
  w.write(2, `Current:\t${s?.currentHealthy ?? 0}\n`);
  w.write(2, `Desired:\t${s?.desiredHealthy ?? 0}\n`);
  w.write(2, `Total:\t${s?.expectedPods ?? 0}\n`);
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}

function printDirectionBehavior(w: PrefixWriter, direction: string, rules: HPAScalingRules | undefined): void {
  if (!rules) return;
  w.write(1, `${direction}:\n`);
  if (rules.stabilizationWindowSeconds !== undefined) w.write(2, `Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`);
  if (rules.policies && rules.policies.length > 0) {
    w.write(2, `Select Policy: ${rules.selectPolicy ?? 'Max'}\n`);
    w.write(2, 'Policies:\n');
    for (const p of rules.policies) w.write(3, `- Type: ${p.type}\tValue: ${p.value}\tPeriod: ${p.periodSeconds} seconds\n`);
  }
}

/** describeHorizontalPodAutoscalerV2 renders `kubectl describe hpa NAME`. */
export function describeHorizontalPodAutoscaler(h: HorizontalPodAutoscaler, events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  const st = h.status;
  w.write(0, `Name:\t${h.metadata.name}\n`);
  w.write(0, `Namespace:\t${h.metadata.namespace ?? 'default'}\n`);
  printLabelsMultiline(w, 'Labels', h.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', h.metadata.annotations);
  w.write(0, `CreationTimestamp:\t${formatRFC1123Z(h.metadata.creationTimestamp)}\n`);
  w.write(0, `Reference:\t${h.spec.scaleTargetRef.kind}/${h.spec.scaleTargetRef.name}\n`);
  w.write(0, 'Metrics:\t( current / target )\n');
  (h.spec.metrics ?? []).forEach((m, i) => {
    if (m.type !== 'Resource' || !m.resource) {
      w.write(1, `${m.type} metric:\t<unknown>\n`);
      return;
    }
    const cur = st?.currentMetrics?.[i]?.resource?.current;
    w.write(1, `resource ${m.resource.name} on pods`);
    if (m.resource.target.averageValue !== undefined) {
      w.write(0, `:\t${cur?.averageValue ?? '<unknown>'} / ${m.resource.target.averageValue}\n`);
      return;
    }
    const current = cur?.averageUtilization !== undefined ? `${cur.averageUtilization}% (${cur.averageValue ?? '0'})` : '<unknown>';
    const target = m.resource.target.averageUtilization === undefined ? '<auto>' : `${m.resource.target.averageUtilization}%`;
    w.write(1, `(as a percentage of request):\t${current} / ${target}\n`);
  });
  w.write(0, `Min replicas:\t${h.spec.minReplicas === undefined ? '<unset>' : h.spec.minReplicas}\n`);
  w.write(0, `Max replicas:\t${h.spec.maxReplicas}\n`);
  if (h.spec.behavior) {
    w.write(0, 'Behavior:\n');
    printDirectionBehavior(w, 'Scale Up', h.spec.behavior.scaleUp);
    printDirectionBehavior(w, 'Scale Down', h.spec.behavior.scaleDown);
  }
  w.write(0, `${h.spec.scaleTargetRef.kind} pods:\t${st?.currentReplicas ?? 0} current / ${st?.desiredReplicas ?? 0} desired\n`);
  if (st?.conditions?.length) {
    w.write(0, 'Conditions:\n');
    w.write(1, 'Type\tStatus\tReason\tMessage\n');
    w.write(1, '----\t------\t------\t-------\n');
    for (const c of st.conditions) w.write(1, `${c.type}\t${c.status}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
  }
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}

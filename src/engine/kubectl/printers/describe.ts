// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3):
// describeDeployment, describeReplicaSet and describeDaemonSet (`kubectl describe deployment|replicaset|daemonset NAME`).
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { DaemonSet, Deployment, Event, IntOrString, Pod, ReplicaSet } from '../../api/types.ts';
import { parseRFC3339, toRFC3339 } from '../../lib/time.ts';
import { deploymentReplicaSets } from '../transforms/rollback.ts';
import { describeEvents, describePodTemplate, PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './podTemplate.ts';
import { formatLabels, selectorString } from './rows.ts';
import { tabbedString } from './tabwriter.ts';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * formatRFC1123Z is Go's time.RFC1123Z layout in UTC: "2026-01-01T00:00:31Z" → "Thu, 01 Jan 2026
 * 00:00:31 +0000" (kubectl prints the viewer's local zone; the simulation's is UTC).
 */
export function formatRFC1123Z(ts: string | undefined): string {
  const ms = parseRFC3339(ts);
  if (Number.isNaN(ms)) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  const iso = toRFC3339(ms); // normalised to UTC, whole seconds
  const [date = '', time = ''] = iso.slice(0, -1).split('T');
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  // 1970-01-01 was a Thursday (index 4).
  const weekday = DAYS[(((daysSinceEpoch(y, m, d) + 4) % 7) + 7) % 7] ?? '';
  return `${weekday}, ${String(d).padStart(2, '0')} ${MONTHS[m - 1] ?? ''} ${y} ${time} +0000`;
}

/** daysSinceEpoch counts days from 1970-01-01 (a Thursday) to a civil date. */
function daysSinceEpoch(y0: number, m: number, d: number): number {
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/** intOrStringString is IntOrString.String(): `25%` or `1`; `<nil>` when unset. */
function intOrStringString(v: IntOrString | undefined): string {
  return v === undefined ? '<nil>' : String(v);
}

/** eventsFor: the Events about the object; none given stays none (describe without Events). */
function eventsFor(events: readonly Event[] | undefined, kind: string, name: string): Event[] | undefined {
  return events?.filter((e) => e.involvedObject.kind === kind && e.involvedObject.name === name);
}

function printReplicaSetsByLabels(rss: readonly ReplicaSet[]): string {
  return rss.map((rs) => `${rs.metadata.name} (${rs.status?.replicas ?? 0}/${rs.spec.replicas ?? 1} replicas created)`).join(', ') || '<none>';
}

/**
 * describeDeployment renders `kubectl describe deployment NAME`, given the Deployment, the
 * ReplicaSets in its namespace (it picks its own: OldReplicaSets lists every old one, empty ones
 * too, as `name (current/desired replicas created)`) and the events (those about it are shown).
 */
export function describeDeployment(d: Deployment, replicaSets: readonly ReplicaSet[], events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  const st = d.status ?? {};
  w.write(0, `Name:\t${d.metadata.name}\n`);
  w.write(0, `Namespace:\t${d.metadata.namespace ?? 'default'}\n`);
  w.write(0, `CreationTimestamp:\t${formatRFC1123Z(d.metadata.creationTimestamp)}\n`);
  printLabelsMultiline(w, 'Labels', d.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', d.metadata.annotations);
  w.write(0, `Selector:\t${selectorString(d.spec.selector)}\n`);
  w.write(
    0,
    `Replicas:\t${d.spec.replicas ?? 1} desired | ${st.updatedReplicas ?? 0} updated | ${st.replicas ?? 0} total | ${st.availableReplicas ?? 0} available | ${st.unavailableReplicas ?? 0} unavailable\n`,
  );
  w.write(0, `StrategyType:\t${d.spec.strategy?.type ?? ''}\n`);
  w.write(0, `MinReadySeconds:\t${d.spec.minReadySeconds ?? 0}\n`);
  const ru = d.spec.strategy?.rollingUpdate;
  if (ru) {
    w.write(0, `RollingUpdateStrategy:\t${intOrStringString(ru.maxUnavailable)} max unavailable, ${intOrStringString(ru.maxSurge)} max surge\n`);
  }
  describePodTemplate(d.spec.template, w);
  if (st.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(1, '----\t------\t------\n');
    for (const c of st.conditions) w.write(1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  const { oldRSs, newRS } = deploymentReplicaSets(d, replicaSets);
  if (oldRSs.length || newRS) {
    w.write(0, `OldReplicaSets:\t${printReplicaSetsByLabels(oldRSs)}\n`);
    w.write(0, `NewReplicaSet:\t${printReplicaSetsByLabels(newRS ? [newRS] : [])}\n`);
  }
  describeEvents(eventsFor(events, 'Deployment', d.metadata.name), nowMs, w);
  return w.segments.map(tabbedString).join('');
}

/**
 * describeDaemonSet renders `kubectl describe daemonset NAME`, given the DaemonSet, the pods in
 * its namespace (Pods Status counts the ones it controls by phase) and the events.
 */
export function describeDaemonSet(ds: DaemonSet, pods: readonly Pod[], events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  const st = ds.status;
  const mine = pods.filter((p) => {
    const ref = getControllerOf(p);
    return ref !== undefined && (ds.metadata.uid === undefined || ref.uid === ds.metadata.uid) && ref.kind === 'DaemonSet' && ref.name === ds.metadata.name;
  });
  const count = (phase: string) => mine.filter((p) => p.status?.phase === phase).length;
  w.write(0, `Name:\t${ds.metadata.name}\n`);
  w.write(0, `Namespace:\t${ds.metadata.namespace ?? 'default'}\n`);
  w.write(0, `Selector:\t${selectorString(ds.spec.selector)}\n`);
  w.write(0, `Node-Selector:\t${formatLabels(ds.spec.template.spec.nodeSelector)}\n`);
  printLabelsMultiline(w, 'Labels', ds.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ds.metadata.annotations);
  w.write(0, `Desired Number of Nodes Scheduled: ${st?.desiredNumberScheduled ?? 0}\n`);
  w.write(0, `Current Number of Nodes Scheduled: ${st?.currentNumberScheduled ?? 0}\n`);
  w.write(0, `Number of Nodes Scheduled with Up-to-date Pods: ${st?.updatedNumberScheduled ?? 0}\n`);
  w.write(0, `Number of Nodes Scheduled with Available Pods: ${st?.numberAvailable ?? 0}\n`);
  w.write(0, `Number of Nodes Misscheduled: ${st?.numberMisscheduled ?? 0}\n`);
  w.write(0, `Pods Status:\t${count('Running')} Running / ${count('Pending')} Waiting / ${count('Succeeded')} Succeeded / ${count('Failed')} Failed\n`);
  describePodTemplate(ds.spec.template, w);
  describeEvents(eventsFor(events, 'DaemonSet', ds.metadata.name), nowMs, w);
  return w.segments.map(tabbedString).join('');
}

/**
 * describeReplicaSet renders `kubectl describe replicaset NAME`, given the ReplicaSet, the pods in
 * its namespace (Pods Status counts those it controls by phase: Pending is Waiting) and the events.
 */
export function describeReplicaSet(rs: ReplicaSet, pods: readonly Pod[], events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  const mine = pods.filter((p) => {
    const ref = getControllerOf(p);
    return ref !== undefined && ref.uid === rs.metadata.uid;
  });
  const count = (phase: string) => mine.filter((p) => p.status?.phase === phase).length;
  w.write(0, `Name:\t${rs.metadata.name}\n`);
  w.write(0, `Namespace:\t${rs.metadata.namespace ?? 'default'}\n`);
  w.write(0, `Selector:\t${selectorString(rs.spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', rs.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', rs.metadata.annotations);
  const controller = getControllerOf(rs);
  if (controller) w.write(0, `Controlled By:\t${controller.kind}/${controller.name}\n`);
  w.write(0, `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec.replicas ?? 1} desired\n`);
  w.write(0, `Pods Status:\t${count('Running')} Running / ${count('Pending')} Waiting / ${count('Succeeded')} Succeeded / ${count('Failed')} Failed\n`);
  describePodTemplate(rs.spec.template, w);
  const conditions = (rs.status as { conditions?: { type: string; status: string; reason?: string }[] } | undefined)?.conditions ?? [];
  if (conditions.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(1, '----\t------\t------\n');
    for (const c of conditions) w.write(1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  describeEvents(eventsFor(events, 'ReplicaSet', rs.metadata.name), nowMs, w);
  return w.segments.map(tabbedString).join('');
}

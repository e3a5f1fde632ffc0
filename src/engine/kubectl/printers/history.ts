// Port of kubernetes staging/src/k8s.io/kubectl/pkg/polymorphichelpers/history.go (v1.36.3)
// and the printing of pkg/cmd/rollout/rollout_history.go: `kubectl rollout history`.
import type { ControllerRevision, Deployment, PodTemplateSpec, ReplicaSet } from '../../api/types.ts';
import { daemonSetHistory, deploymentReplicaSets, type RevisionedWorkload, revisionOf } from '../transforms/rollback.ts';
import { namePrinterLine } from '../resources.ts';
import { describePodTemplate, PrefixWriter } from './podTemplate.ts';
import { tabbedString } from './tabwriter.ts';

/** The annotation `kubectl ... --record` wrote; the CHANGE-CAUSE column. */
export const ChangeCauseAnnotation = 'kubernetes.io/change-cause';

/** printTemplate renders DescribePodTemplate into a plain buffer: its tabs are not aligned. */
function printTemplate(t: PodTemplateSpec): string {
  const w = new PrefixWriter();
  describePodTemplate(t, w);
  return w.segments.join('');
}

function withChangeCause(t: PodTemplateSpec, cause: string | undefined): PodTemplateSpec {
  if (!cause) return t;
  const meta = t.metadata ?? {};
  return { ...t, metadata: { ...meta, annotations: { ...(meta.annotations ?? {}), [ChangeCauseAnnotation]: cause } } };
}

function revisionTable(rows: { revision: number; cause: string | undefined }[]): string {
  const sorted = [...rows].sort((a, b) => a.revision - b.revision);
  return tabbedString(`REVISION\tCHANGE-CAUSE\n${sorted.map((r) => `${r.revision}\t${r.cause || '<none>'}\n`).join('')}`);
}

/**
 * historyOutput wraps a viewer's text as the NamePrinter prints it: `deployment.apps/nginx ` (a
 * trailing space) then the table on the next line, or `... with revision #2` then the template
 * (whose tabs kubectl leaves unaligned); one more newline closes it.
 */
function historyOutput(kind: 'Deployment' | 'DaemonSet' | 'StatefulSet', name: string, revision: number, text: string): string {
  const withRevision = revision > 0 ? `with revision #${revision}` : '';
  return `${namePrinterLine(kind, name, `${withRevision}\n${text}`)}\n`;
}

/**
 * deploymentHistory is `kubectl rollout history deployment/NAME [--revision=N]` from the
 * Deployment's ReplicaSets: one row per revision with its change-cause (or `<none>`), or the
 * pod template of revision N. The text ends with its newline(s); errors come back as `{error}`.
 */
export function deploymentHistory(d: Deployment, replicaSets: readonly ReplicaSet[], revision = 0): { output: string } | { error: string } {
  const { oldRSs, newRS } = deploymentReplicaSets(d, replicaSets);
  const info = new Map<number, { template: PodTemplateSpec; cause: string | undefined }>();
  for (const rs of newRS ? [...oldRSs, newRS] : oldRSs) {
    const v = revisionOf(rs);
    if (v === undefined) continue;
    const cause = rs.metadata.annotations?.[ChangeCauseAnnotation];
    info.set(v, { template: withChangeCause(rs.spec.template, cause), cause });
  }
  if (info.size === 0) return { output: historyOutput('Deployment', d.metadata.name, revision, 'No rollout history found.') };
  if (revision > 0) {
    const h = info.get(revision);
    if (!h) return { error: 'error: unable to find the specified revision' };
    return { output: historyOutput('Deployment', d.metadata.name, revision, printTemplate(h.template)) };
  }
  const rows = [...info.entries()].map(([r, h]) => ({ revision: r, cause: h.cause }));
  return { output: historyOutput('Deployment', d.metadata.name, 0, revisionTable(rows)) };
}

/**
 * daemonSetHistoryOutput is `kubectl rollout history daemonset/NAME [--revision=N]` from its
 * ControllerRevisions (change-cause read from each revision's annotations).
 */
export function daemonSetHistoryOutput(ds: RevisionedWorkload, revisions: readonly ControllerRevision[], revision = 0): { output: string } | { error: string } {
  const history = daemonSetHistory(ds, revisions);
  const byRev = new Map(history.map((h) => [h.revision, h]));
  if (byRev.size === 0) return { output: historyOutput(ds.kind, ds.metadata.name, revision, 'No rollout history found.') };
  if (revision > 0) {
    const h = byRev.get(revision);
    if (!h) return { error: 'error: unable to find the specified revision' };
    const { $patch: _p, ...template } = h.data.spec.template;
    return { output: historyOutput(ds.kind, ds.metadata.name, revision, printTemplate(template)) };
  }
  const rows = [...byRev.values()].map((h) => ({ revision: h.revision, cause: h.metadata.annotations?.[ChangeCauseAnnotation] }));
  return { output: historyOutput(ds.kind, ds.metadata.name, 0, revisionTable(rows)) };
}

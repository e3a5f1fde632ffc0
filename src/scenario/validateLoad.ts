/**
 * Validation of `cluster.load` (DESIGN.md §9): a list of `{ at, workload, cpu }` steps — `at` in
 * virtual seconds, `workload` a Deployment of the scenario (`deployment/NAME` or
 * `deployment/NAMESPACE/NAME`), `cpu` each running pod's use as a Kubernetes quantity.
 */
import { parseQuantity } from '../engine/lib/quantity.ts';
import { checkFields, field, formatCount, has, index, isFiniteNumber, isRecord, type Issues, own, report } from './check.ts';
import { LIMITS, type LoadSpec, type Scenario } from './types.ts';

const WORKLOAD_RE = /^deployment\/(?:([a-z0-9]([-a-z0-9]*[a-z0-9])?)\/)?([a-z0-9]([-a-z0-9.]*[a-z0-9])?)$/;

/** validateLoad checks the steps' shape; the workloads are checked against the objects later (validateLoadWorkloads). */
export function validateLoad(issues: Issues, path: string, x: unknown): LoadSpec[] | undefined {
  if (!Array.isArray(x)) {
    report(issues, path, 'must be a list of { at, workload, cpu } steps, e.g. [{ at: 30, workload: "deployment/web", cpu: "250m" }]');
    return undefined;
  }
  const out: LoadSpec[] = [];
  x.forEach((s, i) => {
    const p = index(path, i);
    if (!isRecord(s)) {
      report(issues, p, 'must be a mapping with at, workload, cpu');
      return;
    }
    checkFields(issues, p, s, ['at', 'workload', 'cpu'], ['at', 'workload', 'cpu']);
    const at = own(s, 'at');
    const workload = own(s, 'workload');
    const cpu = own(s, 'cpu');
    let ok = has(s, 'at') && has(s, 'workload') && has(s, 'cpu');
    if (has(s, 'at') && (!isFiniteNumber(at) || at < 0 || at > LIMITS.seconds)) {
      report(issues, field(p, 'at'), `must be a number of seconds from 0 to ${formatCount(LIMITS.seconds)}`);
      ok = false;
    }
    if (has(s, 'workload') && (typeof workload !== 'string' || !WORKLOAD_RE.test(workload))) {
      report(issues, field(p, 'workload'), `must be "deployment/NAME" or "deployment/NAMESPACE/NAME", not ${JSON.stringify(workload)}`);
      ok = false;
    }
    let cpuText = '';
    if (has(s, 'cpu')) {
      cpuText = typeof cpu === 'number' ? String(cpu) : typeof cpu === 'string' ? cpu : '';
      const q = parseQuantity(cpuText);
      if (!q.ok) {
        report(issues, field(p, 'cpu'), cpuText === '' ? 'must be a CPU quantity such as "250m" or "0.5"' : q.error);
        ok = false;
      } else if (q.value.nanos < 0n) {
        report(issues, field(p, 'cpu'), `Invalid value: ${JSON.stringify(cpuText)}: must be greater than or equal to 0`);
        ok = false;
      }
    }
    if (ok) out.push({ at: at as number, workload: workload as string, cpu: cpuText });
  });
  return out;
}

/**
 * validateLoadWorkloads: every step names a Deployment the scenario creates (in `objects` or by
 * an `apply` action): `cluster.load[1].workload: deployments.apps "nope" not found`.
 */
export function validateLoadWorkloads(issues: Issues, path: string, load: readonly LoadSpec[], s: Scenario): void {
  const known = new Set<string>();
  const add = (o: { kind?: string; metadata?: { name?: string; namespace?: string } }) => {
    if (o.kind === 'Deployment') known.add(`${o.metadata?.namespace ?? 'default'}/${o.metadata?.name ?? ''}`);
  };
  for (const o of s.objects) add(o);
  for (const a of s.actions ?? []) if ('apply' in a) add(a.apply);
  load.forEach((step, i) => {
    const parts = step.workload.split('/');
    const ns = parts.length === 3 ? (parts[1] as string) : 'default';
    const name = parts[parts.length - 1] as string;
    if (!known.has(`${ns}/${name}`)) {
      report(
        issues,
        field(index(path, i), 'workload'),
        `deployments.apps ${JSON.stringify(name)} not found${ns === 'default' ? '' : ` in namespace ${JSON.stringify(ns)}`} (no Deployment of that name in objects or in an apply action)`,
      );
    }
  });
}

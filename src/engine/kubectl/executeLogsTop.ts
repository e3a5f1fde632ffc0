/**
 * `kubectl logs` and `kubectl top` in the page's console, printing what the real kubectl prints
 * against the served API: the same run choice and lines (logs.ts over a LogBook the caller feeds
 * from the recording), and the same metrics-server figures (metricsServer.ts) in kubectl top's
 * columns. kubectl's own steps are ported: the pod a workload's logs come from (podutils.ByLogging),
 * the default container, and top's percentages of a node's allocatable.
 */
import type { DaemonSet, Deployment, LabelSelector, Node, Pod, ReplicaSet } from '../api/types.ts';
import type { Tx } from '../client/tx.ts';
import type { LogBook } from '../kubelet/containerLog.ts';
import { selectorMatches } from '../lib/labels.ts';
import { parseQuantity, value } from '../lib/quantity.ts';
import { parseRFC3339 } from '../lib/time.ts';
import type { KubectlCommand } from './commands.ts';
import { inNamespace, Terminal, withoutFinalNewline } from './executeStore.ts';
import { DEFAULT_LOG_OPTIONS, logTarget, podLogText } from './logs.ts';
import { memoryWorkingSet, podMemory, scrape } from './metricsServer.ts';
import { GET_TABWRITER, tabwriterFormat } from './printers/tabwriter.ts';
import { notFound } from './resources.ts';

type LogsCommand = Extract<KubectlCommand, { verb: 'logs' }>;
type TopCommand = Extract<KubectlCommand, { verb: 'top' }>;

/** chosen: a line without -l takes every object (a nil selector would match none). */
function chosen(selector: LabelSelector | undefined, labels: Record<string, string> | undefined): boolean {
  return selector === undefined || selectorMatches(selector, labels);
}

const PHASE_ORDER: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

function isReady(p: Pod): boolean {
  return p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

function readySince(p: Pod): number {
  return parseRFC3339(p.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime);
}

function maxRestarts(p: Pod): number {
  return Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount));
}

/** byLogging is podutils.ByLogging: the pod whose log is most worth reading first. */
export function byLogging(a: Pod, b: Pod): number {
  const aBound = !!a.spec.nodeName;
  if (aBound !== !!b.spec.nodeName) return aBound ? -1 : 1;
  const pa = PHASE_ORDER[a.status?.phase ?? ''] ?? -1;
  const pb = PHASE_ORDER[b.status?.phase ?? ''] ?? -1;
  if (pa !== pb) return pb - pa;
  if (isReady(a) !== isReady(b)) return isReady(a) ? -1 : 1;
  // Ready for longer first.
  if (isReady(a) && isReady(b)) {
    const ra = readySince(a);
    const rb = readySince(b);
    if (ra !== rb) return ra < rb ? -1 : 1;
  }
  if (maxRestarts(a) !== maxRestarts(b)) return maxRestarts(b) - maxRestarts(a);
  const ca = parseRFC3339(a.metadata.creationTimestamp);
  const cb = parseRFC3339(b.metadata.creationTimestamp);
  if (ca !== cb) return ca < cb ? -1 : 1;
  return 0;
}

/** podsOf finds the pods `logs` reads and the pod kubectl picks for a workload, writing its notes. */
function podsOf(tx: Tx, cmd: LogsCommand, term: Terminal): Pod[] | null {
  const st = tx.st;
  const pods = inNamespace(st, 'Pod', cmd.namespace);
  const t = cmd.target;
  if (!t) return pods.filter((p) => chosen(cmd.selector, p.metadata.labels));
  if (t.kind === 'Pod') {
    const pod = pods.find((p) => p.metadata.name === t.name);
    if (!pod) term.fail(`error: error from server (NotFound): pods "${t.name}" not found in namespace "${cmd.namespace}"`);
    return pod ? [pod] : null;
  }
  const owner = st.store.objects[t.kind].get(`${cmd.namespace}/${t.name}`) as Deployment | ReplicaSet | DaemonSet | undefined;
  if (!owner) {
    term.fail(notFound(t.kind, t.name));
    return null;
  }
  const matching = pods.filter((p) => selectorMatches(owner.spec.selector, p.metadata.labels)).sort(byLogging);
  const first = matching[0];
  if (!first) {
    term.fail('error: timed out waiting for the condition');
    return null;
  }
  if (matching.length > 1) term.warn(`Found ${matching.length} pods, using pod/${first.metadata.name}`);
  return [first];
}

/** runLogs prints the logs of the pods a line names, at the tick's instant. */
export function runLogs(tx: Tx, cmd: LogsCommand, book: LogBook | undefined): Terminal {
  const term = new Terminal();
  const pods = podsOf(tx, cmd, term);
  if (!pods) return term;
  if (pods.length === 0) {
    term.warn(`No resources found in ${cmd.namespace} namespace.`);
    return term;
  }
  for (const pod of pods) {
    let container = cmd.container;
    // kubectl's default: the annotation's container, else the first, with a note when the pod has
    // others to choose from, init containers included (AllContainerNames marks them `(init)`).
    const init = pod.spec.initContainers ?? [];
    if (container === '' && (pod.spec.containers.length > 1 || init.length > 0)) {
      const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
      container = annotated ?? (pod.spec.containers[0] as { name: string }).name;
      const all = [...pod.spec.containers.map((c) => c.name), ...init.map((c) => `${c.name} (init)`)];
      if (!annotated) term.warn(`Defaulted container "${container}" out of: ${all.join(', ')}`);
    }
    const target = book ? logTarget(book, pod, container, cmd.previous) : { ok: true as const, run: null };
    if (!target.ok) {
      term.fail(`Error from server (BadRequest): ${target.status.message}`);
      continue;
    }
    const since = cmd.sinceTime === null ? null : parseRFC3339(cmd.sinceTime);
    const text = podLogText(target.run, tx.now, {
      ...DEFAULT_LOG_OPTIONS,
      timestamps: cmd.timestamps,
      tailLines: cmd.tail < 0 ? null : cmd.tail,
      sinceSeconds: cmd.sinceSeconds,
      sinceMs: since === null || Number.isNaN(since) ? null : since,
      limitBytes: cmd.limitBytes,
    });
    term.out(withoutFinalNewline(text));
  }
  return term;
}

/** tabbed lays rows out as kubectl top's tabwriter does (every cell, the last too, tab-terminated). */
function tabbed(rows: string[][]): string {
  return withoutFinalNewline(tabwriterFormat(rows.map((r) => `${r.join('\t')}\t\n`).join(''), GET_TABWRITER).text);
}

const mi = (bytes: number) => `${Math.floor((Math.round(bytes / 1024) * 1024) / 1048576)}Mi`;

function allocatable(node: Node, resource: 'cpu' | 'memory'): number {
  const q = parseQuantity(String(node.status?.allocatable?.[resource] ?? '0'));
  if (!q.ok) return 0;
  return resource === 'cpu' ? value(q.value) * 1000 : value(q.value);
}

/** runTop prints kubectl top pod or node from the metrics-server's last scrape at the tick's instant. */
export function runTop(tx: Tx, cmd: TopCommand): Terminal {
  const term = new Terminal();
  const s = scrape(tx.st, tx.now);
  if (cmd.kind === 'Node') {
    let nodes = [...s.nodes.values()].filter((n) => chosen(cmd.selector, n.node.metadata.labels));
    if (cmd.name !== undefined) {
      const n = s.nodes.get(cmd.name);
      if (!n) {
        term.fail(`Error from server (NotFound): ${tx.st.store.objects.Node.has(cmd.name) ? 'nodemetrics.metrics.k8s.io' : 'node'} "${cmd.name}" not found`);
        return term;
      }
      nodes = [n];
    }
    if (nodes.length === 0) {
      term.fail('error: metrics not available yet');
      return term;
    }
    nodes.sort((a, b) => (a.node.metadata.name < b.node.metadata.name ? -1 : 1));
    const pct = (used: number, of: number) => `${of > 0 ? Math.floor((used / of) * 100) : 0}%`;
    const mem = (b: number) => Math.round(b / 1024) * 1024;
    const rows = nodes.map((n) => [
      n.node.metadata.name,
      `${n.cpuMilli}m`,
      pct(n.cpuMilli, allocatable(n.node, 'cpu')),
      mi(n.memoryBytes),
      pct(mem(n.memoryBytes), allocatable(n.node, 'memory')),
    ]);
    term.out(tabbed([['NAME', 'CPU(cores)', 'CPU(%)', 'MEMORY(bytes)', 'MEMORY(%)'], ...rows]));
    return term;
  }
  const ns = cmd.allNamespaces ? null : cmd.namespace;
  const inScope = (p: Pod) => ns === null || (p.metadata.namespace ?? 'default') === ns;
  let found = [...s.pods.values()].filter((m) => inScope(m.pod) && chosen(cmd.selector, m.pod.metadata.labels));
  if (cmd.name !== undefined) {
    const key = `${cmd.namespace}/${cmd.name}`;
    const m = s.pods.get(key);
    if (!m) {
      term.fail(`Error from server (NotFound): ${tx.st.store.objects.Pod.has(key) ? 'podmetrics.metrics.k8s.io' : 'pods'} "${key}" not found`);
      return term;
    }
    found = [m];
  }
  if (found.length === 0) {
    const any = inNamespace(tx.st, 'Pod', ns).some((p) => chosen(cmd.selector, p.metadata.labels));
    if (any) term.fail('error: metrics not available yet');
    else term.warn(ns === null ? 'No resources found' : `No resources found in ${ns} namespace.`);
    return term;
  }
  const key = (p: Pod) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`;
  found.sort((a, b) => (key(a.pod) < key(b.pod) ? -1 : 1));
  const lead = (p: Pod) => (cmd.allNamespaces ? [p.metadata.namespace ?? 'default', p.metadata.name] : [p.metadata.name]);
  const header = [...(cmd.allNamespaces ? ['NAMESPACE'] : []), ...(cmd.containers ? ['POD', 'NAME'] : ['NAME']), 'CPU(cores)', 'MEMORY(bytes)'];
  const rows = cmd.containers
    ? found.flatMap((m) => {
        const names = m.pod.spec.containers.map((c) => c.name);
        const each = Math.floor(m.metric.value / Math.max(1, names.length));
        let extra = m.metric.value - each * names.length;
        return names.map((name) => {
          const share = each + (extra-- > 0 ? 1 : 0);
          return [...lead(m.pod), name, `${share}m`, mi(memoryWorkingSet(m.pod, name))];
        });
      })
    : found.map((m) => [...lead(m.pod), `${m.metric.value}m`, mi(podMemory(m.pod))]);
  term.out(tabbed([header, ...rows]));
  return term;
}

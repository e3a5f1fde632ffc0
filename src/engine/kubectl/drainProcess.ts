// Port of kubectl's drain loop (staging/src/k8s.io/kubectl/pkg/drain/drain.go evictPods,
// deletePods, waitForDelete; pkg/cmd/drain/drain.go RunDrain, deleteOrEvictPodsSimple), v1.36.3,
// as a process on the virtual clock.
/**
 * `kubectl drain` keeps running after its first line: each pod's eviction is retried every 5 s
 * while its budget answers 429, and an evicted pod is polled every second until it is gone. Here
 * the command is a DrainProcess in the engine state, woken by `drain` events; every line kubectl
 * would print is printed by the tick that makes it (the tick summary, and `transcript`).
 *
 * Worked example, `drain node-1 --ignore-daemonsets --timeout=12s` with a budget at 0: t 0
 * `evicting pod …` + `error when evicting … (will retry after 5s): Cannot evict pod …`; t 5 and
 * t 10 the same; t 15 `evicting pod …`, then the deadline has passed: `error when evicting
 * pods/"web-…" -n "default": global timeout reached: 12s`, the pending-pods lines, `error: unable
 * to drain node "node-1" due to error: …, continuing command...` and exit 1.
 */
import { decide } from '../api/decision.ts';
import type { Pod } from '../api/types.ts';
import { formatApiError } from '../apiserver/errors.ts';
import { evictPod } from '../apiserver/eviction.ts';
import { deleteObject } from '../apiserver/store.ts';
import { formatGoDuration } from '../lib/goDuration.ts';
import { note, schedule, type Tx } from '../client/tx.ts';
import { type DrainOptions, nodeDrainedLine, podEvictedLine, podsForDeletion } from './transforms/drain.ts';

/** kubectl waits this long after a 429 before it tries the eviction again. */
export const EvictionRetryMs = 5000;
/** waitForDelete polls the evicted pod every second. */
export const DeletePollMs = 1000;

/** One pod of the node being drained: evicting (retrying), waiting for it to go, or finished. */
export interface DrainPodState {
  namespace: string;
  name: string;
  uid: string;
  phase: 'evict' | 'wait' | 'done';
  nextAt: number;
}

/** A running `kubectl drain`: plain data (it is part of the engine state and its keyframes). */
export interface DrainProcess {
  id: number;
  /** The kubectl line, for the summary and the console. */
  line: string;
  opts: DrainOptions & { timeoutMs: number };
  /** Nodes still to drain, the current one first. */
  nodes: string[];
  /** The current node's evictPods deadline (ms), or null without --timeout. */
  deadline: number | null;
  pods: DrainPodState[];
  /** The current node's pod errors, in the order the goroutines returned them. */
  errors: string[];
  /** Nodes that failed (RunDrain's remainingNodes) and their errors. */
  failedNodes: string[];
  fatal: string[];
  /** Everything printed so far, with its virtual time (ms). */
  transcript: { at: number; text: string }[];
  done: boolean;
  ok: boolean;
}

declare module '../client/state.ts' {
  interface EngineState {
    /** Running `kubectl drain` commands (retries on the virtual clock), by id; plain data. */
    drains: DrainProcess[];
  }
}

/** aggregateError is utilerrors.NewAggregate(errs).Error(): one message, or `[a, b]` (duplicates once). */
export function aggregateError(errs: readonly string[]): string {
  const seen = [...new Set(errs)];
  return seen.length === 1 ? (seen[0] as string) : `[${seen.join(', ')}]`;
}

function print(tx: Tx, p: DrainProcess, out: string[], text: string): void {
  out.push(text);
  p.transcript.push({ at: tx.now, text });
}

function podKey(s: DrainPodState): string {
  return `${s.namespace}/${s.name}`;
}

/** evictOnce is one turn of a pod's goroutine loop: print `evicting pod`, check the deadline, call the subresource. */
function evictOnce(tx: Tx, p: DrainProcess, s: DrainPodState, out: string[]): void {
  const evicting = !p.opts.disableEviction;
  if (evicting) print(tx, p, out, `evicting pod ${podKey(s)}`);
  if (p.deadline !== null && tx.now >= p.deadline) {
    p.errors.push(`error when evicting pods/"${s.name}" -n "${s.namespace}": global timeout reached: ${formatGoDuration(p.opts.timeoutMs)}`);
    s.phase = 'done';
    return;
  }
  const grace = p.opts.gracePeriod >= 0 ? { gracePeriodSeconds: p.opts.gracePeriod } : {};
  if (!evicting) {
    const d = deleteObject(tx.st.store, tx, 'Pod', podKey(s), grace);
    if (!d.ok && d.error.reason !== 'NotFound') {
      p.errors.push(`error when deleting pods/"${s.name}" -n "${s.namespace}": ${formatApiError(d.error)}`);
      s.phase = 'done';
      return;
    }
    pollDeleted(tx, p, s, out);
    return;
  }
  const r = evictPod(tx.st.store, tx, s.namespace, s.name, grace);
  if (r.code === 201) {
    decide(tx.decisions, 'evictPod', 'evicted', { pod: s.name, pdb: r.budget ?? '—' });
    pollDeleted(tx, p, s, out);
    return;
  }
  if (r.code === 404) {
    s.phase = 'done';
    return;
  }
  if (r.code === 429) {
    decide(tx.decisions, 'evictPod', 'tooManyRequests', { pod: s.name, pdb: r.budget ?? '—', cause: r.error.causes?.[0]?.message ?? '' });
    print(tx, p, out, `error when evicting pods/"${s.name}" -n "${s.namespace}" (will retry after 5s): ${r.error.message}`);
    s.nextAt = tx.now + EvictionRetryMs;
    return;
  }
  p.errors.push(`error when evicting pods/"${s.name}" -n "${s.namespace}": ${r.error.message}`);
  s.phase = 'done';
}

/** pollDeleted is one poll of waitForDelete: gone (or replaced) → `pod/NAME evicted`; else poll again in 1 s. */
function pollDeleted(tx: Tx, p: DrainProcess, s: DrainPodState, out: string[]): void {
  const cur = tx.st.store.objects.Pod.get(podKey(s));
  if (!cur || cur.metadata.uid !== s.uid) {
    print(tx, p, out, podEvictedLine({ metadata: { name: s.name } } as Pod, !p.opts.disableEviction));
    s.phase = 'done';
    return;
  }
  if (s.phase === 'wait' && p.deadline !== null && tx.now >= p.deadline) {
    p.errors.push(`error when waiting for pod "${s.name}" in namespace "${s.namespace}" to terminate: global timeout reached: ${formatGoDuration(p.opts.timeoutMs)}`);
    s.phase = 'done';
    return;
  }
  s.phase = 'wait';
  s.nextAt = tx.now + DeletePollMs;
}

/** startNode is deleteOrEvictPodsSimple's first instant for the next node: list, filter, warn, first attempts. */
function startNode(tx: Tx, p: DrainProcess, out: string[]): void {
  while (p.nodes.length > 0) {
    const nodeName = p.nodes[0] as string;
    const node = tx.st.store.objects.Node.get(nodeName);
    const pods = [...tx.st.store.objects.Pod.values()] as Pod[];
    const dsNames = new Set([...tx.st.store.objects.DaemonSet.values()].map((d) => `${d.metadata.namespace ?? 'default'}/${d.metadata.name}`));
    const list = podsForDeletion(nodeName, pods, p.opts, (ns, name) => dsNames.has(`${ns}/${name}`));
    if (!node || list.errors.length > 0) {
      const err = node ? aggregateError(list.errors) : `nodes "${nodeName}" not found`;
      failNode(tx, p, out, nodeName, err);
      continue;
    }
    if (list.warnings) print(tx, p, out, `Warning: ${list.warnings}`);
    p.deadline = p.opts.timeoutMs > 0 ? tx.now + p.opts.timeoutMs : null;
    p.errors = [];
    p.pods = list.pods.map((pod) => ({
      namespace: pod.metadata.namespace ?? 'default',
      name: pod.metadata.name,
      uid: pod.metadata.uid ?? '',
      phase: 'evict',
      nextAt: tx.now,
    }));
    advance(tx, p, out);
    return;
  }
  finish(tx, p, out);
}

function failNode(tx: Tx, p: DrainProcess, out: string[], nodeName: string, err: string): void {
  print(tx, p, out, `error: unable to drain node "${nodeName}" due to error: ${err}, continuing command...`);
  p.failedNodes.push(nodeName);
  p.fatal.push(err);
  p.nodes.shift();
}

/** advance runs every pod turn due now; when the node's pods are all finished it ends the node and starts the next. */
function advance(tx: Tx, p: DrainProcess, out: string[]): void {
  for (const s of p.pods) {
    if (s.phase === 'done' || s.nextAt > tx.now) continue;
    if (s.phase === 'evict') evictOnce(tx, p, s, out);
    else pollDeleted(tx, p, s, out);
  }
  if (p.pods.some((s) => s.phase !== 'done')) return;
  const nodeName = p.nodes[0] as string;
  if (p.errors.length === 0) {
    print(tx, p, out, nodeDrainedLine({ metadata: { name: nodeName } } as never));
    p.nodes.shift();
  } else {
    const err = aggregateError(p.errors);
    const pods = [...tx.st.store.objects.Pod.values()] as Pod[];
    const pending = podsForDeletion(nodeName, pods, p.opts, () => true).pods;
    if (pending.length > 0) {
      print(tx, p, out, `There are pending pods in node "${nodeName}" when an error occurred: ${err}`);
      for (const pod of pending) print(tx, p, out, `pod/${pod.metadata.name}`);
    }
    failNode(tx, p, out, nodeName, err);
  }
  p.pods = [];
  startNode(tx, p, out);
}

/** finish ends RunDrain: the pending nodes and the aggregated error kubectl exits 1 with. */
function finish(tx: Tx, p: DrainProcess, out: string[]): void {
  p.done = true;
  p.ok = p.failedNodes.length === 0;
  if (p.ok) return;
  print(tx, p, out, 'There are pending nodes to be drained:');
  for (const n of p.failedNodes) print(tx, p, out, ` ${n}`);
  // cmdutil.CheckErr prints each error of the aggregate on its own line.
  for (const e of new Set(p.fatal)) print(tx, p, out, e);
}

function nextAt(p: DrainProcess): number | null {
  let t: number | null = null;
  for (const s of p.pods) if (s.phase !== 'done' && (t === null || s.nextAt < t)) t = s.nextAt;
  return t;
}

function wake(tx: Tx, p: DrainProcess): void {
  const t = nextAt(p);
  if (!p.done && t !== null) schedule(tx, t, { type: 'drain', id: p.id });
}

/**
 * startDrain begins the drain of `nodes` (already cordoned) in this tick and returns the lines
 * printed now and whether the command already ended (and how). A drain that goes on is kept in
 * the engine state and woken by `drain` events.
 */
export function startDrain(tx: Tx, line: string, nodes: string[], opts: DrainOptions & { timeoutMs: number }): { lines: string[]; done: boolean; ok: boolean } {
  const id = tx.st.drains.reduce((m, d) => Math.max(m, d.id), 0) + 1;
  const p: DrainProcess = { id, line, opts, nodes: [...nodes], deadline: null, pods: [], errors: [], failedNodes: [], fatal: [], transcript: [], done: false, ok: true };
  const out: string[] = [];
  startNode(tx, p, out);
  if (!p.done) {
    tx.st.drains = [...tx.st.drains, p];
    wake(tx, p);
  }
  return { lines: out, done: p.done, ok: p.ok };
}

/** stepDrain is the `drain` event: run the turns due now, print what kubectl prints, sleep until the next. */
export function stepDrain(tx: Tx, id: number): void {
  const i = tx.st.drains.findIndex((d) => d.id === id);
  const cur = tx.st.drains[i];
  tx.key = cur ? `kubectl ${cur.line}` : `kubectl drain #${id}`;
  if (!cur || cur.done || (nextAt(cur) ?? Number.POSITIVE_INFINITY) > tx.now) {
    note(tx, 'drainIdle', { id });
    return;
  }
  // The process is replaced, not changed in place: keyframes share the old one.
  const p: DrainProcess = JSON.parse(JSON.stringify(cur)) as DrainProcess;
  const out: string[] = [];
  advance(tx, p, out);
  // A finished drain stays listed (done), so its transcript can be shown at any later tick.
  tx.st.drains = tx.st.drains.map((d) => (d.id === id ? p : d));
  note(tx, 'kubectl', { output: out.join('\n') });
  wake(tx, p);
}

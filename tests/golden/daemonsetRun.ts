// Helpers for the DaemonSet golden runs and properties: run a scenario through the engine and
// read what a DaemonSet should have, and has, on every node, straight from the API store.
import type { ControllerRevision, DaemonSet, Node, Pod } from '../../src/engine/api/types.ts';
import { ControllerRevisionHashLabelKey } from '../../src/engine/api/constants.ts';
import { match } from '../../src/engine/controller/daemon/history.ts';
import { nodeShouldRunDaemonPod } from '../../src/engine/controller/daemon/shouldRun.ts';
import { getTargetNodeName, isPodAvailable, isPodReady } from '../../src/engine/controller/daemon/util/daemonsetUtil.ts';
import { createEngine, type EngineState, runUntil, type SimConfig, type TickRecord } from '../../src/engine/sim.ts';
import { parseScenarioText } from '../../src/scenario/parse.ts';
import { toSimConfig } from '../../src/scenario/toSimConfig.ts';

/** configOf parses a scenario's text into the engine's config (throws on an invalid scenario). */
export function configOf(text: string): SimConfig {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return toSimConfig(parsed.value);
}

/** theDaemonSet returns the DaemonSet as the API server stores it. */
export function theDaemonSet(st: EngineState, name: string): DaemonSet | undefined {
  return st.store.objects.DaemonSet.get(`default/${name}`) as DaemonSet | undefined;
}

/** currentHash is the controller-revision-hash of the stored revision matching the DaemonSet's template, or null. */
export function currentHash(st: EngineState, ds: DaemonSet): string | null {
  for (const o of st.store.objects.ControllerRevision.values()) {
    const r = o as ControllerRevision;
    if (r.metadata.ownerReferences?.some((x) => x.uid === ds.metadata.uid) && match(ds, r)) {
      return r.metadata.labels?.[ControllerRevisionHashLabelKey] ?? null;
    }
  }
  return null;
}

/** nodes lists the stored nodes. */
export function nodes(st: EngineState): Node[] {
  return [...st.store.objects.Node.values()] as Node[];
}

/** shouldRunOn lists the nodes where the DaemonSet wants a pod. */
export function shouldRunOn(st: EngineState, ds: DaemonSet): Set<string> {
  return new Set(
    nodes(st)
      .filter((n) => nodeShouldRunDaemonPod(n, ds).shouldRun)
      .map((n) => n.metadata.name),
  );
}

/** A pod is live while it is neither terminal nor being deleted. */
export function isLive(p: Pod): boolean {
  const phase = p.status?.phase;
  return !p.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed';
}

/** podsByNode groups the DaemonSet's stored pods by target node: spec.nodeName, or the node affinity before binding. */
export function podsByNode(st: EngineState, ds: DaemonSet, filter: (p: Pod) => boolean = () => true): Map<string, Pod[]> {
  const out = new Map<string, Pod[]>();
  for (const o of st.store.objects.Pod.values()) {
    const p = o as Pod;
    if (!p.metadata.ownerReferences?.some((r) => r.uid === ds.metadata.uid) || !filter(p)) continue;
    const node = getTargetNodeName(p) ?? '';
    out.set(node, [...(out.get(node) ?? []), p]);
  }
  return out;
}

/** availableOn reports whether the node has a live pod of the DaemonSet that is available. */
export function availableOn(st: EngineState, ds: DaemonSet, pods: readonly Pod[] | undefined): boolean {
  return (pods ?? []).some((p) => isLive(p) && isPodAvailable(p, ds.spec.minReadySeconds ?? 0, st.now));
}

/** readyOn reports whether the node has a live Ready pod of the DaemonSet. */
export function readyOn(pods: readonly Pod[] | undefined): boolean {
  return (pods ?? []).some((p) => isLive(p) && isPodReady(p));
}

/**
 * convergenceProblems lists what keeps the DaemonSet from its goal: exactly one live, up-to-date,
 * available pod on each node that should run one, and no live pod anywhere else.
 */
export function convergenceProblems(st: EngineState, name: string): string[] {
  const ds = theDaemonSet(st, name);
  if (!ds) return [`DaemonSet ${name} is gone`];
  const hash = currentHash(st, ds);
  if (hash === null) return ['no ControllerRevision matches the template'];
  const want = shouldRunOn(st, ds);
  const live = podsByNode(st, ds, isLive);
  const problems: string[] = [];
  for (const n of nodes(st)) {
    const name = n.metadata.name;
    const pods = live.get(name) ?? [];
    if (!want.has(name)) {
      if (pods.length > 0) problems.push(`${name} should run nothing but runs ${pods.length}`);
      continue;
    }
    if (pods.length !== 1) problems.push(`${name} runs ${pods.length} live pods`);
    const p = pods[0];
    if (p && p.metadata.labels?.[ControllerRevisionHashLabelKey] !== hash) problems.push(`${name} runs an old pod`);
    if (p && !isPodAvailable(p, ds.spec.minReadySeconds ?? 0, st.now)) problems.push(`${name}'s pod is not available`);
  }
  for (const p of [...live.values()].flat()) if (!p.spec.nodeName) problems.push(`${p.metadata.name} is not bound`);
  return problems;
}

/** run steps the engine to `untilMs`, calling `check` after every tick. */
export function run(config: SimConfig, untilMs: number, check?: (st: EngineState, t: TickRecord) => void): EngineState {
  const st = createEngine(config);
  runUntil(st, untilMs, check ? (t) => check(st, t) : undefined);
  return st;
}

// The Explain values of kube-scheduler's Score phase (prioritizeNodes.ts): each plugin's score of
// a node after normalising, the weighted total, and the requests behind NodeResourcesFit.
import type { DecisionValue } from '../api/decision.ts';
import type { NodeInfo } from './framework/nodeInfo.ts';
import type { PodResources } from './framework/resource.ts';

/** The per-plugin scores of the scored nodes, after normalising, before weights; null = skipped. */
export interface PluginScores {
  fit: Scores;
  balanced: Scores | null;
  spread: Scores | null;
  taint: Scores;
  nodeAffinity: Scores | null;
  interPod: Scores | null;
  image: Scores;
}

export type Scores = Float64Array;

const SKIPPED = '–';

/**
 * summaryValues are the chosen node's scores as scoreValues has them (same keys, same order, without
 * the cpu/memory sums) and the cycle's counts: built directly, once per pod of a 10,000-pod rollout.
 */
export function summaryValues(s: PluginScores, i: number, node: string, total: number, feasible: number, evaluated: DecisionValue, nodes: number, ties: number): Record<string, DecisionValue> {
  return {
    node,
    total,
    fit: s.fit[i] as number,
    balanced: s.balanced?.[i] ?? SKIPPED,
    spread: s.spread?.[i] ?? SKIPPED,
    taint: s.taint[i] as number,
    nodeAffinity: s.nodeAffinity?.[i] ?? SKIPPED,
    interPod: s.interPod?.[i] ?? SKIPPED,
    image: s.image[i] as number,
    feasible,
    evaluated,
    nodes,
    ties,
  };
}

/**
 * countsDefaults: the node's or the pod's cpu/memory sums hold a default for an unset request
 * (GetNonzeroRequests counts 100m / 200Mi for it, and an explicit 0 as 0), so the non-zero sums
 * differ from the requested ones.
 */
export function countsDefaults(ni: NodeInfo, req: PodResources): boolean {
  return (
    ni.nonZeroMilliCPU !== ni.requestedMilliCPU ||
    ni.nonZeroMemory !== ni.requestedMemory ||
    req.nonZeroMilliCPU !== req.milliCPU ||
    req.nonZeroMemory !== req.memory
  );
}

/** scoreValues are one node's Explain values: each plugin's score (– when skipped), the total, and the cpu/memory sums behind NodeResourcesFit. */
export function scoreValues(s: PluginScores, i: number, ni: NodeInfo, total: number, req: PodResources): Record<string, DecisionValue> {
  return {
    node: ni.name,
    total,
    fit: s.fit[i] as number,
    balanced: s.balanced?.[i] ?? SKIPPED,
    spread: s.spread?.[i] ?? SKIPPED,
    taint: s.taint[i] as number,
    nodeAffinity: s.nodeAffinity?.[i] ?? SKIPPED,
    interPod: s.interPod?.[i] ?? SKIPPED,
    image: s.image[i] as number,
    cpu: ni.nonZeroMilliCPU + req.nonZeroMilliCPU,
    cpuAllocatable: ni.allocatable.milliCPU,
    memoryMi: Math.round((ni.nonZeroMemory + req.nonZeroMemory) / (1024 * 1024)),
    memoryAllocatableMi: Math.round(ni.allocatable.memory / (1024 * 1024)),
  };
}

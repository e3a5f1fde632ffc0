// Port of kubernetes pkg/scheduler/framework/types.go FitError.Error and NodeToStatus (v1.36):
// the FailedScheduling message, `0/3 nodes are available: 3 Insufficient cpu. preemption: …`.
import type { Status } from './types.ts';

/** NodeToStatus: each rejected node's status, and the one every node not listed shares. */
export interface NodeToStatus {
  readonly explicit: ReadonlyMap<string, Status>;
  readonly absent: Status;
  get(name: string): Status;
}

/** newNodeToStatus makes a NodeToStatus over `explicit` with the `absent` default. */
export function newNodeToStatus(explicit: ReadonlyMap<string, Status>, absent: Status): NodeToStatus {
  return {
    explicit,
    absent,
    get(name: string): Status {
      return explicit.get(name) ?? absent;
    },
  };
}

/** NoNodeAvailableMsg, as in the scheduler: "0/%v nodes are available". */
export function noNodeAvailableMsg(n: number): string {
  return `0/${n} nodes are available`;
}

/**
 * fitErrorMessage is FitError.Error(): "0/N nodes are available:", then the PreFilter message, or
 * else each reason with the number of nodes that gave it, sorted as strings ("10 …" before "2 …"),
 * joined by ", ", with a full stop; then the PostFilter message as it is.
 */
export function fitErrorMessage(numAllNodes: number, preFilterMsg: string | null, m: NodeToStatus, postFilterMsg: string | null): string {
  let msg = `${noNodeAvailableMsg(numAllNodes)}:`;
  if (preFilterMsg !== null && preFilterMsg !== '') msg += ` ${preFilterMsg}.`;
  else {
    const reasons = new Map<string, number>();
    for (const s of m.explicit.values()) for (const r of s.reasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
    if (m.explicit.size < numAllNodes) {
      for (const r of m.absent.reasons) reasons.set(r, (reasons.get(r) ?? 0) + numAllNodes - m.explicit.size);
    }
    const parts = [...reasons].map(([r, n]) => `${n} ${r}`);
    parts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (parts.length) msg += ` ${parts.join(', ')}.`;
  }
  // The PostFilter message brings its own full stop.
  if (postFilterMsg !== null && postFilterMsg !== '') msg += ` ${postFilterMsg}`;
  return msg;
}

// Port of kubernetes pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go and
// pkg/scheduler/framework/preemption/preemption.go (v1.36): the PostFilter that runs when no node
// fits. Every pod here has priority 0, so no node ever has a lower-priority victim: preemption
// only ever explains why it could not help, in the scheduler's words.
import type { Pod } from '../../api/types.ts';
import { type NodeToStatus, fitErrorMessage } from '../framework/fitError.ts';
import { newStatus, Plugin, type Status } from '../framework/types.ts';

export const MsgNotHelpful = 'Preemption is not helpful for scheduling';
export const MsgNoVictims = 'No preemption victims found for incoming pod';

/**
 * postFilter returns the "preemption: …" message. A node the filters rejected as
 * UnschedulableAndUnresolvable (a taint, affinity, a request larger than the whole node) is one
 * where preemption is not helpful; on the others (Unschedulable: not enough room now) the dry run
 * looks for pods of lower priority to evict and finds none. Worked example with 3 nodes, one
 * tainted, two full: "preemption: 0/3 nodes are available: 1 Preemption is not helpful for
 * scheduling, 2 No preemption victims found for incoming pod."
 */
export function postFilter(pod: Pod, allNodeNames: readonly string[], m: NodeToStatus): string {
  if (pod.spec.preemptionPolicy === 'Never') return 'preemption: not eligible due to preemptionPolicy=Never.';
  const priority = pod.spec.priority ?? 0;
  const statuses = new Map<string, Status>();
  for (const name of allNodeNames) {
    const s = m.get(name);
    if (s.code === 'Unschedulable') {
      // SelectVictimsOnNode: only pods of lower priority are victims; everything here runs at 0.
      if (priority <= 0) statuses.set(name, newStatus('UnschedulableAndUnresolvable', Plugin.DefaultPreemption, MsgNoVictims));
    }
  }
  const result: NodeToStatus = {
    explicit: statuses,
    absent: newStatus('UnschedulableAndUnresolvable', Plugin.DefaultPreemption, MsgNotHelpful),
    get(name) {
      return statuses.get(name) ?? this.absent;
    },
  };
  return `preemption: ${fitErrorMessage(allNodeNames.length, null, result, null)}`;
}

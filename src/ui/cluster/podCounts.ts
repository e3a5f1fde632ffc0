/**
 * Counts for the cluster header: pods that are terminating still sit on their nodes (the
 * kubelet is running their preStop and waiting for the grace period), but they are on their way
 * out, so the header counts them apart from the pods that run or start.
 */
import type { PackedPods, PodView } from '../../worker/protocol.ts';
import { POD_DISPLAY_PHASES } from '../../worker/protocol.ts';

const TERMINATING = POD_DISPLAY_PHASES.indexOf('Terminating');

/** terminatingCount counts the Terminating pods of the frame: from the packed phases when the pods travel packed. */
export function terminatingCount(pods: readonly Pick<PodView, 'phase'>[], packed: PackedPods | null): number {
  let n = 0;
  if (packed) {
    for (let i = 0; i < packed.count; i++) if (packed.phase[i] === TERMINATING) n++;
    return n;
  }
  for (const p of pods) if (p.phase === 'Terminating') n++;
  return n;
}

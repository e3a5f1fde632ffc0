/**
 * The Unhealthy Event of a failed probe, made once per pod for its next failures: a probed pod
 * fails 1 to 4 times before its application answers (50,000 failures in the probed
 * 10,000-replica rollout), and each made its output and message anew (the URL, the output, the
 * message: three strings of up to ~110 characters), which the recorder then hashed and compared
 * again to find the kubelet's kept copy (kubeletMessage). Not engine state: the output depends
 * on nothing but what an entry compares (probeOutput reads the probe, the container, the pod IP
 * and the application's neverReady), so a kept message and a new one are the same string.
 */
import type { Container, Pod, Probe } from '../../api/types.ts';
import { kubeletMessage } from '../../client/eventParts.ts';
import { unhealthyMessage } from './prober.ts';
import { type ContainerFacts, outputOf, probeOf } from './proberManager.ts';
import type { ProbeType, ProbeWorker } from './worker.ts';

/** A failed probe's output (for its decision) and its Unhealthy message (the kubelet's kept string). */
export interface Unhealthy {
  readonly output: string;
  readonly message: string;
}

interface Entry extends Unhealthy {
  probe: Probe | undefined;
  container: Container | undefined;
  type: ProbeType;
  podIP: string;
  neverReady: boolean;
}

/** At most UNHEALTHY_MAX pods' entries (a rollout's probing pods at once are far fewer), then afresh. */
const UNHEALTHY_MAX = 4096;
const entries = new Map<string, Entry>();

/** unhealthyOf is the output and Unhealthy message of the pod's failed probe of worker `w` at `t` (outputOf's). */
export function unhealthyOf(pod: Pod, podKey: string, w: ProbeWorker, f: ContainerFacts, t: number, podIP: string): Unhealthy {
  const probe = probeOf(pod, w);
  const container = pod.spec.containers[w.index];
  const e = entries.get(podKey);
  if (e !== undefined && e.probe === probe && e.container === container && e.type === w.probeType && e.podIP === podIP && e.neverReady === f.neverReady) return e;
  const output = outputOf(pod, w, f, t, podIP);
  const message = kubeletMessage(unhealthyMessage(w.probeType, output));
  if (entries.size >= UNHEALTHY_MAX) entries.clear();
  const made: Entry = { output, message, probe, container, type: w.probeType, podIP, neverReady: f.neverReady };
  entries.set(podKey, made);
  return made;
}

/**
 * The Events the kubelet records about a container's life, in v1.36's words: the image manager's
 * (images/image_manager.go: Pulling, Pulled `Successfully pulled image "web:2" in 1.2s (1.2s
 * including waiting). Image size: 52428800 bytes.` or `Container image "web:2" already present on
 * machine and can be accessed by the pod`, Failed, BackOff) and the runtime manager's
 * (kuberuntime_container.go startContainer: `Container created`, `Container started`, and
 * `Error: ErrImagePull` when EnsureImageExists failed; kuberuntime_manager.go doBackOff:
 * `Back-off restarting failed container web in pod web-x_default(uid)`). Each names its container
 * in involvedObject.fieldPath (`spec.containers{web}`, GenerateContainerRef), so v1.35+ kubectl
 * describe prints `spec.containers{web}: Container created`. The new ones are named from the
 * clock (no PRNG draw): adding them moved no pod name, placement or timing of a run.
 */
import type { Pod } from '../api/types.ts';
import { imagePullPolicyFor } from '../apiserver/defaults.ts';
import { recordEvent, type Tx } from '../client/tx.ts';
import { formatGoDuration } from '../lib/goDuration.ts';
import { stringMemo } from '../lib/stringMemo.ts';
import { imageSize } from './runtime.ts';

/**
 * The field paths made so far, one string per container name: every kubelet Event of a pod keeps
 * its container's in its reference (a new 20-character string each would be ~40 bytes an Event).
 * At most 1,024 names, then it starts afresh. Not engine state.
 * containerFieldPath is the reference's fieldPath of a pod's container: `spec.containers{web}`.
 */
export const containerFieldPath = stringMemo((container) => `spec.containers{${container}}`, 1024);

/**
 * pulledMessage is the Pulled Event of a pull that took `ms`: Go prints the duration truncated to
 * the ms, e.g. 1234 → `in 1.234s (1.234s including waiting)`; the simulated kubelet pulls one
 * image at a time per pod, so the wait is the pull.
 */
export function pulledMessage(image: string, ms: number): string {
  // Pod after pod pulls the same image in the same time: the last message is made once for them.
  if (image === lastPull.image && ms === lastPull.ms) return lastPull.message;
  const d = formatGoDuration(Math.floor(ms));
  const message = `Successfully pulled image ${JSON.stringify(image)} in ${d} (${d} including waiting). Image size: ${imageSize(image)} bytes.`;
  lastPull = { image, ms, message };
  return message;
}

/** The last Pulled message made (not engine state: the message depends on image and ms alone). */
let lastPull = { image: '', ms: Number.NaN, message: '' };

/** presentMessage: IfNotPresent with the image on the node (KubeletEnsureSecretPulledImages, on by default since v1.35). */
export function presentMessage(image: string): string {
  return `Container image ${JSON.stringify(image)} already present on machine and can be accessed by the pod`;
}

/** crashLoopMessage is the CrashLoopBackOff waiting state's message: the back-off, the container and the pod. */
export function crashLoopMessage(backoffMs: number, container: string, pod: Pod, uid: string): string {
  return `back-off ${backoffMs / 1000}s restarting failed container=${container} pod=${pod.metadata.name}_${pod.metadata.namespace ?? 'default'}(${uid})`;
}

/** pullFailedMessage is the runtime's error for an image that cannot be pulled (ErrImagePull's message). */
export function pullFailedMessage(image: string): string {
  return `failed to pull and unpack image "docker.io/library/${image}": not found`;
}

/** crashBackOffMessage is doBackOff's Event: the container and format.Pod's `name_namespace(uid)`. */
export function crashBackOffMessage(pod: Pod, container: string): string {
  return `Back-off restarting failed container ${container} in pod ${pod.metadata.name}_${pod.metadata.namespace ?? 'default'}(${pod.metadata.uid ?? ''})`;
}

/** recordContainerEvent records a kubelet Event about one container of the pod, named from the clock. */
export function recordContainerEvent(tx: Tx, pod: Pod, container: string, type: 'Normal' | 'Warning', reason: string, message: string): void {
  recordEvent(tx, pod, type, reason, message, 'kubelet', 'clock', containerFieldPath(container));
}

/**
 * recordPullEvents: each container's image Event, in its order (pulled in `pulledMs` on a first
 * start; on a restart, or for a second container of the same image, already present — an Always
 * policy pulls again, which the simulated kubelet does at once: `in 0s`), then `after` of it.
 */
export function recordPullEvents(tx: Tx, pod: Pod, pulledMs: number | null, after: (container: string) => void): void {
  const seen: string[] = [];
  for (const c of pod.spec.containers) {
    const always = (c.imagePullPolicy ?? imagePullPolicyFor(c.image)) === 'Always';
    const fresh = pulledMs !== null && !seen.includes(c.image);
    if (fresh || always) {
      // The first container's Pulling was recorded when the pod was accepted (the pull began there).
      if (!(fresh && seen.length === 0)) recordContainerEvent(tx, pod, c.name, 'Normal', 'Pulling', `Pulling image ${JSON.stringify(c.image)}`);
      recordContainerEvent(tx, pod, c.name, 'Normal', 'Pulled', pulledMessage(c.image, fresh ? pulledMs : 0));
    } else recordContainerEvent(tx, pod, c.name, 'Normal', 'Pulled', presentMessage(c.image));
    seen.push(c.image);
    after(c.name);
  }
}

/** recordStartEvents: what the kubelet records as it starts the pod's containers: each image's Event, `Container created`, `Container started`. */
export function recordStartEvents(tx: Tx, pod: Pod, pulledMs: number | null): void {
  recordPullEvents(tx, pod, pulledMs, (c) => {
    recordContainerEvent(tx, pod, c, 'Normal', 'Created', 'Container created');
    recordContainerEvent(tx, pod, c, 'Normal', 'Started', 'Container started');
  });
}

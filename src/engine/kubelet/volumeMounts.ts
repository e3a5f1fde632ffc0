// Port of kubernetes pkg/kubelet/volumemanager (v1.36) as far as a pod's ConfigMap and Secret
// volumes go: the reconciler's MountVolume operation (pkg/volume/util/operationexecutor
// operation_generator.go GenerateMountVolumeFunc), its retry back-off (nestedpendingoperations,
// goroutinemap/exponentialbackoff), and syncPod's WaitForAttachAndMount before any container.
/**
 * Before it creates a pod's sandbox and pulls an image, the kubelet waits until every volume of
 * the pod is mounted. A `configMap`, `secret` or `projected` volume whose object does not exist,
 * or lacks a key its `items` map, fails its SetUp, and the operation records a Warning
 * `FailedMount` Event: `MountVolume.SetUp failed for volume "config" : configmap "web-config" not
 * found` (an `optional` source mounts what there is). The reconciler tries again once the operation's back-off is over,
 * 500 ms after the first failure, doubling to 2m2s; identical Events are counted by the
 * correlator (`x7 over 2m`). The pod stays Pending with its containers in ContainerCreating, and
 * is not probed yet. Once the object is there, the next try mounts it and the pod goes on (image,
 * create, start).
 *
 * Two simplifications: the volumes are tried together, so they share one back-off (upstream each
 * has its own, which start together); and the pod goes on at the mount, where syncPod would
 * notice it at its next 300 ms poll, or, when its 2-minute wait had timed out (v1.36 records no
 * Event for that), at its next sync 10–15 s later.
 */
import type { ConfigMap, Secret } from '../api/configTypes.ts';
import { decide } from '../api/decision.ts';
import type { Volume } from '../api/statefulTypes.ts';
import type { Pod } from '../api/types.ts';
import { note, recordEvent, schedule, type Tx } from '../client/tx.ts';
import { notFound } from './containerConfig.ts';
import type { KubeletPodState } from './kubeletState.ts';

/** initialDurationBeforeRetry and maxDurationBeforeRetry of the operations' exponential back-off. */
export const MOUNT_BACKOFF_INITIAL_MS = 500;
export const MOUNT_BACKOFF_MAX_MS = 122_000;

/** One volume whose SetUp fails: its name and the plugin's error. */
export interface MountFailure {
  volume: string;
  message: string;
}

const NO_FAILURES: readonly MountFailure[] = Object.freeze([]);

/** The keys a volume source maps to files (KeyToPath), and whether a missing one is skipped. */
interface KeyedSource {
  items?: readonly { key: string }[];
  optional?: boolean;
}

/**
 * configMapError is the configmap plugin's SetUp error, or null: the watch-based manager's NotFound
 * (`configmap "web-config" not found`) unless optional; MakePayload's for an item whose key the
 * ConfigMap lacks in data and binaryData (`configmap references non-existent config key: MODE`).
 */
function configMapError(cm: ConfigMap | undefined, name: string, src: KeyedSource): string | null {
  if (cm === undefined) return src.optional === true ? null : notFound('ConfigMap', name);
  for (const item of src.items ?? []) {
    if (Object.hasOwn(cm.data ?? {}, item.key) || Object.hasOwn(cm.binaryData ?? {}, item.key)) continue;
    if (src.optional !== true) return `configmap references non-existent config key: ${item.key}`;
  }
  return null;
}

/** secretError is the secret plugin's: `secret "db" not found`, `references non-existent secret key: password`. */
function secretError(secret: Secret | undefined, name: string, src: KeyedSource): string | null {
  if (secret === undefined) return src.optional === true ? null : notFound('Secret', name);
  for (const item of src.items ?? []) {
    if (Object.hasOwn(secret.data ?? {}, item.key)) continue;
    if (src.optional !== true) return `references non-existent secret key: ${item.key}`;
  }
  return null;
}

/**
 * mountFailures is each of the pod's ConfigMap, Secret and projected volumes that cannot be set
 * up now, in the pod's order, its objects read from the informer cache (the kubelet's watch-based
 * manager). A projected volume gathers the errors of its sources as utilerrors.NewAggregate
 * prints them: one as itself, more as `[a, b]`.
 */
export function mountFailures(tx: Tx, pod: Pod): readonly MountFailure[] {
  const volumes = (pod.spec as { volumes?: Volume[] }).volumes;
  // Nearly every pod has no volume (every pod of the benchmark rollouts): no array for it.
  if (volumes === undefined) return NO_FAILURES;
  const ns = pod.metadata.namespace ?? 'default';
  const configMap = (name: string) => tx.st.cache.objects.ConfigMap.get(`${ns}/${name}`) as ConfigMap | undefined;
  const secret = (name: string) => tx.st.cache.objects.Secret.get(`${ns}/${name}`) as Secret | undefined;
  const out: MountFailure[] = [];
  for (const v of volumes) {
    let message: string | null = null;
    if (v.configMap) message = configMapError(configMap(v.configMap.name ?? ''), v.configMap.name ?? '', v.configMap);
    else if (v.secret) message = secretError(secret(v.secret.secretName ?? ''), v.secret.secretName ?? '', v.secret);
    else if (v.projected) {
      const errs: string[] = [];
      for (const s of v.projected.sources ?? []) {
        const e = s.configMap ? configMapError(configMap(s.configMap.name ?? ''), s.configMap.name ?? '', s.configMap) : s.secret ? secretError(secret(s.secret.name ?? ''), s.secret.name ?? '', s.secret) : null;
        if (e !== null) errs.push(e);
      }
      if (errs.length > 0) message = errs.length === 1 ? (errs[0] as string) : `[${errs.join(', ')}]`;
    }
    if (message !== null) out.push({ volume: v.name, message });
  }
  return out;
}

/**
 * mountFailed records a failed try of each volume (GenerateError's message: `%v for volume %q %v`
 * with the error as `: …`, hence the space before the colon) and the next try after the back-off:
 * 500 ms after the first failure, then twice the last wait, at most 2m2s.
 */
export function mountFailed(tx: Tx, pod: Pod, podKey: string, uid: string, failures: readonly MountFailure[], ks: KubeletPodState): void {
  for (const f of failures) recordEvent(tx, pod, 'Warning', 'FailedMount', `MountVolume.SetUp failed for volume "${f.volume}" : ${f.message}`, 'kubelet');
  const waitMs = ks.mountBackoffMs === undefined ? MOUNT_BACKOFF_INITIAL_MS : Math.min(ks.mountBackoffMs * 2, MOUNT_BACKOFF_MAX_MS);
  tx.st.kubelet.set(podKey, { ...ks, mountBackoffMs: waitMs });
  schedule(tx, tx.now + waitMs, { type: 'kubelet', podKey, uid, step: 'mount' });
  const first = failures[0] as MountFailure;
  decide(tx.decisions, 'generateMountVolumeFunc', 'setUpFailed', { pod: pod.metadata.name, volume: first.volume, message: first.message, seconds: waitMs / 1000 });
  note(tx, 'failedMount', { pod: pod.metadata.name, volume: first.volume, message: first.message });
}

/** mounted notes that the volumes a pod waited for are set up now, and forgets their back-off. */
export function mounted(tx: Tx, pod: Pod, podKey: string, ks: KubeletPodState): void {
  const { mountBackoffMs: _done, ...rest } = ks;
  tx.st.kubelet.set(podKey, rest);
  decide(tx.decisions, 'generateMountVolumeFunc', 'mounted', { pod: pod.metadata.name });
}

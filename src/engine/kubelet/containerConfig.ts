/**
 * What the kubelet needs from the API before it can create a container: the ConfigMaps and
 * Secrets its environment reads. A port of v1.36's makeEnvironmentVariables (kubelet_pods.go)
 * as far as references go — envFrom first, then env, each ConfigMap or Secret looked up once per
 * container — and of startContainer's answer when generateContainerConfig fails
 * (kuberuntime_container.go): the container waits in CreateContainerConfigError with the error as
 * its message, a Warning `Failed` Event says `Error: configmap "web-config" not found`, and the
 * pod worker tries again after its back-off period, 10 s with up to 50 % jitter (pod_workers.go
 * completeWork). The kubelet reads them through its watch-based manager: the informer cache here,
 * so a ConfigMap created a moment ago is seen a watch delay later.
 *
 * One simplification: the simulated kubelet starts a pod's containers together, so a container
 * whose configuration resolves waits (ContainerCreating) beside one that does not, where a
 * cluster would start it.
 */
import type { ConfigMap, Secret } from '../api/configTypes.ts';
import type { Container, Pod } from '../api/types.ts';
import { decide } from '../api/decision.ts';
import { note, schedule, type Tx } from '../client/tx.ts';
import { nextFloat } from '../lib/prng.ts';
import { recordContainerEvent, recordPullEvents } from './containerEvents.ts';
import { containerStatus, containerStatuses, setStatus } from './status.ts';

/** backOffPeriod of the pod workers (kubelet.go): a failed sync is tried again after 10 s … */
export const SYNC_BACKOFF_MS = 10_000;
/** … plus a random part of up to half as much (workerBackOffPeriodJitterFactor 0.5). */
const SYNC_BACKOFF_JITTER = 0.5;

/** A container's first unresolved reference: the error the runtime reports, and what it read. */
export interface ConfigError {
  container: string;
  message: string;
  /** `env WEB_MODE`, `envFrom[0]`: which part of the container read it. */
  source: string;
}

type Lookup = (kind: 'ConfigMap' | 'Secret', name: string) => ConfigMap | Secret | undefined;

/**
 * containerConfigError is makeEnvironmentVariables' first error for one container, or null:
 * `configmap "web-config" not found` (the watch-based manager's NotFound names the resource in the
 * singular), `couldn't find key MODE in ConfigMap default/web-config`; an `optional` reference
 * that is missing is skipped.
 */
export function containerConfigError(c: Container, namespace: string, lookup: Lookup): ConfigError | null {
  const fail = (message: string, source: string): ConfigError => ({ container: c.name, message, source });
  const envFrom = c.envFrom ?? [];
  for (let i = 0; i < envFrom.length; i++) {
    const e = envFrom[i];
    const ref = e?.configMapRef ?? e?.secretRef;
    if (!ref) continue;
    const kind = e?.configMapRef ? 'ConfigMap' : 'Secret';
    if (lookup(kind, ref.name ?? '') === undefined && ref.optional !== true) return fail(notFound(kind, ref.name ?? ''), `envFrom[${i}]`);
  }
  for (const v of c.env ?? []) {
    if (v.value !== undefined && v.value !== '') continue;
    const sel = v.valueFrom?.configMapKeyRef ?? v.valueFrom?.secretKeyRef;
    if (!sel) continue;
    const kind = v.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret';
    const name = sel.name ?? '';
    const obj = lookup(kind, name);
    if (obj === undefined) {
      if (sel.optional === true) continue;
      return fail(notFound(kind, name), `env ${v.name}`);
    }
    const data = obj.data;
    if (data === undefined || !Object.hasOwn(data, sel.key)) {
      if (sel.optional === true) continue;
      return fail(`couldn't find key ${sel.key} in ${kind} ${namespace}/${name}`, `env ${v.name}`);
    }
  }
  return null;
}

/**
 * notFound is the NotFound of the kubelet's watch-based ConfigMap and Secret managers, which name
 * the resource in the singular: what an env reference and a volume's SetUp (volumeMounts.ts) report.
 */
export const notFound = (kind: 'ConfigMap' | 'Secret', name: string): string => `${kind === 'ConfigMap' ? 'configmap' : 'secret'} "${name}" not found`;

/** configErrors: the first error of each of the pod's containers that has one, in container order. */
export function configErrors(tx: Tx, pod: Pod): ConfigError[] {
  const out: ConfigError[] = [];
  const ns = pod.metadata.namespace ?? 'default';
  let lookup: Lookup | undefined;
  for (const c of pod.spec.containers) {
    // Nearly every container reads no ConfigMap or Secret: no closure, no lookup for it.
    if (c.env === undefined && c.envFrom === undefined) continue;
    lookup ??= (kind, name) => tx.st.cache.objects[kind].get(`${ns}/${name}`) as ConfigMap | Secret | undefined;
    const e = containerConfigError(c, ns, lookup);
    if (e !== null) out.push(e);
  }
  return out;
}

/**
 * createContainerConfigError is the `started` step of a pod whose configuration does not resolve:
 * each container's image Event (pulled, or already present), each failing container's
 * CreateContainerConfigError and `Error: …` Event, and the next try after the sync back-off.
 */
export function createContainerConfigError(tx: Tx, pod: Pod, podKey: string, uid: string, errors: readonly ConfigError[], pulledMs: number | null): void {
  const byName = new Map(errors.map((e) => [e.container, e]));
  recordPullEvents(tx, pod, pulledMs, (c) => {
    const e = byName.get(c);
    if (e) recordContainerEvent(tx, pod, c, 'Warning', 'Failed', `Error: ${e.message}`);
  });
  setStatus(
    tx,
    pod,
    {
      ...pod.status,
      containerStatuses: containerStatuses(pod, (c, prev) => {
        const e = byName.get(c.name);
        if (!e) return prev ?? containerStatus(c.name, { waiting: { reason: 'ContainerCreating' } }, undefined, false, 0, c.image, '', undefined, false);
        return containerStatus(c.name, { waiting: { reason: 'CreateContainerConfigError', message: e.message } }, prev?.lastState, false, prev?.restartCount ?? 0, c.image, '', undefined, false);
      }),
    },
    podKey,
  );
  const retryMs = Math.round(SYNC_BACKOFF_MS * (1 + SYNC_BACKOFF_JITTER * nextFloat(tx.st.prng)));
  schedule(tx, tx.now + retryMs, { type: 'kubelet', podKey, uid, step: 'started' });
  const first = errors[0] as ConfigError;
  decide(tx.decisions, 'startContainer', 'configError', {
    pod: pod.metadata.name,
    container: first.container,
    source: first.source,
    message: first.message,
    seconds: retryMs / 1000,
  });
  note(tx, 'createContainerConfigError', { pod: pod.metadata.name, message: first.message });
}

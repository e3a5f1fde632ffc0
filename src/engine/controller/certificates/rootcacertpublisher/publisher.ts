// Port of kubernetes pkg/controller/certificates/rootcacertpublisher/publisher.go (v1.36): the
// root CA certificate publisher, which keeps the ConfigMap kube-root-ca.crt in every namespace.
/**
 * Every namespace holds `kube-root-ca.crt`: the cluster's CA bundle, which the projected token
 * volume of every pod mounts (servedDefaults.ts kube-api-access-…) so that its clients can verify
 * the API server. The publisher queues a namespace when it is added or updated while Active, and
 * when its kube-root-ca.crt is updated or deleted; syncNamespace creates the ConfigMap when it is
 * missing (not in a namespace gone or being deleted) and puts back its data and its description
 * when they differ. So `kubectl delete cm kube-root-ca.crt` comes back one watch delay later, and
 * an edit of it is undone. The system namespaces' ConfigMaps are stored with them at start
 * (bootstrap.ts: the publisher's first pass, before any tick).
 *
 * The bundle is one fixed self-signed CA, `CN=kubernetes` as kubeadm's and kind's are (each real
 * cluster has its own); nothing in the simulator verifies with it.
 */
import type { ConfigMap } from '../../../api/configTypes.ts';
import { decide } from '../../../api/decision.ts';
import type { Namespace } from '../../../api/types.ts';
import { type StoreState, type WatchRecord, type WriteContext, createObject } from '../../../apiserver/store.ts';
import { RootCACertConfigMapName } from '../../../apiserver/servedDefaults.ts';
import { namespaceTerminating } from '../../../apiserver/admission/namespaceLifecycle.ts';
import { get } from '../../../client/cache.ts';
import { fnv32a, utf8Bytes } from '../../../lib/hash.ts';
import { seedPrng } from '../../../lib/prng.ts';
import { enqueue, note, type Tx, update } from '../../../client/tx.ts';

export { RootCACertConfigMapName };
/** The annotation that says what the ConfigMap is for (DescriptionAnnotation), and its text (Description). */
export const DescriptionAnnotation = 'kubernetes.io/description';
export const Description =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';
/** The key of the bundle in the ConfigMap's data. */
export const RootCAKey = 'ca.crt';
/** The cluster's CA certificate (PEM), the publisher's rootCA. */
export const RootCA = '-----BEGIN CERTIFICATE-----\nMIIDCDCCAfCgAwIBAgIBADANBgkqhkiG9w0BAQsFADAVMRMwEQYDVQQDDAprdWJl\ncm5ldGVzMB4XDTI2MTEzMDE4NTYyM1oXDTM2MTEyNzE4NTYyM1owFTETMBEGA1UE\nAwwKa3ViZXJuZXRlczCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBANGI\nmy+AJ01CFkMaYayP3F4QfSXp6RScuznZiXh/I9SFXQr2vucHc83V7sNX3ZunDEVI\n68YKuGtQYuIXSdMNCPFFFGvv5kLCpPXY+AZzSK4x3sL+bNo3knE1L8xabk1l7RvX\nojEDvvPONr/EH4wCFTtOkEh6ix3SNj1cJp1YLQIESMPt3k7Z20967fabxiXjGIY0\nACsa/jlIsDERQpnzBDfX+bWCd2KV4WRcKUs+VOWLMiM6hui7LfCQM4tdKws9ViRI\nuPDKX3WUiL1Hk4Fxzgr0bhKVd6l0ZYXkjb8RuswIr9glXlQGydN3qVIRtkGZ14xK\niEGjQsnWRTzMxLcxmm8CAwEAAaNjMGEwHQYDVR0OBBYEFJRDnW5OSq9qorgRJIcS\nZidiUANYMB8GA1UdIwQYMBaAFJRDnW5OSq9qorgRJIcSZidiUANYMA8GA1UdEwEB\n/wQFMAMBAf8wDgYDVR0PAQH/BAQDAgKkMA0GCSqGSIb3DQEBCwUAA4IBAQB5C9Qr\nShZO3s+gwV5LreWRY7+xmWEkBTDxORQtzDTTOojpQxw5cHkkRxP1yo1GmU1WcQyN\nqKmZ+qf3YJPtWq0dWB/tG43l2qyB6/4IIa7z45dN/Fx6O6GWuBck8nCcIqWZ7tnt\nkM6SFTIg6FvPkf5fs9FOWThx/NU5UcCtDZQuShaXVFKwz3SIO1AenvKrx08Exeij\nOpLF0z+yYmoxLejzJpQlvchYuD2HZqXd77OY3/T3ptY5RI8X5QL2Z5ZDHOCrS2yM\nsAWgN+2Zvzs1rmfgZDZxDMcPRgCrA+KH2+o2aIF/DyUw1VRU6cDGfIqRX29lnal8\n4qEKAF8RK6Bg2zME\n-----END CERTIFICATE-----\n';

const QUEUE = 'root-ca-cert-publisher';
const ACTOR = 'root-ca-cert-publisher';

/** rootCACertConfigMap is the ConfigMap syncNamespace creates in `namespace`. */
export function rootCACertConfigMap(namespace: string): ConfigMap {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: RootCACertConfigMapName, namespace, annotations: { [DescriptionAnnotation]: Description } },
    data: { [RootCAKey]: RootCA },
  };
}

/** publishAtStart stores the ConfigMap of each namespace the store holds (bootstrap.ts). */
export function publishAtStart(st: StoreState, ctx: WriteContext): void {
  for (const name of [...st.objects.Namespace.keys()]) createObject(st, ctx, rootCACertConfigMap(name));
}

/**
 * publisherOnWatch is the publisher's event handlers: namespaceAdded, namespaceUpdated (Active
 * only), configMapUpdated and configMapDeleted (kube-root-ca.crt only); each queues the namespace.
 */
export function publisherOnWatch(tx: Tx, rec: WatchRecord): void {
  const o = rec.object;
  if (o.kind === 'Namespace') {
    if (rec.type === 'ADDED' || (rec.type === 'MODIFIED' && (o as Namespace).status?.phase === 'Active')) enqueue(tx, QUEUE, o.metadata.name);
    return;
  }
  if (o.kind !== 'ConfigMap' || rec.type === 'ADDED' || o.metadata.name !== RootCACertConfigMapName) return;
  enqueue(tx, QUEUE, o.metadata.namespace ?? 'default');
}

/** sameData: the ConfigMap's data is exactly the bundle (reflect.DeepEqual with the one-key map). */
function sameData(cm: ConfigMap): boolean {
  const data = cm.data;
  if (data === undefined) return false;
  const keys = Object.keys(data);
  return keys.length === 1 && keys[0] === RootCAKey && data[RootCAKey] === RootCA;
}

/**
 * syncNamespace makes kube-root-ca.crt in namespace `key` what the publisher publishes, reading
 * the ConfigMap from its informer's cache.
 */
export function syncNamespace(tx: Tx, key: string): string | null {
  tx.actor = ACTOR;
  const cm = get(tx.st.cache, 'ConfigMap', `${key}/${RootCACertConfigMapName}`) as ConfigMap | undefined;
  if (cm === undefined) {
    // Upstream's create is refused NotFound or NamespaceTerminating, and not retried.
    if (!tx.st.store.objects.Namespace.has(key) || namespaceTerminating(tx.st.store, key)) {
      decide(tx.decisions, 'syncNamespace', 'namespaceGone', { namespace: key, configMap: RootCACertConfigMapName });
      note(tx, 'rootCANamespaceGone', { namespace: key });
      return null;
    }
    // Its uid is made from the namespace and the store's revision, not drawn from the run's PRNG
    // (as the kubelet's Events' are made from their names): a scenario with a namespace of its own
    // keeps every draw it had before the publisher came, and a ConfigMap made again gets a new uid.
    const run = tx.prng;
    tx.prng = seedPrng(fnv32a(utf8Bytes(`configmap/${key}/${RootCACertConfigMapName}/${tx.st.store.rv}`)));
    const res = createObject(tx.st.store, tx, rootCACertConfigMap(key));
    tx.prng = run;
    if (!res.ok) return res.error.message;
    decide(tx.decisions, 'syncNamespace', 'created', { namespace: key, configMap: RootCACertConfigMapName });
    note(tx, 'rootCAPublished', { namespace: key });
    return null;
  }
  if (sameData(cm) && (cm.metadata.annotations?.[DescriptionAnnotation] ?? '') !== '') {
    decide(tx.decisions, 'syncNamespace', 'inSync', { namespace: key, configMap: RootCACertConfigMapName });
    note(tx, 'rootCAInSync', { namespace: key });
    return null;
  }
  const annotations = { ...cm.metadata.annotations, [DescriptionAnnotation]: Description };
  const res = update(tx, { ...cm, metadata: { ...cm.metadata, annotations }, data: { [RootCAKey]: RootCA } });
  if (!res.ok) return res.error.message;
  decide(tx.decisions, 'syncNamespace', 'updated', { namespace: key, configMap: RootCACertConfigMapName });
  note(tx, 'rootCAUpdated', { namespace: key });
  return null;
}

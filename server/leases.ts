/**
 * `coordination.k8s.io/v1` leases: each node's kubelet Lease in kube-node-lease, read from the
 * node and the clock (src/engine/kubelet/nodeLease.ts), so that `kubectl describe node` shows
 * its Lease and `kubectl get leases -n kube-node-lease` lists one per node, as on a cluster. The
 * server keeps no other lease (no leader election runs here) and takes no write: the kubelets own
 * theirs.
 */
import type { KubeObject, Node } from '../src/engine/api/types.ts';
import type { RequestInfo } from '../src/engine/apiserver/rest/requestInfo.ts';
import { type Lease, NamespaceNodeLease, nodeLease } from '../src/engine/kubelet/nodeLease.ts';
import { formatAge } from '../src/engine/lib/duration.ts';
import type { ExtraAnswer } from './extras.ts';
import type { LiveCluster } from './live.ts';
import { newFilter } from './selectors.ts';
import { DESCRIPTIONS } from './tables.ts';

/** The Table columns of printLease (pkg/printers/internalversion, v1.36), with their swagger descriptions. */
const LEASE_COLUMNS = [
  { name: 'Name', type: 'string', format: 'name', description: DESCRIPTIONS.Name, priority: 0 },
  {
    name: 'Holder',
    type: 'string',
    format: '',
    description:
      'holderIdentity contains the identity of the holder of a current lease. If Coordinated Leader Election is used, the holder identity must be equal to the elected LeaseCandidate.metadata.name field.',
    priority: 0,
  },
  { name: 'Age', type: 'string', format: '', description: DESCRIPTIONS.Age, priority: 0 },
];

function status(code: number, reason: string, message: string, details: Record<string, unknown>): ExtraAnswer {
  return { code, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code } };
}

/** nodeLeases: the kubelets' leases at `nowMs`, by name (the nodes' order), in `namespace` ('' = all). */
function nodeLeases(live: LiveCluster, namespace: string, nowMs: number): Lease[] {
  if (namespace !== '' && namespace !== NamespaceNodeLease) return [];
  const nodes = [...live.st.store.objects.Node.values()] as Node[];
  nodes.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  return nodes.map((n) => nodeLease(n, nowMs));
}

/** serveLeases answers get, list and watch of leases; a write is refused (the kubelets own them). */
export function serveLeases(live: LiveCluster, info: RequestInfo, query: URLSearchParams, table: boolean): ExtraAnswer {
  const now = live.virtualNow();
  if (info.verb === 'get') {
    const lease = nodeLeases(live, info.namespace, now).find((l) => l.metadata.name === info.name);
    if (!lease) return status(404, 'NotFound', `leases.coordination.k8s.io "${info.name}" not found`, { name: info.name, group: 'coordination.k8s.io', kind: 'leases' });
    return { code: 200, body: table ? leaseTable([lease], now, query) : lease };
  }
  if (info.verb === 'list') {
    // A kind with the default field conversion (metadata.name, metadata.namespace), as Lease's is.
    const filter = newFilter('ControllerRevision', query);
    if ('error' in filter) return status(400, 'BadRequest', filter.error, {});
    const items = nodeLeases(live, info.namespace, now).filter((l) => filter(l as unknown as KubeObject));
    const metadata = { resourceVersion: String(live.resourceVersion()) };
    if (table) return { code: 200, body: { ...(leaseTable(items, now, query) as object), metadata } };
    return { code: 200, body: { kind: 'LeaseList', apiVersion: 'coordination.k8s.io/v1', metadata, items } };
  }
  // The engine writes no renewal, so a watch has nothing to send (nodeLease.ts).
  if (info.verb === 'watch') return { emptyWatch: true };
  return status(405, 'MethodNotAllowed', `${info.verb} is not supported on resources of kind "leases.coordination.k8s.io": the kubelets of Rollout Lab's nodes own their leases`, {
    group: 'coordination.k8s.io',
    kind: 'leases',
  });
}

/** leaseTable: printLease's rows, NAME HOLDER AGE. */
function leaseTable(leases: readonly Lease[], nowMs: number, query: URLSearchParams): unknown {
  const include = query.get('includeObject') ?? 'Metadata';
  const rows = leases.map((l) => {
    const row: Record<string, unknown> = { cells: [l.metadata.name, l.spec.holderIdentity, formatAge(nowMs, l.metadata.creationTimestamp)] };
    if (include === 'Object') row.object = l;
    else if (include !== 'None') row.object = { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: l.metadata };
    return row;
  });
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: {}, columnDefinitions: LEASE_COLUMNS, rows };
}

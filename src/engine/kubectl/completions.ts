/**
 * Completion for the in-app kubectl console: verbs, rollout/set subcommands, resource words,
 * object names (also after `TYPE/`) and flags, from what is typed so far.
 */
import { SUBSET_VERBS } from './parse.ts';
import { SET_SUBCOMMANDS } from './parseSet.ts';
import { RESOURCES, type ResourceKind, resolveResource } from './resources.ts';

/** The object names the console can offer, by kind. */
export interface CompletionNames {
  deployments: readonly string[];
  daemonsets: readonly string[];
  pods: readonly string[];
  nodes: readonly string[];
  replicasets: readonly string[];
  namespaces: readonly string[];
  /** The policy kinds' names (optional: older callers leave them out). */
  resourcequotas?: readonly string[];
  limitranges?: readonly string[];
  poddisruptionbudgets?: readonly string[];
  horizontalpodautoscalers?: readonly string[];
  services?: readonly string[];
  configmaps?: readonly string[];
  secrets?: readonly string[];
  statefulsets?: readonly string[];
  persistentvolumeclaims?: readonly string[];
  endpointslices?: readonly string[];
  endpoints?: readonly string[];
  events?: readonly string[];
  controllerrevisions?: readonly string[];
  /** The derived kinds' names (derivedObjects.ts). */
  persistentvolumes?: readonly string[];
  storageclasses?: readonly string[];
  serviceaccounts?: readonly string[];
}

const NAMES_KEY: Record<ResourceKind, keyof CompletionNames> = {
  Deployment: 'deployments',
  DaemonSet: 'daemonsets',
  Pod: 'pods',
  Node: 'nodes',
  ReplicaSet: 'replicasets',
  Namespace: 'namespaces',
  ResourceQuota: 'resourcequotas',
  LimitRange: 'limitranges',
  PodDisruptionBudget: 'poddisruptionbudgets',
  HorizontalPodAutoscaler: 'horizontalpodautoscalers',
  Service: 'services',
  ConfigMap: 'configmaps',
  Secret: 'secrets',
  StatefulSet: 'statefulsets',
  PersistentVolumeClaim: 'persistentvolumeclaims',
  EndpointSlice: 'endpointslices',
  Endpoints: 'endpoints',
  Event: 'events',
  ControllerRevision: 'controllerrevisions',
  PersistentVolume: 'persistentvolumes',
  StorageClass: 'storageclasses',
  ServiceAccount: 'serviceaccounts',
};

/** The read-only kinds derived from what the engine stores: get and describe take them. */
const DERIVED_KINDS: ResourceKind[] = ['PersistentVolume', 'StorageClass', 'ServiceAccount'];

const ALL: ResourceKind[] = [
  'Pod',
  'Deployment',
  'ReplicaSet',
  'DaemonSet',
  'StatefulSet',
  'Node',
  'ResourceQuota',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
  'Service',
];

/** The kinds each verb (or `rollout`/`set` subcommand) takes. */
const KINDS: Record<string, ResourceKind[]> = {
  get: [...ALL, 'Namespace', 'ConfigMap', 'Secret', 'PersistentVolumeClaim', 'EndpointSlice', 'Endpoints', 'Event', 'LimitRange', 'ControllerRevision', ...DERIVED_KINDS],
  describe: ['Pod', 'Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet', 'ResourceQuota', 'LimitRange', 'PodDisruptionBudget', 'HorizontalPodAutoscaler', 'Service', 'ConfigMap', 'Secret', 'ControllerRevision', 'Event', ...DERIVED_KINDS],
  delete: ['Pod', 'Deployment', 'DaemonSet', 'StatefulSet', 'PersistentVolumeClaim', 'ResourceQuota', 'LimitRange', 'PodDisruptionBudget', 'HorizontalPodAutoscaler', 'Service', 'ConfigMap', 'Secret'],
  scale: ['Deployment', 'ReplicaSet', 'StatefulSet'],
  autoscale: ['Deployment', 'ReplicaSet', 'StatefulSet'],
  patch: ALL,
  label: ALL,
  taint: ['Node'],
  rollout: ['Deployment', 'DaemonSet', 'StatefulSet'],
  wait: [...ALL, 'PersistentVolumeClaim'],
  image: ['Deployment', 'DaemonSet', 'ReplicaSet', 'StatefulSet', 'Pod'],
  env: ['Deployment', 'DaemonSet', 'ReplicaSet', 'StatefulSet', 'Pod'],
  resources: ['Deployment', 'DaemonSet', 'ReplicaSet', 'StatefulSet', 'Pod'],
  explain: [...ALL, 'Namespace', 'ConfigMap', 'Secret', 'PersistentVolumeClaim', 'EndpointSlice', 'Endpoints', 'Event', 'LimitRange'],
};

const FLAGS: Record<string, string[]> = {
  get: ['--watch', '--output=wide', '--output=yaml', '--output=json', '--output=jsonpath=', '--output=custom-columns=', '--selector=', '--field-selector=', '--sort-by=', '--show-labels', '--label-columns=', '--no-headers', '--all-namespaces', '--namespace='],
  scale: ['--replicas='],
  autoscale: ['--max=', '--min=', '--cpu=', '--memory=', '--name='],
  status: ['--watch=false', '--revision='],
  history: ['--revision='],
  undo: ['--to-revision='],
  patch: ['--patch=', '--type=merge', '--type=json', '--type=strategic'],
  delete: ['--selector=', '--grace-period=', '--force', '--now', '--all-namespaces', '--namespace='],
  drain: ['--ignore-daemonsets', '--delete-emptydir-data', '--force', '--grace-period='],
  taint: ['--overwrite'],
  label: ['--overwrite'],
  apply: ['-f -'],
  wait: ['--for=condition=Available', '--for=condition=Ready', '--for=delete', '--for=jsonpath=', '--timeout=0', '--selector=', '--all'],
  events: ['--for=', '--types=Warning', '--types=Normal', '--watch', '--output=yaml', '--output=json', '--output=jsonpath=', '--no-headers', '--all-namespaces', '--namespace='],
  version: ['--client', '--output=yaml', '--output=json'],
  explain: ['--recursive', '--api-version=', '--output=plaintext', '--output=plaintext-openapiv2'],
  env: ['--containers=', '--list', '--resolve', '--overwrite=false', '--env=', '--from=configmap/', '--from=secret/', '--prefix=', '--keys=', '--all', '--selector='],
  resources: ['--limits=', '--requests=', '--containers=', '--all', '--selector='],
  'api-resources': ['--api-group=', '--namespaced=true', '--namespaced=false', '--verbs=', '--categories=', '--sort-by=name', '--sort-by=kind', '--output=wide', '--output=name', '--no-headers'],
};

function resourceWords(kinds: readonly ResourceKind[]): string[] {
  return kinds.flatMap((k) => [RESOURCES[k].plural, ...RESOURCES[k].shortNames]);
}

/**
 * completions returns the full lines the typed prefix can become, sorted: `rollout st` →
 * [`rollout status`], `get deploy ng` → [`get deploy nginx`], `scale deploy/` →
 * [`scale deploy/nginx`, ...], `drain node-1 --ig` → [`drain node-1 --ignore-daemonsets`].
 */
export function completions(prefix: string, names: CompletionNames): string[] {
  const endsInSpace = prefix === '' || /\s$/.test(prefix);
  const words = prefix.trim() === '' ? [] : prefix.trim().split(/\s+/);
  const partial = endsInSpace ? '' : (words.pop() ?? '');
  const head = prefix.slice(0, prefix.length - partial.length);
  if (words[0] === 'kubectl') words.shift();
  const positional = words.filter((w) => !w.startsWith('-'));
  const [verb, ...rest] = positional;
  let candidates: string[] = [];
  const namesOf = (k: ResourceKind) => [...(names[NAMES_KEY[k]] ?? [])];
  if (verb === undefined) candidates = [...SUBSET_VERBS];
  else if (verb === 'set' && rest[0] === 'env' && partial.startsWith('--from=')) {
    candidates = [...namesOf('ConfigMap').map((n) => `--from=configmap/${n}`), ...namesOf('Secret').map((n) => `--from=secret/${n}`)];
  } else if (partial.startsWith('-')) candidates = FLAGS[verb === 'rollout' || verb === 'set' ? (rest[0] ?? '') : verb] ?? [];
  else if (verb === 'rollout' && rest.length === 0) candidates = ['history', 'pause', 'restart', 'resume', 'status', 'undo'];
  else if (verb === 'set' && rest.length === 0) candidates = [...SET_SUBCOMMANDS];
  else if (verb === 'cordon' || verb === 'uncordon' || verb === 'drain') candidates = namesOf('Node');
  else {
    const args = verb === 'rollout' || verb === 'set' ? rest.slice(1) : rest;
    const kinds = KINDS[verb === 'rollout' ? 'rollout' : verb === 'set' ? (rest[0] ?? '') : verb] ?? [];
    const slash = partial.indexOf('/');
    if (slash >= 0) {
      const kind = resolveResource(partial.slice(0, slash));
      if (kind && kinds.includes(kind)) candidates = namesOf(kind).map((n) => `${partial.slice(0, slash + 1)}${n}`);
    } else if (args.length === 0) {
      candidates = resourceWords(kinds);
    } else if (verb !== 'explain' && !(args[0] ?? '').includes('/')) {
      // explain takes a resource and a field path, never an object's name.
      const kind = resolveResource(args[0] ?? '');
      if (kind && kinds.includes(kind)) candidates = namesOf(kind);
    }
  }
  return [...new Set(candidates.filter((c) => c.startsWith(partial)))].sort().map((c) => `${head}${c}`);
}

// Port of kubectl pkg/cmd/expose/expose.go RunExpose and createService, with the polymorphic
// helpers it asks (canbeexposed.go, mapbasedselectorforobject.go, portsforobject.go,
// protocolsforobject.go) and generate.ParseLabels (v1.36).
/**
 * `kubectl expose deployment web --port=80` in the console: a Service that selects the object's
 * pods, built as kubectl builds it before it sends it. Its selector is --selector or the object's
 * (a Deployment's or ReplicaSet's matchLabels, a pod's labels, a Service's selector); its ports
 * --port (comma-separated: `port-1`, `port-2` … then) or the object's container ports with their
 * protocols; targetPort --target-port or the port; its labels -l or the object's. --dry-run=client
 * prints it, =server has the API server default, allocate and validate it without storing it,
 * else it is created (its ClusterIP, node ports for a NodePort Service).
 */
import type { Service, ServicePort } from '../api/policyTypes.ts';
import type { KubeObject } from '../api/types.ts';
import { formatApiError } from '../apiserver/errors.ts';
import { allocateServiceIP, preparePolicyObject } from '../apiserver/createPolicy.ts';
import { create, type Tx } from '../client/tx.ts';
import { dryRun, withoutResourceVersion } from '../client/dryRun.ts';
import type { KubectlCommand } from './commands.ts';
import { printed } from './executeCreate.ts';
import { resolveTargets, type ResourceObject, Terminal, withoutClientFields } from './executeStore.ts';
import { groupKindString } from './resources.ts';
import { podSpecOf } from './transforms/workloads.ts';

type Expose = Extract<KubectlCommand, { verb: 'expose' }>;

/** parseLabels is generate.ParseLabels: `k=v,k2=v2`, each split at `=` into exactly two parts. */
export function parseLabels(spec: string): Labels {
  const out: Record<string, string> = {};
  for (const part of spec.split(',')) {
    const kv = part.split('=');
    if (kv.length !== 2) return { error: `unexpected label spec: ${part}` };
    const [k = '', v = ''] = kv;
    if (k === '') return { error: 'unexpected empty label key' };
    out[k] = v;
  }
  return { map: out };
}

/** A map of labels, or why there is none (a map of its own: a label may be called `error`). */
type Labels = { map: Record<string, string> } | { error: string };

/** mapBasedSelectorForObject: the pods the object stands for, as a map; or why there is none. */
function mapBasedSelectorForObject(obj: ResourceObject): Labels {
  if (obj.kind === 'Pod') {
    const labels = obj.metadata.labels ?? {};
    return Object.keys(labels).length === 0 ? { error: 'the pod has no labels and cannot be exposed' } : { map: labels };
  }
  if (obj.kind === 'Service') {
    const sel = obj.spec.selector ?? {};
    return Object.keys(sel).length === 0 ? { error: 'the service has no pod selector set' } : { map: sel };
  }
  if (obj.kind === 'Deployment' || obj.kind === 'ReplicaSet') {
    // A selector with expressions is no map (couldn't convert expressions …).
    const sel = obj.spec.selector;
    if ((sel.matchExpressions?.length ?? 0) > 0) return { error: `couldn't convert expressions - "${JSON.stringify(sel.matchExpressions)}" to map-based selector format` };
    return { map: sel.matchLabels ?? {} };
  }
  return { error: `cannot extract pod selector from ${groupKindString(obj.kind)}` };
}

/**
 * portsForObject and protocolsForObject: the container ports of a pod, Deployment or ReplicaSet (a
 * Service's own ports), in order, each with its protocol.
 */
function portsForObject(obj: Extract<ResourceObject, { kind: 'Pod' | 'Deployment' | 'ReplicaSet' | 'Service' }>): { port: number; protocol: string }[] {
  if (obj.kind === 'Service') return (obj.spec.ports ?? []).map((p) => ({ port: p.port, protocol: p.protocol ?? 'TCP' }));
  const out: { port: number; protocol: string }[] = [];
  for (const c of podSpecOf(obj).containers) for (const p of c.ports ?? []) out.push({ port: p.containerPort, protocol: p.protocol ?? 'TCP' });
  return out;
}

/** serviceFor is createService's object for one resource, in the Go structs' order, or kubectl's error. */
function serviceFor(cmd: Expose, obj: ResourceObject): Service | { error: string } {
  // CanBeExposed: pods, Services, ReplicationControllers, Deployments and ReplicaSets.
  if (obj.kind !== 'Pod' && obj.kind !== 'Service' && obj.kind !== 'Deployment' && obj.kind !== 'ReplicaSet') return { error: `cannot expose a ${groupKindString(obj.kind)}` };
  const sel = cmd.serviceSelector !== '' ? parseLabels(cmd.serviceSelector) : mapBasedSelectorForObject(obj);
  if ('error' in sel) return cmd.serviceSelector !== '' ? sel : { error: `couldn't retrieve selectors via --selector flag or introspection: ${sel.error}` };
  const selector = sel.map;
  let ports: { port: string; protocol: string }[];
  if (cmd.port !== '') ports = cmd.port.split(',').map((port) => ({ port, protocol: '' }));
  else {
    ports = portsForObject(obj).map((p) => ({ port: String(p.port), protocol: p.protocol }));
    if (ports.length === 0 && cmd.clusterIP !== 'None') return { error: "couldn't find port via --port flag or introspection" };
  }
  const lab: Labels = cmd.labels !== '' ? parseLabels(cmd.labels) : { map: obj.metadata.labels ?? {} };
  if ('error' in lab) return lab;
  const labels = lab.map;
  const servicePorts: ServicePort[] = [];
  for (const [i, p] of ports.entries()) {
    if (!/^[+-]?\d+$/.test(p.port)) return { error: `strconv.Atoi: parsing ${JSON.stringify(p.port)}: invalid syntax` };
    const port = Number(p.port);
    const targetPort = cmd.targetPort === '' ? port : /^\d+$/.test(cmd.targetPort) ? Number(cmd.targetPort) : cmd.targetPort;
    servicePorts.push({ ...(ports.length > 1 ? { name: `port-${i + 1}` } : {}), protocol: cmd.protocol || p.protocol || 'TCP', port, targetPort });
  }
  const name = cmd.name || obj.metadata.name;
  const hasLabels = Object.keys(labels).length > 0;
  return {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: { name, ...(cmd.explicitNamespace ? { namespace: cmd.namespace } : {}), creationTimestamp: null, ...(hasLabels ? { labels } : {}) },
    spec: {
      ...(servicePorts.length > 0 ? { ports: servicePorts } : {}),
      selector,
      ...(cmd.clusterIP !== '' ? { clusterIP: cmd.clusterIP } : {}),
      ...(cmd.type !== '' ? { type: cmd.type } : {}),
      ...(cmd.externalIP !== '' ? { externalIPs: [cmd.externalIP] } : {}),
    },
    status: { loadBalancer: {} },
  } as unknown as Service;
}

/** runExpose is `kubectl expose TYPE NAME …`: one Service per resource, `service/web exposed`. */
export function runExpose(tx: Tx, cmd: Expose): Terminal {
  const term = new Terminal();
  const { objects, errors } = resolveTargets(tx.st, cmd);
  for (const e of errors) {
    term.fail(e);
    return term;
  }
  for (const obj of objects) {
    const svc = serviceFor(cmd, obj);
    if ('error' in svc) {
      term.fail(`error: ${svc.error}`);
      return term;
    }
    const out = { ...cmd, name: svc.metadata.name };
    if (cmd.dryRun === 'client') {
      term.out(printed(out, svc, 'service', 'exposed'));
      continue;
    }
    // The API server: no status or zero creationTimestamp decoded; defaulted, validated, allocated.
    const p = preparePolicyObject(withoutClientFields(svc, cmd.namespace) as unknown as Service);
    if ('error' in p) {
      term.fail(formatApiError(p.error));
      return term;
    }
    const write = (t: Tx) => {
      const a = allocateServiceIP(p.object, t.st.store.objects.Service.values(), t.prng);
      return 'error' in a ? ({ ok: false, error: a.error } as const) : create(t, a.object as KubeObject);
    };
    const res = cmd.dryRun === 'server' ? dryRun(tx.st, tx.now, write) : write(tx);
    if (!res.ok) {
      term.fail(formatApiError(res.error));
      return term;
    }
    term.out(printed(out, cmd.dryRun === 'server' ? withoutResourceVersion(res.object) : res.object, 'service', 'exposed'));
  }
  return term;
}

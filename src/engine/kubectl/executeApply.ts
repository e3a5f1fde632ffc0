// Port of RunApply of kubectl pkg/cmd/apply/apply.go (v1.36.3) for `-f -`.
/**
 * `kubectl apply -f -` in executeKubectl: the manifest comes with the action (or the console's
 * editor), client-side apply builds the object or the three-way patch (transforms/apply.ts), and
 * the API server defaults and validates what it is sent before it stores it.
 */
import { parseAllDocuments } from 'yaml';
import { KUBE_YAML } from '../lib/kubeYaml.ts';
import type { DaemonSet, Deployment, KubeObject, Namespace } from '../api/types.ts';
import { createNamespace } from './applyNamespace.ts';
import { setDefaultsDaemonSet, setDefaultsDeployment } from '../apiserver/defaults.ts';
import { type ApiError, formatApiError } from '../apiserver/errors.ts';
import type { Tx } from '../client/tx.ts';
import { create, update } from '../client/tx.ts';
import type { PolicyObject } from '../api/policyTypes.ts';
import { prepareObject } from '../apiserver/rest/kinds.ts';
import { newInvalid as newInvalidStatus } from '../apiserver/rest/status.ts';
import { checkErrStatus } from './transforms/patchJson.ts';
import { allocateServiceIP, allocateUpdateNodePorts, isPolicyKind, preparePolicyObject, serviceUpdate } from '../apiserver/createPolicy.ts';
import type { KubectlCommand } from './commands.ts';
import type { StatefulSet } from '../api/statefulTypes.ts';
import { prepareStatefulSet } from '../apiserver/statefulSetStrategy.ts';
import { apiUpdate, apiValidate, Terminal } from './executeStore.ts';
import { RESOURCES, resolveResource } from './resources.ts';
import { applyManifest, applyPatchOf, modifiedConfiguration, type ObjectJson } from './transforms/apply.ts';
import { clientDecodeError, serverDecodeError } from './applyDecode.ts';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * manifestObjects reads what was piped to `-f -`: one object, a v1 List or an array of objects,
 * or YAML/JSON text with one object per document.
 */
export function manifestObjects(manifest: unknown): unknown[] | { error: string } {
  if (typeof manifest === 'string') {
    const docs = parseAllDocuments(manifest, KUBE_YAML);
    const list = Array.isArray(docs) ? docs : [docs];
    const out: unknown[] = [];
    for (const d of list) {
      if (d.errors.length) return { error: `error: error parsing STDIN: ${d.errors[0]?.message.split('\n')[0] ?? 'invalid YAML'}` };
      const v: unknown = d.toJS();
      if (v !== null && v !== undefined) out.push(v);
    }
    return out.flatMap((v) => manifestItems(v));
  }
  return manifestItems(manifest);
}

function manifestItems(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (isObject(v) && v.kind === 'List' && Array.isArray(v.items)) return v.items;
  return v === undefined || v === null ? [] : [v];
}

function defaulted(obj: Deployment | DaemonSet | StatefulSet): Deployment | DaemonSet | StatefulSet {
  if (obj.kind === 'StatefulSet') return prepareStatefulSet(obj, null);
  return obj.kind === 'Deployment' ? setDefaultsDeployment(obj) : setDefaultsDaemonSet(obj);
}

/** applyOne applies one manifest object. */
function applyOne(tx: Tx, term: Terminal, raw: unknown, namespace: string): void {
  if (!isObject(raw) || typeof raw.kind !== 'string' || raw.kind === '') {
    term.fail(`error: unable to decode "STDIN": Object 'Kind' is missing in '${JSON.stringify(raw)}'`);
    return;
  }
  const m = raw as ObjectJson;
  const kind = resolveResource(m.kind ?? '');
  if (kind === 'Namespace') {
    const r = createNamespace(tx, raw as unknown as Namespace);
    if (r.ok) term.out(r.output);
    else term.fail(r.output);
    return;
  }
  if (kind && kind !== 'Deployment' && kind !== 'DaemonSet' && kind !== 'StatefulSet' && kind !== 'Pod' && !isPolicyKind(kind)) {
    term.fail(`error: Rollout Lab applies Deployment, DaemonSet, StatefulSet, Pod, ResourceQuota, LimitRange, PodDisruptionBudget, HorizontalPodAutoscaler, Service, ConfigMap, Secret and PersistentVolumeClaim objects, not "${m.kind ?? ''}"`);
    return;
  }
  const ns = typeof m.metadata?.namespace === 'string' && m.metadata.namespace ? m.metadata.namespace : namespace;
  const name = typeof m.metadata?.name === 'string' ? m.metadata.name : '';
  if (kind && name === '') {
    const resource = RESOURCES[kind].plural;
    const gv = isPolicyKind(kind) ? (m.apiVersion ?? '') : kind === 'Pod' ? 'v1' : 'apps/v1';
    term.fail(
      `error: error when retrieving current configuration of:\nResource: "${gv}, Resource=${resource}", GroupVersionKind: "${gv}, Kind=${kind}"\nName: "", Namespace: "${ns}"\nfrom server for: "STDIN": resource name may not be empty`,
    );
    return;
  }
  const workload = kind === 'Deployment' || kind === 'DaemonSet' || kind === 'StatefulSet' ? kind : null;
  const unreadable = workload ? clientDecodeError(workload, raw) : null;
  if (unreadable) {
    term.fail(unreadable);
    return;
  }
  const live = kind ? tx.st.store.objects[kind].get(`${ns}/${name}`) : undefined;
  const r = applyManifest(live as ObjectJson | undefined, m, ns);
  if ('error' in r) {
    term.fail(r.error);
    return;
  }
  term.warn(r.stderr);
  if (!r.changed) {
    term.out(r.output);
    return;
  }
  const decodable = workload ?? (kind === 'ConfigMap' || kind === 'Secret' || kind === 'PersistentVolumeClaim' ? kind : null);
  if (decodable) {
    // The patch applyManifest sent is made again only for a refusal, which prints it.
    const patchOf = live ? () => applyPatchOf(live as ObjectJson, modifiedConfiguration(m, ns).modified) : null;
    const refused = serverDecodeError(decodable, r.object as Record<string, unknown>, patchOf);
    if (refused) {
      term.fail(refused);
      return;
    }
  }
  if ((!live && kind === 'Pod') || kind === 'PersistentVolumeClaim') {
    applyPrepared(tx, term, live, r.object as unknown as KubeObject, r.output);
    return;
  }
  if (kind && isPolicyKind(kind)) {
    applyPolicy(tx, term, live as KubeObject | undefined, r.object as unknown as PolicyObject, r.output);
    return;
  }
  if (!live) {
    // A create: the API server defaults and validates the object, and never takes a status.
    const { status: _status, ...fresh } = defaulted(r.object as unknown as Deployment | DaemonSet | StatefulSet);
    const invalid = apiValidate(fresh as KubeObject);
    if (invalid) {
      term.fail(invalid);
      return;
    }
    const res = create(tx, fresh as KubeObject);
    if (!res.ok) term.fail(creatingError(res.error));
    else term.out(r.output);
    return;
  }
  const w = apiUpdate(tx, r.object as unknown as KubeObject);
  if ('error' in w) term.fail(w.error);
  else term.out(r.output);
}

/**
 * applyPrepared writes an applied pod (a create) or claim as the registry takes a client's
 * (rest/kinds.ts: SetDefaults_Pod and ValidatePodCreate; a claim's defaults and
 * ValidatePersistentVolumeClaim, on an update ValidatePersistentVolumeClaimUpdate); a refusal is
 * the 422 kubectl prints from its causes, or admission's refusal (a claim's resize).
 */
function applyPrepared(tx: Tx, term: Terminal, live: KubeObject | undefined, obj: KubeObject, output: string): void {
  const { status: _status, ...body } = obj as KubeObject & { status?: unknown };
  const p = prepareObject(body as KubeObject, live);
  if ('badRequest' in p) {
    term.fail(creatingError({ reason: 'BadRequest', message: p.badRequest }));
    return;
  }
  if ('invalid' in p) {
    term.fail(checkErrStatus(newInvalidStatus(obj.kind, '', p.name, p.invalid)));
    return;
  }
  const res = live ? update(tx, p.object) : create(tx, p.object);
  if (!res.ok) term.fail(live ? formatApiError(res.error) : creatingError(res.error));
  else term.out(output);
}

/**
 * creatingError is a refused create as kubectl apply prints it: AddSourceToErr puts `error when
 * creating "STDIN": ` before the server's message (an Invalid one prints from its causes instead).
 */
function creatingError(e: ApiError): string {
  return e.reason === 'Invalid' ? formatApiError(e) : formatApiError({ ...e, message: `error when creating "STDIN": ${e.message}` });
}

/**
 * applyPolicy writes an applied ResourceQuota, PodDisruptionBudget, HorizontalPodAutoscaler or
 * Service: decoded, defaulted and validated by the API server (apiserver/createPolicy.ts).
 */
function applyPolicy(tx: Tx, term: Terminal, live: KubeObject | undefined, obj: PolicyObject, output: string): void {
  const p = preparePolicyObject(obj);
  if ('error' in p) {
    const e = p.error;
    term.fail(e.reason === 'BadRequest' ? creatingError(e) : formatApiError(e));
    return;
  }
  if (!live) {
    const a = allocateServiceIP(p.object, tx.st.store.objects.Service.values(), tx.prng);
    if ('error' in a) {
      term.fail(creatingError(a.error));
      return;
    }
    const { status: _status, ...fresh } = a.object as PolicyObject & { status?: unknown };
    const res = create(tx, fresh as KubeObject);
    if (!res.ok) term.fail(creatingError(res.error));
    else term.out(output);
    return;
  }
  // An update keeps the allocated ClusterIP (it is immutable), its node ports as the registry
  // treats them (serviceUpdate, then any port now missing one gets one), and the status.
  const next =
    live.kind === 'Service' && p.object.kind === 'Service'
      ? allocateUpdateNodePorts(serviceUpdate(live, p.object), tx.st.store.objects.Service.values(), tx.prng)
      : p.object;
  const res = update(tx, next as KubeObject);
  if (!res.ok) term.fail(formatApiError(res.error));
  else term.out(output);
}

/**
 * runApply is `kubectl apply -f -`: each object of the manifest is created (`created`), patched
 * (`configured`) or left alone (`unchanged`); an invalid one gets the API server's message.
 * Only `-` is a file here: the simulation has no file system.
 */
export function runApply(tx: Tx, cmd: Extract<KubectlCommand, { verb: 'apply' }>, manifest: unknown): Terminal {
  const term = new Terminal();
  if (cmd.filename !== '-') {
    term.fail(`error: the path "${cmd.filename}" does not exist`);
    return term;
  }
  const objects = manifestObjects(manifest);
  if ('error' in objects) {
    term.fail(objects.error);
    return term;
  }
  if (objects.length === 0) {
    term.fail('error: no objects passed to apply');
    return term;
  }
  for (const raw of objects) applyOne(tx, term, raw, cmd.namespace);
  return term;
}

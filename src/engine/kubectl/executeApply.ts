// Port of RunApply of kubectl pkg/cmd/apply/apply.go (v1.36.3) for `-f -`.
/**
 * `kubectl apply -f -` in executeKubectl: the manifest comes with the action (or the console's
 * editor), client-side apply builds the object or the three-way patch (transforms/apply.ts), and
 * the API server defaults and validates what it is sent before it stores it — an update through
 * the served API's own code (executeStore.ts serverUpdate). What it refuses prints as kubectl
 * prints it (applyErrors.ts), the read-only kinds' 405 included.
 */
import { parseAllDocuments } from 'yaml';
import { KUBE_YAML } from '../lib/kubeYaml.ts';
import type { DaemonSet, Deployment, KubeObject, Namespace } from '../api/types.ts';
import { ENDPOINTS_DEPRECATION } from '../api/discoveryTypes.ts';
import { createNamespace } from './applyNamespace.ts';
import { setDefaultsDaemonSet, setDefaultsDeployment } from '../apiserver/defaults.ts';
import { type ApiError, formatApiError } from '../apiserver/errors.ts';
import type { Tx } from '../client/tx.ts';
import { create } from '../client/tx.ts';
import type { PolicyObject } from '../api/policyTypes.ts';
import { CREATABLE, prepareObject } from '../apiserver/rest/kinds.ts';
import { resourceOfKind } from '../apiserver/rest/resources.ts';
import { newInvalid as newInvalidStatus, newMethodNotSupported } from '../apiserver/rest/status.ts';
import { checkErrStatus } from './transforms/patchJson.ts';
import { allocateServiceIP, isPolicyKind, preparePolicyObject } from '../apiserver/createPolicy.ts';
import type { KubectlCommand } from './commands.ts';
import type { StatefulSet } from '../api/statefulTypes.ts';
import { prepareStatefulSet } from '../apiserver/statefulSetStrategy.ts';
import { apiValidate, serverUpdate, Terminal } from './executeStore.ts';
import { derivedObjects, isDerivedKind, writeRefusedMessage } from './derivedObjects.ts';
import { RESOURCES, type ResourceKind, resolveResource } from './resources.ts';
import { applyManifest, applyPatchOf, modifiedConfiguration, type ObjectJson } from './transforms/apply.ts';
import { clientDecodeError, serverDecodeError } from './applyDecode.ts';
import { creatingError, infoString, patchingError } from './applyErrors.ts';

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

/** liveObject is what apply's GET finds: the stored object, or the derived one the API server serves. */
function liveObject(tx: Tx, kind: ResourceKind, namespace: string, name: string): ObjectJson | undefined {
  if (isDerivedKind(kind)) return derivedObjects(tx.st, kind, namespace).find((o) => o.metadata.name === name) as ObjectJson | undefined;
  return tx.st.store.objects[kind].get(RESOURCES[kind].namespaced ? `${namespace}/${name}` : name) as ObjectJson | undefined;
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
  const ns = typeof m.metadata?.namespace === 'string' && m.metadata.namespace ? m.metadata.namespace : namespace;
  const name = typeof m.metadata?.name === 'string' ? m.metadata.name : '';
  const applied = kind ? { kind, apiVersion: m.apiVersion ?? '', name, namespace: ns } : null;
  if (applied && name === '') {
    term.fail(`error: error when retrieving current configuration of:\n${infoString(applied)}\nfrom server for: "STDIN": resource name may not be empty`);
    return;
  }
  const workload = kind === 'Deployment' || kind === 'DaemonSet' || kind === 'StatefulSet' ? kind : null;
  const unreadable = workload ? clientDecodeError(workload, raw) : null;
  if (unreadable) {
    term.fail(unreadable);
    return;
  }
  // The API server warns of every request for v1 Endpoints (kubectl prints the warning once).
  if (kind === 'Endpoints') term.warn(`Warning: ${ENDPOINTS_DEPRECATION}`);
  const live = kind ? liveObject(tx, kind, ns, name) : undefined;
  const r = applyManifest(live, m, ns);
  if ('error' in r) {
    term.fail(r.error);
    return;
  }
  term.warn(r.stderr);
  if (!r.changed) {
    term.out(r.output);
    return;
  }
  // The patch applyManifest sent is made again only for a refusal, which prints it.
  const patchOf = live ? () => applyPatchOf(live, modifiedConfiguration(m, ns).modified) : null;
  // A PersistentVolume is stored (a new one, or one made by hand); a provisioned one is derived.
  const storedVolume = kind === 'PersistentVolume' && (live === undefined || tx.st.store.objects.PersistentVolume.has(name));
  if (kind && isDerivedKind(kind) && !storedVolume) {
    // The API server serves them read-only: its 405 to the create, or to the patch.
    const refusal = { reason: 'MethodNotAllowed', message: writeRefusedMessage(live ? 'patch' : 'create', kind) };
    term.fail(patchOf && applied ? patchingError(refusal, patchOf(), applied) : creatingError(refusal));
    return;
  }
  const decodable = workload ?? (kind === 'ConfigMap' || kind === 'Secret' || kind === 'PersistentVolumeClaim' ? kind : null);
  if (decodable) {
    const refused = serverDecodeError(decodable, r.object as Record<string, unknown>, patchOf);
    if (refused) {
      term.fail(refused);
      return;
    }
  }
  if (live && patchOf && applied) {
    // An update is what the served API makes of the patched object (executeStore.ts serverUpdate).
    const w = serverUpdate(tx, r.object as unknown as KubeObject);
    if ('status' in w) term.fail(patchingError(w.status, patchOf(), applied));
    else term.out(r.output);
    return;
  }
  const served = kind ? resourceOfKind(kind) : undefined;
  if (served && !CREATABLE.has(served.kind)) {
    term.fail(creatingError(newMethodNotSupported(served, 'create')));
    return;
  }
  if (kind === 'Pod' || kind === 'PersistentVolumeClaim' || kind === 'PersistentVolume' || kind === 'ReplicaSet') {
    applyPrepared(tx, term, r.object as unknown as KubeObject, r.output);
    return;
  }
  if (kind && isPolicyKind(kind)) {
    applyPolicy(tx, term, r.object as unknown as PolicyObject, r.output);
    return;
  }
  // A create: the API server defaults and validates the object, and never takes a status.
  const { status: _status, ...fresh } = defaulted(r.object as unknown as Deployment | DaemonSet | StatefulSet);
  const invalid = apiValidate(fresh as KubeObject);
  if (invalid) {
    term.fail(invalid);
    return;
  }
  const res = create(tx, fresh as KubeObject);
  if (!res.ok) term.fail(creatingApiError(res.error));
  else term.out(r.output);
}

/**
 * applyPrepared creates an applied pod, claim or ReplicaSet as the registry takes a client's
 * (rest/kinds.ts: SetDefaults_Pod and ValidatePodCreate; a claim's defaults and
 * ValidatePersistentVolumeClaim; SetDefaults_ReplicaSet and ValidateReplicaSet); a
 * refusal is the 422 kubectl prints from its causes, or admission's refusal (a quota's).
 */
function applyPrepared(tx: Tx, term: Terminal, obj: KubeObject, output: string): void {
  const { status: _status, ...body } = obj as KubeObject & { status?: unknown };
  const p = prepareObject(body as KubeObject);
  if ('badRequest' in p) {
    term.fail(creatingError({ reason: 'BadRequest', message: p.badRequest }));
    return;
  }
  if ('invalid' in p) {
    term.fail(checkErrStatus(newInvalidStatus(obj.kind, obj.kind === 'ReplicaSet' ? 'apps' : '', p.name, p.invalid)));
    return;
  }
  const res = create(tx, p.object);
  if (!res.ok) term.fail(creatingApiError(res.error));
  else term.out(output);
}

/** creatingApiError is creatingError of the store's refusal; an Invalid one prints from its field errors. */
function creatingApiError(e: ApiError): string {
  return e.reason === 'Invalid' ? formatApiError(e) : creatingError(e);
}

/**
 * applyPolicy creates an applied ResourceQuota, PodDisruptionBudget, HorizontalPodAutoscaler or
 * Service: decoded, defaulted and validated by the API server (apiserver/createPolicy.ts), a
 * Service given its ClusterIP.
 */
function applyPolicy(tx: Tx, term: Terminal, obj: PolicyObject, output: string): void {
  const p = preparePolicyObject(obj);
  if ('error' in p) {
    const e = p.error;
    term.fail(e.reason === 'BadRequest' ? creatingError(e) : formatApiError(e));
    return;
  }
  const a = allocateServiceIP(p.object, tx.st.store.objects.Service.values(), tx.prng);
  if ('error' in a) {
    term.fail(creatingApiError(a.error));
    return;
  }
  const { status: _status, ...fresh } = a.object as PolicyObject & { status?: unknown };
  const res = create(tx, fresh as KubeObject);
  if (!res.ok) term.fail(creatingApiError(res.error));
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

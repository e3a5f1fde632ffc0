/**
 * What executeKubectl shares between its verbs: reading objects from the API server's store (the
 * truth kubectl sees, never the controllers' lagging cache), writing them back with the API
 * server's defaulting and validation, and collecting what kubectl prints on stdout and stderr.
 */
import type { Kind, KubeObject, LabelSelector } from '../api/types.ts';
import { newMethodNotSupported, newNotFound, type Status } from '../apiserver/rest/status.ts';
import { findResource, resourceOfKind } from '../apiserver/rest/resources.ts';
import { prepareUpdated, updateRefused } from '../apiserver/rest/update.ts';
import { checkErrStatus } from './transforms/patchJson.ts';
import { formatApiError, newInvalidFor } from '../apiserver/errors.ts';
import { objectKey } from '../apiserver/store.ts';
import { validateObject } from '../apiserver/validation.ts';
import type { EngineState } from '../client/state.ts';
import { executePlan } from '../client/request.ts';
import type { Tx } from '../client/tx.ts';
import { validateStatefulSet } from '../apiserver/statefulSetStrategy.ts';
import type { Target } from './commands.ts';
import { type DerivedObject, derivedObjects, isDerivedKind, isProvisionedVolume } from './derivedObjects.ts';
import { notFound, type ResourceKind } from './resources.ts';
import { selectObjects } from './targets.ts';

/** The result of one kubectl line: what the terminal shows, and whether kubectl exited 0. */
export interface KubectlOutput {
  ok: boolean;
  /** stdout and stderr in the order kubectl writes them, without the final newline. */
  output: string;
}

/**
 * Terminal collects kubectl's writes in order. Each chunk is what one Fprintln writes, without
 * its newline; a chunk that kubectl ends with extra blank lines (rollout history) keeps them.
 */
export class Terminal {
  private readonly chunks: string[] = [];
  private failed = false;

  /** out writes a chunk to stdout; an empty chunk writes nothing. */
  out(text: string | undefined): void {
    if (text) this.chunks.push(text);
  }

  /** warn writes a warning to stderr without failing the command. */
  warn(text: string | undefined): void {
    if (text) this.chunks.push(text);
  }

  /** fail writes an error to stderr: kubectl will exit 1. */
  fail(text: string): void {
    this.failed = true;
    this.chunks.push(text);
  }

  /** result joins the chunks as the terminal shows them. */
  result(): KubectlOutput {
    return { ok: !this.failed, output: this.chunks.join('\n') };
  }
}

/** withoutFinalNewline drops one trailing newline, as a printer's full text ends with one. */
export function withoutFinalNewline(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

/**
 * inNamespace lists the store's objects of a kind in a namespace (every one of a cluster-scoped
 * kind, Node and Namespace), by name; `null` is every namespace (-A), in etcd key order: namespace/name.
 */
export function inNamespace<K extends Kind>(st: EngineState, kind: K, namespace: string | null): Extract<KubeObject, { kind: K }>[] {
  const out: Extract<KubeObject, { kind: K }>[] = [];
  const clusterScoped = kind === 'Node' || kind === 'Namespace' || kind === 'PersistentVolume';
  for (const o of st.store.objects[kind].values()) {
    if (clusterScoped || namespace === null || (o.metadata.namespace ?? 'default') === namespace) out.push(o as Extract<KubeObject, { kind: K }>);
  }
  // etcd's key order, as a list across namespaces returns it: `team-a/web` before `team/web` ('-' < '/').
  const key = (o: KubeObject) => (namespace === null && !clusterScoped ? `${o.metadata.namespace ?? 'default'}/${o.metadata.name}` : o.metadata.name);
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The store object of a resource kind. */
export type StoredObject = Extract<KubeObject, { kind: ResourceKind }>;

/** The object of a resource kind: stored, or derived from what is stored (derivedObjects.ts). */
export type ResourceObject = StoredObject | DerivedObject;

/** isStored: an object the store holds (a client may write it), not a derived one: a PersistentVolume is stored unless provisioned. */
export function isStored(obj: ResourceObject): obj is StoredObject {
  return !isDerivedKind(obj.kind) || (obj.kind === 'PersistentVolume' && !isProvisionedVolume(obj));
}

/**
 * storedVolumeTarget: a named PersistentVolume target that kubectl's write reaches the store with
 * (a stored volume, or none at all: NotFound); a provisioned volume's name is refused (405).
 */
export function storedVolumeTarget(st: EngineState): (kind: string, name: string) => boolean {
  return (kind, name) => kind === 'PersistentVolume' && !derivedObjects(st, 'PersistentVolume', null).some((o) => o.metadata.name === name && !isStored(o));
}

/**
 * objectsOf lists a resource kind as the API server does: the store's objects in the namespace
 * (inNamespace), or the derived ones (`null`: every namespace).
 */
export function objectsOf(st: EngineState, kind: ResourceKind, namespace: string | null): ResourceObject[] {
  return isDerivedKind(kind) ? derivedObjects(st, kind, namespace) : (inNamespace(st, kind, namespace) as ResourceObject[]);
}

/**
 * resolveTargets is the resource builder's visit over the line's targets: each named target is
 * its object or a NotFound error; a kind-only target is every object the selector matches, in
 * name order. With prefixMatch (describe) a missing name falls back to the names it prefixes.
 */
export function resolveTargets(
  st: EngineState,
  cmd: { targets: readonly Target[]; selector?: LabelSelector; namespace: string; allNamespaces?: boolean },
  opts: { prefixMatch?: boolean } = {},
): { objects: ResourceObject[]; errors: string[] } {
  const objects: ResourceObject[] = [];
  const errors: string[] = [];
  for (const target of cmd.targets) {
    const all = objectsOf(st, target.kind, cmd.allNamespaces ? null : cmd.namespace);
    const r = selectObjects(target, cmd.selector, all, opts);
    objects.push(...r.objects);
    if (r.missing !== undefined) errors.push(notFound(target.kind, r.missing, target.group));
  }
  return { objects, errors };
}

/**
 * servedWriteRefusal is the served API's 405 to a delete or patch of a ControllerRevision
 * (rest/delete.ts, rest/update.ts: no controller here would notice the write), as kubectl prints
 * it; undefined for any other kind. The console's delete and patch do not go through those
 * handlers, and a patch that changes nothing would otherwise say `patched (no change)` without
 * asking: the server refuses it whatever it holds.
 */
export function servedWriteRefusal(kind: ResourceKind, verb: 'delete' | 'patch'): string | undefined {
  if (kind !== 'ControllerRevision') return undefined;
  const r = resourceOfKind(kind);
  return r === undefined ? undefined : checkErrStatus(newMethodNotSupported(r, verb));
}

/** apiValidate returns the API server's Invalid message for a Deployment or DaemonSet, or null. */
export function apiValidate(obj: KubeObject): string | null {
  if (obj.kind !== 'Deployment' && obj.kind !== 'DaemonSet' && obj.kind !== 'StatefulSet') return null;
  const errs = obj.kind === 'StatefulSet' ? validateStatefulSet(obj) : validateObject(obj);
  return errs.length ? formatApiError(newInvalidFor(obj.kind, obj.metadata.name, errs)) : null;
}

/** What an update written as the served API takes it leaves: the stored object, or the Status it refused it with. */
export type ServerUpdate<T> = { object: T; changed: boolean } | { status: Status };

/**
 * serverUpdate is a PATCH as the served API handles it once the patched object is decoded, with
 * the same code: refused for a kind a client may not patch (a 405), defaulted, validated and
 * admitted (rest/update.ts prepareUpdated), then stored in the tick as executePlan stores it (a
 * Service switched to NodePort gets its node ports). `changed` is false for a no-op write, which
 * keeps its resourceVersion.
 */
export function serverUpdate<T extends KubeObject>(tx: Tx, next: T): ServerUpdate<T> {
  // A stored PersistentVolume is written as the registry writes it (resources.ts WRITTEN_ONLY).
  const r = resourceOfKind(next.kind) ?? (next.kind === 'PersistentVolume' ? findResource('', 'v1', 'persistentvolumes') : undefined);
  if (!r) throw new Error(`the API server serves no ${next.kind}`);
  const refused = updateRefused(r, 'patch');
  if (refused) return { status: refused };
  const cur = tx.st.store.objects[next.kind].get(objectKey(next));
  if (!cur) return { status: newNotFound(r, next.metadata.name) };
  const p = prepareUpdated(tx.st.store.objects.Service.values(), r, next, cur);
  if ('status' in p) return p;
  const res = executePlan(tx, { op: 'update', resource: r, object: p.object, scale: false });
  if (res.code !== 200) return { status: res.body as Status };
  return { object: res.body as T, changed: res.body !== cur };
}

/** apiUpdate is serverUpdate with a refusal as kubectl prints it (CheckErr: `The Deployment "web" is invalid: …`). */
export function apiUpdate<T extends KubeObject>(tx: Tx, next: T): { object: T; changed: boolean } | { error: string } {
  const w = serverUpdate(tx, next);
  return 'status' in w ? { error: checkErrStatus(w.status) } : w;
}

/**
 * withoutClientFields is the body the API server decodes of an object kubectl built and sent: no
 * status (PrepareForCreate drops it), no zero creationTimestamp, the namespace set.
 */
export function withoutClientFields(obj: KubeObject, namespace: string): KubeObject {
  const { status: _status, ...body } = obj as KubeObject & { status?: unknown };
  const { creationTimestamp: _created, ...meta } = body.metadata as typeof body.metadata & { creationTimestamp?: null };
  return { ...body, metadata: { ...meta, namespace } } as KubeObject;
}

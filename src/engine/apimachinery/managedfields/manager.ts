/**
 * Field managers (k8s.io/apimachinery/pkg/util/managedfields and structured-merge-diff's merge
 * Updater): who owns which fields of an object, how an Update takes the fields it changed, how an
 * Apply owns exactly what it applied, conflicts with other owners, and the fields an applier stops
 * applying removed when nobody else owns them.
 */
import { fromFieldsV1, isObject, type Json, pathString, SEP, sortedPaths, toFieldSet, toFieldsV1 } from './fieldpath.ts';
import { type FieldError, invalid } from '../fieldErrors.ts';
import { compare, mergeValue, removeFields, withoutPrefixes } from './merge.ts';
import type { Schema } from './schema.ts';

/** metav1.ManagedFieldsEntry as served. */
export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time?: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Json;
  subresource?: string;
}

/** One manager's fields, decoded. */
export interface Managed {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  subresource: string;
  time: string;
  set: Set<string>;
}

/** A field another manager owns with another value. */
export interface Conflict {
  manager: Managed & { identifierTime?: string };
  path: string;
}

/** The paths stripMetaManager never records (server-set identity and bookkeeping). */
const STRIPPED: ReadonlySet<string> = new Set(
  ['apiVersion', 'kind', 'metadata', 'metadata\nf:name', 'metadata\nf:namespace', 'metadata\nf:creationTimestamp', 'metadata\nf:selfLink', 'metadata\nf:uid', 'metadata\nf:clusterName', 'metadata\nf:generation', 'metadata\nf:managedFields', 'metadata\nf:resourceVersion'].map((p) =>
    p
      .split('\n')
      .map((x) => (x.startsWith('f:') ? x : `f:${x}`))
      .join('\n'),
  ),
);

function strip(set: Set<string>): Set<string> {
  for (const p of STRIPPED) set.delete(p);
  return set;
}

/** sameManager: BuildManagerIdentifier's identity — an applier's apiVersion is not part of it. */
export function sameManager(a: Pick<Managed, 'manager' | 'operation' | 'apiVersion' | 'subresource'>, b: Pick<Managed, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): boolean {
  return a.manager === b.manager && a.operation === b.operation && a.subresource === b.subresource && (a.operation === 'Apply' || a.apiVersion === b.apiVersion);
}

/** Who writes: the manager name, the operation, the API version and the subresource (`''` the main resource). */
export type Writer = Pick<Managed, 'manager' | 'operation' | 'apiVersion' | 'subresource'>;

function unionInto(set: Set<string>, more: Iterable<string>): Set<string> {
  for (const p of more) set.add(p);
  return set;
}

/** withEntry puts the writer's new set in place (dropped when empty); its time moves when its set or the object changed. */
function withEntry(entries: readonly Managed[], w: Writer, set: Set<string>, time: string, changed: boolean): Managed[] {
  const out: Managed[] = [];
  let placed = false;
  for (const e of entries) {
    if (!sameManager(e, w)) {
      if (e.set.size > 0) out.push(e);
      continue;
    }
    placed = true;
    if (set.size === 0) continue;
    const same = set.size === e.set.size && [...set].every((p) => e.set.has(p));
    out.push({ ...e, apiVersion: w.apiVersion, set, time: changed || !same ? time : e.time });
  }
  if (!placed && set.size > 0) out.push({ ...w, time, set });
  return out;
}

/**
 * update is an Update operation's bookkeeping (Updater.Update): the writer takes every field it
 * added or changed, from everyone (an Update never conflicts), and removed fields leave every
 * owner. Replicas 3 → 5 by `kubectl scale`: `.spec.replicas` moves to kubectl's scale entry.
 */
export function update(entries: readonly Managed[], live: unknown, next: unknown, schema: Schema, w: Writer, time: string): Managed[] {
  const c = compare(live, next, schema);
  const taken = unionInto(new Set(c.modified), c.added);
  const others = entries.map((e) => (sameManager(e, w) ? e : { ...e, set: withoutPrefixes(new Set([...e.set].filter((p) => !taken.has(p))), c.removed) }));
  const mine = entries.find((e) => sameManager(e, w))?.set ?? new Set<string>();
  const set = strip(unionInto(withoutPrefixes(mine, c.removed), taken));
  return capUpdateManagers(withEntry(others, w, set, time, taken.size > 0 || c.removed.size > 0));
}

/** kube-apiserver's cap on Update entries (DefaultMaxUpdateManagers). */
export const MAX_UPDATE_MANAGERS = 10;
const ANCIENT = 'ancient-changes';

/**
 * capUpdateManagers keeps at most `max` Update entries (capManagersManager): the oldest are
 * merged, per API version, into an `ancient-changes` entry that takes the time of the newest it
 * absorbed. With a cap of 3, four v1 updaters at 1 h…4 h become ancient-changes (a, b) at 2 h
 * and the two newest.
 */
export function capUpdateManagers(entries: readonly Managed[], max = MAX_UPDATE_MANAGERS): Managed[] {
  const updaters = entries.filter((e) => e.operation === 'Update');
  if (updaters.length <= max) return [...entries];
  const id = (e: Managed) => JSON.stringify([e.manager, e.operation, e.apiVersion, e.subresource]);
  updaters.sort((a, b) => cmp(a.time.slice(0, 19), b.time.slice(0, 19)) || cmp(id(a), id(b)));
  let out = [...entries];
  const first = new Map<string, Managed>();
  let length = updaters.length;
  for (let i = 0; i < updaters.length && length > max; i++) {
    const m = updaters[i] as Managed;
    const bucketOf: Writer = { manager: ANCIENT, operation: 'Update', apiVersion: m.apiVersion, subresource: '' };
    const f = first.get(m.apiVersion);
    if (!f) {
      first.set(m.apiVersion, m);
      continue;
    }
    let bucket = out.find((e) => sameManager(e, bucketOf));
    if (!bucket) {
      // The first of this version becomes the bucket.
      bucket = { ...bucketOf, time: f.time, set: f.set };
      out = [...out.filter((e) => e !== f), bucket];
    }
    const merged: Managed = { ...bucket, set: unionInto(new Set(m.set), bucket.set), time: m.time };
    const old = bucket;
    out = [...out.filter((e) => e !== old && e !== m), merged];
    length--;
  }
  return out;
}

export type ApplyResult = { object: Json; entries: Managed[]; changed: boolean } | { conflicts: Conflict[] };

/**
 * apply is an Apply operation (Updater.Apply): merge the configuration into the live object,
 * own exactly the applied fields, remove what this applier owned last time, applies no longer
 * and nobody else owns, and refuse (or with force, take) fields another manager owns whose value
 * the apply changes. `live` is undefined when the apply creates the object.
 */
export function apply(entries: readonly Managed[], live: Json | undefined, config: Json, schema: Schema, w: Writer, force: boolean, time: string): ApplyResult {
  const base = live ?? {};
  const merged = mergeValue(base, config, schema) as Json;
  const applied = strip(toFieldSet(config, schema));
  const last = entries.find((e) => sameManager(e, w))?.set;
  let object = merged;
  if (last && last.size > 0) {
    const owned = new Set(applied);
    for (const e of entries) if (!sameManager(e, w)) unionInto(owned, e.set);
    // A field whose fields someone still owns stays (only its own `.` is given up: kubectl's
    // upgraded entry owns `f:labels` itself, the new configuration `f:labels.f:app`); a list item
    // goes with its `.` even when another manager owns a field inside it.
    const holding = new Set<string>();
    for (const p of owned) for (let i = p.indexOf(SEP); i >= 0; i = p.indexOf(SEP, i + 1)) holding.add(p.slice(0, i));
    const isField = (p: string) => p.startsWith('f:', p.lastIndexOf(SEP) + 1);
    const gone = new Set([...last].filter((p) => !owned.has(p) && !(isField(p) && holding.has(p))));
    object = removeFields(merged, schema, gone) as Json;
  }
  const c = compare(base, object, schema);
  const changed = unionInto(new Set(c.modified), c.added);
  const conflicts: Conflict[] = [];
  for (const e of entries) {
    if (sameManager(e, w)) continue;
    for (const p of sortedPaths(e.set)) if (changed.has(p)) conflicts.push({ manager: e, path: p });
  }
  if (conflicts.length > 0 && !force) return { conflicts };
  const others = entries.map((e) => (sameManager(e, w) ? e : { ...e, set: withoutPrefixes(new Set([...e.set].filter((p) => !changed.has(p))), c.removed) }));
  const out = withEntry(others, w, applied, time, changed.size > 0 || c.removed.size > 0);
  return { object, entries: out, changed: changed.size > 0 || c.removed.size > 0 };
}

/**
 * printManager names a manager as kube-apiserver's conflict messages do. The identifier a served
 * conflict names carries no time, so an Update manager prints without "at …"; `identifierTime`
 * is for an identifier that has one (upstream's own test table).
 */
export function printManager(m: Writer & { identifierTime?: string }): string {
  let s = JSON.stringify(m.manager);
  if (m.subresource !== '') s += ` with subresource ${JSON.stringify(m.subresource)}`;
  if (m.operation === 'Update') s += ` using ${m.apiVersion}${m.identifierTime ? ` at ${m.identifierTime}` : ''}`;
  return s;
}

/** conflictMessage is getConflictMessage: one conflict on one line, several grouped by sorted manager. */
export function conflictMessage(conflicts: readonly Conflict[]): string {
  const [first] = conflicts;
  if (conflicts.length === 1 && first) return `Apply failed with 1 conflict: conflict with ${printManager(first.manager)}: ${pathString(first.path)}`;
  const byManager = new Map<string, string[]>();
  for (const c of conflicts) {
    const name = printManager(c.manager);
    byManager.set(name, [...(byManager.get(name) ?? []), pathString(c.path)]);
  }
  const lines: string[] = [];
  for (const name of [...byManager.keys()].sort()) {
    lines.push(`conflicts with ${name}:`);
    for (const p of byManager.get(name) ?? []) lines.push(`- ${p}`);
  }
  return `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
}

/** conflictCauses are the Status causes: one FieldManagerConflict per field. */
export function conflictCauses(conflicts: readonly Conflict[]): { reason: string; message: string; field: string }[] {
  // metav1.StatusCause's type is `reason` on the wire.
  return conflicts.map((c) => ({ reason: 'FieldManagerConflict', message: `conflict with ${printManager(c.manager)}`, field: pathString(c.path) }));
}

/** encodeManagedFields writes entries in the served order: Apply before Update, then by time, manager, version, subresource. */
export function encodeManagedFields(entries: readonly Managed[]): ManagedFieldsEntry[] {
  const sorted = [...entries].sort(
    (p, q) =>
      cmp(p.operation, q.operation) || cmp(p.time.slice(0, 19), q.time.slice(0, 19)) || cmp(p.manager, q.manager) || cmp(p.apiVersion, q.apiVersion) || cmp(p.subresource, q.subresource),
  );
  return sorted.map((e) => ({
    manager: e.manager,
    operation: e.operation,
    apiVersion: e.apiVersion,
    time: e.time,
    fieldsType: 'FieldsV1',
    fieldsV1: toFieldsV1(e.set),
    ...(e.subresource !== '' ? { subresource: e.subresource } : {}),
  }));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** decodeManagedFields reads entries a client sent; an error is the decoder's message for a wrong shape. */
export function decodeManagedFields(v: unknown): Managed[] | { error: string } {
  if (!Array.isArray(v)) return { error: 'managedFields must be a list' };
  const out: Managed[] = [];
  for (const [i, e] of v.entries()) {
    if (!isObject(e)) return { error: `managedFields[${i}] must be an object` };
    if (e.operation !== 'Apply' && e.operation !== 'Update') return { error: `managedFields[${i}]: operation must be Apply or Update` };
    if (e.fieldsType !== 'FieldsV1') return { error: `managedFields[${i}]: invalid fieldsType "${String(e.fieldsType ?? '')}", expected "FieldsV1"` };
    const set = fromFieldsV1(e.fieldsV1 ?? {});
    if ('error' in set) return { error: `managedFields[${i}]: ${set.error}` };
    out.push({
      manager: typeof e.manager === 'string' ? e.manager : '',
      operation: e.operation,
      apiVersion: typeof e.apiVersion === 'string' ? e.apiVersion : '',
      subresource: typeof e.subresource === 'string' ? e.subresource : '',
      time: typeof e.time === 'string' ? e.time : '',
      set,
    });
  }
  return out;
}

/** managerFromUserAgent: the manager of a request without fieldManager, kube-apiserver's prefix of the User-Agent (`kubectl/v1.32.4 (linux/amd64) …` → `kubectl`). */
export function managerFromUserAgent(userAgent: string): string {
  return (userAgent.split('/')[0] ?? '').slice(0, 128);
}

/**
 * validateManagedFields is ObjectMeta validation's check of entries a client sends
 * (ValidateManagedFields): each operation Apply or Update, fieldsType FieldsV1 when set.
 */
export function validateManagedFields(list: readonly unknown[]): FieldError[] {
  const errs: FieldError[] = [];
  list.forEach((e, i) => {
    const at = `metadata.managedFields[${i}]`;
    const entry = isObject(e) ? e : {};
    if (entry.operation !== 'Apply' && entry.operation !== 'Update') errs.push(invalid(`${at}.operation`, entry.operation ?? '', 'must be `Apply` or `Update`'));
    if (entry.fieldsType !== undefined && entry.fieldsType !== '' && entry.fieldsType !== 'FieldsV1') errs.push(invalid(`${at}.fieldsType`, entry.fieldsType, 'must be `FieldsV1`'));
  });
  return errs;
}

// Port of kubernetes pkg/controller/history/controller_history.go (NewControllerRevision,
// HashControllerRevision, ControllerRevisionName, EqualRevision, FindEqualRevisions,
// SortControllerRevisions) and of the revision helpers of pkg/controller/statefulset
// (stateful_set_utils.go getPatch, newRevision, ApplyRevision, nextRevision) (v1.36).
// The first group is kind-neutral: it is what a shared controller/history module should hold.
import { ControllerRevisionHashLabel, type StatefulSet } from '../../api/statefulTypes.ts';
import type { ControllerRevision, OwnerReference, PodTemplateSpec } from '../../api/types.ts';
import { safeEncodeString, stableStringify, utf8Bytes } from '../../lib/hash.ts';
import { newControllerRef } from './statefulSetUtils.ts';

const FNV32_OFFSET = 0x811c9dc5;
const FNV32_PRIME = 0x01000193;

/** fnv32 is FNV-1 (hash/fnv New32: multiply, then xor), not the FNV-1a of lib/hash.ts. */
function fnv32(bytes: readonly number[], h = FNV32_OFFSET): number {
  let x = h;
  for (const b of bytes) {
    x = Math.imul(x, FNV32_PRIME) >>> 0;
    x = (x ^ (b & 0xff)) >>> 0;
  }
  return x >>> 0;
}

/** revisionDataBytes is Data.Raw: the patch as JSON with sorted keys (Go re-marshals it from a map). */
export function revisionDataBytes(rev: Pick<ControllerRevision, 'data'>): string {
  const known = dataBytes.get(rev.data);
  if (known !== undefined) return known;
  const bytes = stableStringify(rev.data);
  dataBytes.set(rev.data, bytes);
  return bytes;
}

// Memos of pure functions over immutable API objects (not engine state, as admission.ts's): a
// sync hashes and compares its candidate revision with every listed one; a 1,000-pod set syncs
// thousands of times over the same few templates.
const dataBytes = new WeakMap<object, string>();
const patches = new WeakMap<object, ControllerRevision['data']>();
const applied = new WeakMap<object, StatefulSet['spec']['template']>();
const hashes = new WeakMap<object, Map<number, string>>();

/**
 * hashControllerRevision: FNV-1 32 over Data.Raw, then the collision count's decimal digits when
 * one is given (the StatefulSet always gives one, so "0" is hashed too), printed in decimal and
 * safe-encoded. Upstream's Data.Raw also holds Go's zero fields ("creationTimestamp":null…),
 * so names differ from a real cluster's while equality and collisions behave the same.
 */
export function hashControllerRevision(rev: Pick<ControllerRevision, 'data'>, probe?: number | null): string {
  // Every sync hashes its candidate revision (the whole template's bytes): kept by data object and probe.
  const probeKey = probe ?? -1;
  let byProbe = hashes.get(rev.data);
  const known = byProbe?.get(probeKey);
  if (known !== undefined) return known;
  let h = fnv32(utf8Bytes(revisionDataBytes(rev)));
  if (probe !== undefined && probe !== null) h = fnv32(utf8Bytes(String(probe)), h);
  const out = safeEncodeString(String(h));
  if (byProbe === undefined) {
    byProbe = new Map();
    hashes.set(rev.data, byProbe);
  }
  byProbe.set(probeKey, out);
  return out;
}

/** controllerRevisionName: `<parent>-<hash>`, the parent's part cut to 223 bytes. */
export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.length > 223 ? prefix.slice(0, 223) : prefix}-${hash}`;
}

/**
 * newControllerRevision builds an unsaved revision: template labels plus the hash label, the
 * controller ref to the parent, the data and number, named from the hash. The namespace is the
 * parent's, as CreateControllerRevision sets it.
 */
export function newControllerRevision(
  parent: { metadata: { name: string; namespace?: string } },
  controllerRef: OwnerReference,
  templateLabels: Record<string, string> | undefined,
  data: ControllerRevision['data'],
  revision: number,
  collisionCount: number | null,
): ControllerRevision {
  const cr: ControllerRevision = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { name: '', labels: { ...(templateLabels ?? {}) }, ownerReferences: [controllerRef] },
    data,
    revision,
  };
  const hash = hashControllerRevision(cr, collisionCount);
  cr.metadata.name = controllerRevisionName(parent.metadata.name, hash);
  cr.metadata.labels = { ...cr.metadata.labels, [ControllerRevisionHashLabel]: hash };
  if (parent.metadata.namespace !== undefined) cr.metadata.namespace = parent.metadata.namespace;
  return cr;
}

/** The hash label read as Go's ParseInt(s, 10, 32) would, or null when it does not parse. */
function parsedHash(rev: ControllerRevision): number | null {
  const s = rev.metadata.labels?.[ControllerRevisionHashLabel];
  if (s === undefined || !/^[+-]?[0-9]+$/.test(s)) return null;
  const n = Number(s);
  return n >= -2147483648 && n <= 2147483647 ? n >>> 0 : null;
}

/** equalRevision: hash labels, when both parse, must agree; then the data bytes must be equal. */
export function equalRevision(lhs: ControllerRevision | null, rhs: ControllerRevision | null): boolean {
  if (lhs === null || rhs === null) return lhs === rhs;
  const l = parsedHash(lhs);
  const r = parsedHash(rhs);
  if (l !== null && r !== null && l !== r) return false;
  return revisionDataBytes(lhs) === revisionDataBytes(rhs);
}

/** findEqualRevisions returns, in order, every revision equal to the needle. */
export function findEqualRevisions(revisions: readonly ControllerRevision[], needle: ControllerRevision): ControllerRevision[] {
  return revisions.filter((r) => equalRevision(r, needle));
}

/** sortControllerRevisions: by .revision, then creationTimestamp, then name (a stable sort). */
export function sortControllerRevisions(revisions: readonly ControllerRevision[]): ControllerRevision[] {
  return [...revisions].sort((a, b) => {
    if (a.revision !== b.revision) return a.revision - b.revision;
    const ta = a.metadata.creationTimestamp ?? '';
    const tb = b.metadata.creationTimestamp ?? '';
    if (ta !== tb) return ta < tb ? -1 : 1;
    return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
  });
}

/** nextRevision: one above the last of the sorted revisions, or 1. */
export function nextRevision(sorted: readonly ControllerRevision[]): number {
  const last = sorted[sorted.length - 1];
  return last ? last.revision + 1 : 1;
}

/** getPatch: `{"spec":{"template":{…,"$patch":"replace"}}}` — only the pod template is saved. */
export function getPatch(set: StatefulSet): ControllerRevision['data'] {
  const known = patches.get(set.spec.template);
  if (known) return known;
  const template = { ...(set.spec.template as PodTemplateSpec), $patch: 'replace' as const };
  const data = JSON.parse(stableStringify({ spec: { template } })) as ControllerRevision['data'];
  patches.set(set.spec.template, data);
  return data;
}

/**
 * newRevision: the set's patch as revision `revision`, labelled with the template labels and the
 * hash, annotated with a copy of the set's annotations (so kubernetes.io/change-cause travels).
 */
export function newRevision(set: StatefulSet, revision: number, collisionCount: number | null): ControllerRevision {
  const cr = newControllerRevision(set, newControllerRef(set), set.spec.template.metadata?.labels, getPatch(set), revision, collisionCount);
  const ann = set.metadata.annotations;
  if (ann && Object.keys(ann).length) cr.metadata.annotations = { ...ann };
  return cr;
}

/**
 * applyRevision: the strategic-merge patch with `$patch: replace` swaps in the saved template
 * whole; the rest of the set is untouched.
 */
export function applyRevision(set: StatefulSet, revision: ControllerRevision): StatefulSet {
  let template = applied.get(revision.data);
  if (!template) {
    const { $patch: _replace, ...saved } = revision.data.spec.template;
    template = JSON.parse(JSON.stringify(saved)) as StatefulSet['spec']['template'];
    applied.set(revision.data, template);
  }
  return { ...set, spec: { ...set.spec, template } };
}

// Port of kubernetes pkg/controller/history/controller_history.go (v1.36): ControllerRevisionName,
// NewControllerRevision, HashControllerRevision, SortControllerRevisions, EqualRevision,
// FindEqualRevisions, and the object changes of CreateControllerRevision (the collision loop),
// UpdateControllerRevision (a renumbering), AdoptControllerRevision and ReleaseControllerRevision;
// ListControllerRevisions (the listing, over the informer's revisions); with the revision helpers both the DaemonSet and the StatefulSet controller define alike
// (getPatch, nextRevision / maxRevision). Kind-neutral: the StatefulSet and DaemonSet controllers share it.
import { ControllerRevisionHashLabel } from '../../api/statefulTypes.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { ControllerRevision, KubeObject, LabelSelector, OwnerReference, PodTemplateSpec } from '../../api/types.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { FNV32_OFFSET, FNV32_PRIME, safeEncodeString, stableStringify, utf8Bytes } from '../../lib/hash.ts';


/** fnv32 is FNV-1 (hash/fnv New32: multiply, then xor), not the FNV-1a of lib/hash.ts. */
function fnv32(bytes: readonly number[], h = FNV32_OFFSET): number {
  let x = h;
  for (const b of bytes) {
    x = Math.imul(x, FNV32_PRIME) >>> 0;
    x = (x ^ (b & 0xff)) >>> 0;
  }
  return x >>> 0;
}

// Memos of pure functions over immutable API objects (not engine state): a sync hashes and
// compares its candidate revision with every listed one; a 1,000-pod set syncs thousands of
// times over the same few templates.
const dataBytes = new WeakMap<object, string>();
const patches = new WeakMap<object, ControllerRevision['data']>();
const hashes = new WeakMap<object, Map<number, string>>();

/** revisionDataBytes is Data.Raw: the patch as JSON with sorted keys (Go re-marshals it from a map). */
export function revisionDataBytes(rev: Pick<ControllerRevision, 'data'>): string {
  const known = dataBytes.get(rev.data);
  if (known !== undefined) return known;
  const bytes = stableStringify(rev.data);
  dataBytes.set(rev.data, bytes);
  return bytes;
}

/**
 * getPatch (the DaemonSet's and the StatefulSet's alike): `{"spec":{"template":{…,"$patch":"replace"}}}`
 * with every object's keys sorted — only the pod template is saved, and applying the patch
 * swaps it in whole. One data object per template object.
 */
export function getPatch(parent: { spec: { template: PodTemplateSpec } }): ControllerRevision['data'] {
  const t = parent.spec.template;
  const known = patches.get(t);
  if (known) return known;
  const template = { ...t, $patch: 'replace' as const };
  const data = JSON.parse(stableStringify({ spec: { template } })) as ControllerRevision['data'];
  patches.set(t, data);
  return data;
}

/**
 * hashControllerRevision: FNV-1 32 over Data.Raw, then the collision count's decimal digits when
 * one is given (the StatefulSet always gives one, so "0" is hashed too), printed in decimal and
 * safe-encoded. Upstream's Data.Raw also holds Go's zero fields ("creationTimestamp":null…),
 * so names differ from a real cluster's while equality and collisions behave the same.
 */
export function hashControllerRevision(rev: Pick<ControllerRevision, 'data'>, probe?: number | null): string {
  // Every sync hashes its candidate revision (the whole template's bytes): kept by data object
  // and probe (a collision count is never negative, so −1 stands for none).
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

/**
 * listControllerRevisions is ListControllerRevisions: the revisions of the parent's namespace that
 * its selector matches, controlled by the parent or by nothing. The selector comes first: a
 * revision the parent controls whose labels no longer match is not listed at all (neither kept
 * nor released; it keeps its owner, and goes with the parent). Worked example: StatefulSet web's
 * revision web-6c5d… relabelled app=moved drops out of web's history, so truncateHistory never
 * deletes it and a rollback to its template makes a new revision instead of renumbering it.
 */
export function listControllerRevisions(
  revisions: Iterable<KubeObject>,
  parent: Pick<KubeObject, 'metadata'>,
  selector: LabelSelector | undefined,
): ControllerRevision[] {
  const ns = parent.metadata.namespace ?? 'default';
  const out: ControllerRevision[] = [];
  for (const r of revisions) {
    if (r.kind !== 'ControllerRevision' || (r.metadata.namespace ?? 'default') !== ns) continue;
    if (!selectorMatches(selector, r.metadata.labels)) continue;
    const ref = getControllerOf(r);
    if (ref === undefined || ref.uid === parent.metadata.uid) out.push(r);
  }
  return out;
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

/** maxRevision: the highest .revision of the list, 0 for none (the DaemonSet's maxRevision). */
export function maxRevision(revisions: readonly ControllerRevision[]): number {
  let max = 0;
  for (const r of revisions) if (r.revision > max) max = r.revision;
  return max;
}

/**
 * nextRevision: one above the highest revision, or 1 for none — the StatefulSet's nextRevision
 * (over its sorted list: the last one's + 1) and the DaemonSet's max(old) + 1. History 1, 2 → 3.
 */
export function nextRevision(revisions: readonly ControllerRevision[]): number {
  return maxRevision(revisions) + 1;
}

/**
 * updateControllerRevision's change: the same revision renumbered. A rollback to the template of
 * revision 1 in history 1, 2 renumbers it to 3: the history reads 2, 3.
 */
export function updateControllerRevision(revision: ControllerRevision, newRevision: number): ControllerRevision {
  return { ...revision, revision: newRevision };
}

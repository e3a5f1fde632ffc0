// Port of gopkg.in/evanphx/json-patch.v4 (v4.13) merge.go: RFC 7386 merge patches as kube-apiserver
// applies them (handlers/patch.go applyJSPatch), on lazy nodes (lazyNode.ts).
import { intoAry, intoDoc, type LazyNode, newLazyNode } from './lazyNode.ts';

type Node = LazyNode | null;

function pruneNulls(n: LazyNode): void {
  const d = intoDoc(n);
  if (d) pruneDocNulls(d);
  else {
    const a = intoAry(n);
    if (a) for (const v of a) if (v) pruneNulls(v);
  }
}

function pruneDocNulls(d: Map<string, Node>): void {
  for (const [k, v] of [...d]) {
    if (v === null) d.delete(k);
    else pruneNulls(v);
  }
}

function merge(cur: LazyNode, patch: LazyNode): LazyNode {
  const curDoc = intoDoc(cur);
  if (!curDoc) {
    pruneNulls(patch);
    return patch;
  }
  const patchDoc = intoDoc(patch);
  if (!patchDoc) return patch;
  mergeDocs(curDoc, patchDoc);
  return cur;
}

function mergeDocs(doc: Map<string, Node>, patch: Map<string, Node>): void {
  for (const [k, v] of patch) {
    if (v === null) {
      doc.delete(k);
      continue;
    }
    const cur = doc.get(k);
    if (cur === undefined || cur === null) {
      pruneNulls(v);
      doc.set(k, v);
    } else doc.set(k, merge(cur, v));
  }
}

export const ErrBadJSONPatch = 'Invalid JSON Patch';

/**
 * mergePatch is MergePatch(doc, patch) for an object document: the merged node, or
 * ErrBadJSONPatch for a patch that is null or neither an object nor an array (an array replaces
 * the document, its objects' nulls pruned).
 */
export function mergePatch(doc: Record<string, unknown>, patch: unknown): { node: LazyNode } | { error: string } {
  const root = newLazyNode(doc);
  const d = intoDoc(root) as Map<string, Node>;
  const p = newLazyNode(patch);
  const pd = intoDoc(p);
  if (pd) {
    mergeDocs(d, pd);
    return { node: root };
  }
  if (!Array.isArray(patch)) return { error: ErrBadJSONPatch };
  pruneNulls(p);
  return { node: p };
}


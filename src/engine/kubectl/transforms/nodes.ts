// Ports of kubectl cordon/uncordon (pkg/cmd/drain RunCordonOrUncordon, pkg/drain/cordon.go),
// taint (pkg/cmd/taint/taint.go, utils.go) and label (pkg/cmd/label/label.go), v1.36.3.
import type { Node, Taint } from '../../api/types.ts';
import type { TaintRemoval } from '../commands.ts';
import { namePrinterLine, type ResourceKind } from '../resources.ts';
import { errorText, ok, type TransformResult } from './result.ts';

/** cordon marks a node unschedulable: `node/node-1 cordoned`, or `node/node-1 already cordoned`. */
export function cordon(node: Node): TransformResult<Node> {
  if (node.spec.unschedulable === true) return ok(node, false, namePrinterLine('Node', node.metadata.name, 'already cordoned'));
  return ok({ ...node, spec: { ...node.spec, unschedulable: true } }, true, namePrinterLine('Node', node.metadata.name, 'cordoned'));
}

/** uncordon clears spec.unschedulable (false is omitted): `node/node-1 uncordoned` / `already uncordoned`. */
export function uncordon(node: Node): TransformResult<Node> {
  if (node.spec.unschedulable !== true) return ok(node, false, namePrinterLine('Node', node.metadata.name, 'already uncordoned'));
  const { unschedulable: _u, ...spec } = node.spec;
  return ok({ ...node, spec }, true, namePrinterLine('Node', node.metadata.name, 'uncordoned'));
}

/** taintToString is Taint.ToString(): `key=value:Effect`, `key:Effect`, `key=value` or `key`. */
function taintToString(t: { key: string; value?: string; effect?: string }): string {
  if (!t.effect) return t.value ? `${t.key}=${t.value}` : t.key;
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

const matchTaint = (a: { key: string; effect?: string }, b: { key: string; effect?: string }) => a.key === b.key && a.effect === b.effect;

/**
 * taint is `kubectl taint nodes NODE ...`. Without --overwrite, adding a key+effect the node
 * already has is `error: node node-1 already has dedicated taint(s) with same effect(s) and
 * --overwrite is false`. New taints come first, then the old ones they do not replace; removing
 * an absent taint is `error: taint "gpu:NoExecute" not found`. The line says what happened:
 * `tainted` (added), `untainted` (only removed), `modified` (both, or --overwrite).
 */
export function taint(node: Node, add: readonly Taint[], remove: readonly TaintRemoval[], overwrite: boolean): TransformResult<Node> {
  const old = node.spec.taints ?? [];
  if (!overwrite) {
    const exists = add.filter((t) => old.some((o) => matchTaint(t, o))).map((t) => t.key);
    if (exists.length) {
      return { error: `error: node ${node.metadata.name} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false` };
    }
  }
  let next: Taint[] = [...add];
  for (const o of old) if (!next.some((t) => matchTaint(t, o))) next.push(o);
  const added = old.length !== next.length;
  const errs: string[] = [];
  let removed = false;
  for (const r of remove) {
    const before = next.length;
    next = next.filter((t) => (r.effect ? !matchTaint(t, r) : t.key !== r.key));
    removed = next.length !== before;
    if (!removed) errs.push(`taint "${taintToString(r)}" not found`);
  }
  if (errs.length) return { error: errorText(errs) };
  const operation = (added && removed) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  const { taints: _t, ...rest } = node.spec;
  const spec = next.length ? { ...rest, taints: next } : rest;
  const changed = JSON.stringify(old) !== JSON.stringify(next);
  return ok({ ...node, spec }, changed, namePrinterLine('Node', node.metadata.name, operation));
}

/** An object label can change: anything with metadata.labels. */
export interface Labelled {
  kind: ResourceKind;
  metadata: { name: string; labels?: Record<string, string> };
}

/**
 * label is `kubectl label TYPE NAME k=v ... k-`. Without --overwrite a key that has another value
 * is `error: 'disktype' already has a value (hdd), and --overwrite is false`. Removing a missing
 * key prints `label "zone" not found.` first. The line reads `labeled`, `unlabeled`, `modified`
 * (both) or `not labeled` (nothing changed).
 */
export function label<T extends Labelled>(obj: T, add: readonly [string, string][], remove: readonly string[], overwrite: boolean): TransformResult<T> {
  const current = obj.metadata.labels ?? {};
  if (!overwrite) {
    const errs = add.filter(([k, v]) => k in current && current[k] !== v).map(([k]) => `'${k}' already has a value (${current[k]}), and --overwrite is false`);
    if (errs.length) return { error: errorText(errs) };
  }
  const lines = remove.filter((k) => !(k in current)).map((k) => `label "${k}" not found.`);
  const labels = { ...current };
  let added = 0;
  let removed = 0;
  for (const [k, v] of add) {
    if (labels[k] !== v) {
      labels[k] = v;
      added++;
    }
  }
  for (const k of remove) {
    if (k in labels) {
      delete labels[k];
      removed++;
    }
  }
  const msg = added && removed ? 'modified' : added ? 'labeled' : removed ? 'unlabeled' : 'not labeled';
  lines.push(namePrinterLine(obj.kind, obj.metadata.name, msg));
  const changed = added + removed > 0;
  const { labels: _l, ...meta } = obj.metadata;
  const next = changed ? { ...obj, metadata: Object.keys(labels).length ? { ...meta, labels } : meta } : obj;
  return ok(next, changed, lines.join('\n'));
}

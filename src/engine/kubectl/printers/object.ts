// Ports of cli-runtime pkg/printers json.go / yaml.go / name.go and the list wrapping of
// kubectl get's printGeneric (pkg/cmd/get/get.go), v1.36: `-o json`, `-o yaml`, `-o name`.
import { goYamlMarshal } from './goYaml.ts';
import { kindString, resolveResource } from '../resources.ts';

/** sortKeys returns a copy with object keys sorted at every level, as Go encodes a map. */
export function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) {
    const x = (v as Record<string, unknown>)[k];
    if (x !== undefined) out[k] = sortKeys(x);
  }
  return out;
}

/**
 * wrapList is what get prints for more than one object (or a whole kind): a v1 List with the
 * objects as items; a single named object is printed on its own.
 */
export function wrapList(objects: readonly unknown[], singleItemImplied: boolean): unknown {
  if (singleItemImplied && objects.length === 1) return objects[0];
  return { apiVersion: 'v1', items: [...objects], kind: 'List', metadata: { resourceVersion: '' } };
}

/**
 * printJson is `-o json`: Go's json.MarshalIndent with four spaces, keys sorted (objects are
 * unstructured maps), and <, > and & escaped as \u003c, \u003e and \u0026, plus a newline.
 */
export function printJson(obj: unknown): string {
  return `${goJson(obj, 4)}\n`;
}

/**
 * goJson is Go's json.Marshal (indent 0) or MarshalIndent: keys sorted, and <, >, &, U+2028 and
 * U+2029 escaped as Go's encoder escapes them.
 */
export function goJson(obj: unknown, indent = 0): string {
  return goEscapes(JSON.stringify(sortKeys(obj), null, indent || undefined));
}

/**
 * printTypedJson is `-o json` of a typed object (one kubectl decoded into its Go struct): the keys
 * in the order given (the struct's), four spaces, Go's escapes, a newline.
 */
export function printTypedJson(obj: unknown): string {
  return `${goEscapes(JSON.stringify(obj, null, 4))}\n`;
}

function goEscapes(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * printYaml is `-o yaml` (sigs.k8s.io/yaml over go-yaml v2, goYaml.ts): keys sorted, sequences not
 * indented under their key, YAML 1.1 quoting (so "1", "yes" and timestamps are quoted), strings
 * that cannot be plain single-quoted, strings with newlines as `|` blocks, and long lines folded
 * past column 80 as go-yaml folds them.
 */
export function printYaml(obj: unknown): string {
  return goYamlMarshal(obj);
}

/** printNames is `-o name`: one `deployment.apps/nginx` line per object. */
export function printNames(objects: readonly { kind: string; apiVersion?: string; metadata: { name: string } }[]): string {
  return objects
    .map((o) => {
      // The object's own group when it names one (an events.k8s.io/v1 Event: `event.events.k8s.io/…`).
      const slash = o.apiVersion?.indexOf('/') ?? -1;
      if (slash > 0) return `${o.kind.toLowerCase()}.${o.apiVersion?.slice(0, slash)}/${o.metadata.name}\n`;
      const kind = resolveResource(o.kind);
      return `${kind ? kindString(kind) : o.kind.toLowerCase()}/${o.metadata.name}\n`;
    })
    .join('');
}

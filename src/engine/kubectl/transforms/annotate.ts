// Port of updateAnnotations and validateNoAnnotationOverwrites of kubectl pkg/cmd/annotate/annotate.go (v1.36).
import { namePrinterLine, type ResourceKind } from '../resources.ts';
import { ok, type TransformResult } from './result.ts';

/** ChangeCauseAnnotation may always be overwritten (polymorphichelpers.ChangeCauseAnnotation). */
const ChangeCauseAnnotation = 'kubernetes.io/change-cause';

interface Annotated {
  kind: ResourceKind;
  metadata: { name: string; annotations?: Record<string, string> };
}

/**
 * annotate sets and removes annotations. Without --overwrite, a key that holds another value is
 * refused (change-cause excepted); setting a key to the value it has is no overwrite. Whether or
 * not anything changed, kubectl patches and prints `deployment.apps/web annotated`.
 */
export function annotate<T extends Annotated>(obj: T, add: readonly [string, string][], remove: readonly string[], overwrite: boolean): TransformResult<T> {
  const current = obj.metadata.annotations ?? {};
  if (!overwrite) {
    const taken = add.filter(([k, v]) => k !== ChangeCauseAnnotation && k in current && current[k] !== v).map(([k]) => `'${k}' already has a value (${current[k]})`);
    if (taken.length) return { error: `error: --overwrite is false but found the following declared annotation(s): ${taken.join('; ')}` };
  }
  const annotations = { ...current };
  for (const [k, v] of add) annotations[k] = v;
  for (const k of remove) delete annotations[k];
  const changed = add.some(([k, v]) => current[k] !== v) || remove.some((k) => k in current);
  const { annotations: _a, ...meta } = obj.metadata;
  const next = changed ? { ...obj, metadata: Object.keys(annotations).length ? { ...meta, annotations } : meta } : obj;
  return ok(next, changed, namePrinterLine(obj.kind, obj.metadata.name, 'annotated'));
}

/**
 * listAnnotations is `--list`: each annotation as `key=value` after `indent`, in the object's order
 * (Go's map gives any). A value's own line breaks are printed as they are, unindented: the
 * last-applied-configuration ends with one, so an empty line follows it.
 */
export function listAnnotations(obj: Annotated, indent = ''): string {
  return Object.entries(obj.metadata.annotations ?? {})
    .map(([k, v]) => `${indent}${k}=${v}`)
    .join('\n');
}

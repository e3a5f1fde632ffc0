/**
 * `meta.k8s.io/v1 Table` answers, as kube-apiserver's TableConvertor builds them from the
 * printers of pkg/printers/internalversion (v1.36). The cells come from the same row functions
 * as the page's `kubectl get` (src/engine/kubectl/printers), so a real kubectl prints the same
 * bytes as the page. kubectl shows priority-1 columns only with `-o wide`, so rows carry every
 * cell.
 */
import type { KubeObject } from '../src/engine/api/types.ts';
import { COLUMNS, type TableKind, tableRow } from '../src/engine/kubectl/printers/table.ts';

export interface ColumnDefinition {
  name: string;
  type: 'string' | 'integer' | 'date';
  format: string;
  description: string;
  priority: number;
}

export type IncludeObject = 'None' | 'Metadata' | 'Object';

/** Columns whose cells are int64 in the Go printer (they are JSON numbers in a Table). */
const INTEGER_COLUMNS = new Set(['Desired', 'Current', 'Ready', 'Up-to-date', 'Available', 'Revision', 'Count']);

/**
 * Columns declared `string` whose cells the Go printer fills with an int64 (a JSON number in the
 * Table): the DATA of a ConfigMap (its data and binaryData keys) and of a Secret.
 */
const INT64_STRING_COLUMNS = new Set(['Data']);

/** The Name and Age columns' descriptions, which every printer shares (metav1.ObjectMeta's swagger docs). */
export const DESCRIPTIONS: Record<string, string> = {
  Name: 'Name must be unique within a namespace. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
  Age: 'CreationTimestamp is a timestamp representing the server time when this object was created.',
  // rest.DefaultTableConvertor's second column (a kind with no printer of its own: LimitRange).
  'Created At':
    'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
};

function definition(name: string, wide: boolean, kind: string): ColumnDefinition {
  const integer = INTEGER_COLUMNS.has(name) && !(name === 'Ready' && (kind === 'Pod' || kind === 'Deployment' || kind === 'StatefulSet'));
  return {
    name,
    type: name === 'Created At' ? 'date' : integer ? 'integer' : 'string',
    format: name === 'Name' ? 'name' : '',
    description: DESCRIPTIONS[name] ?? '',
    priority: wide ? 1 : 0,
  };
}

/** columnDefinitions is the Table header of a kind. */
export function columnDefinitions(kind: KubeObject['kind']): ColumnDefinition[] {
  return COLUMNS[kind as TableKind].map((c) => definition(c.name, c.wide, kind));
}

/** The column definitions of each kind, built once (they never change). */
const DEFINITIONS = new Map<string, ColumnDefinition[]>();

function definitionsOf(kind: KubeObject['kind']): ColumnDefinition[] {
  let defs = DEFINITIONS.get(kind);
  if (defs === undefined) {
    defs = columnDefinitions(kind);
    DEFINITIONS.set(kind, defs);
  }
  return defs;
}

/** cells is one object's row, every column, integers as numbers. */
export function cells(obj: KubeObject, nowMs: number): (string | number)[] {
  const defs = definitionsOf(obj.kind);
  const row = tableRow(obj.kind as TableKind, obj as never, nowMs, true);
  return row.map((c, i) => ((defs[i]?.type === 'integer' || INT64_STRING_COLUMNS.has(defs[i]?.name ?? '')) && /^-?\d+$/.test(c) ? Number(c) : c));
}

/** Turns a stored object into the one a row embeds: the object in the request's version. */
export type Embed = (obj: KubeObject) => KubeObject;
const asStored: Embed = (obj) => obj;

function rowObject(obj: KubeObject, include: IncludeObject): unknown {
  if (include === 'None') return undefined;
  if (include === 'Object') return obj;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

/**
 * Each stored object's serialized row object, made once: objects are never changed in place (a
 * write stores a new one), so the text stays right for as long as the object lives. kube-apiserver
 * does the same for the objects its watch cache sends to many clients (cachingObject).
 */
const METADATA_JSON = new WeakMap<KubeObject, string>();
const OBJECT_JSON = new WeakMap<KubeObject, string>();

function rowObjectJson(obj: KubeObject, include: IncludeObject): string | undefined {
  if (include === 'None') return undefined;
  const cache = include === 'Object' ? OBJECT_JSON : METADATA_JSON;
  let text = cache.get(obj);
  if (text === undefined) {
    text = JSON.stringify(rowObject(obj, include));
    cache.set(obj, text);
  }
  return text;
}

/**
 * tableText is JSON.stringify(toTable(…)), byte for byte, built from each row's cells (their ages
 * move with the clock) and the cached text of its object: a 1,000-pod list serializes each pod once.
 */
export function tableText(kind: KubeObject['kind'], objects: readonly KubeObject[], nowMs: number, resourceVersion: string, include: IncludeObject, embed: Embed = asStored): string {
  const head = JSON.stringify({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion }, columnDefinitions: definitionsOf(kind) });
  const rows = objects.map((o) => {
    const object = rowObjectJson(embed(o), include);
    return object === undefined ? `{"cells":${JSON.stringify(cells(o, nowMs))}}` : `{"cells":${JSON.stringify(cells(o, nowMs))},"object":${object}}`;
  });
  return `${head.slice(0, -1)},"rows":[${rows.join(',')}]}`;
}

/** toTable is the Table of a list (or of one object, for a get or a watch event). */
export function toTable(kind: KubeObject['kind'], objects: readonly KubeObject[], nowMs: number, resourceVersion: string, include: IncludeObject, embed: Embed = asStored): unknown {
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions: columnDefinitions(kind),
    rows: objects.map((o) => {
      const row: { cells: (string | number)[]; object?: unknown } = { cells: cells(o, nowMs) };
      const object = rowObject(embed(o), include);
      if (object !== undefined) row.object = object;
      return row;
    }),
  };
}

// `node scripts/gen-openapi-schemas.mjs <k8s.io/api git dir> <k8s.io/apimachinery git dir> [REF] > src/engine/apiserver/openapi/openapiSchemas.json`:
// the OpenAPI v3 `components.schemas` of the kinds the served API offers, as kube-openapi's
// openapi-gen and the API server's v3 builder publish them (api/openapi-spec/v3/*.json), read from
// the Go types, doc comments, struct tags and `+` markers of k8s.io/api and k8s.io/apimachinery
// (Apache-2.0; see NOTICE). Only the schemas reachable from ROOTS are kept. Run by hand when the
// Kubernetes release moves; never at build or test time.
//
// What it mirrors of kube-openapi (pkg/generators/openapi.go, enum.go) and the v3 conversion:
// - a description is the doc comment with `+marker` and `TODO` lines dropped, lines joined by a
//   space, a blank line kept as a paragraph break and an indented line kept on its own line;
//   everything after a `---` line is dropped;
// - a field of an `+enum` type appends "Possible enum values:" and one ` - \`"value"\` comment`
//   line per constant (sorted by value), and carries `enum`;
// - `default`: `{}` for a struct-valued field that is not a pointer, the zero value for a scalar
//   field without omitempty, a `+default=` marker's JSON; never for pointers, maps and slices, nor
//   for types with their own OpenAPI schema (Time, Quantity, IntOrString, ...);
// - `required`: the fields with neither `+optional` nor omitempty;
// - a `$ref` with siblings is wrapped as `allOf: [{$ref}]`;
// - x-kubernetes-patch-strategy / -patch-merge-key from the patchStrategy / patchMergeKey tags,
//   x-kubernetes-list-type / -list-map-keys / -map-type from `+listType`, `+listMapKey`,
//   `+mapType` (fields) and `+structType` / `+mapType` (types).
import { execFileSync } from 'node:child_process';

// REF is the tag both repositories are read at: v0.36.3 is Kubernetes v1.36.3, the version the
// served API reports (src/engine/version.ts); a branch head carries the next release's fields.
const [apiDir, machineryDir, tag = 'v0.36.3'] = process.argv.slice(2);
if (!apiDir || !machineryDir) {
  console.error('usage: gen-openapi-schemas.mjs <kubernetes/api git dir> <kubernetes/apimachinery git dir>');
  process.exit(2);
}

/** The Go packages read: import path → [git dir, directory in it, files]. */
const PACKAGES = {
  'k8s.io/api/core/v1': [apiDir, 'core/v1', ['types.go']],
  'k8s.io/api/apps/v1': [apiDir, 'apps/v1', ['types.go']],
  'k8s.io/api/events/v1': [apiDir, 'events/v1', ['types.go']],
  'k8s.io/api/autoscaling/v1': [apiDir, 'autoscaling/v1', ['types.go']],
  'k8s.io/api/autoscaling/v2': [apiDir, 'autoscaling/v2', ['types.go']],
  'k8s.io/api/policy/v1': [apiDir, 'policy/v1', ['types.go']],
  'k8s.io/api/discovery/v1': [apiDir, 'discovery/v1', ['types.go']],
  'k8s.io/api/coordination/v1': [apiDir, 'coordination/v1', ['types.go']],
  'k8s.io/api/storage/v1': [apiDir, 'storage/v1', ['types.go']],
  'k8s.io/apimachinery/pkg/apis/meta/v1': [
    machineryDir,
    'pkg/apis/meta/v1',
    ['types.go', 'time.go', 'micro_time.go', 'duration.go', 'fieldsv1_byte.go'],
  ],
  'k8s.io/apimachinery/pkg/api/resource': [machineryDir, 'pkg/api/resource', ['quantity.go']],
  'k8s.io/apimachinery/pkg/util/intstr': [machineryDir, 'pkg/util/intstr', ['intstr.go']],
  'k8s.io/apimachinery/pkg/runtime': [machineryDir, 'pkg/runtime', ['types.go']],
  'k8s.io/apimachinery/pkg/types': [
    machineryDir,
    'pkg/types',
    ['uid.go', 'nodename.go', 'namespacedname.go'],
  ],
};

/**
 * The kinds served (server/openapi.ts groups them per group/version): [group, version, Go package,
 * kinds]. Each kind's List is a root too, as the published documents carry both.
 */
const ROOTS = [
  [
    '',
    'v1',
    'k8s.io/api/core/v1',
    [
      'Pod',
      'Node',
      'Namespace',
      'ResourceQuota',
      'LimitRange',
      'Service',
      'PersistentVolumeClaim',
      'Endpoints',
      'Event',
      'PersistentVolume',
      'ServiceAccount',
      'ConfigMap',
      'Secret',
    ],
  ],
  [
    'apps',
    'v1',
    'k8s.io/api/apps/v1',
    ['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet', 'ControllerRevision'],
  ],
  ['events.k8s.io', 'v1', 'k8s.io/api/events/v1', ['Event']],
  ['autoscaling', 'v1', 'k8s.io/api/autoscaling/v1', ['HorizontalPodAutoscaler', 'Scale']],
  ['autoscaling', 'v2', 'k8s.io/api/autoscaling/v2', ['HorizontalPodAutoscaler']],
  ['policy', 'v1', 'k8s.io/api/policy/v1', ['PodDisruptionBudget', 'Eviction']],
  ['discovery.k8s.io', 'v1', 'k8s.io/api/discovery/v1', ['EndpointSlice']],
];
/** Kinds with no List of their own (subresource bodies). */
const NO_LIST = new Set(['Scale', 'Eviction']);

/** Types kube-openapi does not expand: their OpenAPISchemaType/Format/V3OneOfTypes methods. */
const CUSTOM = {
  'k8s.io/apimachinery/pkg/apis/meta/v1.Time': { type: 'string', format: 'date-time' },
  'k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime': { type: 'string', format: 'date-time' },
  'k8s.io/apimachinery/pkg/apis/meta/v1.Duration': { type: 'string' },
  'k8s.io/apimachinery/pkg/apis/meta/v1.FieldsV1': { type: 'object' },
  'k8s.io/apimachinery/pkg/runtime.RawExtension': { type: 'object' },
  'k8s.io/apimachinery/pkg/api/resource.Quantity': { oneOf: [{ type: 'string' }, { type: 'number' }] },
  'k8s.io/apimachinery/pkg/util/intstr.IntOrString': {
    format: 'int-or-string',
    oneOf: [{ type: 'integer' }, { type: 'string' }],
  },
};

/** openapi.OpenAPITypeFormat and OpenAPIZeroValue for Go's builtins. */
const BUILTINS = {
  string: ['string', '', ''],
  bool: ['boolean', '', false],
  int: ['integer', 'int32', 0],
  int8: ['integer', 'byte', 0],
  int16: ['integer', 'int32', 0],
  int32: ['integer', 'int32', 0],
  int64: ['integer', 'int64', 0],
  uint: ['integer', 'int32', 0],
  uint8: ['integer', 'byte', 0],
  uint16: ['integer', 'int32', 0],
  uint32: ['integer', 'int64', 0],
  uint64: ['integer', 'int64', 0],
  byte: ['integer', 'byte', 0],
  float64: ['number', 'double', 0],
  float32: ['number', 'float', 0],
};

const show = (dir, path) =>
  execFileSync('git', ['-C', dir, 'show', `${tag}:${path}`], { encoding: 'utf8', maxBuffer: 1 << 28 });

/** What go/ast's CommentGroup.Text gives for `//` lines: the marker and one space stripped. */
function commentText(lines) {
  const out = lines.map((l) => {
    const t = l.replace(/^\s*\/\//, '');
    return (t.startsWith(' ') ? t.slice(1) : t).replace(/\s+$/, '');
  });
  // Directives (//go:build, //nolint:...) are not part of the text.
  const kept = out.filter((_, i) => !/^[a-z0-9]+:[a-z0-9]/.test(lines[i].replace(/^\s*\/\//, '')));
  // Leading and trailing blank lines go; runs of blank lines become one.
  const res = [];
  for (const l of kept) if (!(l === '' && (res.length === 0 || res[res.length - 1] === ''))) res.push(l);
  while (res.length && res[res.length - 1] === '') res.pop();
  return res;
}

/** parsePackage reads a package's type declarations, constants and imports. */
function parsePackage(path) {
  const [dir, sub, files] = PACKAGES[path];
  const types = new Map();
  const consts = [];
  for (const f of files) {
    let text;
    try {
      text = show(dir, `${sub}/${f}`);
    } catch {
      continue;
    }
    const imports = new Map();
    for (const m of text.matchAll(/^\s*(?:(\w+)\s+)?"([\w./-]+)"\s*$/gm)) {
      const alias = m[1] ?? m[2].split('/').pop();
      imports.set(alias, m[2]);
    }
    const lines = text.split('\n');
    let comment = [];
    let inConst = false;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (line.trim().startsWith('/*')) {
        while (i < lines.length && !lines[i].includes('*/')) i++;
        comment = [];
        continue;
      }
      if (/^\s*\/\//.test(line)) {
        comment.push(line);
        continue;
      }
      if (line.trim() === '') {
        comment = [];
        continue;
      }
      if (/^const \($/.test(line)) {
        inConst = true;
        comment = [];
        continue;
      }
      if (inConst) {
        if (line.startsWith(')')) inConst = false;
        else {
          const m = /^\s*(\w+)\s+(\w+)\s*=\s*("(?:[^"\\]|\\.)*")/.exec(line);
          if (m)
            consts.push({ name: m[1], type: m[2], value: JSON.parse(m[3]), comment: commentText(comment) });
        }
        comment = [];
        continue;
      }
      const single = /^const (\w+)\s+(\w+)\s*=\s*("(?:[^"\\]|\\.)*")/.exec(line);
      if (single)
        consts.push({
          name: single[1],
          type: single[2],
          value: JSON.parse(single[3]),
          comment: commentText(comment),
        });
      const empty = /^type (\w+) struct\s*\{\}\s*$/.exec(line);
      if (empty) {
        types.set(empty[1], {
          kind: 'struct',
          members: [],
          comment: commentText(comment),
          imports,
          pkg: path,
        });
        comment = [];
        continue;
      }
      const st = /^type (\w+) struct \{\s*$/.exec(line);
      if (st) {
        const members = [];
        let fc = [];
        for (i++; i < lines.length && !lines[i].startsWith('}'); i++) {
          const l = lines[i];
          if (l.trim().startsWith('/*')) {
            while (i < lines.length && !lines[i].includes('*/')) i++;
            fc = [];
            continue;
          }
          if (/^\s*\/\//.test(l)) {
            fc.push(l);
            continue;
          }
          if (l.trim() === '') {
            fc = [];
            continue;
          }
          const named = /^\s+(\w+)\s+([^`\s/][^`]*?)\s*(?:`([^`]*)`)?\s*(?:\/\/.*)?$/.exec(l);
          const embedded = /^\s+(\*?[\w.]+)\s*(?:`([^`]*)`)?\s*(?:\/\/.*)?$/.exec(l);
          if (named) {
            members.push({
              name: named[1],
              type: named[2],
              tags: named[3] ?? '',
              comment: commentText(fc),
              embedded: false,
            });
          } else if (embedded) {
            members.push({
              name: null,
              type: embedded[1],
              tags: embedded[2] ?? '',
              comment: commentText(fc),
              embedded: true,
            });
          } else members.push({ unparsed: l });
          fc = [];
        }
        types.set(st[1], { kind: 'struct', members, comment: commentText(comment), imports, pkg: path });
        comment = [];
        continue;
      }
      const al = /^type (\w+) ([^{=]+?)\s*(?:\/\/.*)?$/.exec(line);
      if (al)
        types.set(al[1], { kind: 'alias', target: al[2], comment: commentText(comment), imports, pkg: path });
      comment = [];
    }
  }
  return { types, consts };
}

const packages = new Map();
const pkgOf = (path) => {
  if (!packages.has(path)) {
    if (!PACKAGES[path]) throw new Error(`package not read: ${path}`);
    packages.set(path, parsePackage(path));
  }
  return packages.get(path);
};

/** The schema name kube-openapi gives a Go type: k8s.io/api/apps/v1.Deployment → io.k8s.api.apps.v1.Deployment. */
const schemaName = (pkg, name) => `${pkg.replace(/^k8s\.io\//, 'io.k8s.').replaceAll('/', '.')}.${name}`;

/** A type expression: {ptr}, {slice}, {map}, {builtin}, {named: pkg, name}. */
function parseType(expr, ctx) {
  const e = expr.trim();
  if (e.startsWith('*')) return { kind: 'ptr', elem: parseType(e.slice(1), ctx) };
  if (e === '[]byte') return { kind: 'bytes' };
  if (e.startsWith('[]')) return { kind: 'slice', elem: parseType(e.slice(2), ctx) };
  const mp = /^map\[([^\]]+)\](.+)$/.exec(e);
  if (mp) return { kind: 'map', key: parseType(mp[1], ctx), elem: parseType(mp[2], ctx) };
  if (BUILTINS[e]) return { kind: 'builtin', name: e };
  if (e === 'interface{}' || e === 'any') return { kind: 'interface' };
  const q = /^(\w+)\.(\w+)$/.exec(e);
  if (q) {
    const path = ctx.imports.get(q[1]);
    if (!path) throw new Error(`unknown import ${q[1]} in ${ctx.pkg}`);
    if (path === 'time') return { kind: 'external', name: e };
    return { kind: 'named', pkg: path, name: q[2] };
  }
  return { kind: 'named', pkg: ctx.pkg, name: e };
}

const lookup = (t) => {
  const d = pkgOf(t.pkg).types.get(t.name);
  if (!d) throw new Error(`unknown type ${t.pkg}.${t.name}`);
  return d;
};
const customOf = (t) => (t.kind === 'named' ? CUSTOM[`${t.pkg}.${t.name}`] : undefined);

/** resolveAliasAndPtrType: pointers and non-struct named types down to what they are. */
function resolve(t) {
  if (t.kind === 'ptr') return resolve(t.elem);
  if (t.kind === 'named' && !customOf(t)) {
    const d = lookup(t);
    if (d.kind === 'alias') return resolve(parseType(d.target, d));
  }
  return t;
}

const markers = (comment) => {
  const out = {};
  for (const l of comment) {
    const m = /^\+([\w:.-]+)(?:=(.*))?$/.exec(l.trim());
    if (!m) continue;
    out[m[1]] ??= [];
    out[m[1]].push(m[2] ?? '');
  }
  return out;
};

/** generateDescription of kube-openapi. */
function description(lines) {
  let buf = '';
  const delPrev = () => {
    if (buf.length > 0) buf = buf.slice(0, -1);
  };
  for (const raw of lines) {
    if (raw === '---') break;
    const line = raw.replace(/ +$/, '');
    const leading = line.replace(/^ +/, '');
    if (line.length === 0) {
      delPrev();
      buf += '\n\n';
    } else if (leading.startsWith('TODO') || leading.startsWith('+')) {
      // dropped
    } else if (line.startsWith(' ') || line.startsWith('\t')) {
      delPrev();
      buf += `\n${line}\n`;
    } else buf += `${line} `;
  }
  return buf
    .replace(/^\n+/, '')
    .replace(/\n+$/, '')
    .replaceAll('\\"', '"')
    .replace(/^ +| +$/g, '');
}

/** The enum of a named type marked +enum: its constants sorted by value. */
function enumOf(t) {
  if (t.kind !== 'named' || customOf(t)) return null;
  const d = lookup(t);
  if (d.kind !== 'alias' || !markers(d.comment).enum) return null;
  const values = pkgOf(t.pkg)
    .consts.filter((c) => c.type === t.name)
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const seen = new Set();
  const unique = values.filter((v) => !seen.has(v.value) && seen.add(v.value));
  return unique.map((v) => {
    let c = v.comment.join(' ').trim();
    if (c.startsWith(v.name)) c = c.slice(v.name.length);
    c = c.trim().replace(/\s+/g, ' ');
    return { value: v.value, line: ` - \`${JSON.stringify(v.value)}\` ${c}` };
  });
}

/** mustEnforceDefault. */
function enforcedDefault(t, omitEmpty) {
  switch (t.kind) {
    case 'ptr':
    case 'map':
    case 'slice':
    case 'bytes':
    case 'interface':
      return undefined;
    case 'builtin':
      return omitEmpty ? undefined : BUILTINS[t.name][2];
    case 'named': {
      if (customOf(t)) return undefined;
      const d = lookup(t);
      if (d.kind === 'alias') return enforcedDefault(parseType(d.target, d), omitEmpty);
      return {};
    }
    default:
      return undefined;
  }
}

const need = new Set();
const ref = (t) => {
  need.add(`${t.pkg}.${t.name}`);
  return { $ref: `#/components/schemas/${schemaName(t.pkg, t.name)}` };
};

/** The schema of a value of type t (a field's type, or a slice's or map's element). */
function valueSchema(t) {
  const r = resolve(t);
  if (r.kind === 'builtin') {
    const [type, format] = BUILTINS[r.name];
    return format ? { type, format } : { type };
  }
  if (r.kind === 'bytes') return { type: 'string', format: 'byte' };
  if (r.kind === 'map') return { type: 'object', additionalProperties: elemSchema(r.elem) };
  if (r.kind === 'slice') return { type: 'array', items: elemSchema(r.elem) };
  if (r.kind === 'named') return ref(r);
  if (r.kind === 'interface') return {};
  throw new Error(`cannot make a schema of ${JSON.stringify(t)}`);
}

/** An element schema: generateDefault(nil, elem, omitEmpty=false), then the value. */
function elemSchema(t) {
  const s = {};
  const def = enforcedDefault(t, false);
  if (def !== undefined) s.default = def;
  return wrapRef({ ...s, ...valueSchema(t) });
}

/** The v3 builder's allOf wrapping of a $ref with siblings. */
function wrapRef(s) {
  if (!s.$ref || Object.keys(s).length === 1) return s;
  const { $ref, ...rest } = s;
  return { allOf: [{ $ref }], ...rest };
}

const jsonTag = (tags) => /(?:^|\s)json:"([^"]*)"/.exec(tags)?.[1];
const tagValue = (tags, key) => new RegExp(`(?:^|\\s)${key}:"([^"]*)"`).exec(tags)?.[1];

/** The properties and required list of a struct, inline members flattened. */
function structProperties(d, props, required) {
  for (const m of d.members) {
    if (m.unparsed) throw new Error(`cannot parse a member of ${d.pkg}: ${m.unparsed}`);
    const tag = jsonTag(m.tags);
    const [jname, ...opts] = (tag ?? '').split(',');
    if (jname === '-') continue;
    const t = parseType(m.type, d);
    if (jname === '' && (m.embedded || opts.includes('inline'))) {
      const r = resolve(t);
      if (r.kind !== 'named' || customOf(r)) throw new Error(`inline of ${m.type}`);
      structProperties(lookup(r), props, required);
      continue;
    }
    if (tag === undefined && !m.embedded) continue; // no json tag: not serialized as kube-openapi sees it
    const name = jname || m.name;
    const mk = markers(m.comment);
    const omitEmpty = opts.includes('omitempty');
    if (!mk.optional && !omitEmpty) required.push(name);
    const s = {};
    const en = enumOf(t);
    const desc = description(
      en?.length ? [...m.comment, '', 'Possible enum values:', ...en.map((e) => e.line)] : m.comment,
    );
    if (desc) s.description = desc;
    if (opts.includes('string')) {
      props[name] = { ...s, type: 'string' };
      continue;
    }
    let def;
    if (mk.default) {
      try {
        def = JSON.parse(mk.default[0]);
      } catch {
        def = undefined;
      }
    }
    if (def === undefined) def = enforcedDefault(t, omitEmpty);
    if (def !== undefined) s.default = def;
    Object.assign(s, valueSchema(t));
    if (en?.length && resolve(t).kind === 'builtin') s.enum = en.map((e) => e.value);
    const ps = tagValue(m.tags, 'patchStrategy');
    const pk = tagValue(m.tags, 'patchMergeKey');
    if (mk.listType) s['x-kubernetes-list-type'] = mk.listType[0];
    if (mk.listMapKey) s['x-kubernetes-list-map-keys'] = mk.listMapKey;
    if (mk.mapType) s['x-kubernetes-map-type'] = mk.mapType[0];
    if (pk) s['x-kubernetes-patch-merge-key'] = pk;
    if (ps) s['x-kubernetes-patch-strategy'] = ps;
    props[name] = wrapRef(s);
  }
}

/** The component schema of a named type. */
function typeSchema(key) {
  const dot = key.lastIndexOf('.');
  const t = { kind: 'named', pkg: key.slice(0, dot), name: key.slice(dot + 1) };
  const d = lookup(t);
  const s = {};
  const desc = description(d.comment);
  if (desc) s.description = desc;
  const custom = customOf(t);
  if (custom) return { ...s, ...custom };
  if (d.kind !== 'struct') throw new Error(`${key} is not a struct`);
  const props = {};
  const required = [];
  structProperties(d, props, required);
  if (Object.keys(props).length) s.properties = props;
  if (required.length) s.required = required;
  s.type = 'object';
  const mk = markers(d.comment);
  if (mk.structType) s['x-kubernetes-map-type'] = mk.structType[0];
  else if (mk.mapType) s['x-kubernetes-map-type'] = mk.mapType[0];
  return s;
}

/** Sorted keys all the way down, as the published documents (Go's encoding/json) have them. */
function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys(v[k])]),
    );
  return v;
}

const gvk = new Map();
for (const [group, version, pkg, kinds] of ROOTS) {
  for (const kind of kinds) {
    for (const k of NO_LIST.has(kind) ? [kind] : [kind, `${kind}List`]) {
      const key = `${pkg}.${k}`;
      need.add(key);
      gvk.set(key, { group, kind: k, version });
    }
  }
}
// The body of every PATCH operation.
need.add('k8s.io/apimachinery/pkg/apis/meta/v1.Patch');
const schemas = {};
const done = new Set();
for (let again = true; again; ) {
  again = false;
  for (const key of [...need]) {
    if (done.has(key)) continue;
    done.add(key);
    again = true;
    const [pkg, name] = [key.slice(0, key.lastIndexOf('.')), key.slice(key.lastIndexOf('.') + 1)];
    const s = typeSchema(key);
    if (gvk.has(key)) s['x-kubernetes-group-version-kind'] = [gvk.get(key)];
    schemas[schemaName(pkg, name)] = s;
  }
}
const roots = ROOTS.map(([group, version, pkg, kinds]) => ({
  group,
  version,
  schemas: kinds.flatMap((k) => (NO_LIST.has(k) ? [k] : [k, `${k}List`])).map((k) => schemaName(pkg, k)),
}));
process.stdout.write(
  `${JSON.stringify({
    source:
      'Generated by scripts/gen-openapi-schemas.mjs from the Go types of k8s.io/api and k8s.io/apimachinery (Apache-2.0; see NOTICE).',
    roots,
    schemas: sortKeys(schemas),
  })}\n`,
);

// After sigs.k8s.io/yaml's goyaml.v2/resolve.go (v1.4, as kubectl 1.32 and the v1.36 API server use it).
/**
 * YAML as kubectl and the API server read it. Both turn YAML into JSON with sigs.k8s.io/yaml,
 * which parses with its fork of go-yaml v2: YAML 1.1 plain scalars. So `app: yes`, `app: on` or
 * `app: y` is the boolean true, not a string, and a label written that way is refused
 * (`json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string`),
 * `mode: 0644` is 420, and `1_000` is 1000. The yaml package's YAML 1.1 schema has those rules;
 * go-yaml v2 leaves out two of its types, so they are dropped here:
 *   - base-60 numbers (`1:20` stays the string "1:20", not 80);
 *   - timestamps (`2026-11-30` stays a string, as go-yaml v2 keeps it when it decodes into an
 *     interface, which sigs.k8s.io/yaml does).
 * It adds what Go's strconv.ParseInt with base 0 reads and the YAML 1.1 schema does not:
 * `0o17`, `0O17`, `0X1F` and `0B101` (underscores dropped first, as resolve does). And its floats
 * are go-yaml's, which only a digit, a sign or a dot can start: the schema's own read `e0` (a
 * container named e0) as the number 1 and `.` as NaN.
 */
import type { DocumentOptions, ParseOptions, ScalarTag, SchemaOptions } from 'yaml';

type Tags = NonNullable<SchemaOptions['customTags']>;
type TagList = Exclude<Tags, ((tags: never) => unknown) | null>;

const INT_TAG = 'tag:yaml.org,2002:int';
const FLOAT_TAG = 'tag:yaml.org,2002:float';
const TIMESTAMP_TAG = 'tag:yaml.org,2002:timestamp';

/** goPrefixedInt: the base prefixes Go's ParseInt takes in either case that YAML 1.1's own int tags do not. */
const goPrefixedInt: ScalarTag = {
  identify: (v) => typeof v === 'number' && Number.isInteger(v),
  default: true,
  tag: INT_TAG,
  test: /^[-+]?0(?:[oO][0-7_]+|X[0-9a-fA-F_]+|B[01_]+)$/,
  resolve(str) {
    const plain = str.replace(/_/g, '');
    const sign = plain.startsWith('-') ? -1 : 1;
    const digits = plain.replace(/^[-+]?0./, '');
    const base = /^[-+]?0[oO]/.test(plain) ? 8 : /^[-+]?0X/.test(plain) ? 16 : 2;
    return sign * Number.parseInt(digits, base);
  },
};

/**
 * goFloat: resolve's floats. One that starts with a digit or a sign is yamlStyleFloat once its
 * underscores are dropped (`1_000.5`, `-.5`, `1e3`); one that starts with a dot is what Go's
 * ParseFloat reads (`.5`, `.5e3`; `.inf` and `.nan` are the schema's own tag). Integers are
 * matched first by the int tags before it.
 */
const goFloat: ScalarTag = {
  identify: (v) => typeof v === 'number',
  default: true,
  tag: FLOAT_TAG,
  test: /^(?:(?=[-+0-9])[-+]?_*(?:\.[0-9_]*[0-9][0-9_]*|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE]_*[-+]?_*[0-9][0-9_]*)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?)$/,
  resolve: (str) => Number.parseFloat(str.replace(/_/g, '')),
};

function kubeTags(tags: TagList): TagList {
  const kept = tags.filter((t) => {
    if (typeof t === 'string') return true;
    if (t.tag === FLOAT_TAG) return String(t.test).includes('inf');
    return t.format !== 'TIME' && t.tag !== TIMESTAMP_TAG;
  });
  return [...kept, goPrefixedInt, goFloat];
}

/** KUBE_YAML: the options that make the yaml package read a document as kubectl and the API server do. */
export const KUBE_YAML: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.1',
  customTags: kubeTags as Tags,
};

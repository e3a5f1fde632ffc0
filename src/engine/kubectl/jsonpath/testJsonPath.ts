// The harness of client-go util/jsonpath jsonpath_test.go (v0.36.3), for the conformance tables
// beside it: testJSONPath, testJSONPathSortOutput and testFailJSONPath, each as one outcome string.
import { JSONPath } from './jsonpath.ts';

/** jsonpathTest: a case of the upstream tables (`expectError`: any parse or execute error passes). */
export type JsonPathTest = [name: string, template: string, input: unknown, expect: string, expectError: boolean];

/** outcome is what testJSONPath checks: `error` for an error (parse or execute) when one is expected, the output else. */
export function outcome([, template, input, , expectError]: JsonPathTest, allowMissingKeys: boolean): string {
  const j = new JSONPath('test').allowMissingKeys(allowMissingKeys);
  const parsed = j.parse(template);
  if (parsed !== undefined) return expectError ? 'error' : `parse error: ${parsed.error}`;
  const out = j.execute(input);
  if (typeof out !== 'string') return expectError ? 'error' : `execute error: ${out.error}`;
  return expectError ? `expected an error, got ${JSON.stringify(out)}` : out;
}

/** want is what outcome should be for the case. */
export const want = ([, , , expect, expectError]: JsonPathTest): string => (expectError ? 'error' : expect);

/** sortedWords is testJSONPathSortOutput's comparison: the output's words sorted (a map's values come in any order). */
export const sortedWords = (s: string): string[] => s.split(/\s+/).filter((w) => w !== '').sort();

/** failOutcome is testFailJSONPath's: the execute error's text (missing keys not allowed), or `nil`. */
export function failOutcome([, template, input]: JsonPathTest): string {
  const j = new JSONPath('test');
  const parsed = j.parse(template);
  if (parsed !== undefined) return `parse error: ${parsed.error}`;
  const out = j.execute(input);
  return typeof out === 'string' ? 'nil' : out.error;
}

/**
 * keysSorted rewrites an upstream expectation that prints Go structs as JSON (their fields in the
 * order declared) into what the same values print as maps, the only objects decoded JSON holds:
 * each JSON object or array in the text re-encoded with its keys sorted, the text between kept.
 */
export function keysSorted(expect: string): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (typeof v !== 'object' || v === null) return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, sortKeys(o[k])]),
    );
  };
  let out = '';
  for (let i = 0; i < expect.length; ) {
    const c = expect[i] as string;
    if (c !== '{' && c !== '[') {
      out += c;
      i++;
      continue;
    }
    let depth = 0;
    let quoted = false;
    let j = i;
    for (; j < expect.length; j++) {
      const d = expect[j];
      if (quoted) {
        if (d === '\\') j++;
        else if (d === '"') quoted = false;
      } else if (d === '"') quoted = true;
      else if (d === '{' || d === '[') depth++;
      else if ((d === '}' || d === ']') && --depth === 0) break;
    }
    out += JSON.stringify(sortKeys(JSON.parse(expect.slice(i, j + 1))));
    i = j + 1;
  }
  return out;
}

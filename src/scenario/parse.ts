/**
 * parseScenarioText: scenario text (YAML, or JSON, which is YAML) → a validated Scenario.
 * YAML errors name the line and column; size, alias and nesting limits keep a hostile file from
 * freezing the page. validateScenario (validate.ts) does the field checks.
 *
 * Two readings of YAML: the Kubernetes objects in it (pasted manifests, a scenario's `objects`
 * and its actions' `apply`) as kubectl reads them (KUBE_YAML: YAML 1.1 scalars, so an unquoted
 * `yes` is true and a label cannot be one), and a scenario's own fields as YAML 1.2 (`name: yes`
 * stays a string: the format is ours, and its names and descriptions are prose).
 */
import { type DocumentOptions, type ParseOptions, parseAllDocuments, type SchemaOptions } from 'yaml';
import { KUBE_YAML } from '../engine/lib/kubeYaml.ts';
import { textLimitMessage, utf8Length } from './limits.ts';
import { LIMITS, type Result, type Scenario } from './types.ts';
import { validateScenario } from './validate.ts';

export { validateScenario } from './validate.ts';

/** Aliases (`*name`) a document may expand; the yaml package's own guard against "billion laughs". */
const MAX_ALIAS_COUNT = 100;

/** parseScenarioText parses and validates one scenario file; it never throws. */
export function parseScenarioText(text: string): Result<Scenario> {
  const docs = parseYamlDocuments(text, 'The scenario');
  if (!docs.ok) return docs;
  if (docs.value.length !== 1) {
    return {
      ok: false,
      errors: [
        docs.value.length === 0
          ? 'The scenario is empty: it needs at least version, name and objects'
          : `The scenario has ${docs.value.length} YAML documents (separated by ---); a scenario file is one document`,
      ],
    };
  }
  return validateScenario(scenarioDocument(text, docs.value[0]));
}

/**
 * scenarioDocument is a scenario file's document read as YAML 1.2, with its `objects` and its
 * actions' `apply` manifests taken from `kube`, the same text read as kubectl reads it.
 */
export function scenarioDocument(text: string, kube: unknown): unknown {
  const plain = parseYamlDocuments(text, 'The scenario', YAML_12);
  const own = plain.ok ? plain.value[0] : undefined;
  if (!isPlainRecord(own) || !isPlainRecord(kube)) return kube;
  const out: Record<string, unknown> = { ...own };
  if ('objects' in kube) out.objects = kube.objects;
  const acts = own.actions;
  const kubeActs = kube.actions;
  if (Array.isArray(acts) && Array.isArray(kubeActs) && acts.length === kubeActs.length) {
    out.actions = acts.map((a, i) => {
      const k: unknown = kubeActs[i];
      return isPlainRecord(a) && isPlainRecord(k) && 'apply' in a ? { ...a, apply: k.apply } : a;
    });
  }
  return out;
}

function isPlainRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The yaml package's default: YAML 1.2, core schema. */
const YAML_12: ParseOptions & DocumentOptions & SchemaOptions = {};

/**
 * parseYamlDocuments reads one or more YAML documents into plain values (empty and `null`
 * documents are skipped), or the first YAML error with its position, prefixed by `what`'s document number when
 * the text has several. It never throws.
 */
export function parseYamlDocuments(text: string, what: string, schema: ParseOptions & DocumentOptions & SchemaOptions = KUBE_YAML): Result<unknown[]> {
  if (typeof text !== 'string') return { ok: false, errors: [`${what} must be text, not ${typeof text}`] };
  if (text.length > LIMITS.textBytes || utf8Length(text) > LIMITS.textBytes) {
    return { ok: false, errors: [textLimitMessage(what, utf8Length(text))] };
  }
  try {
    const docs = parseAllDocuments(text, { ...schema, uniqueKeys: true, logLevel: 'error' });
    // parseAllDocuments returns an EmptyStream (an empty array with extra fields) for blank text.
    const list = Array.from(docs);
    const out: unknown[] = [];
    for (const [i, doc] of list.entries()) {
      const err = doc.errors[0];
      if (err !== undefined) {
        const where = err.linePos === undefined ? '' : `line ${err.linePos[0].line}, column ${err.linePos[0].col}: `;
        const which = list.length > 1 ? ` (document ${i + 1})` : '';
        return { ok: false, errors: [`${what} is not valid YAML${which}: ${where}${firstLine(err.message)}`] };
      }
      const value: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
      if (value !== null && value !== undefined) out.push(value);
    }
    return { ok: true, value: out };
  } catch (e) {
    // The yaml package throws for alias bombs ("Excessive alias count …") and for nesting deep
    // enough to exhaust the stack; neither is a scenario anyone wrote by hand.
    const msg = e instanceof Error ? e.message : String(e);
    return { ok: false, errors: [`${what} could not be read as YAML: ${firstLine(msg)}`] };
  }
}

function firstLine(s: string): string {
  const line = s.split('\n')[0] ?? s;
  return line.replace(/ at line \d+, column \d+:?$/, '');
}

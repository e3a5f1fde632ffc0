/**
 * parseScenarioText: scenario text (YAML 1.2, or JSON, which is YAML) → a validated Scenario.
 * YAML errors name the line and column; size, alias and nesting limits keep a hostile file from
 * freezing the page. validateScenario (validate.ts) does the field checks.
 */
import { parseAllDocuments } from 'yaml';
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
  return validateScenario(docs.value[0]);
}

/**
 * parseYamlDocuments reads one or more YAML documents into plain values (empty and `null`
 * documents are skipped), or the first YAML error with its position, prefixed by `what`'s document number when
 * the text has several. It never throws.
 */
export function parseYamlDocuments(text: string, what: string): Result<unknown[]> {
  if (typeof text !== 'string') return { ok: false, errors: [`${what} must be text, not ${typeof text}`] };
  if (text.length > LIMITS.textBytes || utf8Length(text) > LIMITS.textBytes) {
    return { ok: false, errors: [textLimitMessage(what, utf8Length(text))] };
  }
  try {
    const docs = parseAllDocuments(text, { uniqueKeys: true, logLevel: 'error' });
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

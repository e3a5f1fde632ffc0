// Port of RunWait and its wait functions of kubectl pkg/cmd/wait (v1.32: wait.go, condition.go,
// json.go, delete.go, create.go): `kubectl wait` in the page's console, read from the API server's store.
import type { KubeObject } from '../api/types.ts';
import { servedForm } from '../apiserver/conversion.ts';
import type { Tx } from '../client/tx.ts';
import type { WaitFor } from './commands.ts';
import type { Cmd } from './executeRead.ts';
import { objectsOf, Terminal } from './executeStore.ts';
import { goValue, JSONPath } from './jsonpath/index.ts';
import { kindString, notFound, RESOURCES } from './resources.ts';
import { selectObjects } from './targets.ts';

type Fields = Record<string, unknown>;
const field = (o: unknown, key: string): unknown => (typeof o === 'object' && o !== null ? (o as Fields)[key] : undefined);

/**
 * conditionMet is ConditionalWait.checkCondition: the first condition of that type (any case) has
 * that status (any case), unless it, or the status, was observed for an older generation.
 */
function conditionMet(obj: KubeObject, name: string, value: string): boolean {
  const status = field(obj, 'status');
  const conditions = field(status, 'conditions');
  if (!Array.isArray(conditions)) return false;
  for (const c of conditions) {
    const type = field(c, 'type');
    const got = field(c, 'status');
    if (typeof type !== 'string' || type.toLowerCase() !== name.toLowerCase() || typeof got !== 'string') continue;
    const generation = obj.metadata.generation;
    const observed = field(c, 'observedGeneration') ?? field(status, 'observedGeneration');
    if (generation !== undefined && typeof observed === 'number' && observed < generation) return false;
    return got.toLowerCase() === value.toLowerCase();
  }
  return false;
}

/** jsonPathMet is JSONPathWait's checkCondition: the expression finds one value, equal to the one asked for as kubectl prints it (any value when none is asked for); its errors are kubectl's. */
function jsonPathMet(obj: KubeObject, path: string, value: string | undefined): boolean | { error: string } {
  const j = new JSONPath('wait').allowMissingKeys(true);
  const parsed = j.parse(path);
  if (parsed !== undefined) return { error: `error: ${parsed.error}` };
  const results = j.findResults(obj);
  if (!Array.isArray(results)) return { error: `error: ${results.error}` };
  const found = results[0] ?? [];
  if (found.length === 0) return false;
  if (results.length > 1) return { error: 'error: given jsonpath expression matches more than one list' };
  if (found.length > 1) return { error: 'error: given jsonpath expression matches more than one value' };
  if (value === undefined) return true;
  // compareResults: a map or a list is not compared; a value is, as %v prints it, spaces trimmed.
  const [v] = found;
  if (typeof v === 'object' && v !== null) return { error: 'error: jsonpath leads to a nested object or list which is not supported' };
  return goValue(v).trim() === value.trim();
}

function met(obj: KubeObject, waitFor: WaitFor): boolean | { error: string } {
  if (waitFor.kind === 'create') return true;
  if (waitFor.kind === 'delete') return false;
  const served = servedForm(obj);
  return waitFor.kind === 'condition' ? conditionMet(served, waitFor.name, waitFor.value) : jsonPathMet(served, waitFor.path, waitFor.value);
}

/**
 * runWait is `kubectl wait`, checked once at the playhead (a console line is one answer, not a
 * wait), as kubectl with --timeout=0: every object in the order the builder visits them (it goes on
 * after an error), `deployment.apps/web condition met` for each that meets it, then the errors —
 * one as `error: condition not met for deployments/db`, several each on its line without the
 * prefix — and a line saying that the console did not wait the timeout kubectl would have. A named
 * object that is gone meets --for=delete in silence; nothing to visit at all is `error: no matching
 * resources found`.
 */
export function runWait(tx: Tx, cmd: Cmd<'wait'>): Terminal {
  const term = new Terminal();
  const errors: string[] = [];
  let visited = 0;
  let unmet = false;
  for (const target of cmd.targets) {
    const all = objectsOf(tx.st, target.kind, cmd.namespace);
    const r = selectObjects(target, cmd.selector, all);
    if (r.missing !== undefined) {
      if (cmd.for.kind !== 'delete') errors.push(notFound(target.kind, r.missing));
      continue;
    }
    for (const obj of r.objects) {
      visited++;
      const ok = met(obj as KubeObject, cmd.for);
      if (ok === true) term.out(`${kindString(target.kind)}/${obj.metadata.name} condition met`);
      else if (ok === false) {
        unmet = true;
        errors.push(`condition not met for ${RESOURCES[target.kind].plural}/${obj.metadata.name}`);
      } else errors.push(ok.error);
    }
  }
  // cmdutil.CheckErr: one error on its own (with `error: ` unless the API server's), several each raw.
  if (errors.length === 1) {
    const [e = ''] = errors;
    term.fail(e.startsWith('Error from server') || e.startsWith('error: ') ? e : `error: ${e}`);
  } else if (errors.length > 1) term.fail(errors.join('\n'));
  else if (visited === 0 && cmd.for.kind !== 'delete') term.fail('error: no matching resources found');
  if (unmet && cmd.timeoutMs !== 0) {
    const waited = cmd.timeoutMs < 0 ? 'a week' : cmd.timeoutText || '30s';
    term.fail(`(the console checks once, at the playhead, as --timeout=0 does; kubectl would wait up to ${waited})`);
  }
  return term;
}

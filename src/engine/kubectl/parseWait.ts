// Port of the flag handling of kubectl pkg/cmd/wait/wait.go (v1.32): `kubectl wait`, its --for
// forms (conditionFuncFor) and their messages.
import type { KubectlCommand, KubectlError, WaitFor } from './commands.ts';
import { selectorFlag } from './parseRead.ts';
import { relaxedJSONPathExpression } from './sortBy.ts';
import { parseTargets } from './targets.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';

/**
 * conditionFuncFor reads --for: `delete`, `create`, `condition=Available` (the value defaults to
 * true), `condition=Ready=false`, `jsonpath={.status.phase}=Running` or a JSONPath alone (it must
 * find a value).
 */
export function conditionFuncFor(condition: string): WaitFor | KubectlError {
  const lower = condition.toLowerCase();
  if (lower === 'delete') return { kind: 'delete' };
  if (lower === 'create') return { kind: 'create' };
  if (lower.startsWith('condition=')) {
    const rest = condition.slice('condition='.length);
    const eq = rest.indexOf('=');
    return eq < 0 ? { kind: 'condition', name: rest, value: 'true' } : { kind: 'condition', name: rest.slice(0, eq), value: rest.slice(eq + 1) };
  }
  if (lower.startsWith('jsonpath=')) {
    const rest = condition.slice('jsonpath='.length);
    // The value follows the expression's closing brace (`{.status.phase}=Running`), or the first `=` of a relaxed path.
    const close = rest.lastIndexOf('}');
    const eq = rest.indexOf('=', close < 0 ? 0 : close);
    const expr = eq < 0 ? rest : rest.slice(0, eq);
    const path = relaxedJSONPathExpression(expr);
    if (typeof path !== 'string' || path === '') return { error: "error: jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'" };
    return eq < 0 ? { kind: 'jsonpath', path } : { kind: 'jsonpath', path, value: rest.slice(eq + 1) };
  }
  return { error: `error: unrecognized condition: ${JSON.stringify(condition)}` };
}

/** parseWait reads `wait (TYPE/NAME… | TYPE NAME… | TYPE -l SEL | TYPE --all) --for=… [--timeout=30s] [-n NS]`: --for first, as ToOptions reads it before the builder visits anything. */
export function parseWait(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'for', type: 'string' },
      { name: 'timeout', type: 'duration' },
      { name: 'selector', short: 'l', type: 'string' },
      { name: 'all', type: 'bool' },
    ],
    'kubectl wait',
  );
  if ('error' in f) return f;
  const waitFor = conditionFuncFor(typeof f.flags.for === 'string' ? f.flags.for : '');
  if ('error' in waitFor) return waitFor;
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  const t = parseTargets(f.args, { allowEmptySelector: f.flags.all === true, hasSelector: !!sel.selector });
  if ('error' in t) return t;
  const timeoutMs = typeof f.flags.timeout === 'number' ? f.flags.timeout : 30_000;
  const timeoutText = f.seen.find(([name]) => name === 'timeout')?.[1] ?? '';
  return { verb: 'wait', namespace: namespaceOf(f.flags), targets: t.targets, ...sel, for: waitFor, timeoutMs, timeoutText: String(timeoutText) };
}

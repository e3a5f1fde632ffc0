// Port of the argument and flag handling of kubectl pkg/cmd/annotate/annotate.go (v1.36):
// AnnotateFlags.ToOptions, parseAnnotations (cmdutil.ParsePairs) and validateAnnotations.
import type { KubectlCommand, KubectlError } from './commands.ts';
import type { FlagSpec } from './flags.ts';
import { selectorFlag } from './parseRead.ts';
import { getResourcesAndPairs } from './parseSet.ts';
import { parseTargets } from './targets.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';

const SELECTOR: FlagSpec = { name: 'selector', short: 'l', type: 'string' };

/**
 * parsePairs is cmdutil.ParsePairs for annotations: `key=value` (split at the first `=`, so a
 * value may hold more, `key=` sets it empty), `key-` removes; anything else is listed in one
 * `invalid annotation format` error. A key given twice keeps its last value, as a Go map does.
 */
export function parsePairs(args: readonly string[]): { add: [string, string][]; remove: string[] } | KubectlError {
  const add: [string, string][] = [];
  const remove: string[] = [];
  const invalid: string[] = [];
  for (const arg of args) {
    if (arg.includes('=') && !arg.startsWith('=')) {
      const at = arg.indexOf('=');
      const key = arg.slice(0, at);
      const i = add.findIndex(([k]) => k === key);
      if (i >= 0) add.splice(i, 1);
      add.push([key, arg.slice(at + 1)]);
    } else if (arg.endsWith('-') && arg !== '-') remove.push(arg.slice(0, -1));
    else invalid.push(arg);
  }
  if (invalid.length) return { error: `error: invalid annotation format: ${invalid.join(', ')}` };
  return { add, remove };
}

/** parseAnnotate reads `annotate [--overwrite] TYPE NAME KEY_1=VAL_1 ... KEY_N-` [--list] [-l SELECTOR | --all]. */
export function parseAnnotate(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [SELECTOR, { name: 'overwrite', type: 'bool' }, { name: 'all', type: 'bool' }, { name: 'list', type: 'bool' }],
    'kubectl annotate',
  );
  if ('error' in f) return f;
  const split = getResourcesAndPairs(f.args, 'annotation');
  if ('error' in split) return split;
  const pairs = parsePairs(split.pairs);
  if ('error' in pairs) return pairs;
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  const all = f.flags.all === true;
  const list = f.flags.list === true;
  if (all && sel.selector) return { error: 'error: cannot set --all and --selector at the same time' };
  if (split.resources.length < 1) return { error: 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>' };
  if (pairs.add.length < 1 && pairs.remove.length < 1 && !list) return { error: 'error: at least one annotation update is required' };
  const both = pairs.remove.filter((r) => pairs.add.some(([k]) => k === r));
  if (both.length) return { error: `error: can not both modify and remove the following annotation(s) in the same command: ${both.join(', ')}` };
  const t = parseTargets(split.resources, { allowEmptySelector: all, hasSelector: !!sel.selector });
  if ('error' in t) return t;
  return { verb: 'annotate', namespace: namespaceOf(f.flags), targets: t.targets, ...sel, ...pairs, overwrite: f.flags.overwrite === true, list };
}

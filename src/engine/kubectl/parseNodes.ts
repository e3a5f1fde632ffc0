// Port of the argument and flag handling of kubectl pkg/cmd/drain/drain.go (cordon, uncordon, drain),
// taint/taint.go + taint/utils.go and label/label.go (v1.36): defaults, checks and messages.
import type { Taint, TaintEffect } from '../api/types.ts';
import type { KubectlCommand, KubectlError, TaintRemoval, Target } from './commands.ts';
import type { FlagSpec } from './flags.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';
import { selectorFlag } from './parseRead.ts';
import { getResourcesAndPairs } from './parseSet.ts';
import { resolveResource } from './resources.ts';
import { parseTargets, unknownResourceError } from './targets.ts';
import { isQualifiedName, isValidLabelValue } from './validation.ts';

const SELECTOR: FlagSpec = { name: 'selector', short: 'l', type: 'string' };

function nodeTargets(args: readonly string[]): Target[] {
  return args.map((name) => ({ kind: 'Node' as const, name }));
}

/** parseCordon reads `cordon NODE` / `uncordon NODE` (drain.go NewCmdCordon/NewCmdUncordon). */
export function parseCordon(ctx: VerbContext, verb: 'cordon' | 'uncordon'): KubectlCommand | KubectlError {
  const f = ctx.flags([SELECTOR], `kubectl ${verb}`);
  if ('error' in f) return f;
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  if (f.args.length === 0 && !sel.selector) return { error: `error: USAGE: ${verb} NODE [flags]\nSee 'kubectl ${verb} -h' for help and examples` };
  if (f.args.length > 0 && sel.selector) {
    return { error: `error: error: cannot specify both a node name and a --selector option\nSee 'kubectl ${verb} -h' for help and examples` };
  }
  const targets = sel.selector ? [{ kind: 'Node' as const }] : nodeTargets(f.args);
  return { verb, namespace: namespaceOf(f.flags), targets, ...sel };
}

/** parseDrain reads `drain NODE [--ignore-daemonsets] [--force] [--delete-emptydir-data] [--grace-period=N]` (drain.go). */
export function parseDrain(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      SELECTOR,
      { name: 'ignore-daemonsets', type: 'bool' },
      { name: 'force', type: 'bool' },
      { name: 'delete-emptydir-data', type: 'bool' },
      { name: 'grace-period', type: 'int' },
      { name: 'timeout', type: 'duration' },
      { name: 'disable-eviction', type: 'bool' },
    ],
    'kubectl drain',
  );
  if ('error' in f) return f;
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  if (f.args.length === 0 && !sel.selector) return { error: "error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples" };
  if (f.args.length > 0 && sel.selector) {
    return { error: "error: error: cannot specify both a node name and a --selector option\nSee 'kubectl drain -h' for help and examples" };
  }
  return {
    verb: 'drain',
    namespace: namespaceOf(f.flags),
    targets: sel.selector ? [{ kind: 'Node' }] : nodeTargets(f.args),
    ...sel,
    ignoreDaemonsets: f.flags['ignore-daemonsets'] === true,
    force: f.flags.force === true,
    deleteEmptydirData: f.flags['delete-emptydir-data'] === true,
    gracePeriod: (f.flags['grace-period'] as number | undefined) ?? -1,
    disableEviction: f.flags['disable-eviction'] === true,
    timeoutMs: (f.flags.timeout as number | undefined) ?? 0,
  };
}

const EFFECTS: readonly TaintEffect[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** parseTaintSpec reads `key=value:Effect`, `key:Effect` or `key` (taint/utils.go parseTaint). */
function parseTaintSpec(st: string): { taint: { key: string; value: string; effect?: TaintEffect } } | { error: string } {
  const parts = st.split(':');
  let key = '';
  let value = '';
  let effect: TaintEffect | undefined;
  if (parts.length === 1) {
    key = parts[0] ?? '';
  } else if (parts.length === 2) {
    const e = parts[1] ?? '';
    if (!(EFFECTS as readonly string[]).includes(e)) return { error: `invalid taint effect: ${e}, unsupported taint effect` };
    effect = e as TaintEffect;
    const kv = (parts[0] ?? '').split('=');
    if (kv.length > 2) return { error: `invalid taint spec: ${st}` };
    key = kv[0] ?? '';
    if (kv.length === 2) {
      value = kv[1] ?? '';
      const errs = isValidLabelValue(value);
      if (errs.length) return { error: `invalid taint spec: ${st}, ${errs.join('; ')}` };
    }
  } else {
    return { error: `invalid taint spec: ${st}` };
  }
  const errs = isQualifiedName(key);
  if (errs.length) return { error: `invalid taint spec: ${st}, ${errs.join('; ')}` };
  return { taint: effect ? { key, value, effect } : { key, value } };
}

/** parseTaint reads `taint nodes NODE key=value:Effect ... key:Effect- key-` [--overwrite] (taint.go Complete/Validate). */
export function parseTaint(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags([SELECTOR, { name: 'overwrite', type: 'bool' }, { name: 'all', type: 'bool' }], 'kubectl taint');
  if ('error' in f) return f;
  const resources: string[] = [];
  const taintArgs: string[] = [];
  for (const s of f.args) {
    const isTaint = s.includes('=') || s.includes(':') || s.endsWith('-');
    if (isTaint) taintArgs.push(s);
    else if (taintArgs.length > 0) return { error: `error: all resources must be specified before taint changes: ${s}` };
    else resources.push(s);
  }
  if (resources.length < 1) return { error: 'error: one or more resources must be specified as <resource> <name>' };
  if (taintArgs.length < 1) return { error: 'error: at least one taint update is required' };
  const usage = (msg: string): KubectlError => ({ error: `error: ${msg}\nSee 'kubectl taint -h' for help and examples` });
  const add: Taint[] = [];
  const remove: TaintRemoval[] = [];
  for (const spec of taintArgs) {
    const removing = spec.endsWith('-');
    const r = parseTaintSpec(removing ? spec.slice(0, -1) : spec);
    if ('error' in r) return usage(r.error);
    if (removing) {
      remove.push(r.taint.effect ? { key: r.taint.key, effect: r.taint.effect } : { key: r.taint.key });
      continue;
    }
    if (!r.taint.effect) return usage(`invalid taint spec: ${spec}`);
    if (add.some((t) => t.key === r.taint.key && t.effect === r.taint.effect)) {
      return usage(`duplicated taints with the same key and effect: {${r.taint.key} ${r.taint.value} ${r.taint.effect} <nil>}`);
    }
    add.push(r.taint.value ? { key: r.taint.key, value: r.taint.value, effect: r.taint.effect } : { key: r.taint.key, effect: r.taint.effect });
  }
  const typeWord = (resources[0] ?? '').toLowerCase();
  const kind = resolveResource(typeWord.split('/')[0] ?? '');
  if (!kind) return { error: unknownResourceError(typeWord) };
  if (kind !== 'Node') return { error: `error: invalid resource type ${typeWord}, only node types are supported` };
  const conflicts: string[] = [];
  for (const a of add) {
    for (const r of remove) {
      if (a.key === r.key && (!r.effect || a.effect === r.effect)) conflicts.push(`${r.key}=${r.effect ?? ''}`);
    }
  }
  if (conflicts.length) {
    return { error: `error: can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}` };
  }
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  const all = f.flags.all === true;
  if (all && sel.selector) return { error: "error: setting 'all' parameter with a non empty selector is prohibited" };
  if (!all && !sel.selector && resources.length < 2) {
    return { error: "error: at least one resource name must be specified since 'all' parameter is not set" };
  }
  const targets = all || sel.selector ? [{ kind: 'Node' as const }] : nodeTargets(resources.slice(1));
  return { verb: 'taint', namespace: namespaceOf(f.flags), targets, ...sel, add, remove, overwrite: f.flags.overwrite === true };
}

/** parseLabel reads `label TYPE NAME key=value ... key-` [--overwrite] (label/label.go Complete, Validate, parseLabels). */
export function parseLabel(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags([SELECTOR, { name: 'overwrite', type: 'bool' }, { name: 'all', type: 'bool' }], 'kubectl label');
  if ('error' in f) return f;
  const split = getResourcesAndPairs(f.args, 'label');
  if ('error' in split) return split;
  const add: [string, string][] = [];
  const remove: string[] = [];
  for (const spec of split.pairs) {
    if (spec.includes('=')) {
      const parts = spec.split('=');
      if (parts.length !== 2) return { error: `error: invalid label spec: ${spec}` };
      const errs = isValidLabelValue(parts[1] ?? '');
      if (errs.length) return { error: `error: invalid label value: "${spec}": ${errs.join(';')}` };
      const at = add.findIndex(([k]) => k === parts[0]);
      if (at >= 0) add.splice(at, 1);
      add.push([parts[0] ?? '', parts[1] ?? '']);
    } else if (spec.endsWith('-')) {
      remove.push(spec.slice(0, -1));
    } else {
      return { error: `error: unknown label spec: ${spec}` };
    }
  }
  if (remove.some((r) => add.some(([k]) => k === r))) return { error: 'error: can not both modify and remove a label in the same command' };
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  const all = f.flags.all === true;
  if (all && sel.selector) return { error: 'error: cannot set --all and --selector at the same time' };
  if (split.resources.length < 1) return { error: 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>' };
  if (add.length < 1 && remove.length < 1) return { error: 'error: at least one label update is required' };
  const t = parseTargets(split.resources, { allowEmptySelector: all, hasSelector: !!sel.selector });
  if ('error' in t) return t;
  return { verb: 'label', namespace: namespaceOf(f.flags), targets: t.targets, ...sel, add, remove, overwrite: f.flags.overwrite === true };
}

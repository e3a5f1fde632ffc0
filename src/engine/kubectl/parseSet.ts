// Port of the argument and flag handling of kubectl pkg/cmd/set/set_image.go, set_env.go,
// set_resources.go and set/env/env_parse.go (v1.36): defaults, checks, messages, in kubectl's order.
import type { ResourceList } from '../api/types.ts';
import { formatQuantity, parseQuantity } from '../lib/quantity.ts';
import type { KubectlCommand, KubectlError, Target } from './commands.ts';
import { arrayValues, type FlagSpec, type FlagValues } from './flags.ts';
import { selectorFlag } from './parseRead.ts';
import { unknownSubcommandError } from './suggest.ts';
import { parseTargets } from './targets.ts';
import { regexError } from './validation.ts';
import { goQuote } from '../apiserver/decoding/fromUnstructured.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';

const SELECTOR: FlagSpec = { name: 'selector', short: 'l', type: 'string' };
const CONTAINERS: FlagSpec = { name: 'containers', short: 'c', type: 'string' };

/** The `set` subcommands of the subset. */
export const SET_SUBCOMMANDS = ['env', 'image', 'resources'] as const;

/** aggregateError prints one error with kubectl's `error: ` prefix, several one per line without it. */
function aggregateError(errs: string[]): KubectlError {
  return { error: errs.length === 1 ? `error: ${errs[0]}` : errs.join('\n') };
}

/** getResourcesAndPairs splits args into resources and `k=v` / `k-` pairs (cmdutil.GetResourcesAndPairs). */
export function getResourcesAndPairs(args: readonly string[], pairType: string): { resources: string[]; pairs: string[] } | KubectlError {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const s of args) {
    const nonResource = (s.includes('=') && !s.startsWith('=')) || (s.endsWith('-') && s !== '-');
    if (nonResource) pairs.push(s);
    else if (pairs.length > 0) return { error: `error: all resources must be specified before ${pairType} changes: ${s}` };
    else resources.push(s);
  }
  return { resources, pairs };
}

/** parseSet reads `set env|image|resources …` (pkg/cmd/set/set.go routes to each). */
export function parseSet(ctx: VerbContext): KubectlCommand | KubectlError {
  const [sub, ...words] = ctx.words;
  if (sub === undefined || sub.startsWith('-')) return { error: `error: kubectl set needs a subcommand; this subset has: ${SET_SUBCOMMANDS.join(', ')}` };
  if (sub === 'image') return parseSetImage(ctx, words);
  if (sub === 'env') return parseSetEnv(ctx, words);
  if (sub === 'resources') return parseSetResources(ctx, words);
  if (['selector', 'serviceaccount', 'subject'].includes(sub)) {
    return { error: `error: "kubectl set ${sub}" is not part of Rollout Lab's kubectl subset (try: ${SET_SUBCOMMANDS.map((s) => `set ${s}`).join(', ')})` };
  }
  return { error: unknownSubcommandError('set', [sub]) };
}

/**
 * setTargets is the resource builder's reading of the objects of a set subcommand: `TYPE NAME…` or
 * `TYPE/NAME…`, a type alone with --all or -l, and the builder's refusals of a selector beside names.
 */
function setTargets(args: readonly string[], all: boolean, hasSelector: boolean): { targets: Target[] } | KubectlError {
  const t = parseTargets(args, { allowEmptySelector: all, hasSelector });
  if ('error' in t) return t;
  if (hasSelector && t.targets.some((x) => x.name !== undefined)) {
    return {
      error: args.some((a) => a.includes('/'))
        ? 'error: selectors and the all flag cannot be used when passing resource/name arguments'
        : 'error: name cannot be provided when a selector is specified',
    };
  }
  return { targets: t.targets };
}

/** nodeRefused refuses a Node before any request (set image): a Node has no pod template. */
function nodeRefused(targets: readonly Target[]): KubectlError | undefined {
  const node = targets.find((x) => x.kind === 'Node');
  return node ? { error: `error: nodes/${node.name ?? ''} the object is not a pod or does not have a pod template: *v1.Node` } : undefined;
}

/**
 * recordOf is --record (deprecated, still honoured): cli-runtime's parseCommandArguments, the
 * command path, its arguments, then each flag as given (` --record=true`), in the order typed. (A
 * flag typed before the verb, `kubectl -n web set image …`, comes first there and last here.)
 */
function recordOf(sub: string, f: { flags: FlagValues; args: string[]; seen: [string, string][] }): { changeCause?: string; recordWarning?: string } {
  const changeCause = f.flags.record === true ? `kubectl set ${sub} ${f.args.join(' ')}${f.seen.map(([n, v]) => ` --${n}=${v}`).join('')}` : undefined;
  const recordWarning = f.seen.some(([n]) => n === 'record') ? 'Flag --record has been deprecated, --record will be removed in the future' : undefined;
  return { ...(changeCause !== undefined ? { changeCause } : {}), ...(recordWarning !== undefined ? { recordWarning } : {}) };
}

/** parseSetImage reads `set image TYPE NAME CONTAINER=IMAGE...` (set/set_image.go Complete, Validate). */
function parseSetImage(ctx: VerbContext, words: readonly string[]): KubectlCommand | KubectlError {
  const f = ctx.flags([{ name: 'all', type: 'bool' }, SELECTOR, { name: 'record', type: 'bool' }], 'kubectl set image', words);
  if ('error' in f) return f;
  const split = getResourcesAndPairs(f.args, 'image');
  if ('error' in split) return split;
  const images: { container: string; image: string }[] = [];
  const invalid = split.pairs.filter((p) => !(p.includes('=') && !p.startsWith('=')));
  if (invalid.length) return { error: `error: invalid image format: ${invalid.join(', ')}` };
  for (const p of split.pairs) {
    const eq = p.indexOf('=');
    const container = p.slice(0, eq);
    const image = p.slice(eq + 1);
    const at = images.findIndex((x) => x.container === container);
    if (at >= 0) images.splice(at, 1);
    images.push({ container, image });
  }
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  const errs: string[] = [];
  if (f.flags.all === true && sel.selector) errs.push('cannot set --all and --selector at the same time');
  if (split.resources.length < 1) errs.push('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  if (images.length < 1) errs.push('at least one image update is required');
  else if (images.length > 1 && images.some((x) => x.container === '*')) {
    errs.push('all containers are already specified by *, but saw more than one container_name=container_image pairs');
  }
  if (errs.length) return aggregateError(errs);
  const t = setTargets(split.resources, f.flags.all === true, !!sel.selector);
  if ('error' in t) return t;
  const node = nodeRefused(t.targets);
  if (node) return node;
  return { verb: 'set-image', namespace: namespaceOf(f.flags), targets: t.targets, ...sel, images, ...recordOf('image', f) };
}

/** isEnvironmentArgument: `anything=anything` (env_parse.go's argumentEnvironment, (?ms)^(.+)\=(.*)$). */
function isEnvironmentArgument(s: string): boolean {
  return /^[\s\S]+=[\s\S]*$/.test(s);
}

/** splitEnvironmentFromResources: resources first, then `KEY=VALUE` and `KEY-` arguments; null when a resource comes after one. */
export function splitEnvironmentFromResources(args: readonly string[]): { resources: string[]; envArgs: string[] } | null {
  const resources: string[] = [];
  const envArgs: string[] = [];
  for (const s of args) {
    const isEnv = isEnvironmentArgument(s) || s.endsWith('-');
    if (isEnv) envArgs.push(s);
    else if (envArgs.length > 0) return null;
    else resources.push(s);
  }
  return { resources, envArgs };
}

const envVarNameFmt = '[-._a-zA-Z][-._a-zA-Z0-9]*';
const envVarNameFmtErrMsg = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit";

/** isEnvVarName is apimachinery's validation.IsEnvVarName (the strict form kubectl checks with). */
export function isEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (!new RegExp(`^${envVarNameFmt}$`).test(value)) {
    errs.push(regexError(envVarNameFmtErrMsg, envVarNameFmt, 'my.env-name', 'MY_ENV.NAME', 'MyEnvName1'));
  }
  if (value === '.') errs.push("must not be '.'");
  else if (value === '..') errs.push("must not be '..'");
  else if (value.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

/**
 * parseEnv is env_parse.go's ParseEnv (parseIntoEnvVar): `KEY=VALUE` sets, `KEY-` removes, and a
 * key may not be both. `-` reads the variables from stdin, which the console does not have: it
 * answers as kubectl does without one.
 */
export function parseEnv(spec: readonly string[]): { env: { name: string; value: string }[]; remove: string[] } | KubectlError {
  const env: { name: string; value: string }[] = [];
  const exists = new Set<string>();
  const remove: string[] = [];
  for (const s of spec) {
    if (s === '-') return { error: "error: when '-' is used, STDIN must be open" };
    if (s.includes('=')) {
      const eq = s.indexOf('=');
      const name = s.slice(0, eq);
      const errs = isEnvVarName(name);
      if (errs.length) return { error: `error: ${goQuote(name)} is not a valid key name: ${errs.join(';')}` };
      exists.add(name);
      env.push({ name, value: s.slice(eq + 1) });
    } else if (s.endsWith('-')) remove.push(s.slice(0, -1));
    else return { error: `error: unknown environment variable: ${s}` };
  }
  if (remove.some((r) => exists.has(r))) return { error: 'error: can not both modify and remove the same environment variable in the same command' };
  return { env, remove };
}

/**
 * parseSetEnv reads `set env TYPE/NAME KEY=VAL… KEY-… [-e KEY=VAL] [-c NAMES] [--list [--resolve]]
 * [--overwrite=false] [--from=configmap/NAME|secret/NAME [--prefix=P] [--keys=K,…]]` (set_env.go
 * Complete and Validate, then the checks RunEnv makes before its first request).
 */
function parseSetEnv(ctx: VerbContext, words: readonly string[]): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      CONTAINERS,
      { name: 'from', type: 'string' },
      { name: 'prefix', type: 'string' },
      { name: 'env', short: 'e', type: 'array' },
      { name: 'keys', type: 'strings' },
      { name: 'list', type: 'bool' },
      { name: 'resolve', type: 'bool' },
      { name: 'all', type: 'bool' },
      { name: 'overwrite', type: 'bool' },
      SELECTOR,
    ],
    'kubectl set env',
    words,
  );
  if ('error' in f) return f;
  const all = f.flags.all === true;
  const selectorText = typeof f.flags.selector === 'string' ? f.flags.selector : '';
  if (all && selectorText !== '') return { error: 'error: cannot set --all and --selector at the same time' };
  const split = splitEnvironmentFromResources(f.args);
  if (split === null) return { error: `error: all resources must be specified before environment changes: ${f.args.join(' ')}` };
  const from = typeof f.flags.from === 'string' ? f.flags.from : '';
  const keysText = typeof f.flags.keys === 'string' ? f.flags.keys : '';
  const keys = keysText === '' ? [] : keysText.split(',');
  if (split.resources.length < 1) return { error: 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>' };
  if (keys.length > 0 && from === '') return { error: 'error: when specifying --keys, a configmap or secret must be provided with --from' };
  const parsed = parseEnv([...arrayValues(f.flags.env), ...split.envArgs]);
  if ('error' in parsed) return parsed;
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  let fromTargets: Target[] | undefined;
  if (from !== '') {
    const ft = setTargets([from], all, !!sel.selector);
    if ('error' in ft) return ft;
    fromTargets = ft.targets;
  }
  const t = setTargets(split.resources, all, !!sel.selector);
  if ('error' in t) return t;
  return {
    verb: 'set-env',
    namespace: namespaceOf(f.flags),
    targets: t.targets,
    ...sel,
    containers: typeof f.flags.containers === 'string' ? f.flags.containers : '*',
    env: parsed.env,
    remove: parsed.remove,
    envArgs: split.envArgs.length,
    overwrite: f.flags.overwrite !== false,
    list: f.flags.list === true,
    resolve: f.flags.resolve === true,
    ...(fromTargets ? { from: fromTargets } : {}),
    keys,
    prefix: typeof f.flags.prefix === 'string' ? f.flags.prefix : '',
  };
}

/** populateResourceListV1 reads `cpu=200m,memory=512Mi` (generate/versioned/run.go), each quantity as the API server keeps it. */
export function populateResourceListV1(spec: string): ResourceList | KubectlError | undefined {
  if (spec === '') return undefined;
  const out: ResourceList = {};
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) return { error: `error: Invalid argument syntax ${statement}, expected <resource>=<value>` };
    const q = parseQuantity(parts[1] ?? '');
    if (!q.ok) return { error: `error: ${q.error}` };
    out[parts[0] ?? ''] = formatQuantity(q.value);
  }
  return out;
}

/**
 * parseSetResources reads `set resources TYPE/NAME [--limits=cpu=200m,…] [--requests=…] [-c NAMES]`
 * (set_resources.go). Complete asks the server for the objects before Validate looks at the flags,
 * so the flags' error travels with the command (`invalid`) and is printed once the objects are found.
 */
function parseSetResources(ctx: VerbContext, words: readonly string[]): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [{ name: 'all', type: 'bool' }, SELECTOR, CONTAINERS, { name: 'limits', type: 'string' }, { name: 'requests', type: 'string' }, { name: 'record', type: 'bool' }],
    'kubectl set resources',
    words,
  );
  if ('error' in f) return f;
  const all = f.flags.all === true;
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  const t = setTargets(f.args, all, !!sel.selector);
  if ('error' in t) return t;
  const limitsText = typeof f.flags.limits === 'string' ? f.flags.limits : '';
  const requestsText = typeof f.flags.requests === 'string' ? f.flags.requests : '';
  const limits = populateResourceListV1(limitsText);
  const requests = limits !== undefined && 'error' in limits ? undefined : populateResourceListV1(requestsText);
  let invalid: string | undefined;
  if (all && typeof f.flags.selector === 'string' && f.flags.selector !== '') invalid = 'error: cannot set --all and --selector at the same time';
  else if (limitsText === '' && requestsText === '') invalid = 'error: you must specify an update to requests or limits (in the form of --requests/--limits)';
  else if (limits !== undefined && 'error' in limits) invalid = limits.error;
  else if (requests !== undefined && 'error' in requests) invalid = requests.error;
  return {
    verb: 'set-resources',
    namespace: namespaceOf(f.flags),
    targets: t.targets,
    ...sel,
    containers: typeof f.flags.containers === 'string' ? f.flags.containers : '*',
    ...(limits !== undefined && !('error' in limits) ? { limits } : {}),
    ...(requests !== undefined && !('error' in requests) ? { requests } : {}),
    ...(invalid !== undefined ? { invalid } : {}),
    ...recordOf('resources', f),
  };
}

// Port of the argument and flag handling of kubectl pkg/cmd/get/get.go, describe/describe.go and
// delete/delete.go (v1.36): defaults, checks and messages.
import type { LabelSelector } from '../api/types.ts';
import type { KubectlCommand, KubectlError, OutputFormat } from './commands.ts';
import type { DeletionPropagation } from '../apiserver/finalizers.ts';
import { type FlagSpec, type FlagValues, parseGoBool } from './flags.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';
import { parseSelector } from './selector.ts';
import { RESOURCES } from './resources.ts';
import { parseTargets } from './targets.ts';

const SELECTOR: FlagSpec = { name: 'selector', short: 'l', type: 'string' };
const ALL_NAMESPACES: FlagSpec = { name: 'all-namespaces', short: 'A', type: 'bool' };

/**
 * allNamespacesOf reads -A; with a named target kubectl's resource builder refuses it
 * (`a resource cannot be retrieved by name across all namespaces`).
 */
function allNamespacesOf(flags: FlagValues, targets: readonly { name?: string }[]): { allNamespaces?: true } | KubectlError {
  if (flags['all-namespaces'] !== true) return {};
  if (targets.some((t) => t.name !== undefined)) return { error: 'error: a resource cannot be retrieved by name across all namespaces' };
  return { allNamespaces: true };
}

/** The -o formats kubectl get accepts, sorted as NoCompatiblePrinterError lists them. */
const ALLOWED_FORMATS =
  'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,wide,yaml';

/** selectorFlag parses -l into a LabelSelector; kubectl reports a bad one as `error: unable to parse requirement: ...`. */
export function selectorFlag(flags: FlagValues): { selector?: LabelSelector } | KubectlError {
  const text = flags.selector;
  if (typeof text !== 'string') return {};
  const r = parseSelector(text);
  return 'error' in r ? { error: `error: ${r.error}` } : { selector: r.selector };
}

/**
 * parseGet reads `get TYPE [NAME...] [-l SEL] [--field-selector SEL] [--sort-by PATH] [-A] [-w]
 * [--watch-only] [-o wide|yaml|json|name] [--show-labels] [-L KEY,...] [--no-headers]` (get/get.go).
 */
export function parseGet(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'watch', short: 'w', type: 'bool' },
      { name: 'watch-only', type: 'bool' },
      { name: 'output', short: 'o', type: 'string' },
      SELECTOR,
      ALL_NAMESPACES,
      { name: 'field-selector', type: 'string' },
      { name: 'sort-by', type: 'string' },
      { name: 'show-labels', type: 'bool' },
      { name: 'label-columns', short: 'L', type: 'strings' },
      { name: 'no-headers', type: 'bool' },
    ],
    'kubectl get',
  );
  if ('error' in f) return f;
  if (f.args.length === 0) {
    return {
      error:
        'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
        'error: Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\n' +
        "See 'kubectl get -h' for help and examples",
    };
  }
  const o = typeof f.flags.output === 'string' ? f.flags.output : '';
  let output: OutputFormat;
  // `-o jsonpath=TEMPLATE`, `-o custom-columns=SPEC`: the format is the part before the first `=`.
  const format = o.includes('=') ? o.slice(0, o.indexOf('=')) : o;
  const template = o.slice(format.length + 1);
  if (format === 'jsonpath' || format === 'custom-columns') {
    if (template === '') {
      return { error: format === 'jsonpath' ? 'error: template format specified but no template given' : 'error: custom-columns format specified but no custom columns given' };
    }
    output = format;
  } else if (o === '') output = 'table';
  else if (o === 'wide' || o === 'yaml' || o === 'json' || o === 'name') output = o;
  else if (ALLOWED_FORMATS.split(',').includes(o)) {
    return { error: `error: -o ${o} is not part of Rollout Lab's kubectl subset (try: wide, yaml, json, name, jsonpath=…, custom-columns=…)` };
  } else {
    return { error: `error: unable to match a printer suitable for the output format "${o}", allowed formats are: ${ALLOWED_FORMATS}` };
  }
  // Validate, before any request: the labels column is the table printer's.
  if (f.flags['show-labels'] === true && o !== '' && o !== 'wide') return { error: `error: --show-labels option cannot be used with ${o} printer` };
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  const t = parseTargets(f.args, { allowEmptySelector: true, hasSelector: !!sel.selector, manyTypes: true });
  if ('error' in t) return t;
  // A watch follows one resource type (the builder's SingleResourceType).
  const watching = f.flags.watch === true || f.flags['watch-only'] === true;
  if (watching && new Set(t.targets.map((x) => x.kind)).size > 1) return { error: 'error: you may only specify a single resource type' };
  const fieldSelector = typeof f.flags['field-selector'] === 'string' ? f.flags['field-selector'] : '';
  // The resource builder refuses a name with either selector before asking the server anything.
  if ((sel.selector || fieldSelector !== '') && t.targets.some((x) => x.name !== undefined)) {
    return { error: 'error: name cannot be provided when a selector is specified' };
  }
  const all = allNamespacesOf(f.flags, t.targets);
  if ('error' in all) return all;
  const sortBy = typeof f.flags['sort-by'] === 'string' ? f.flags['sort-by'] : '';
  return {
    verb: 'get',
    ...(fieldSelector !== '' ? { fieldSelector } : {}),
    ...(sel.selector ? { labelSelectorText: f.flags.selector as string } : {}),
    ...(sortBy !== '' ? { sortBy } : {}),
    ...(output === 'jsonpath' || output === 'custom-columns' ? { template } : {}),
    ...(f.flags['show-labels'] === true ? { showLabels: true } : {}),
    ...(typeof f.flags['label-columns'] === 'string' ? { columnLabels: f.flags['label-columns'].split(',').filter((l) => l !== '') } : {}),
    ...(f.flags['no-headers'] === true ? { noHeaders: true } : {}),
    ...(t.warnings.length > 0 ? { mapperWarnings: t.warnings } : {}),
    namespace: namespaceOf(f.flags),
    targets: t.targets,
    ...sel,
    ...all,
    watch: f.flags.watch === true || f.flags['watch-only'] === true,
    watchOnly: f.flags['watch-only'] === true,
    output,
  };
}

/** The kinds `describe` prints here. */
const DESCRIBABLE: ReadonlySet<string> = new Set([
  'Pod',
  'Deployment',
  'ReplicaSet',
  'DaemonSet',
  'StatefulSet',
  'ResourceQuota',
  'LimitRange',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
  'Service',
  'ConfigMap',
  'Secret',
  'Node',
  'PersistentVolumeClaim',
  'Namespace',
  'PersistentVolume',
  'StorageClass',
  'ServiceAccount',
  // No describer of their own in kubectl: its generic one (describeGeneric.ts).
  'ControllerRevision',
  'Event',
]);

/** parseDescribe reads `describe deployment|daemonset [NAME_PREFIX...]` (describe/describe.go). */
export function parseDescribe(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags([SELECTOR, ALL_NAMESPACES, { name: 'show-events', type: 'bool' }], 'kubectl describe');
  if ('error' in f) return f;
  if (f.args.length === 0) {
    return {
      error:
        'error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.',
    };
  }
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  const t = parseTargets(f.args, { allowEmptySelector: true, hasSelector: !!sel.selector });
  if ('error' in t) return t;
  const other = t.targets.find((x) => !DESCRIBABLE.has(x.kind));
  if (other) {
    return {
      error: `error: "kubectl describe ${RESOURCES[other.kind].plural}" is not part of Rollout Lab's kubectl subset (try: describe pod, deployment, replicaset, daemonset, statefulset, quota, limits, pdb, hpa, svc, cm, secret, node, pvc, pv, sc, sa, ns)`,
    };
  }
  const all = allNamespacesOf(f.flags, t.targets);
  if ('error' in all) return all;
  const showEvents = f.flags['show-events'];
  // kubectl falls back to prefix matching only when its builder had two arguments: `TYPE NAME`.
  const prefixMatch = f.args.length === 2 && !(f.args[0] ?? '').includes('/');
  return {
    verb: 'describe',
    namespace: namespaceOf(f.flags),
    targets: t.targets,
    ...sel,
    ...all,
    ...(typeof showEvents === 'boolean' ? { showEvents } : {}),
    ...(prefixMatch ? { prefixMatch } : {}),
    ...(t.warnings.length > 0 ? { mapperWarnings: t.warnings } : {}),
  };
}

/** parseDelete reads `delete TYPE NAME... | delete TYPE -l SEL` with --grace-period, --force, --now (delete/delete.go). */
export function parseDelete(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      SELECTOR,
      { name: 'all', type: 'bool' },
      { name: 'grace-period', type: 'int' },
      { name: 'force', type: 'bool' },
      { name: 'now', type: 'bool' },
      { name: 'ignore-not-found', type: 'bool' },
      { name: 'wait', type: 'bool' },
      { name: 'cascade', type: 'string', noOptDefVal: 'background' },
      ALL_NAMESPACES,
    ],
    'kubectl delete',
  );
  if ('error' in f) return f;
  let gracePeriod = (f.flags['grace-period'] as number | undefined) ?? -1;
  const force = f.flags.force === true;
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  if (f.flags.now === true) {
    if (gracePeriod !== -1) return { error: 'error: --now and --grace-period cannot be specified together' };
    gracePeriod = 1;
  }
  // --grace-period=0 without --force becomes 1, to prevent accidental immediate deletion.
  if (gracePeriod === 0 && !force) gracePeriod = 1;
  if (force && gracePeriod < 0) gracePeriod = 0;
  if (f.flags.all === true && sel.selector) return { error: 'error: cannot set --all and --selector at the same time' };
  if (force && gracePeriod > 0) return { error: 'error: --force and --grace-period greater than 0 cannot be specified together' };
  const t = parseTargets(f.args, { allowEmptySelector: f.flags.all === true, hasSelector: !!sel.selector });
  if ('error' in t) return t;
  const ignoreNotFound = f.flags['ignore-not-found'] === true || (f.flags['ignore-not-found'] === undefined && (!!sel.selector || f.flags.all === true));
  const all = allNamespacesOf(f.flags, t.targets);
  if ('error' in all) return all;
  const cascade = getCascadingStrategy(f.flags.cascade as string | undefined);
  if ('error' in cascade) return cascade;
  const explicitNamespace = f.flags.namespace !== undefined;
  return { verb: 'delete', namespace: namespaceOf(f.flags), targets: t.targets, ...sel, gracePeriod, force, ignoreNotFound, ...all, ...cascade, ...(explicitNamespace ? { explicitNamespace } : {}) };
}

/**
 * getCascadingStrategy is kubectl's GetCascadingStrategy: `--cascade` is background, orphan or
 * foreground (background when left out or given alone); the old boolean values still work, true
 * as background and false as orphan, with a deprecation warning.
 */
export function getCascadingStrategy(value: string | undefined): { cascade: DeletionPropagation; cascadeWarning?: string } | KubectlError {
  if (value === undefined || value === 'background') return { cascade: 'Background' };
  if (value === 'orphan') return { cascade: 'Orphan' };
  if (value === 'foreground') return { cascade: 'Foreground' };
  const b = parseGoBool(value);
  if (b === undefined) return { error: `error: invalid cascade value (${value}). Must be "background", "foreground", or "orphan"` };
  const replacement = b ? 'background' : 'orphan';
  return { cascade: b ? 'Background' : 'Orphan', cascadeWarning: `warning: --cascade=${value} is deprecated (boolean value) and can be replaced with --cascade=${replacement}.` };
}

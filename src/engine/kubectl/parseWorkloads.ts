// Port of the argument and flag handling of kubectl pkg/cmd/scale/scale.go, rollout/rollout_*.go,
// apply/apply.go and patch/patch.go (v1.36): defaults, checks, messages.
import { parse as parseYaml } from 'yaml';
import { KUBE_YAML } from '../lib/kubeYaml.ts';
import type { KubectlCommand, KubectlError } from './commands.ts';
import type { FlagSpec } from './flags.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';
import { selectorFlag } from './parseRead.ts';
import { unknownSubcommandError } from './suggest.ts';
import { groupKindString } from './resources.ts';
import { parseTargets } from './targets.ts';
import { SCALE_UNSUPPORTED } from './transforms/workloads.ts';

const SELECTOR: FlagSpec = { name: 'selector', short: 'l', type: 'string' };

// `set` (image, env, resources) is parsed in parseSet.ts, re-exported here for parse.ts.
export { parseSet } from './parseSet.ts';

/** parseScale reads `scale TYPE NAME --replicas=N [--current-replicas=M]` (scale/scale.go). */
export function parseScale(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'replicas', type: 'int' },
      { name: 'current-replicas', type: 'int' },
      { name: 'all', type: 'bool' },
      SELECTOR,
      { name: 'timeout', type: 'string' },
      { name: 'resource-version', type: 'string' },
    ],
    'kubectl scale',
  );
  if ('error' in f) return f;
  if (f.flags.replicas === undefined) return { error: 'error: required flag(s) "replicas" not set' };
  const replicas = f.flags.replicas as number;
  const currentReplicas = (f.flags['current-replicas'] as number | undefined) ?? -1;
  if (replicas < 0) {
    return { error: 'error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0' };
  }
  if (currentReplicas < -1) return { error: 'error: The --current-replicas must specify an integer of -1 or greater' };
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  const t = parseTargets(f.args, { allowEmptySelector: f.flags.all === true, hasSelector: !!sel.selector });
  if ('error' in t) return t;
  // Only Deployments and ReplicaSets have the scale subresource here.
  if (t.targets.some((x) => x.kind !== 'Deployment' && x.kind !== 'ReplicaSet' && x.kind !== 'StatefulSet')) return { error: SCALE_UNSUPPORTED };
  return { verb: 'scale', namespace: namespaceOf(f.flags), targets: t.targets, ...sel, replicas, currentReplicas };
}

const ROLLOUT_SUBCOMMANDS = ['history', 'pause', 'restart', 'resume', 'status', 'undo'] as const;

/** parseRollout reads `rollout status|history|pause|resume|restart|undo TYPE NAME` (rollout/rollout_*.go). */
export function parseRollout(ctx: VerbContext): KubectlCommand | KubectlError {
  const [sub, ...words] = ctx.words;
  if (sub === undefined || sub.startsWith('-')) {
    return { error: `error: kubectl rollout needs a subcommand: ${ROLLOUT_SUBCOMMANDS.join(', ')}` };
  }
  if (!(ROLLOUT_SUBCOMMANDS as readonly string[]).includes(sub)) return { error: unknownSubcommandError('rollout', [sub]) };
  const path = `kubectl rollout ${sub}`;
  const specs: FlagSpec[] = [SELECTOR];
  if (sub === 'status') specs.push({ name: 'watch', short: 'w', type: 'bool' }, { name: 'revision', type: 'int' }, { name: 'timeout', type: 'string' });
  if (sub === 'history') specs.push({ name: 'revision', type: 'int' });
  if (sub === 'undo') specs.push({ name: 'to-revision', type: 'int' });
  const f = ctx.flags(specs, path, words);
  if ('error' in f) return f;
  if (f.args.length === 0) return { error: 'error: required resource not specified' };
  const revision = (f.flags.revision as number | undefined) ?? 0;
  if ((sub === 'status' || sub === 'history') && revision < 0) {
    return { error: `error: revision must be a positive integer: ${revision}` };
  }
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  const t = parseTargets(f.args, { allowEmptySelector: true, hasSelector: !!sel.selector });
  if ('error' in t) return t;
  const unsupported = t.targets.find((x) => x.kind !== 'Deployment' && x.kind !== 'DaemonSet' && x.kind !== 'StatefulSet');
  if (unsupported && (sub === 'status' || sub === 'history' || sub === 'undo')) {
    const gk = groupKindString(unsupported.kind);
    const what = { status: `no status viewer has been implemented for ${gk}`, history: `no history viewer has been implemented for "${gk}"`, undo: `no rollbacker has been implemented for "${gk}"` };
    return { error: `error: ${what[sub]}` };
  }
  const base = { namespace: namespaceOf(f.flags), targets: t.targets, ...sel };
  switch (sub) {
    case 'status':
      return { verb: 'rollout-status', ...base, revision, watch: f.flags.watch !== false };
    case 'history':
      return { verb: 'rollout-history', ...base, revision };
    case 'undo':
      return { verb: 'rollout-undo', ...base, toRevision: (f.flags['to-revision'] as number | undefined) ?? 0 };
    default:
      return { verb: `rollout-${sub}` as 'rollout-pause' | 'rollout-resume' | 'rollout-restart', ...base };
  }
}

/** parseApply reads `apply -f -` (apply/apply.go); the manifest travels with the action. */
export function parseApply(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags([{ name: 'filename', short: 'f', type: 'string' }, { name: 'prune', type: 'bool' }, SELECTOR], 'kubectl apply');
  if ('error' in f) return f;
  const filename = f.flags.filename;
  if (typeof filename !== 'string') return { error: 'error: must specify one of -f and -k' };
  if (f.args.length > 0) {
    return { error: `error: Unexpected args: [${f.args.join(' ')}]\nSee 'kubectl apply -h' for help and examples` };
  }
  return { verb: 'apply', namespace: namespaceOf(f.flags), filename };
}

const PATCH_TYPES = ['json', 'merge', 'strategic'] as const;

/**
 * parsePatch reads `patch TYPE NAME -p PATCH [--type strategic|merge|json] [--subresource=status]`
 * (patch/patch.go); Kubernetes' own e2e tests fail a daemon pod this way (`"status":{"phase":"Failed"}`).
 */
export function parsePatch(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'patch', short: 'p', type: 'string' },
      { name: 'type', type: 'string' },
      { name: 'patch-file', type: 'string' },
      { name: 'subresource', type: 'string' },
    ],
    'kubectl patch',
  );
  if ('error' in f) return f;
  const subresource = typeof f.flags.subresource === 'string' ? f.flags.subresource : '';
  if (subresource !== '' && subresource !== 'status' && subresource !== 'scale') {
    return { error: `error: invalid subresource value: "${subresource}". Must be one of [status scale]` };
  }
  // The scale subresource has its own verb here: kubectl scale.
  if (subresource === 'scale') return { error: 'error: --subresource=scale is not simulated; use kubectl scale' };
  const text = f.flags.patch;
  if (typeof text !== 'string' || text === '') {
    return { error: 'error: must specify --patch or --patch-file containing the contents of the patch' };
  }
  const type = typeof f.flags.type === 'string' && f.flags.type !== '' ? f.flags.type.toLowerCase() : 'strategic';
  if (!(PATCH_TYPES as readonly string[]).includes(type)) {
    return { error: `error: --type must be one of [${PATCH_TYPES.join(' ')}], not "${f.flags.type}"` };
  }
  let patch: unknown;
  try {
    patch = parseYaml(text, KUBE_YAML);
  } catch (e) {
    return { error: `error: unable to parse "${text}": ${(e as Error).message.split('\n')[0]}` };
  }
  const t = parseTargets(f.args, { allowEmptySelector: false, hasSelector: false });
  if ('error' in t) return t;
  return {
    verb: 'patch',
    namespace: namespaceOf(f.flags),
    targets: t.targets,
    patchType: type as 'strategic' | 'merge' | 'json',
    patch,
    patchText: text,
    subresource,
  };
}

/**
 * parseKubectl: a console line → the typed command of the kubectl subset, or kubectl's own error
 * text. Routing follows cobra (the verb is the first word that is not a flag; flags may come
 * anywhere); each verb's flags, defaults and checks follow its kubectl pkg/cmd/<verb> (v1.36).
 */
import type { KubectlCommand, KubectlError } from './commands.ts';
import { parseFlags } from './flags.ts';
import { parseApply, parsePatch, parseRollout, parseScale, parseSet } from './parseWorkloads.ts';
import { parseDelete, parseDescribe, parseGet } from './parseRead.ts';
import { parseCordon, parseDrain, parseLabel, parseTaint } from './parseNodes.ts';
import { parseLogs, parseTop } from './parseLogsTop.ts';
import { parseAutoscale } from './parseAutoscale.ts';
import { parseCreate } from './parseCreate.ts';
import { parseAnnotate } from './parseAnnotate.ts';
import { parseExpose } from './parseExpose.ts';
import { parseRun } from './parseRun.ts';
import { parseEvents } from './parseEvents.ts';
import { parseWait } from './parseWait.ts';
import { parseApiResources, parseApiVersions, parseClusterInfo, parseVersion } from './parseInfo.ts';
import { parseExplain } from './parseExplain.ts';
import { KUBECTL_COMMANDS, unknownCommandError } from './suggest.ts';
import { tokenize } from './tokenize.ts';
import type { VerbContext } from './verbContext.ts';

/** The verbs of the subset, in the order the console lists them. */
export const SUBSET_VERBS = [
  'get', 'describe', 'set', 'scale', 'rollout', 'apply', 'patch', 'delete',
  'cordon', 'uncordon', 'drain', 'taint', 'label', 'annotate', 'logs', 'top', 'events', 'wait', 'autoscale', 'create', 'expose', 'run',
  'version', 'cluster-info', 'api-resources', 'api-versions', 'explain',
] as const;

const PARSERS: Record<(typeof SUBSET_VERBS)[number], (ctx: VerbContext) => KubectlCommand | KubectlError> = {
  get: parseGet,
  describe: parseDescribe,
  set: parseSet,
  scale: parseScale,
  rollout: parseRollout,
  apply: parseApply,
  patch: parsePatch,
  delete: parseDelete,
  cordon: (ctx) => parseCordon(ctx, 'cordon'),
  uncordon: (ctx) => parseCordon(ctx, 'uncordon'),
  drain: parseDrain,
  taint: parseTaint,
  label: parseLabel,
  annotate: parseAnnotate,
  logs: parseLogs,
  top: parseTop,
  events: parseEvents,
  wait: parseWait,
  autoscale: parseAutoscale,
  create: parseCreate,
  expose: parseExpose,
  run: parseRun,
  version: parseVersion,
  'cluster-info': parseClusterInfo,
  'api-resources': parseApiResources,
  'api-versions': parseApiVersions,
  explain: parseExplain,
};

/**
 * parseKubectl parses one line; a leading `kubectl` is optional. Examples:
 * `set image deployment/nginx nginx=nginx:1.9.3` → {verb:'set-image', ...};
 * `scale deploy nginx` → {error: 'error: required flag(s) "replicas" not set'};
 * `rollot status deploy/x` → the unknown-command error with "Did you mean this?\n\trollout".
 */
export function parseKubectl(line: string): KubectlCommand | KubectlError {
  const tok = tokenize(line);
  if ('error' in tok) return tok;
  let words = tok.tokens;
  if (words[0] === 'kubectl') words = words.slice(1);
  if (words.length === 0) return { verb: 'noop' };
  // cobra finds the verb past root flags: only -n/--namespace takes a value here.
  const pre: string[] = [];
  let i = 0;
  while (i < words.length && (words[i] ?? '').startsWith('-')) {
    const w = words[i] ?? '';
    pre.push(w);
    if ((w === '-n' || w === '--namespace') && i + 1 < words.length) pre.push(words[++i] ?? '');
    i++;
  }
  const verb = words[i];
  if (verb === undefined) {
    const root = parseFlags(pre, [], 'kubectl');
    if ('error' in root) return root;
    return { error: 'error: no command given; try `kubectl get pods`' };
  }
  const rest = [...words.slice(i + 1), ...pre];
  const ctx: VerbContext = {
    words: rest,
    flags(specs, path, ws = rest) {
      const r = parseFlags(ws, specs, path);
      return 'error' in r ? { error: r.error } : r;
    },
  };
  if ((SUBSET_VERBS as readonly string[]).includes(verb)) {
    return PARSERS[verb as (typeof SUBSET_VERBS)[number]](ctx);
  }
  return unsupportedOrUnknown(verb);
}

function unsupportedOrUnknown(verb: string): KubectlError {
  if (KUBECTL_COMMANDS.includes(verb)) {
    return {
      error: `error: "kubectl ${verb}" is not part of Rollout Lab's kubectl subset (try: ${SUBSET_VERBS.join(', ')})`,
    };
  }
  return { error: unknownCommandError(verb) };
}

// Port of the argument and flag handling of kubectl pkg/cmd/logs/logs.go and pkg/cmd/top
// (top_pod.go, top_node.go), v1.32: the forms, defaults and messages this subset takes.
import type { KubectlCommand, KubectlError } from './commands.ts';
import { resolveResource } from './resources.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';
import { selectorFlag } from './parseRead.ts';

const LOGS_USAGE = "See 'kubectl logs -h' for help and examples";

/**
 * parseLogs reads `logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] [--timestamps] [--tail=N]
 * [--since=D | --since-time=T] [--limit-bytes=N]`; `-l SELECTOR` names the pods instead.
 */
export function parseLogs(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'container', short: 'c', type: 'string' },
      { name: 'previous', short: 'p', type: 'bool' },
      { name: 'follow', short: 'f', type: 'bool' },
      { name: 'timestamps', type: 'bool' },
      { name: 'tail', type: 'int' },
      { name: 'since', type: 'duration' },
      { name: 'since-time', type: 'string' },
      { name: 'limit-bytes', type: 'int' },
      { name: 'selector', short: 'l', type: 'string' },
    ],
    'kubectl logs',
  );
  if ('error' in f) return f;
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  let container = typeof f.flags.container === 'string' ? f.flags.container : '';
  const args = [...f.args];
  if (sel.selector && args.length > 0) return { error: 'error: only a selector (-l) or a POD name is allowed' };
  if (!sel.selector && args.length === 0) {
    return { error: `error: expected POD or TYPE/NAME is a required argument for the logs command\n${LOGS_USAGE}` };
  }
  if (args.length === 2 && container === '') container = args.pop() as string;
  if (args.length > 1) return { error: `error: expected POD or TYPE/NAME is a required argument for the logs command\n${LOGS_USAGE}` };
  let target: { kind: 'Pod' | 'Deployment' | 'ReplicaSet' | 'DaemonSet'; name: string } | undefined;
  const word = args[0];
  if (word !== undefined) {
    const slash = word.indexOf('/');
    if (slash < 0) target = { kind: 'Pod', name: word };
    else {
      const kind = resolveResource(word.slice(0, slash));
      if (kind !== 'Pod' && kind !== 'Deployment' && kind !== 'ReplicaSet' && kind !== 'DaemonSet') {
        return { error: `error: cannot get the logs from ${kind ?? word.slice(0, slash)}: selector for ${kind ?? word.slice(0, slash)} not implemented` };
      }
      target = { kind, name: word.slice(slash + 1) };
    }
  }
  const since = f.flags.since as number | undefined;
  const sinceTime = f.flags['since-time'] as string | undefined;
  if (since !== undefined && sinceTime !== undefined) return { error: 'error: at most one of `sinceTime` or `sinceSeconds` may be specified' };
  const limit = f.flags['limit-bytes'] as number | undefined;
  if (limit !== undefined && limit < 1) return { error: 'error: --limit-bytes must be greater than 0' };
  const tail = f.flags.tail as number | undefined;
  return {
    verb: 'logs',
    namespace: namespaceOf(f.flags),
    ...(target ? { target } : {}),
    ...sel,
    container,
    previous: f.flags.previous === true,
    timestamps: f.flags.timestamps === true,
    // With a selector kubectl shows the last 10 lines of each pod unless told otherwise.
    tail: tail ?? (sel.selector ? 10 : -1),
    // kubectl sends whole seconds, rounded up: --since=1500ms asks for 2.
    sinceSeconds: since === undefined ? null : Math.ceil(since / 1000),
    sinceTime: sinceTime ?? null,
    limitBytes: limit ?? null,
  };
}

/** parseTop reads `top pod|node [NAME] [-n NS | -A] [-l SELECTOR] [--containers]`. */
export function parseTop(ctx: VerbContext): KubectlCommand | KubectlError {
  const sub = ctx.words.find((w) => !w.startsWith('-'));
  const kind = sub === undefined ? undefined : resolveResource(sub);
  if (kind !== 'Pod' && kind !== 'Node') {
    return { error: 'Display resource (CPU/memory) usage.\n\nAvailable Commands:\n  node          Display resource (CPU/memory) usage of nodes\n  pod           Display resource (CPU/memory) usage of pods' };
  }
  const rest = [...ctx.words];
  rest.splice(rest.indexOf(sub as string), 1);
  const path = kind === 'Pod' ? 'kubectl top pod' : 'kubectl top node';
  const specs = [
    { name: 'selector', short: 'l', type: 'string' as const },
    ...(kind === 'Pod' ? [{ name: 'containers', type: 'bool' as const }, { name: 'all-namespaces', short: 'A', type: 'bool' as const }] : []),
  ];
  const f = ctx.flags(specs, path, rest);
  if ('error' in f) return f;
  const sel = selectorFlag(f.flags);
  if ('error' in sel) return sel;
  if (f.args.length > 1) return { error: `error: unexpected args: [${f.args.slice(1).join(' ')}]` };
  const name = f.args[0];
  return {
    verb: 'top',
    kind,
    namespace: namespaceOf(f.flags),
    ...(name !== undefined ? { name } : {}),
    ...sel,
    containers: f.flags.containers === true,
    allNamespaces: f.flags['all-namespaces'] === true,
  };
}

// Port of the flags, Complete and validation of kubectl pkg/cmd/run/run.go (v1.36).
/**
 * `kubectl run NAME --image=IMAGE [--labels=k=v,…] [--port=P] [--env=K=V…] [--restart=Always|OnFailure|Never]
 * [--image-pull-policy=…] [--command] [--expose] [--dry-run=…] [-o yaml|json|name] [-- ARG…]`: one pod, as a
 * course starts, and with --expose a ClusterIP Service in front of it. The words after NAME are the
 * container's args (its command with --command).
 */
import type { KubectlCommand, KubectlError } from './commands.ts';
import { arrayValues } from './flags.ts';
import { dryRunAndOutput } from './parseCreate.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];

/** parseLabels is run's label spec (`a=b,c=d`), or kubectl's error for a part without `=`. */
function parseLabels(spec: string): { labels: Record<string, string> } | KubectlError {
  const labels: Record<string, string> = {};
  for (const part of spec.split(',')) {
    const i = part.indexOf('=');
    if (i < 0) return { error: `error: unexpected label spec: ${part}` };
    labels[part.slice(0, i)] = part.slice(i + 1);
  }
  return { labels };
}

/** parseRun reads `run NAME --image=IMAGE …`. */
export function parseRun(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'image', type: 'string' },
      { name: 'labels', short: 'l', type: 'string' },
      { name: 'port', type: 'string' },
      { name: 'env', type: 'array' },
      { name: 'restart', type: 'string' },
      { name: 'image-pull-policy', type: 'string' },
      { name: 'command', type: 'bool' },
      { name: 'expose', type: 'bool' },
      // Attaching needs a terminal on the container: read here only to say so.
      { name: 'stdin', short: 'i', type: 'bool' },
      { name: 'tty', short: 't', type: 'bool' },
      { name: 'attach', type: 'bool' },
      { name: 'rm', type: 'bool' },
      { name: 'dry-run', type: 'string', noOptDefVal: 'unchanged' },
      { name: 'output', short: 'o', type: 'string' },
    ],
    'kubectl run',
  );
  if ('error' in f) return f;
  const attach = (['stdin', 'tty', 'attach', 'rm'] as const).filter((k) => f.flags[k] === true);
  if (attach.length > 0) {
    const flags = attach.map((k) => (k === 'stdin' ? '-i' : k === 'tty' ? '-t' : `--${k}`)).join(', ');
    return { error: `error: ${flags}: the console cannot attach to a container; run the pod without them and read its output with kubectl logs` };
  }
  // cobra's required flag comes before the command's own checks.
  if (typeof f.flags.image !== 'string') return { error: 'error: required flag(s) "image" not set' };
  const printing = dryRunAndOutput(f.flags);
  if ('error' in printing) return printing;
  const [name, ...rest] = f.args;
  if (name === undefined) return { error: "error: NAME is required for run\nSee 'kubectl run -h' for help and examples" };
  const restart = typeof f.flags.restart === 'string' ? f.flags.restart : 'Always';
  if (!RESTART_POLICIES.includes(restart)) return { error: `error: invalid restart policy: ${restart}\nSee 'kubectl run -h' for help and examples` };
  const pullPolicy = typeof f.flags['image-pull-policy'] === 'string' ? f.flags['image-pull-policy'] : '';
  if (pullPolicy !== '' && !['Always', 'IfNotPresent', 'Never'].includes(pullPolicy)) {
    return { error: `error: invalid image pull policy: ${pullPolicy}\nSee 'kubectl run -h' for help and examples` };
  }
  const labelSpec = typeof f.flags.labels === 'string' ? f.flags.labels : '';
  const parsed = labelSpec === '' ? { labels: { run: name } } : parseLabels(labelSpec);
  if ('error' in parsed) return parsed;
  const { labels } = parsed;
  const env: { name: string; value: string }[] = [];
  for (const e of arrayValues(f.flags.env)) {
    const i = e.indexOf('=');
    if (i < 0) return { error: `error: invalid env: ${e}` };
    env.push({ name: e.slice(0, i), value: e.slice(i + 1) });
  }
  const portText = typeof f.flags.port === 'string' ? f.flags.port : '';
  const port = portText === '' ? -1 : Number(portText);
  if (portText !== '' && !/^[+-]?\d+$/.test(portText)) return { error: `error: strconv.Atoi: parsing "${portText}": invalid syntax` };
  const expose = f.flags.expose === true;
  if (expose && portText === '') return { error: "error: --port must be set when exposing a service\nSee 'kubectl run -h' for help and examples" };
  return {
    verb: 'run',
    name,
    namespace: namespaceOf(f.flags),
    explicitNamespace: f.flags.namespace !== undefined,
    ...printing,
    image: f.flags.image,
    labels,
    labelsGiven: labelSpec !== '',
    port,
    env,
    restart,
    pullPolicy,
    args: rest,
    command: f.flags.command === true,
    expose,
  };
}

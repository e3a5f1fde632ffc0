// Ports of kubectl pkg/cmd/create/create.go, create_deployment.go, create_namespace.go,
// create_configmap.go and create_secret.go (v1.36): their flags, NameFromCommandArgs and Validate.
/**
 * `kubectl create deployment NAME --image=IMAGE… [--replicas=N] [--port=P] [-- COMMAND…]` and
 * `kubectl create namespace NAME`, `kubectl create configmap NAME --from-literal=K=V…` and
 * `kubectl create secret generic NAME --from-literal=K=V… [--type=T]`, with
 * `--dry-run=client|server|none` and `-o yaml|json|name`, the way a course writes manifests:
 * `create deployment web --image=nginx --dry-run=client -o yaml`. Other `create` subcommands are
 * outside the console's subset; plain `create -f` is `apply -f`'s.
 */
import type { KubectlCommand, KubectlError } from './commands.ts';
import { arrayValues, type FlagValues } from './flags.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';

type Sub = 'deployment' | 'namespace' | 'configmap' | 'secret';
const SUBCOMMANDS: Readonly<Record<string, Sub>> = {
  deployment: 'deployment',
  deploy: 'deployment',
  namespace: 'namespace',
  ns: 'namespace',
  configmap: 'configmap',
  cm: 'configmap',
  secret: 'secret',
};

/** The secret types `create secret` has; only generic is in the subset. */
const SECRET_SUBCOMMANDS = ['docker-registry', 'generic', 'tls'];

/** kubectl create's subcommands (cobra's list), for the subset's refusal. */
const KUBECTL_CREATE_SUBCOMMANDS = [
  'clusterrole', 'clusterrolebinding', 'configmap', 'cronjob', 'deployment', 'ingress', 'job', 'namespace',
  'poddisruptionbudget', 'priorityclass', 'quota', 'role', 'rolebinding', 'secret', 'service', 'serviceaccount', 'token',
];

const DRY_RUN = ['none', 'client', 'server'] as const;

/** The flags of `create` and its subcommands written before the subcommand that take the next word as their value. */
const TAKES_VALUE = new Set(['-n', '--namespace', '-o', '--output']);

/**
 * dryRunAndOutput reads --dry-run (GetDryRunStrategy: a bare --dry-run is "unchanged", client with a
 * warning kubectl prints, else one of three) and -o (the printers of create and expose: yaml, json,
 * name), with kubectl's errors.
 */
export function dryRunAndOutput(flags: FlagValues): { dryRun: (typeof DRY_RUN)[number]; output: string } | KubectlError {
  const dryRunFlag = (flags['dry-run'] as string | undefined) ?? 'none';
  const dryRun = dryRunFlag === 'unchanged' ? 'client' : dryRunFlag;
  if (!(DRY_RUN as readonly string[]).includes(dryRun)) {
    return { error: `error: Invalid dry-run value (${dryRunFlag}). Must be "none", "server", or "client".` };
  }
  const output = (flags.output as string | undefined) ?? '';
  if (output !== '' && output !== 'yaml' && output !== 'json' && output !== 'name') {
    return { error: `error: unable to match a printer suitable for the output format "${output}", allowed formats are: json,name,yaml` };
  }
  return { dryRun: dryRun as (typeof DRY_RUN)[number], output };
}

/** parseCreate reads `create SUBCOMMAND NAME …`. */
export function parseCreate(ctx: VerbContext): KubectlCommand | KubectlError {
  // A command after `--` is the container's (ArgsLenAtDash): no flag is read past it.
  const dash = ctx.words.indexOf('--');
  const words = dash < 0 ? ctx.words : ctx.words.slice(0, dash);
  const command = dash < 0 ? [] : ctx.words.slice(dash + 1);
  // cobra finds the subcommand past flags, and past the value of a flag that takes one (`create -n team-a deployment web`).
  const at = words.findIndex((w, i) => !w.startsWith('-') && !TAKES_VALUE.has(words[i - 1] ?? ''));
  const first = at < 0 ? undefined : words[at];
  const sub = first === undefined ? undefined : SUBCOMMANDS[first];
  if (first === undefined) return { error: 'error: must specify one of -f and -k' };
  if (sub === undefined) {
    if (KUBECTL_CREATE_SUBCOMMANDS.includes(first) || first === 'pdb' || first === 'sa' || first === 'cm' || first === 'svc') {
      return { error: `error: "kubectl create ${first}" is not part of Rollout Lab's kubectl subset (try: create deployment, create namespace, create configmap, create secret generic, or apply -f -)` };
    }
    return { error: `error: Unexpected args: [${first}]\nSee 'kubectl create -h' for help and examples` };
  }
  const rest = [...words];
  rest.splice(at, 1);
  if (sub === 'secret') {
    // `create secret TYPE NAME`: the type is cobra's next subcommand, found past flags as the first was.
    const t = rest.findIndex((w, i) => !w.startsWith('-') && !TAKES_VALUE.has(rest[i - 1] ?? ''));
    const type = t < 0 ? undefined : rest[t];
    if (type === undefined) return { error: 'error: "kubectl create secret" needs a type here: create secret generic NAME --from-literal=KEY=VALUE' };
    if (type !== 'generic') {
      if (SECRET_SUBCOMMANDS.includes(type)) return { error: `error: "kubectl create secret ${type}" is not part of Rollout Lab's kubectl subset (try: create secret generic)` };
      return { error: `error: unknown command "${type}"\nSee 'kubectl create secret -h' for help and examples` };
    }
    rest.splice(t, 1);
  }
  const path = sub === 'secret' ? 'kubectl create secret generic' : `kubectl create ${sub}`;
  const f = ctx.flags(
    [
      { name: 'dry-run', type: 'string', noOptDefVal: 'unchanged' },
      { name: 'output', short: 'o', type: 'string' },
      ...(sub === 'deployment'
        ? ([
            { name: 'image', type: 'strings' },
            { name: 'replicas', short: 'r', type: 'int' },
            { name: 'port', type: 'int' },
          ] as const)
        : []),
      ...(sub === 'configmap' || sub === 'secret'
        ? ([
            { name: 'from-literal', type: 'array' },
            { name: 'from-file', type: 'strings' },
            { name: 'from-env-file', type: 'strings' },
            { name: 'append-hash', type: 'bool' },
          ] as const)
        : []),
      ...(sub === 'secret' ? ([{ name: 'type', type: 'string' }] as const) : []),
    ],
    path,
    rest,
  );
  if ('error' in f) return f;
  const printing = dryRunAndOutput(f.flags);
  if ('error' in printing) return printing;
  const { dryRun, output } = printing;
  const usage = (msg: string): KubectlError => ({ error: `error: ${msg}\nSee '${path} -h' for help and examples` });
  // NameFromCommandArgs: the args before `--`.
  if (f.args.length !== 1) return usage(`exactly one NAME is required, got ${f.args.length}`);
  const name = f.args[0] ?? '';
  const common = { namespace: namespaceOf(f.flags), explicitNamespace: f.flags.namespace !== undefined, name, dryRun, output };
  if (sub === 'namespace') return { verb: 'create-namespace', ...common };
  if (sub === 'configmap' || sub === 'secret') {
    if (f.flags['append-hash'] === true) return { error: "error: --append-hash is not part of Rollout Lab's kubectl subset (its name suffix is a SHA-256 of the data)" };
    const list = (v: unknown): string[] => (typeof v === 'string' && v !== '' ? v.split(',') : []);
    const literals = arrayValues(f.flags['from-literal']);
    const files = list(f.flags['from-file']);
    const envFiles = list(f.flags['from-env-file']);
    // Validate: an env file goes alone.
    if (envFiles.length > 0 && (files.length > 0 || literals.length > 0)) return { error: 'error: from-env-file cannot be combined with from-file or from-literal' };
    const type = typeof f.flags.type === 'string' ? f.flags.type : '';
    return { verb: sub === 'configmap' ? 'create-configmap' : 'create-secret', ...common, literals, files, envFiles, type };
  }
  const images = (f.flags.image as string | undefined)?.split(',').filter((x) => x !== '') ?? [];
  if (f.flags.image === undefined) return { error: 'error: required flag(s) "image" not set' };
  if (images.length > 1 && command.length > 0) return { error: 'error: cannot specify multiple --image options and command' };
  const replicas = (f.flags.replicas as number | undefined) ?? 1;
  const port = (f.flags.port as number | undefined) ?? -1;
  return { verb: 'create-deployment', ...common, images, replicas, port, command };
}

// Port of the argument and flag handling of kubectl pkg/cmd/expose/expose.go (v1.36): the flags the
// console takes, the builder's errors for missing resources and names.
import type { KubectlCommand, KubectlError } from './commands.ts';
import { dryRunAndOutput } from './parseCreate.ts';
import { parseTargets } from './targets.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';

/**
 * parseExpose reads `expose TYPE NAME [--port=PORT[,PORT…]] [--target-port=N|NAME] [--name=NAME]
 * [--type=TYPE] [--protocol=TCP|UDP|SCTP] [--selector=k=v,…] [-l|--labels=k=v,…] [--external-ip=IP]
 * [--cluster-ip=IP|None] [--dry-run[=client|server]] [-o yaml|json|name]`. In expose, `-l` is
 * --labels (the new Service's), and --selector the Service's selector, not a way to pick resources.
 */
export function parseExpose(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'port', type: 'string' },
      { name: 'target-port', type: 'string' },
      { name: 'name', type: 'string' },
      { name: 'type', type: 'string' },
      { name: 'protocol', type: 'string' },
      { name: 'selector', type: 'string' },
      { name: 'labels', short: 'l', type: 'string' },
      { name: 'external-ip', type: 'string' },
      { name: 'cluster-ip', type: 'string' },
      { name: 'dry-run', type: 'string', noOptDefVal: 'unchanged' },
      { name: 'output', short: 'o', type: 'string' },
    ],
    'kubectl expose',
  );
  if ('error' in f) return f;
  const printing = dryRunAndOutput(f.flags);
  if ('error' in printing) return printing;
  const { dryRun, output } = printing;
  const t = parseTargets(f.args, { allowEmptySelector: false, hasSelector: false });
  if ('error' in t) return t;
  const str = (name: string) => (f.flags[name] as string | undefined) ?? '';
  return {
    verb: 'expose',
    namespace: namespaceOf(f.flags),
    targets: t.targets,
    port: str('port'),
    targetPort: str('target-port'),
    name: str('name'),
    type: str('type'),
    protocol: str('protocol'),
    serviceSelector: str('selector'),
    labels: str('labels'),
    externalIP: str('external-ip'),
    clusterIP: str('cluster-ip'),
    dryRun,
    output,
    explicitNamespace: f.flags.namespace !== undefined,
  };
}

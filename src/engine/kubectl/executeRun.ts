// Port of RunOptions.Run and the pod generator (generateversioned BasicPod) of kubectl pkg/cmd/run (v1.36).
/**
 * `kubectl run` in the console. The pod is built as kubectl builds it (label run=NAME, one container
 * named NAME, restartPolicy and dnsPolicy ClusterFirst spelled out); with --dry-run=client it is only
 * printed, with --dry-run=server the API server defaults and validates it without storing it, else
 * it is created, defaulted and validated as a client's pod is over the served API (rest/kinds.ts).
 */
import type { KubeObject, Pod } from '../api/types.ts';
import { servedForm } from '../apiserver/conversion.ts';
import { formatApiError } from '../apiserver/errors.ts';
import { prepareObject } from '../apiserver/rest/kinds.ts';
import { newInvalid } from '../apiserver/rest/status.ts';
import { checkErrStatus } from './transforms/patchJson.ts';
import { dryRun, withoutResourceVersion } from '../client/dryRun.ts';
import { create, type Tx } from '../client/tx.ts';
import type { KubectlCommand } from './commands.ts';
import { printed } from './executeCreate.ts';
import { Terminal } from './executeStore.ts';

type Run = Extract<KubectlCommand, { verb: 'run' }>;

/** podOf is the generator's pod, its keys in the Go structs' order (as -o json prints a typed object). */
function podOf(cmd: Run): Pod {
  const container = {
    name: cmd.name,
    image: cmd.image,
    ...(cmd.args.length > 0 ? (cmd.command ? { command: cmd.args } : { args: cmd.args }) : {}),
    ...(cmd.port >= 0 ? { ports: [{ containerPort: cmd.port }] } : {}),
    ...(cmd.env.length > 0 ? { env: cmd.env } : {}),
    resources: {},
    ...(cmd.pullPolicy !== '' ? { imagePullPolicy: cmd.pullPolicy } : {}),
  };
  return {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: { name: cmd.name, ...(cmd.explicitNamespace ? { namespace: cmd.namespace } : {}), creationTimestamp: null, labels: cmd.labels },
    spec: { containers: [container], restartPolicy: cmd.restart, dnsPolicy: 'ClusterFirst' },
    status: {},
  } as unknown as Pod;
}

/** runRun is `kubectl run NAME --image=…`: `pod/NAME created`. */
export function runRun(tx: Tx, cmd: Run): Terminal {
  const term = new Terminal();
  const pod = podOf(cmd);
  if (cmd.dryRun === 'client') {
    term.out(printed(cmd, pod, 'pod', 'created'));
    return term;
  }
  // What the API server decodes of kubectl's body: no status, no zero creationTimestamp.
  const { status: _status, ...body } = pod;
  const { creationTimestamp: _created, ...meta } = body.metadata as typeof body.metadata & { creationTimestamp?: null };
  const p = prepareObject({ ...body, metadata: { ...meta, namespace: cmd.namespace } } as KubeObject);
  if ('badRequest' in p) {
    term.fail(`Error from server (BadRequest): ${p.badRequest}`);
    return term;
  }
  if ('invalid' in p) {
    // The 422 kubectl gets, printed by its CheckErr: one cause on the line, more as a list.
    term.fail(checkErrStatus(newInvalid('Pod', '', cmd.name, p.invalid)));
    return term;
  }
  if (tx.st.store.objects.Pod.has(`${cmd.namespace}/${cmd.name}`)) {
    term.fail(`Error from server (AlreadyExists): pods "${cmd.name}" already exists`);
    return term;
  }
  const write = (t: Tx) => create(t, p.object);
  const res = cmd.dryRun === 'server' ? dryRun(tx.st, tx.now, write) : write(tx);
  if (!res.ok) term.fail(formatApiError(res.error));
  else term.out(printed(cmd, servedForm(cmd.dryRun === 'server' ? withoutResourceVersion(res.object) : res.object), 'pod', 'created'));
  return term;
}

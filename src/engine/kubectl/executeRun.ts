// Port of RunOptions.Run and the pod generator (generateversioned BasicPod) of kubectl pkg/cmd/run (v1.36).
/**
 * `kubectl run` in the console. The pod is built as kubectl builds it (label run=NAME, one container
 * named NAME, restartPolicy and dnsPolicy ClusterFirst spelled out); with --dry-run=client it is only
 * printed, with --dry-run=server the API server defaults and validates it without storing it, else
 * it is created, defaulted and validated as a client's pod is over the served API (rest/kinds.ts).
 */
import type { KubeObject, Pod } from '../api/types.ts';
import type { Service } from '../api/policyTypes.ts';
import { allocateServiceIP, preparePolicyObject } from '../apiserver/createPolicy.ts';
import { servedForm } from '../apiserver/conversion.ts';
import { type ApiResult, formatApiError } from '../apiserver/errors.ts';
import { prepareObject } from '../apiserver/rest/kinds.ts';
import { newInvalid } from '../apiserver/rest/status.ts';
import { checkErrStatus } from './transforms/patchJson.ts';
import { dryRun, withoutResourceVersion } from '../client/dryRun.ts';
import { create, type Tx } from '../client/tx.ts';
import type { KubectlCommand } from './commands.ts';
import { printed } from './executeCreate.ts';
import { Terminal, withoutClientFields } from './executeStore.ts';

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

/** serviceOf is generateService's ClusterIP Service for --expose: the pod's port, its labels as the selector. */
function serviceOf(cmd: Run): Service {
  return {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: { name: cmd.name, ...(cmd.explicitNamespace ? { namespace: cmd.namespace } : {}), creationTimestamp: null, ...(cmd.labelsGiven ? { labels: cmd.labels } : {}) },
    spec: { ports: [{ protocol: 'TCP', port: cmd.port, targetPort: cmd.port }], selector: cmd.labels },
    status: { loadBalancer: {} },
  } as unknown as Service;
}

/**
 * both is what kubectl prints for the Service and the pod of --expose: the Service first (its
 * generator prints it as it is made), then the pod; two YAML documents come with two separators,
 * as kubectl's two printers write them.
 */
function both(cmd: Run, service: string, pod: string): string {
  return cmd.output === 'yaml' ? `${service}\n---\n---\n${pod}` : `${service}\n${pod}`;
}

/** runRun is `kubectl run NAME --image=…`: `pod/NAME created` (after `service/NAME created` with --expose). */
export function runRun(tx: Tx, cmd: Run): Terminal {
  const term = new Terminal();
  const pod = podOf(cmd);
  const service = cmd.expose ? serviceOf(cmd) : null;
  if (cmd.dryRun === 'client') {
    const podText = printed(cmd, pod, 'pod', 'created');
    term.out(service ? both(cmd, printed(cmd, service, 'service', 'created'), podText) : podText);
    return term;
  }
  const p = prepareObject(withoutClientFields(pod, cmd.namespace));
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
  const dry = cmd.dryRun === 'server';
  // The pod is created first, then the Service (printed first, as its generator prints it).
  const write = (t: Tx) => {
    const made = create(t, p.object);
    if (!made.ok || service === null) return { pod: made, service: null };
    return { pod: made, service: createService(t, withoutClientFields(service, cmd.namespace)) };
  };
  const res = dry ? dryRunBoth(tx, write) : write(tx);
  if (!res.pod.ok) {
    term.fail(formatApiError(res.pod.error));
    return term;
  }
  const podText = printed(cmd, servedForm(dry ? withoutResourceVersion(res.pod.object) : res.pod.object), 'pod', 'created');
  if (res.service === null) {
    term.out(podText);
    return term;
  }
  if (!res.service.ok) {
    term.fail(formatApiError(res.service.error));
    return term;
  }
  term.out(both(cmd, printed(cmd, dry ? withoutResourceVersion(res.service.object) : res.service.object, 'service', 'created'), podText));
  return term;
}

type Made = { pod: ApiResult<KubeObject>; service: ApiResult<KubeObject> | null };

/** dryRunBoth makes both writes on a copy of the engine (client/dryRun.ts) and keeps what they gave. */
function dryRunBoth(tx: Tx, write: (t: Tx) => Made): Made {
  let made: Made = { pod: { ok: false, error: { reason: 'InternalError', message: '' } }, service: null };
  dryRun(tx.st, tx.now, (t) => {
    made = write(t);
    return made.pod;
  });
  return made;
}

/** createService is the registry's create of the --expose Service: decoded, defaulted, validated, given its ClusterIP. */
function createService(tx: Tx, body: KubeObject): ApiResult<KubeObject> {
  const p = preparePolicyObject(body as unknown as Service);
  if ('error' in p) return { ok: false, error: p.error };
  const a = allocateServiceIP(p.object, tx.st.store.objects.Service.values(), tx.prng);
  if ('error' in a) return { ok: false, error: a.error };
  return create(tx, a.object as KubeObject);
}

// Ports of CreateDeploymentOptions.Run / createDeployment / buildPodSpec and CreateNamespaceOptions.Run
// of kubectl pkg/cmd/create (v1.36).
/**
 * `kubectl create deployment|namespace` in the console. The object is built as kubectl builds
 * it (labels app=NAME, one container per image named after the image, the port on the first);
 * with --dry-run=client it is only printed, with --dry-run=server the API server defaults and
 * validates it without storing it, else it is created. kubectl wraps a refused Deployment create
 * in its own words (`error: failed to create deployment: …`); a refused Namespace is printed as
 * the API server's error.
 */
import type { Deployment, KubeObject, Namespace } from '../api/types.ts';
import { servedForm } from '../apiserver/conversion.ts';
import { setDefaultsDeployment } from '../apiserver/defaults.ts';
import { randString } from '../lib/prng.ts';
import { create, type Tx } from '../client/tx.ts';
import { dryRun, withoutResourceVersion } from '../client/dryRun.ts';
import type { KubectlCommand } from './commands.ts';
import { createNamespace } from './applyNamespace.ts';
import { formatApiError, newInvalidFor } from '../apiserver/errors.ts';
import { validateNamespace } from '../apiserver/validationCore.ts';
import { apiValidate, Terminal } from './executeStore.ts';
import { printYaml } from './printers/object.ts';

type CreateDeployment = Extract<KubectlCommand, { verb: 'create-deployment' }>;
type CreateNamespace = Extract<KubectlCommand, { verb: 'create-namespace' }>;

/**
 * containerName is buildPodSpec's name for an image: its last path segment without tag or digest;
 * one with `_` or `.` gets them as `-` and a random 5-character suffix (sanitizeAndUniquify),
 * drawn from the engine's PRNG.
 */
function containerName(tx: Tx, image: string): string {
  let name = image.split('/').at(-1) ?? image;
  name = name.split(':')[0] ?? name;
  name = name.split('@')[0] ?? name;
  if (/[_.]/.test(name)) name = `${name.replace(/[_.]/g, '-')}-${randString(tx.prng, 5)}`;
  return name;
}

/** deploymentOf is createDeployment's object, its keys in the Go structs' order (as -o json prints a typed object). */
function deploymentOf(tx: Tx, cmd: CreateDeployment): Deployment {
  const labels = { app: cmd.name };
  const containers = cmd.images.map((image, i) => ({
    name: containerName(tx, image),
    image,
    ...(cmd.command.length > 0 ? { command: cmd.command } : {}),
    ...(i === 0 && cmd.port >= 0 ? { ports: [{ containerPort: cmd.port }] } : {}),
    resources: {},
  }));
  return {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { name: cmd.name, ...(cmd.explicitNamespace ? { namespace: cmd.namespace } : {}), creationTimestamp: null, labels },
    spec: {
      replicas: cmd.replicas,
      selector: { matchLabels: labels },
      template: { metadata: { creationTimestamp: null, labels }, spec: { containers } },
      strategy: {},
    },
    status: {},
  } as unknown as Deployment;
}

/** printed is what -o prints of `obj`, or the name printer's line for `operation`. */
export function printed(cmd: Pick<CreateDeployment, 'output' | 'dryRun' | 'name'>, obj: unknown, resource: string, operation: string): string {
  if (cmd.output === 'yaml') return printYaml(obj).replace(/\n$/, '');
  // A typed object: Go's json.MarshalIndent in struct order, 4 spaces.
  if (cmd.output === 'json') return JSON.stringify(obj, null, 4);
  if (cmd.output === 'name') return `${resource}/${cmd.name}`;
  const dry = cmd.dryRun === 'client' ? ' (dry run)' : cmd.dryRun === 'server' ? ' (server dry run)' : '';
  return `${resource}/${cmd.name} ${operation}${dry}`;
}

/**
 * typedDeployment is the API server's answer as kubectl prints it: decoded into its Go types (the
 * served form, status and all), where the template's zero creationTimestamp comes back as null.
 */
function typedDeployment(obj: Deployment): Deployment {
  const d = servedForm(obj);
  const t = d.spec.template;
  return { ...d, spec: { ...d.spec, template: { ...t, metadata: { creationTimestamp: null, ...t.metadata } } } } as Deployment;
}

/** runCreateDeployment is `kubectl create deployment NAME --image=…`. */
export function runCreateDeployment(tx: Tx, cmd: CreateDeployment): Terminal {
  const term = new Terminal();
  const deploy = deploymentOf(tx, cmd);
  if (cmd.dryRun === 'client') {
    term.out(printed(cmd, deploy, 'deployment.apps', 'created'));
    return term;
  }
  // What the API server decodes of kubectl's body: no status (PrepareForCreate drops it), and no
  // zero creationTimestamp in the metadata or the template's (v1.36 encodes none: omitzero).
  const { status: _status, ...body } = deploy;
  const { creationTimestamp: _created, ...meta } = body.metadata as typeof body.metadata & { creationTimestamp?: null };
  const { creationTimestamp: _templateCreated, ...templateMeta } = body.spec.template.metadata as typeof body.metadata & { creationTimestamp?: null };
  const spec = { ...body.spec, template: { ...body.spec.template, metadata: templateMeta } };
  const sent = { ...body, metadata: { ...meta, namespace: cmd.namespace }, spec } as unknown as Deployment;
  const fresh = setDefaultsDeployment(sent);
  const invalid = apiValidate(fresh as KubeObject);
  if (invalid) {
    // kubectl wraps the API server's error: `failed to create deployment: <its message>`.
    term.fail(`error: failed to create deployment: ${invalid.replace(/^The Deployment /, 'Deployment.apps ')}`);
    return term;
  }
  if (tx.st.store.objects.Deployment.has(`${cmd.namespace}/${cmd.name}`)) {
    term.fail(`error: failed to create deployment: deployments.apps "${cmd.name}" already exists`);
    return term;
  }
  if (cmd.dryRun === 'server') {
    // The create on a copy (client/dryRun.ts): what would be stored, less its resourceVersion.
    const res = dryRun(tx.st, tx.now, (t) => create(t, fresh));
    if (!res.ok) term.fail(`error: failed to create deployment: ${res.error.message}`);
    else term.out(printed(cmd, typedDeployment(withoutResourceVersion(res.object)), 'deployment.apps', 'created'));
    return term;
  }
  const res = create(tx, fresh);
  if (!res.ok) term.fail(`error: failed to create deployment: ${res.error.message}`);
  else term.out(printed(cmd, typedDeployment(res.object), 'deployment.apps', 'created'));
  return term;
}

/** runCreateNamespace is `kubectl create namespace NAME`. */
export function runCreateNamespace(tx: Tx, cmd: CreateNamespace): Terminal {
  const term = new Terminal();
  const ns = { kind: 'Namespace', apiVersion: 'v1', metadata: { name: cmd.name, creationTimestamp: null }, spec: {}, status: {} };
  if (cmd.dryRun === 'client') {
    term.out(printed(cmd, ns, 'namespace', 'created'));
    return term;
  }
  if (tx.st.store.objects.Namespace.has(cmd.name)) {
    term.fail(`Error from server (AlreadyExists): namespaces "${cmd.name}" already exists`);
    return term;
  }
  if (cmd.dryRun === 'server') {
    // The API server validates a dry run as it would a create, and stores nothing.
    const errs = validateNamespace({ name: cmd.name });
    if (errs.length > 0) term.fail(formatApiError(newInvalidFor('Namespace', cmd.name, errs)));
    else {
      const made = dryRun(tx.st, tx.now, (t) => {
        createNamespace(t, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: cmd.name } } as Namespace);
        return t.st.store.objects.Namespace.get(cmd.name);
      });
      term.out(printed(cmd, made ? withoutResourceVersion(made) : ns, 'namespace', 'created'));
    }
    return term;
  }
  const r = createNamespace(tx, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: cmd.name } } as Namespace);
  if (!r.ok) {
    term.fail(r.output);
    return term;
  }
  const stored = tx.st.store.objects.Namespace.get(cmd.name);
  term.out(cmd.output === '' ? r.output : printed(cmd, stored, 'namespace', 'created'));
  return term;
}

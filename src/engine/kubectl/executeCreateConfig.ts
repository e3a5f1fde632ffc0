// Ports of kubectl pkg/cmd/create/create_configmap.go and create_secret.go (v1.36): createConfigMap,
// createSecret, handle…FromLiteralSources, addKeyFromLiteralTo…, and util.ParseLiteralSource.
/**
 * `kubectl create configmap NAME --from-literal=K=V…` and `kubectl create secret generic NAME
 * --from-literal=K=V… [--type=T]` in the console, the way a course fixes a pod stuck on a missing
 * ConfigMap. The object is built as kubectl builds it (each literal split at its first `=`, the
 * value's quotes trimmed, the key checked client-side in kubectl's words, which differ for the
 * two kinds); --dry-run=client prints it, --dry-run=server has the API server default and
 * validate it without storing, else it is created. The console has no files: --from-file and
 * --from-env-file get the error kubectl gives for a file it cannot read.
 */
import type { ConfigMap, Secret } from '../api/configTypes.ts';
import type { KubeObject } from '../api/types.ts';
import { preparePolicyObject } from '../apiserver/createPolicy.ts';
import { isConfigMapKey } from '../apiserver/validationConfig.ts';
import { create, type Tx } from '../client/tx.ts';
import { base64String } from '../lib/base64.ts';
import { dryRun, withoutResourceVersion } from '../client/dryRun.ts';
import type { KubectlCommand } from './commands.ts';
import { printed } from './executeCreate.ts';
import { Terminal } from './executeStore.ts';

type CreateConfig = Extract<KubectlCommand, { verb: 'create-configmap' | 'create-secret' }>;

/** parseLiteralSource is util.ParseLiteralSource: `KEY=VALUE`, split at the first `=`, quotes trimmed off the value. */
export function parseLiteralSource(source: string): { key: string; value: string } | { error: string } {
  const eq = source.indexOf('=');
  if (eq <= 0) return { error: `invalid literal source ${source}, expected key=value` };
  return { key: source.slice(0, eq), value: source.slice(eq + 1).replace(/^["']+|["']+$/g, '') };
}

/** configObject is createConfigMap / createSecret's object (fields in the Go structs' order), or kubectl's error. */
function configObject(cmd: CreateConfig): ConfigMap | Secret | { error: string } {
  const secret = cmd.verb === 'create-secret';
  const metadata = { name: cmd.name, ...(cmd.explicitNamespace ? { namespace: cmd.namespace } : {}), creationTimestamp: null } as unknown as ConfigMap['metadata'];
  const file = cmd.files[0] ?? cmd.envFiles[0];
  if (file !== undefined) {
    const path = file.includes('=') ? file.slice(file.indexOf('=') + 1) : file;
    return { error: `error reading ${path}: no such file or directory (the console has no files: use --from-literal)` };
  }
  const data: Record<string, string> = {};
  for (const source of cmd.literals) {
    const l = parseLiteralSource(source);
    if ('error' in l) return l;
    const errs = isConfigMapKey(l.key);
    if (errs.length > 0) {
      return { error: secret ? `"${l.key}" is not valid key name for a Secret ${errs.join(';')}` : `"${l.key}" is not a valid key name for a ConfigMap: ${errs.join(',')}` };
    }
    if (Object.hasOwn(data, l.key)) {
      return { error: secret ? `cannot add key ${l.key}, another key by that name already exists` : `cannot add key "${l.key}", another key by that name already exists in Data for ConfigMap "${cmd.name}"` };
    }
    data[l.key] = secret ? base64String(l.value) : l.value;
  }
  // Go marshals a map with its keys sorted.
  const sorted = Object.fromEntries(Object.keys(data).sort().map((k) => [k, data[k] as string]));
  const has = Object.keys(sorted).length > 0;
  if (!secret) return { kind: 'ConfigMap', apiVersion: 'v1', metadata, ...(has ? { data: sorted } : {}) } as ConfigMap;
  return { kind: 'Secret', apiVersion: 'v1', metadata, ...(has ? { data: sorted } : {}), ...(cmd.type ? { type: cmd.type } : {}) } as Secret;
}

/** runCreateConfig is `kubectl create configmap|secret generic NAME …`. */
export function runCreateConfig(tx: Tx, cmd: CreateConfig): Terminal {
  const term = new Terminal();
  const kind = cmd.verb === 'create-secret' ? 'secret' : 'configmap';
  const obj = configObject(cmd);
  if ('error' in obj) {
    term.fail(`error: ${obj.error}`);
    return term;
  }
  if (cmd.dryRun === 'client') {
    term.out(printed(cmd, obj, kind, 'created'));
    return term;
  }
  // The API server: decoded (stringData none here), defaulted, validated.
  const { creationTimestamp: _ts, ...meta } = obj.metadata as typeof obj.metadata & { creationTimestamp?: unknown };
  const p = preparePolicyObject({ ...obj, metadata: { ...meta, namespace: cmd.namespace } } as ConfigMap | Secret);
  // kubectl's own wrapping: `failed to create configmap: …`, and for a secret without the colon.
  const failed = (message: string): string => (kind === 'secret' ? `error: failed to create secret ${message}` : `error: failed to create configmap: ${message}`);
  if ('error' in p) {
    term.fail(failed(p.error.message.replace(/^The (ConfigMap|Secret) /, (_m, k: string) => `${k} `)));
    return term;
  }
  if (tx.st.store.objects[obj.kind].has(`${cmd.namespace}/${cmd.name}`)) {
    term.fail(failed(`${kind === 'secret' ? 'secrets' : 'configmaps'} "${cmd.name}" already exists`));
    return term;
  }
  if (cmd.dryRun === 'server') {
    // The create on a copy (client/dryRun.ts): what would be stored, less its resourceVersion.
    const res = dryRun(tx.st, tx.now, (t) => create(t, p.object as KubeObject));
    if (!res.ok) term.fail(failed(res.error.message));
    else term.out(printed(cmd, withoutResourceVersion(res.object), kind, 'created'));
    return term;
  }
  const res = create(tx, p.object as KubeObject);
  if (!res.ok) term.fail(failed(res.error.message));
  else term.out(printed(cmd, res.object, kind, 'created'));
  return term;
}

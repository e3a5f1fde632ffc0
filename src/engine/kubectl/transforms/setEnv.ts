// Port of kubectl pkg/cmd/set/set_env.go (v1.36): the --from variables (a ConfigMap's or a
// Secret's keys), and RunEnv's mutation of one object — the containers -c selects, --overwrite,
// updateEnv, and what --list (with --resolve) prints as it goes.
import type { ConfigMap, Container, EnvVar, KubeObject, Secret } from '../../api/types.ts';
import { goQuote } from '../../apiserver/decoding/fromUnstructured.ts';
import { type RefStore, getEnvVarRefString, getEnvVarRefValue } from './envResolve.ts';
import { findEnv, goEncoded, selectContainers, updateEnv, updatePodSpecForObject } from './setHelper.ts';
import type { PodSpecHolder } from './workloads.ts';

/** What `set env` changes and prints, from its flags and arguments. */
export interface EnvOptions {
  /** -c: the containers' names, `*` wildcards; `*` selects every one. */
  containers: string;
  env: readonly EnvVar[];
  remove: readonly string[];
  overwrite: boolean;
  list: boolean;
  resolve: boolean;
}

/**
 * One object's outcome, as CalculatePatch leaves it: the changed copy (or the object), whether a
 * patch is due, what the mutation printed while it ran (--list lines, warnings, --resolve errors,
 * in order) and its error (printed later as `error: deployments/web …`).
 */
export interface EnvPatch {
  object: PodSpecHolder | KubeObject;
  changed: boolean;
  printed: string[];
  err?: string;
}

/** keyToEnvName makes a key a variable name: other characters than [a-zA-Z0-9_] become `_`, then upper case. */
export function keyToEnvName(key: string): { name: string; warning?: string } {
  const name = key.replace(/[^a-zA-Z0-9_]/g, '_').toUpperCase();
  return name === key ? { name } : { name, warning: `Warning: key ${key} transferred to ${name}` };
}

/**
 * envFromObjects is the --from step of RunEnv: a variable per key of each ConfigMap's data or
 * Secret's data (every key, or those --keys names), each read by reference. Go walks the data in
 * map order, which differs from run to run; this takes the keys in sorted order. Any other kind
 * stops the command (`unsupported resource specified in --from`) after the warnings so far.
 */
export function envFromObjects(objects: readonly KubeObject[], keys: readonly string[]): { env: EnvVar[]; warnings: string[]; error?: string } {
  const env: EnvVar[] = [];
  const warnings: string[] = [];
  const wanted = (key: string) => keys.length === 0 || keys.includes(key);
  for (const obj of objects) {
    if (obj.kind !== 'ConfigMap' && obj.kind !== 'Secret') return { env, warnings, error: 'error: unsupported resource specified in --from' };
    const from = obj as ConfigMap | Secret;
    for (const key of Object.keys(from.data ?? {}).sort()) {
      if (!wanted(key)) continue;
      const n = keyToEnvName(key);
      if (n.warning) warnings.push(n.warning);
      const ref = { name: from.metadata.name, key };
      env.push({ name: n.name, valueFrom: obj.kind === 'Secret' ? { secretKeyRef: ref } : { configMapKeyRef: ref } });
    }
  }
  return { env, warnings };
}

/** validateNoOverwrites refuses a variable that exists with another value (--overwrite=false). */
export function validateNoOverwrites(existing: readonly EnvVar[], env: readonly EnvVar[]): string | undefined {
  for (const e of env) {
    const current = findEnv(existing, e.name);
    if (current && (current.value ?? '') !== (e.value ?? '')) {
      return `'${current.name}' already has a value (${current.value ?? ''}), and --overwrite is false`;
    }
  }
  return undefined;
}

/** listEnv is what --list prints of one container: its heading, each variable, then --resolve's errors sorted. */
function listEnv(obj: KubeObject, c: Container, o: EnvOptions, refs: RefStore): { lines: string[]; failed: boolean } {
  const lines = [`# ${obj.kind} ${obj.metadata.name}, container ${c.name}`];
  const resolveErrors = new Map<string, string[]>();
  for (const e of c.env ?? []) {
    if (!e.valueFrom) {
      lines.push(`${e.name}=${e.value ?? ''}`);
      continue;
    }
    if (!o.resolve) {
      lines.push(`# ${e.name} from ${getEnvVarRefString(e.valueFrom)}`);
      continue;
    }
    const v = getEnvVarRefValue(refs, e.valueFrom, obj, c);
    if ('value' in v) {
      lines.push(`${e.name}=${v.value}`);
      continue;
    }
    lines.push(`# ${e.name} from ${getEnvVarRefString(e.valueFrom)}`);
    resolveErrors.set(v.error, [...(resolveErrors.get(v.error) ?? []), e.name]);
  }
  const errs = [...resolveErrors].map(([err, vars]) => `error retrieving reference for ${[...vars].sort().join(', ')}: ${err}`).sort();
  return { lines: [...lines, ...errs], failed: resolveErrors.size > 0 };
}

/**
 * setEnv is `kubectl set env`'s change to one object: the containers, then the init containers,
 * that -c selects get the variables (updateEnv); none selected is a warning. With --list each one's
 * variables are printed after the change (which is then not written).
 */
export function setEnv(obj: KubeObject, o: EnvOptions, refs: RefStore): EnvPatch {
  const u = updatePodSpecForObject(obj);
  if ('error' in u) return { object: obj, changed: false, printed: [], err: u.error };
  const spec = u.spec;
  const containers = [...selectContainers(spec.containers, o.containers).selected, ...selectContainers(spec.initContainers ?? [], o.containers).selected];
  if (containers.length === 0) {
    return { object: obj, changed: false, printed: [`Warning: ${obj.kind}/${obj.metadata.name} does not have any containers matching ${goQuote(o.containers)}`] };
  }
  const printed: string[] = [];
  let failed = false;
  for (const c of containers) {
    if (!o.overwrite) {
      const err = validateNoOverwrites(c.env ?? [], o.env);
      if (err) return { object: obj, changed: false, printed, err };
    }
    const env = updateEnv(c.env ?? [], o.env, o.remove);
    if (env.length > 0) c.env = env;
    else delete c.env;
    if (o.list) {
      const l = listEnv(obj, c, o, refs);
      printed.push(...l.lines);
      failed ||= l.failed;
    }
  }
  if (failed) return { object: obj, changed: false, printed, err: 'failed to retrieve valueFrom references' };
  return { object: u.object, changed: goEncoded(u.object) !== goEncoded(obj), printed };
}

// Port of the Run functions of kubectl pkg/cmd/set/set_env.go (RunEnv) and set_resources.go (v1.36).
/**
 * `kubectl set env` and `kubectl set resources` against the API server, in kubectl's order: the
 * builder reads every object first (a missing one ends the command before any write), each object
 * is changed in turn (CalculatePatches: what --list and the warnings print comes out then), and
 * only then is each changed object written, its line printed, and the errors printed together at
 * the end. A write goes the served API's way (prepareObject: defaulting, validation, a pod's
 * update rules), so a refusal carries the API server's own message.
 */
import type { ConfigMap, KubeObject, Secret } from '../api/types.ts';
import { objectKey } from '../apiserver/store.ts';
import { prepareObject } from '../apiserver/rest/kinds.ts';
import { newInvalid } from '../apiserver/rest/status.ts';
import { type Tx, update } from '../client/tx.ts';
import type { KubectlCommand } from './commands.ts';
import { isStored, resolveTargets, type ResourceObject, Terminal } from './executeStore.ts';
import type { DerivedObject } from './derivedObjects.ts';
import { goTypeName } from './transforms/setHelper.ts';
import { namePrinterLine, RESOURCES, type ResourceKind } from './resources.ts';
import { envFromObjects, setEnv } from './transforms/setEnv.ts';
import { setResources } from './transforms/setResources.ts';
import type { RefStore } from './transforms/envResolve.ts';

type Cmd<V extends KubectlCommand['verb']> = Extract<KubectlCommand, { verb: V }>;

/** objectName is the builder's Info.ObjectName(): the plural resource and the name, no group (`deployments/web`). */
function objectName(obj: ResourceObject): string {
  return `${RESOURCES[obj.kind].plural}/${obj.metadata.name}`;
}

/** noPodTemplate is UpdatePodSpecForObject's error for a derived object, which has no pod template. */
function noPodTemplate(obj: DerivedObject): { changed: false; printed: string[]; err: string } {
  return { changed: false, printed: [], err: `the object is not a pod or does not have a pod template: ${goTypeName(obj)}` };
}

/**
 * failAll prints an aggregate as CheckErr does: one error alone with `error: ` in front (and its
 * own final newline dropped, as the terminal's), several each as it is, one per line.
 */
function failAll(term: Terminal, errs: readonly string[]): void {
  if (errs.length === 1) {
    const e = (errs[0] ?? '').replace(/\n$/, '');
    term.fail(e.startsWith('error: ') ? e : `error: ${e}`);
    return;
  }
  for (const e of errs) term.fail(e);
}

/** failEach prints the builder's errors (the API server's NotFound), each as it is, and ends the command. */
function failEach(term: Terminal, errs: readonly string[]): Terminal {
  for (const e of errs) term.fail(e);
  return term;
}

/**
 * serverPatch writes a changed object as the API server applies kubectl's strategic merge patch
 * (no resourceVersion precondition) and answers: the Status message of a refusal, as the error
 * kubectl wraps it in (`Deployment.apps "web" is invalid: …`, `Pod "web-x" is invalid: spec: Forbidden: …`).
 */
function serverPatch(tx: Tx, next: KubeObject): { ok: true } | { message: string } {
  const cur = tx.st.store.objects[next.kind].get(objectKey(next));
  const { resourceVersion: _rv, ...metadata } = next.metadata;
  const p = prepareObject({ ...next, metadata } as KubeObject, cur);
  if ('badRequest' in p) return { message: p.badRequest };
  if ('invalid' in p) return { message: newInvalid(next.kind, RESOURCES[next.kind as ResourceKind]?.group ?? '', p.name, p.invalid).message ?? '' };
  const res = update(tx, p.object);
  return res.ok ? { ok: true } : { message: res.error.message };
}

/** refStore is what --resolve reads: the ConfigMaps and Secrets of the command's namespace. */
function refStore(tx: Tx, namespace: string): RefStore {
  return {
    configMap: (name) => tx.st.store.objects.ConfigMap.get(`${namespace}/${name}`) as ConfigMap | undefined,
    secret: (name) => tx.st.store.objects.Secret.get(`${namespace}/${name}`) as Secret | undefined,
  };
}

/** runSetEnv is `kubectl set env TYPE/NAME KEY=VAL… KEY-…` (RunEnv). */
export function runSetEnv(tx: Tx, cmd: Cmd<'set-env'>): Terminal {
  const term = new Terminal();
  let env = cmd.env.map((e) => (e.value === '' ? { name: e.name } : { ...e }));
  if (cmd.from) {
    const got = resolveTargets(tx.st, { ...cmd, targets: cmd.from });
    if (got.errors.length) return failEach(term, got.errors);
    // A derived object is neither a ConfigMap nor a Secret: unsupported, as any other kind.
    const f = got.objects.every(isStored) ? envFromObjects(got.objects, cmd.keys) : { env: [], warnings: [], error: 'error: unsupported resource specified in --from' };
    for (const w of f.warnings) term.warn(w);
    if (f.error) {
      term.fail(f.error);
      return term;
    }
    env = [...env, ...f.env];
  }
  if (cmd.prefix !== '') env = env.map((e) => ({ ...e, name: `${cmd.prefix}${e.name}` }));
  const { objects, errors } = resolveTargets(tx.st, cmd);
  if (errors.length) return failEach(term, errors);
  const refs = refStore(tx, cmd.namespace);
  const opts = { containers: cmd.containers, env, remove: cmd.remove, overwrite: cmd.overwrite, list: cmd.list, resolve: cmd.resolve };
  const patches = objects.map((obj) => {
    const p = isStored(obj) ? setEnv(obj, opts, refs) : noPodTemplate(obj);
    for (const line of p.printed) term.out(line);
    return { obj, p };
  });
  if (cmd.list) return term;
  const errs: string[] = [];
  for (const { obj, p } of patches) {
    if (p.err !== undefined) {
      errs.push(`error: ${objectName(obj)} ${p.err}\n`);
      continue;
    }
    if (!p.changed) continue;
    const w = serverPatch(tx, p.object);
    if ('message' in w) {
      errs.push(`failed to patch env update to pod template: ${w.message}`);
      continue;
    }
    // kubectl checks that something was asked for only once a patch went through (`-e KEY-`).
    if (env.length === 0 && cmd.envArgs === 0) {
      term.fail('error: at least one environment variable must be provided');
      return term;
    }
    term.out(namePrinterLine(obj.kind, obj.metadata.name, 'env updated'));
  }
  failAll(term, errs);
  return term;
}

/** runSetResources is `kubectl set resources TYPE/NAME --limits=… --requests=…` (Complete, Validate, Run). */
export function runSetResources(tx: Tx, cmd: Cmd<'set-resources'>): Terminal {
  const term = new Terminal();
  term.warn(cmd.recordWarning);
  const { objects, errors } = resolveTargets(tx.st, cmd);
  if (errors.length) return failEach(term, errors);
  if (cmd.invalid !== undefined) {
    term.fail(cmd.invalid);
    return term;
  }
  const errs: string[] = [];
  const opts = {
    containers: cmd.containers,
    ...(cmd.limits ? { limits: cmd.limits } : {}),
    ...(cmd.requests ? { requests: cmd.requests } : {}),
    ...(cmd.changeCause !== undefined ? { changeCause: cmd.changeCause } : {}),
  };
  const patches = objects.map((obj) => {
    const p = isStored(obj) ? setResources(obj, opts) : { ...noPodTemplate(obj), unmatched: undefined };
    if (p.unmatched !== undefined) errs.push(p.unmatched);
    return { obj, p };
  });
  for (const { obj, p } of patches) {
    if (p.err !== undefined) {
      errs.push(`error: ${objectName(obj)} ${p.err}\n`);
      continue;
    }
    if (!p.changed) continue;
    const w = serverPatch(tx, p.object);
    if ('message' in w) {
      errs.push(`failed to patch resources update to pod template ${w.message}`);
      continue;
    }
    term.out(namePrinterLine(obj.kind, obj.metadata.name, 'resource requirements updated'));
  }
  failAll(term, errs);
  return term;
}

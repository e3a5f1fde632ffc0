// Port of kubectl pkg/cmd/set/helper.go (v1.36) — selectContainers, selectString, findEnv,
// updateEnv — and of pkg/polymorphichelpers/updatepodspec.go (updatePodSpecForObject) for the
// kinds this subset keeps.
import type { Container, EnvVar, KubeObject, PodSpec } from '../../api/types.ts';
import { type PodSpecHolder, podSpecOf } from './workloads.ts';
import { clone } from './result.ts';

/** selectContainers splits containers into those whose name matches spec (selectString) and the rest, in order. */
export function selectContainers(containers: readonly Container[], spec: string): { selected: Container[]; skipped: Container[] } {
  const selected: Container[] = [];
  const skipped: Container[] = [];
  for (const c of containers) (selectString(c.name, spec) ? selected : skipped).push(c);
  return { selected, skipped };
}

/**
 * selectString matches s against spec, where `*` is a wildcard, with kubectl's own algorithm and
 * its quirks kept: each part is looked for in what follows the last match, and the first part is
 * not anchored, so `x*` matches `nginx` (a part is found after the start) as kubectl's does.
 */
export function selectString(s: string, spec: string): boolean {
  if (spec === '*') return true;
  if (!spec.includes('*')) return s === spec;
  let pos = 0;
  const parts = spec.split('*');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (part.length === 0) continue;
    const next = s.slice(pos).indexOf(part);
    if (next < pos) return false;
    if (i === 0 && pos !== 0) return false;
    if (i === parts.length - 1 && s.length !== part.length + next) return false;
    pos = next;
  }
  return true;
}

/** findEnv is the first variable of that name. */
export function findEnv(env: readonly EnvVar[], name: string): EnvVar | undefined {
  return env.find((e) => e.name === name);
}

/**
 * updateEnv adds and removes variables: an added one replaces every existing one of its name (in
 * the first one's place), a removed one drops them all, duplicates of other names stay, and a
 * name both added and removed is removed.
 */
export function updateEnv(existing: readonly EnvVar[], env: readonly EnvVar[], remove: readonly string[]): EnvVar[] {
  const out: EnvVar[] = [];
  const covered = new Set(remove);
  for (const e of existing) {
    if (covered.has(e.name)) continue;
    const newer = findEnv(env, e.name);
    if (newer) {
      covered.add(e.name);
      out.push(newer);
      continue;
    }
    out.push(e);
  }
  for (const e of env) {
    if (covered.has(e.name)) continue;
    covered.add(e.name);
    out.push(e);
  }
  return out;
}

/** goTypeName is the Go type kubectl's errors print for an object: `*v1.Service`, `*v2.HorizontalPodAutoscaler`. */
export function goTypeName(obj: { apiVersion: string; kind: string }): string {
  const version = obj.apiVersion.includes('/') ? obj.apiVersion.split('/')[1] : obj.apiVersion;
  return `*${version}.${obj.kind}`;
}

function isPodSpecHolder(obj: KubeObject): obj is PodSpecHolder {
  return obj.kind === 'Pod' || obj.kind === 'Deployment' || obj.kind === 'DaemonSet' || obj.kind === 'ReplicaSet' || obj.kind === 'StatefulSet';
}

/**
 * updatePodSpecForObject gives a copy of a pod or of a workload with a pod template, and the pod
 * spec in it to change; any other kind is kubectl's error (without the `error: NAME` it is printed with).
 */
export function updatePodSpecForObject(obj: KubeObject): { object: PodSpecHolder; spec: PodSpec } | { error: string } {
  if (!isPodSpecHolder(obj)) return { error: `the object is not a pod or does not have a pod template: ${goTypeName(obj)}` };
  const object = clone(obj);
  return { object, spec: podSpecOf(object) };
}

/**
 * goEncoded is an object as kubectl's JSON encoder writes it, for telling whether a change made a
 * patch: the empty values Go's `omitempty` leaves out (an empty env list, `value: ""`, an empty
 * limits map) are dropped, so `{}` and an absent field compare equal.
 */
export function goEncoded(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (x === '' || (Array.isArray(x) && x.length === 0)) return undefined;
    if (x !== null && typeof x === 'object' && !Array.isArray(x) && Object.keys(x).length === 0) return undefined;
    return x;
  });
}

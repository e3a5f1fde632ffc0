// Port of kubernetes pkg/apis/core/validation/validation.go (v1.36): validateContainers,
// validateInitContainers, validateContainerCommon, checkHostPortConflicts (AccumulateUniqueHostPorts)
// and validateContainersOnlyForPod.
import type { Container, PodSpec } from '../api/types.ts';
import { duplicate, type FieldError, forbidden, invalid, notSupported, required } from '../apimachinery/fieldErrors.ts';
import { isDNS1123Label } from './validationCore.ts';
import {
  type VolumeMount,
  validateContainerPorts,
  validateEnv,
  validateEnvFrom,
  validatePullPolicy,
  validateTerminationMessagePolicy,
  validateVolumeMounts,
} from './validationContainerFields.ts';
import { validateContainerProbes } from './validationProbes.ts';
import { validateResourceRequirements } from './validationResources.ts';

/** A container with the fields a manifest may write that types.ts's Container does not model. */
type ManifestContainer = Container & { terminationMessagePolicy?: string; volumeMounts?: VolumeMount[] };

/**
 * volumeNames is the names ValidateVolumes returns for the mounts to name. Volumes themselves are
 * not validated here, so every named one counts.
 */
function volumeNames(spec: PodSpec | undefined): ReadonlySet<string> {
  const vols = (spec as { volumes?: { name?: string }[] } | undefined)?.volumes ?? [];
  return new Set(vols.map((v) => v.name ?? '').filter((n) => n !== ''));
}

/**
 * validateContainerCommon: what every container must satisfy, in upstream's order: name (a
 * DNS-1123 label), image, terminationMessagePolicy, ports, env, envFrom, volumeMounts,
 * imagePullPolicy and resources.
 */
function validateContainerCommon(c: ManifestContainer, volumes: ReadonlySet<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = c.name ?? '';
  if (name.length === 0) errs.push(required(`${path}.name`));
  else for (const m of isDNS1123Label(name)) errs.push(invalid(`${path}.name`, name, m));
  // Upstream leaves whitespace around a template's image alone (openshift uses " " as a token);
  // only a pod's is refused (validateContainersOnlyForPod).
  if (!c.image) errs.push(required(`${path}.image`));
  errs.push(...validateTerminationMessagePolicy(c.terminationMessagePolicy, `${path}.terminationMessagePolicy`));
  errs.push(...validateContainerPorts(c.ports, `${path}.ports`));
  errs.push(...validateEnv(c.env, `${path}.env`));
  errs.push(...validateEnvFrom(c.envFrom, `${path}.envFrom`));
  errs.push(...validateVolumeMounts(c.volumeMounts, volumes, `${path}.volumeMounts`));
  errs.push(...validatePullPolicy(c.imagePullPolicy, `${path}.imagePullPolicy`));
  errs.push(...validateResourceRequirements(c.resources, `${path}.resources`));
  return errs;
}

/**
 * checkHostPortConflicts: no two ports of `containers` (at `path[i]`) take one host port, keyed as
 * AccumulateUniqueHostPorts keys them, protocol/hostIP/port: `Duplicate value: "TCP//8080"` (the
 * protocol defaulted, the host IP empty). A host port of 0 is none.
 */
function checkHostPortConflicts(containers: readonly Container[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((c, k) => {
    (c.ports ?? []).forEach((port, j) => {
      const hp = port.hostPort ?? 0;
      if (hp === 0) return;
      const key = `${port.protocol ?? 'TCP'}/${port.hostIP ?? ''}/${hp}`;
      if (seen.has(key)) errs.push(duplicate(`${path}[${k}].ports[${j}].hostPort`, key));
      else seen.add(key);
    });
  });
  return errs;
}

/**
 * validateContainers: at least one; each passes validateContainerCommon, has a name no earlier
 * container has, valid hooks and probes, and no restartPolicy (an init container's field).
 */
export function validateContainers(spec: PodSpec | undefined, path: string): FieldError[] {
  const containers = (spec?.containers ?? []) as ManifestContainer[];
  if (containers.length === 0) return [required(path)];
  const errs: FieldError[] = [];
  const volumes = volumeNames(spec);
  const grace = spec?.terminationGracePeriodSeconds;
  const names = new Set<string>();
  containers.forEach((c, i) => {
    const p = `${path}[${i}]`;
    errs.push(...validateContainerCommon(c, volumes, p));
    if (names.has(c.name ?? '')) errs.push(duplicate(`${p}.name`, c.name ?? ''));
    else names.add(c.name ?? '');
    errs.push(...validateContainerProbes(c, grace, p));
    if (c.restartPolicy !== undefined) errs.push(forbidden(`${p}.restartPolicy`, 'may not be set for non-init containers'));
  });
  // Across all the regular containers: they run side by side.
  errs.push(...checkHostPortConflicts(containers, path));
  return errs;
}

const initOnlyDetail = 'may not be set for init containers without restartPolicy=Always';

/**
 * validateInitContainers: each passes validateContainerCommon, restartPolicy only Always (a
 * sidecar), a name unique among the regular and init containers; a sidecar's hooks and probes are
 * checked, a plain init container may have none.
 */
export function validateInitContainers(spec: PodSpec | undefined, path: string): FieldError[] {
  const inits = (spec?.initContainers ?? []) as ManifestContainer[];
  if (inits.length === 0) return [];
  const errs: FieldError[] = [];
  const volumes = volumeNames(spec);
  const grace = spec?.terminationGracePeriodSeconds;
  const names = new Set((spec?.containers ?? []).map((c) => c.name ?? ''));
  inits.forEach((c, i) => {
    const p = `${path}[${i}]`;
    errs.push(...validateContainerCommon(c, volumes, p));
    const rp = c.restartPolicy;
    if (rp !== undefined && rp !== 'Always') errs.push(notSupported(`${p}.restartPolicy`, rp, ['Always']));
    const name = c.name ?? '';
    if (names.has(name)) errs.push(duplicate(`${p}.name`, name));
    else if (name.length > 0) names.add(name);
    // Each init container on its own: they run one after another. Upstream hands it over as a list
    // of one under the list's path, so its errors name initContainers[0] whichever it is.
    errs.push(...checkHostPortConflicts([c], path));
    if (rp === 'Always') errs.push(...validateContainerProbes(c, grace, p));
    else {
      for (const f of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
        if (c[f] !== undefined) errs.push(forbidden(`${p}.${f}`, initOnlyDetail));
      }
    }
  });
  return errs;
}

/**
 * validateContainersOnlyForPod: a pod's images (not a template's) may not have leading or trailing
 * whitespace; checked after the whole spec, containers then init containers.
 */
export function validateContainersOnlyForPod(spec: PodSpec | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const check = (cs: readonly Container[], field: string) =>
    cs.forEach((c, i) => {
      const image = c.image ?? '';
      if (image !== image.trim()) errs.push(invalid(`${path}.${field}[${i}].image`, image, 'must not have leading or trailing whitespace'));
    });
  check(spec?.containers ?? [], 'containers');
  check(spec?.initContainers ?? [], 'initContainers');
  return errs;
}

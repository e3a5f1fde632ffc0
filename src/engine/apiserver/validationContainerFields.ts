// Port of kubernetes pkg/apis/core/validation/validation.go (v1.36): validateContainerPorts,
// ValidateEnv, validateEnvVarValueFrom (its source count and the key selectors), ValidateEnvFrom,
// ValidateVolumeMounts (names, paths, subPath), validatePullPolicy and validateContainerCommon's
// terminationMessagePolicy switch; and of apimachinery's IsRelaxedEnvVarName and IsConfigMapKey.
// The object is defaulted first, as in the API server: an absent protocol is TCP, an absent
// imagePullPolicy follows the tag, an absent terminationMessagePolicy is File.
import type { ContainerPort, EnvFromSource, EnvVar } from '../api/types.ts';
import { duplicate, type FieldError, FieldErrorType, invalid, notSupported, renderBadValue, required } from '../apimachinery/fieldErrors.ts';
import { isDNS1123Subdomain, maxLenError, regexError } from './validationCore.ts';
import { isValidPortName, isValidPortNum } from './validationProbes.ts';

/** A volume mount as a manifest writes it (types.ts's Container does not model mounts). */
export interface VolumeMount {
  name?: string;
  mountPath?: string;
  subPath?: string;
  subPathExpr?: string;
  readOnly?: boolean;
}

/** notFound: `<path>: Not found: <value>` (field.NotFound; fieldErrors.ts has no builder for it). */
function notFound(field: string, value: unknown): FieldError {
  return { type: FieldErrorType.NotFound, field, badValue: renderBadValue(value), detail: '' };
}

/** The protocols a container port may name, sorted as sets.List prints them. */
const SUPPORTED_PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;

/**
 * validateContainerPorts: each name a valid IANA service name, once per container; containerPort
 * given and in range; hostPort, when given, in range; protocol one of SCTP, TCP, UDP.
 */
export function validateContainerPorts(ports: readonly ContainerPort[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (ports ?? []).forEach((port, i) => {
    const p = `${path}[${i}]`;
    const name = port.name ?? '';
    if (name.length > 0) {
      const msgs = isValidPortName(name);
      if (msgs.length > 0) for (const m of msgs) errs.push(invalid(`${p}.name`, name, m));
      else if (names.has(name)) errs.push(duplicate(`${p}.name`, name));
      else names.add(name);
    }
    const cp = port.containerPort ?? 0;
    if (cp === 0) errs.push(required(`${p}.containerPort`));
    else for (const m of isValidPortNum(cp)) errs.push(invalid(`${p}.containerPort`, cp, m));
    const hp = port.hostPort ?? 0;
    if (hp !== 0) for (const m of isValidPortNum(hp)) errs.push(invalid(`${p}.hostPort`, hp, m));
    // An absent protocol is defaulted to TCP before validation, so only a written one is checked.
    if (port.protocol === '') errs.push(required(`${p}.protocol`));
    else if (port.protocol !== undefined && !(SUPPORTED_PORT_PROTOCOLS as readonly string[]).includes(port.protocol)) {
      errs.push(notSupported(`${p}.protocol`, port.protocol, SUPPORTED_PORT_PROTOCOLS));
    }
  });
  return errs;
}

const relaxedEnvVarNameFmtErrMsg = "a valid environment variable name must consist only of printable ASCII characters other than '='";

/**
 * isRelaxedEnvVarName: printable ASCII (space to '~') other than '='. RelaxedEnvironmentVariableValidation
 * is GA and locked on since v1.34, so v1.36 checks every env name and envFrom prefix this way.
 */
export function isRelaxedEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (value.length === 0) errs.push('environment variable name must be non-empty');
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code > 0x7e || ch === '=') {
      errs.push(relaxedEnvVarNameFmtErrMsg);
      break;
    }
  }
  return errs;
}

const configMapKeyFmt = '[-._a-zA-Z0-9]+';
const configMapKeyRe = new RegExp(`^${configMapKeyFmt}$`);

/** isConfigMapKey: ≤ 253 characters of [-._a-zA-Z0-9], not `.`, `..` or starting with `..`. */
export function isConfigMapKey(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push(maxLenError(253));
  if (!configMapKeyRe.test(value)) {
    errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", configMapKeyFmt, 'key.name', 'KEY_NAME', 'key-name'));
  }
  if (value === '.') errs.push("must not be '.'");
  else if (value === '..') errs.push("must not be '..'");
  else if (value.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

/** validateKeySelector is validateConfigMapKeySelector and validateSecretKeySelector (the same checks). */
function validateKeySelector(s: { name?: string; key?: string }, path: string): FieldError[] {
  const name = s.name ?? '';
  const errs = isDNS1123Subdomain(name).map((m) => invalid(`${path}.name`, name, m));
  const key = s.key ?? '';
  if (key.length === 0) errs.push(required(`${path}.key`));
  else for (const m of isConfigMapKey(key)) errs.push(invalid(`${path}.key`, key, m));
  return errs;
}

/**
 * validateEnvVarValueFrom: exactly one source, and none beside a non-empty value. The fieldRef and
 * resourceFieldRef selectors are counted but not checked (their path expressions are not modelled).
 */
function validateEnvVarValueFrom(ev: EnvVar, path: string): FieldError[] {
  const from = ev.valueFrom;
  if (from === undefined || from === null) return [];
  const errs: FieldError[] = [];
  let sources = 0;
  if (from.fieldRef) sources++;
  if (from.resourceFieldRef) sources++;
  if (from.configMapKeyRef) {
    sources++;
    errs.push(...validateKeySelector(from.configMapKeyRef, `${path}.configMapKeyRef`));
  }
  if (from.secretKeyRef) {
    sources++;
    errs.push(...validateKeySelector(from.secretKeyRef, `${path}.secretKeyRef`));
  }
  if (sources === 0) errs.push(invalid(path, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
  else if ((ev.value ?? '').length !== 0) errs.push(invalid(path, '', 'may not be specified when `value` is not empty'));
  else if (sources > 1) errs.push(invalid(path, '', 'may not have more than one field specified at a time'));
  return errs;
}

/** validateEnv (ValidateEnv): each name given and relaxed-valid, then its valueFrom. */
export function validateEnv(env: readonly EnvVar[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (env ?? []).forEach((ev, i) => {
    const p = `${path}[${i}]`;
    const name = ev.name ?? '';
    if (name.length === 0) errs.push(required(`${p}.name`));
    else for (const m of isRelaxedEnvVarName(name)) errs.push(invalid(`${p}.name`, name, m));
    errs.push(...validateEnvVarValueFrom(ev, `${p}.valueFrom`));
  });
  return errs;
}

/** A generated name's base may end in '-' (NameIsDNSSubdomain with prefix: maskTrailingDash). */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -1)}a` : name;
}

function validateEnvSourceName(name: string | undefined, path: string): FieldError[] {
  const n = name ?? '';
  if (n.length === 0) return [required(`${path}.name`)];
  return isDNS1123Subdomain(maskTrailingDash(n)).map((m) => invalid(`${path}.name`, n, m));
}

/**
 * validateEnvFrom (ValidateEnvFrom): a prefix relaxed-valid, each source's name, and exactly one
 * source, reported on the list itself (`…envFrom: Invalid value: ""`) as upstream does.
 */
export function validateEnvFrom(envFrom: readonly EnvFromSource[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (envFrom ?? []).forEach((ev, i) => {
    const p = `${path}[${i}]`;
    const prefix = ev.prefix ?? '';
    if (prefix.length > 0) for (const m of isRelaxedEnvVarName(prefix)) errs.push(invalid(`${p}.prefix`, prefix, m));
    let sources = 0;
    if (ev.configMapRef) {
      sources++;
      errs.push(...validateEnvSourceName(ev.configMapRef.name, `${p}.configMapRef`));
    }
    if (ev.secretRef) {
      sources++;
      errs.push(...validateEnvSourceName(ev.secretRef.name, `${p}.secretRef`));
    }
    if (sources === 0) errs.push(invalid(path, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (sources > 1) errs.push(invalid(path, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

/** validateLocalDescendingPath: relative, with no `..` element. */
function validateLocalDescendingPath(target: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (target.startsWith('/')) errs.push(invalid(path, target, 'must be a relative path'));
  if (target.split('/').includes('..')) errs.push(invalid(path, target, "must not contain '..'"));
  return errs;
}

/**
 * validateVolumeMounts (ValidateVolumeMounts): a name that is one of the pod's volumes, a mount
 * path given and unique in the container, a relative subPath without `..`. The subPath errors sit on
 * `…volumeMounts.subPath` without the index: upstream passes the list's path there.
 */
export function validateVolumeMounts(mounts: readonly VolumeMount[] | undefined, volumes: ReadonlySet<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const mountPoints = new Set<string>();
  (mounts ?? []).forEach((m, i) => {
    const p = `${path}[${i}]`;
    const name = m.name ?? '';
    const mountPath = m.mountPath ?? '';
    if (name.length === 0) errs.push(required(`${p}.name`));
    if (!volumes.has(name)) errs.push(notFound(`${p}.name`, name));
    if (mountPath.length === 0) errs.push(required(`${p}.mountPath`));
    if (mountPoints.has(mountPath)) errs.push(invalid(`${p}.mountPath`, mountPath, 'must be unique'));
    mountPoints.add(mountPath);
    const subPath = m.subPath ?? '';
    if (subPath.length > 0) errs.push(...validateLocalDescendingPath(subPath, `${path}.subPath`));
    const expr = m.subPathExpr ?? '';
    if (expr.length > 0) {
      if (subPath.length > 0) errs.push(invalid(`${p}.subPathExpr`, expr, 'subPathExpr and subPath are mutually exclusive'));
      errs.push(...validateLocalDescendingPath(expr, `${path}.subPathExpr`));
    }
  });
  return errs;
}

const SUPPORTED_PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'] as const;

/** validatePullPolicy: Always, IfNotPresent or Never (absent: defaulted from the image's tag first). */
export function validatePullPolicy(policy: string | undefined, path: string): FieldError[] {
  if (policy === undefined) return [];
  if (policy === '') return [required(path)];
  return (SUPPORTED_PULL_POLICIES as readonly string[]).includes(policy) ? [] : [notSupported(path, policy, SUPPORTED_PULL_POLICIES)];
}

const SUPPORTED_TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'] as const;

/**
 * validateTerminationMessagePolicy is validateContainerCommon's switch: File or FallbackToLogsOnError.
 * The engine stores File as absent (servedDefaults.ts) and SetDefaults_Container turns "" into File,
 * so neither is refused; upstream's Required branch is unreachable through the API.
 */
export function validateTerminationMessagePolicy(policy: string | undefined, path: string): FieldError[] {
  if (policy === undefined || policy === '') return [];
  return (SUPPORTED_TERMINATION_MESSAGE_POLICIES as readonly string[]).includes(policy) ? [] : [notSupported(path, policy, SUPPORTED_TERMINATION_MESSAGE_POLICIES)];
}

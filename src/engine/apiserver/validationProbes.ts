// Port of the probe and lifecycle part of kubernetes pkg/apis/core/validation/validation.go
// (validateProbe, validateLivenessProbe, validateReadinessProbe, validateStartupProbe,
// validateLifecycle, validateHandler and its actions) and of apimachinery's IsValidPortNum,
// IsValidPortName and IsHTTPHeaderName (v1.36). The object is defaulted first, as in the API
// server: `periodSeconds: 0` is stored as 10 and passes; `-1` is refused.
import type { ExecAction, GRPCAction, HTTPGetAction, IntOrString, Lifecycle, LifecycleHandler, Probe, TCPSocketAction } from '../api/types.ts';
import { type FieldError, forbidden, invalid, notSupported, required } from '../apimachinery/fieldErrors.ts';
import { maxLenError, regexError } from './validationCore.ts';

/** isValidPortNum: `must be between 1 and 65535, inclusive`. */
export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
}

/** isValidPortName checks an IANA_SVC_NAME: ≤ 15 characters of [-a-z0-9], a letter, no `--`, no hyphen at either end. */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (port.length > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errs.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.length > 0 && (port.startsWith('-') || port.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** validatePortNumOrName: a number in 1–65535, or a valid port name. */
export function validatePortNumOrName(port: IntOrString | undefined, path: string): FieldError[] {
  if (typeof port === 'string') return isValidPortName(port).map((m) => invalid(path, port, m));
  const n = port ?? 0;
  return isValidPortNum(n).map((m) => invalid(path, n, m));
}

/** isHTTPHeaderName: `[-A-Za-z0-9]+`. */
function isHTTPHeaderName(name: string): string[] {
  return /^[-A-Za-z0-9]+$/.test(name) ? [] : [regexError("a valid HTTP header must consist of alphanumeric characters or '-'", '[-A-Za-z0-9]+', 'X-Header-Name')];
}

function validateExecAction(e: ExecAction, path: string): FieldError[] {
  return (e.command ?? []).length === 0 ? [required(`${path}.command`)] : [];
}

function validateHTTPGetAction(h: HTTPGetAction, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!h.path) errs.push(required(`${path}.path`));
  errs.push(...validatePortNumOrName(h.port, `${path}.port`));
  const scheme = h.scheme ?? '';
  if (scheme !== 'HTTP' && scheme !== 'HTTPS') errs.push(notSupported(`${path}.scheme`, scheme, ['HTTP', 'HTTPS']));
  for (const header of h.httpHeaders ?? []) {
    for (const m of isHTTPHeaderName(header.name)) errs.push(invalid(`${path}.httpHeaders`, header.name, m));
  }
  return errs;
}

function validateTCPSocketAction(t: TCPSocketAction, path: string): FieldError[] {
  return validatePortNumOrName(t.port, `${path}.port`);
}

function validateGRPCAction(g: GRPCAction, path: string): FieldError[] {
  return validatePortNumOrName(g.port ?? 0, `${path}.port`);
}

/**
 * validateSleepAction: 0 ≤ seconds ≤ the pod's terminationGracePeriodSeconds
 * (PodLifecycleSleepActionAllowZero is GA in this release), reported on the `sleep` field.
 */
function validateSleepAction(seconds: number, gracePeriod: number | undefined, path: string): FieldError[] {
  if (gracePeriod === undefined || (seconds >= 0 && seconds <= gracePeriod)) return [];
  return [invalid(path, seconds, `must be non-negative and less than terminationGracePeriodSeconds (${gracePeriod})`)];
}

type Handler = Probe & LifecycleHandler;

/**
 * validateHandler: exactly one handler, checked in the order exec, httpGet, tcpSocket, grpc,
 * sleep; each further one is `Forbidden: may not specify more than 1 handler type`, none is
 * `Required value: must specify a handler type` on the probe or hook itself.
 */
function validateHandler(h: Handler, gracePeriod: number | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let n = 0;
  const one = (present: boolean, name: string, check: () => FieldError[]) => {
    if (!present) return;
    if (n > 0) errs.push(forbidden(`${path}.${name}`, 'may not specify more than 1 handler type'));
    else {
      n++;
      errs.push(...check());
    }
  };
  one(h.exec !== undefined, 'exec', () => validateExecAction(h.exec as ExecAction, `${path}.exec`));
  one(h.httpGet !== undefined, 'httpGet', () => validateHTTPGetAction(h.httpGet as HTTPGetAction, `${path}.httpGet`));
  one(h.tcpSocket !== undefined, 'tcpSocket', () => validateTCPSocketAction(h.tcpSocket as TCPSocketAction, `${path}.tcpSocket`));
  one(h.grpc !== undefined, 'grpc', () => validateGRPCAction(h.grpc as GRPCAction, `${path}.grpc`));
  one(h.sleep !== undefined, 'sleep', () => validateSleepAction(h.sleep?.seconds ?? 0, gracePeriod, `${path}.sleep`));
  if (n === 0) errs.push(required(path, 'must specify a handler type'));
  return errs;
}

const nonNegative = (v: number | undefined, path: string): FieldError[] => ((v ?? 0) < 0 ? [invalid(path, v, 'must be greater than or equal to 0')] : []);

/** validateProbe: the handler, every number ≥ 0, and a probe-level grace period > 0 when set. */
function validateProbe(p: Probe, gracePeriod: number | undefined, path: string): FieldError[] {
  const handler: Handler = { ...p };
  delete handler.sleep; // a probe has no sleep handler: a `sleep` key is an unknown field
  const errs = validateHandler(handler, gracePeriod, path);
  errs.push(...nonNegative(p.initialDelaySeconds, `${path}.initialDelaySeconds`));
  errs.push(...nonNegative(p.timeoutSeconds, `${path}.timeoutSeconds`));
  errs.push(...nonNegative(p.periodSeconds, `${path}.periodSeconds`));
  errs.push(...nonNegative(p.successThreshold, `${path}.successThreshold`));
  errs.push(...nonNegative(p.failureThreshold, `${path}.failureThreshold`));
  const tgps = p.terminationGracePeriodSeconds;
  if (tgps !== undefined && tgps <= 0) errs.push(invalid(`${path}.terminationGracePeriodSeconds`, tgps, 'must be greater than 0'));
  return errs;
}

/**
 * validateContainerProbes checks a container's lifecycle hooks and probes in upstream's order:
 * lifecycle, livenessProbe (successThreshold must be 1), readinessProbe (no probe-level grace
 * period), startupProbe (successThreshold must be 1).
 */
export function validateContainerProbes(
  c: { lifecycle?: Lifecycle; livenessProbe?: Probe; readinessProbe?: Probe; startupProbe?: Probe },
  gracePeriod: number | undefined,
  path: string,
): FieldError[] {
  const errs: FieldError[] = [];
  if (c.lifecycle?.postStart) errs.push(...validateHandler(c.lifecycle.postStart, gracePeriod, `${path}.lifecycle.postStart`));
  if (c.lifecycle?.preStop) errs.push(...validateHandler(c.lifecycle.preStop, gracePeriod, `${path}.lifecycle.preStop`));
  const live = c.livenessProbe;
  if (live) {
    errs.push(...validateProbe(live, gracePeriod, `${path}.livenessProbe`));
    if (live.successThreshold !== 1) errs.push(invalid(`${path}.livenessProbe.successThreshold`, live.successThreshold ?? 0, 'must be 1'));
  }
  const ready = c.readinessProbe;
  if (ready) {
    errs.push(...validateProbe(ready, gracePeriod, `${path}.readinessProbe`));
    if (ready.terminationGracePeriodSeconds !== undefined) {
      errs.push(invalid(`${path}.readinessProbe.terminationGracePeriodSeconds`, ready.terminationGracePeriodSeconds, 'must not be set for readinessProbes'));
    }
  }
  const startup = c.startupProbe;
  if (startup) {
    errs.push(...validateProbe(startup, gracePeriod, `${path}.startupProbe`));
    if (startup.successThreshold !== 1) errs.push(invalid(`${path}.startupProbe.successThreshold`, startup.successThreshold ?? 0, 'must be 1'));
  }
  return errs;
}

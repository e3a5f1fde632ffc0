// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3): describeContainers
// and the describeContainer… printers it calls, shared by a pod's description (with the kubelet's
// statuses) and every Pod Template's (without), and DescribeProbe.
import type { Container, ContainerPort, ContainerState, ContainerStatus, EnvVar, Probe } from '../../api/types.ts';
import { formatQuantity, parseQuantity } from '../../lib/quantity.ts';
import { extractContainerResourceValue } from '../transforms/envResolve.ts';
import { formatRFC1123Z } from './describe.ts';
import type { PrefixWriter } from './podTemplate.ts';

/**
 * EnvVarResolverFunc is what describe shows as the value of a variable read from a field of the
 * pod (describePod passes envValueRetriever; a Pod Template has none, so the value is empty).
 */
export type EnvVarResolverFunc = (e: EnvVar) => string;

/** A container as describe reads it: the API's fields the simulator does not model, read when present. */
type DescribedContainer = Container & {
  securityContext?: { seccompProfile?: { type: string; localhostProfile?: string } };
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean; subPath?: string }[];
  volumeDevices?: { name: string; devicePath: string }[];
};

export function describeProbe(probe: Probe): string {
  const p = probe as Record<string, unknown>;
  const n = (k: string, d: number) => (typeof p[k] === 'number' ? (p[k] as number) : d);
  const attrs = `delay=${n('initialDelaySeconds', 0)}s timeout=${n('timeoutSeconds', 1)}s period=${n('periodSeconds', 10)}s #success=${n('successThreshold', 1)} #failure=${n('failureThreshold', 3)}`;
  const exec = p.exec as { command?: string[] } | undefined;
  const http = p.httpGet as { scheme?: string; host?: string; port?: number | string; path?: string } | undefined;
  const tcp = p.tcpSocket as { host?: string; port?: number | string } | undefined;
  if (exec) return `exec [${(exec.command ?? []).join(' ')}] ${attrs}`;
  if (http) {
    const port = http.port === undefined ? '' : String(http.port);
    const host = port ? `${http.host ?? ''}:${port}` : (http.host ?? '');
    return `http-get ${(http.scheme ?? 'HTTP').toLowerCase()}://${host}${http.path ?? ''} ${attrs}`;
  }
  if (tcp) return `tcp-socket ${tcp.host ?? ''}:${tcp.port ?? ''} ${attrs}`;
  if (probe.grpc) return `grpc <pod>:${probe.grpc.port} ${probe.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}

/**
 * describeContainerPorts lists the container ports as `8080/TCP`, each followed by its name when
 * it has one (`8080/TCP (http)`, kubectl 1.34+); the API server defaults a port's protocol to TCP.
 */
export function describeContainerPorts(ports: readonly ContainerPort[] | undefined): string {
  return (ports ?? []).map((p) => withPortName(`${p.containerPort}/${p.protocol ?? 'TCP'}`, p)).join(', ');
}

/** describeContainerHostPorts is describeContainerPorts for the host ports: 0 where a port has none. */
export function describeContainerHostPorts(ports: readonly ContainerPort[] | undefined): string {
  return (ports ?? []).map((p) => withPortName(`${p.hostPort ?? 0}/${p.protocol ?? 'TCP'}`, p)).join(', ');
}

function withPortName(s: string, p: ContainerPort): string {
  return p.name ? `${s} (${p.name})` : s;
}

/** describeContainerBasicInfo: the name, the runtime's ID and image ID (with a status), the image, the ports, the seccomp profile. */
function describeContainerBasicInfo(c: DescribedContainer, status: ContainerStatus | undefined, space: string, w: PrefixWriter): void {
  w.write(1, `${space.length > 0 ? ' ' : ''}${c.name}:\n`);
  if (status) w.write(2, `Container ID:\t${status.containerID ?? ''}\n`);
  w.write(2, `Image:\t${c.image}\n`);
  if (status) w.write(2, `Image ID:\t${status.imageID}\n`);
  const ports = describeContainerPorts(c.ports);
  w.write(2, ports.includes(',') ? `Ports:\t${ports}\n` : `Port:\t${ports || '<none>'}\n`);
  const hostPorts = describeContainerHostPorts(c.ports);
  w.write(2, hostPorts.includes(',') ? `Host Ports:\t${hostPorts}\n` : `Host Port:\t${hostPorts || '<none>'}\n`);
  const seccomp = c.securityContext?.seccompProfile;
  if (seccomp) {
    w.write(2, `SeccompProfile:\t${seccomp.type}\n`);
    if (seccomp.type === 'Localhost') w.write(3, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
  }
}

/** describeContainerCommand writes the command and its arguments, a line each. */
function describeContainerCommand(c: Container, w: PrefixWriter): void {
  for (const [title, list] of [['Command', c.command], ['Args', c.args]] as const) {
    if (list?.length) {
      w.write(2, `${title}:\n`);
      for (const s of list.flatMap((x) => x.split('\n'))) w.write(3, `${s}\n`);
    }
  }
}

/** quantityString is Quantity.String(): the canonical form (`1000` → `1k`); a value that does not parse as it is. */
function quantityString(v: string): string {
  const q = parseQuantity(v);
  return q.ok ? formatQuantity(q.value) : v;
}

/** describeResources writes Limits then Requests at `level`, names sorted (a container's, or the pod's own). */
export function describeResources(resources: { limits?: Record<string, string>; requests?: Record<string, string> } | undefined, w: PrefixWriter, level: number): void {
  for (const [title, list] of [['Limits', resources?.limits], ['Requests', resources?.requests]] as const) {
    const r = list ?? {};
    if (Object.keys(r).length) w.write(level, `${title}:\n`);
    for (const name of Object.keys(r).sort()) w.write(level + 1, `${name}:\t${quantityString(String(r[name]))}\n`);
  }
}

/** describeStatus writes a container state: Running and since when, Waiting and why, or Terminated with its exit. */
function describeStatus(title: string, state: ContainerState, w: PrefixWriter): void {
  if (state.running) {
    w.write(2, `${title}:\tRunning\n`);
    w.write(3, `Started:\t${formatRFC1123Z(state.running.startedAt)}\n`);
  } else if (state.waiting) {
    w.write(2, `${title}:\tWaiting\n`);
    if (state.waiting.reason) w.write(3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state.terminated) {
    const t = state.terminated;
    w.write(2, `${title}:\tTerminated\n`);
    if (t.reason) w.write(3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(3, `Message:\t${t.message}\n`);
    w.write(3, `Exit Code:\t${t.exitCode}\n`);
    if ((t.signal ?? 0) > 0) w.write(3, `Signal:\t${t.signal}\n`);
    w.write(3, `Started:\t${formatRFC1123Z(t.startedAt)}\n`);
    w.write(3, `Finished:\t${formatRFC1123Z(t.finishedAt)}\n`);
  } else w.write(2, `${title}:\tWaiting\n`);
}

/** describeContainerState: State, Last State when the last run terminated, Ready and Restart Count. */
function describeContainerState(status: ContainerStatus, w: PrefixWriter): void {
  describeStatus('State', status.state, w);
  if (status.lastState?.terminated) describeStatus('Last State', status.lastState, w);
  w.write(2, `Ready:\t${status.ready ? 'True' : 'False'}\n`);
  w.write(2, `Restart Count:\t${status.restartCount}\n`);
}

/** describeContainerProbe: liveness, readiness, startup, in that order. */
function describeContainerProbe(c: Container, w: PrefixWriter): void {
  if (c.livenessProbe) w.write(2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`);
  if (c.readinessProbe) w.write(2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`);
  if (c.startupProbe) w.write(2, `Startup:\t${describeProbe(c.startupProbe)}\n`);
}

/** describeContainerEnvFrom: each source as `NAME\tConfigMap\tOptional: false` (`… with prefix 'P_'`). */
function describeContainerEnvFrom(c: Container, w: PrefixWriter): void {
  w.write(2, 'Environment Variables from:\n');
  for (const e of c.envFrom ?? []) {
    const ref = e.configMapRef ?? e.secretRef;
    const from = e.configMapRef ? 'ConfigMap' : e.secretRef ? 'Secret' : '';
    const optional = ref?.optional === true;
    w.write(3, e.prefix ? `${ref?.name ?? ''}\t${from} with prefix '${e.prefix}'\tOptional: ${optional}\n` : `${ref?.name ?? ''}\t${from}\tOptional: ${optional}\n`);
  }
}

/**
 * describeContainerEnvVars writes `Environment:` and each variable: its value, line by line, or
 * where it is read from: a field of the pod (`web-0 (v1:metadata.name)`, the value from the
 * resolver), a resource of the container (`2 (limits.cpu)`; an unset cpu or memory limit is
 * `node allocatable`), a Secret's or a ConfigMap's key.
 */
function describeContainerEnvVars(c: Container, resolve: EnvVarResolverFunc | undefined, w: PrefixWriter): void {
  w.write(2, `Environment:${c.env?.length ? '' : '\t<none>'}\n`);
  for (const e of c.env ?? []) {
    const from = e.valueFrom;
    if (from === undefined) {
      (e.value ?? '').split('\n').forEach((s, i) => {
        w.write(3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`);
      });
    } else if (from.fieldRef) {
      w.write(3, `${e.name}:\t${resolve?.(e) ?? ''} (${from.fieldRef.apiVersion ?? ''}:${from.fieldRef.fieldPath})\n`);
    } else if (from.resourceFieldRef) {
      const r = extractContainerResourceValue(from.resourceFieldRef, c);
      const resource = from.resourceFieldRef.resource;
      let v = 'value' in r ? r.value : '';
      if (v === '0' && (resource === 'limits.cpu' || resource === 'limits.memory')) v = 'node allocatable';
      w.write(3, `${e.name}:\t${v} (${resource})\n`);
    } else if (from.secretKeyRef) {
      const r = from.secretKeyRef;
      w.write(3, `${e.name}:\t<set to the key '${r.key}' in secret '${r.name ?? ''}'>\tOptional: ${r.optional === true}\n`);
    } else if (from.configMapKeyRef) {
      const r = from.configMapKeyRef;
      w.write(3, `${e.name}:\t<set to the key '${r.key}' of config map '${r.name ?? ''}'>\tOptional: ${r.optional === true}\n`);
    }
  }
}

const byString =
  <T>(key: (x: T) => string) =>
  (a: T, b: T): number =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/** describeContainerVolumes: the mounts as `path from volume (rw)` by mount path, then any block devices by device path. */
function describeContainerVolumes(c: DescribedContainer, w: PrefixWriter): void {
  const mounts = [...(c.volumeMounts ?? [])].sort(byString((m) => m.mountPath));
  const none = mounts.length ? '' : '\t<none>';
  w.write(2, `Mounts:${none}\n`);
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw', ...(m.subPath ? [`path=${JSON.stringify(m.subPath)}`] : [])];
    w.write(3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
  }
  const devices = [...(c.volumeDevices ?? [])].sort(byString((d) => d.devicePath));
  if (devices.length > 0) {
    w.write(2, `Devices:${none}\n`);
    for (const d of devices) w.write(3, `${d.devicePath} from ${d.name}\n`);
  }
}

/**
 * describeContainers writes `Containers:` (`Init Containers:`, …) and each container: a pod's
 * with its status when the kubelet wrote one, a Pod Template's (space '  ') without; a Pod
 * Template's names take one more space.
 */
export function describeContainers(
  label: string,
  containers: readonly Container[],
  statuses: readonly ContainerStatus[] | undefined,
  resolve: EnvVarResolverFunc | undefined,
  w: PrefixWriter,
  space: string,
): void {
  const byName = new Map((statuses ?? []).map((s) => [s.name, s]));
  w.write(0, `${space}${label}:${containers.length === 0 ? ' <none>' : ''}\n`);
  for (const c of containers) {
    const status = byName.get(c.name);
    describeContainerBasicInfo(c, status, space, w);
    describeContainerCommand(c, w);
    if (status) describeContainerState(status, w);
    describeResources(c.resources, w, 2);
    describeContainerProbe(c, w);
    if (c.envFrom?.length) describeContainerEnvFrom(c, w);
    describeContainerEnvVars(c, resolve, w);
    describeContainerVolumes(c, w);
  }
}

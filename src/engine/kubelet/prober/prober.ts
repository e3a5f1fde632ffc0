// Port of the result side of kubernetes pkg/kubelet/prober/prober.go (probe, the handlers'
// outputs) and the kubelet's probe events (v1.36). The simulator does not open sockets: the image
// behaviour says when the application starts answering (readySeconds) or that it never does
// (ready: never), and a probe of an application that does not answer gets the output the real
// handler prints for a port nobody listens on yet, or for an application that answers "not ready".
import type { Container, IntOrString, Probe } from '../../api/types.ts';
import type { ProbeType, Result } from './worker.ts';

/** probeTypeString is probeType.String(): `Readiness`, `Liveness`, `Startup`. */
export function probeTypeString(t: ProbeType): string {
  return t === 'readiness' ? 'Readiness' : t === 'liveness' ? 'Liveness' : 'Startup';
}

/** resolveContainerPort is probe.ResolveContainerPort: a number, or a named port of the container. */
function resolveContainerPort(port: IntOrString, c: Container): string {
  if (typeof port === 'number') return String(port);
  const named = (c.ports ?? []).find((p) => p.name === port);
  return named ? String(named.containerPort) : port;
}

/** What the application does for probes at an instant. */
export interface AppState {
  /** It has started answering (its readySeconds have passed). */
  answering: boolean;
  /** It runs but never passes its checks (`ready: never`). */
  neverReady: boolean;
}

/**
 * probeOutput is what the handler prints when the probe fails: the HTTP client's
 * `Get "http://10.244.1.5:8080/healthz": dial tcp 10.244.1.5:8080: connect: connection refused`
 * while nothing listens, `HTTP probe failed with statuscode: 503` from an application that never
 * gets ready; the TCP dialer's error; gRPC's connect timeout or NOT_SERVING; an exec probe prints
 * its command's output, which the simulator does not have (empty).
 */
export function probeOutput(p: Probe, c: Container, podIP: string, app: AppState): string {
  const timeout = `${p.timeoutSeconds ?? 1}s`;
  if (p.exec) return '';
  if (p.httpGet) {
    const h = p.httpGet;
    const host = h.host || podIP;
    const port = resolveContainerPort(h.port, c);
    if (app.neverReady) return 'HTTP probe failed with statuscode: 503';
    // One flat string (join), not a template's rope: a kept output was ~11 rope nodes, 368 B, over
    // its ~75 characters (317 kept in the 100-replica Parallel StatefulSet recording: ~25 B a tick).
    const scheme = (h.scheme ?? 'HTTP').toLowerCase();
    return ['Get "', scheme, '://', host, ':', port, h.path ?? '/', '": dial tcp ', host, ':', port, ': connect: connection refused'].join('');
  }
  if (p.tcpSocket) {
    const host = p.tcpSocket.host || podIP;
    return `dial tcp ${host}:${resolveContainerPort(p.tcpSocket.port, c)}: connect: connection refused`;
  }
  if (p.grpc) {
    if (app.neverReady) return 'service unhealthy (responded with "NOT_SERVING")';
    return `timeout: failed to connect service "${podIP}:${p.grpc.port}" within ${timeout}: context deadline exceeded`;
  }
  return '';
}

/** probeResult is the result of one probe: Success once the application answers and is ready. */
export function probeResult(app: AppState): Result {
  return app.answering && !app.neverReady ? 'Success' : 'Failure';
}

/** unhealthyMessage is the Unhealthy event's message: `Readiness probe failed: <output>`. */
export function unhealthyMessage(t: ProbeType, output: string): string {
  return `${probeTypeString(t)} probe failed: ${output}`;
}

/**
 * killingMessage is the Killing event of a container the kubelet stops: `Stopping container
 * nginx` for a pod being deleted, `Container nginx failed liveness probe, will be restarted` after
 * a liveness (or startup) failure (kuberuntime_manager.go computePodActions).
 */
export function killingMessage(container: string, probe: 'liveness' | 'startup' | null): string {
  return probe === null ? `Stopping container ${container}` : `Container ${container} failed ${probe} probe, will be restarted`;
}

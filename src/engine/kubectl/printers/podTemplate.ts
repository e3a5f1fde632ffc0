// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3): the prefix
// writer, DescribePodTemplate, describeContainers, the multi-line label/annotation/toleration
// printers and DescribeEvents. Output is tab-separated; describe aligns it with tabbedString.
import type { Container, Event, PodTemplateSpec, Probe, Toleration } from '../../api/types.ts';
import { goSort } from '../../lib/goSort.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { LastAppliedConfigAnnotation } from '../../api/constants.ts';
import type { Volume } from '../../api/statefulTypes.ts';
import { describeVolumes } from './volumes.ts';
import { eventFrom, eventInterval } from './eventsPrinter.ts';

/** A text buffer written in describe's indentation levels (two spaces per level). */
export class PrefixWriter {
  /** Flushed segments: each is aligned on its own (DescribeEvents flushes before its table). */
  readonly segments: string[] = [''];
  write(level: number, text: string): void {
    this.segments[this.segments.length - 1] += '  '.repeat(level) + text;
  }
  flush(): void {
    this.segments.push('');
  }
}

const maxAnnotationLen = 140;

/** printLabelsMultiline: `Labels:\tapp=nginx` then one `\tk=v` line per further label, sorted; `<none>` when empty. */
export function printLabelsMultiline(w: PrefixWriter, title: string, labels: Record<string, string> | undefined): void {
  w.write(0, `${title}:\t`);
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  keys.forEach((k, i) => {
    w.write(0, `${i ? '\t' : ''}${k}=${labels?.[k] ?? ''}\n`);
  });
}

/** printAnnotationsMultiline: `key: value` per annotation (sorted, last-applied-configuration hidden); long ones on their own lines. */
export function printAnnotationsMultiline(w: PrefixWriter, title: string, annotations: Record<string, string> | undefined): void {
  w.write(0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => k !== LastAppliedConfigAnnotation)
    .sort();
  if (keys.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  keys.forEach((key, i) => {
    if (i) w.write(0, '\t');
    const value = (annotations?.[key] ?? '').replace(/\n$/, '');
    if (value.length + key.length + 2 > maxAnnotationLen || value.includes('\n')) {
      w.write(0, `${key}:\n`);
      for (const s of value.split('\n')) {
        w.write(0, `\t  ${s.length > maxAnnotationLen - 2 ? `${s.slice(0, maxAnnotationLen - 2)}...` : s}\n`);
      }
    } else {
      w.write(0, `${key}: ${value}\n`);
    }
  });
}

export function printTolerationsMultiline(w: PrefixWriter, title: string, tolerations: readonly Toleration[] | undefined): void {
  w.write(0, `${title}:\t`);
  const list = [...(tolerations ?? [])].sort((a, b) => ((a.key ?? '') < (b.key ?? '') ? -1 : (a.key ?? '') > (b.key ?? '') ? 1 : 0));
  if (list.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  list.forEach((t, i) => {
    let s = (i ? '\t' : '') + (t.key ?? '');
    if (t.value) s += `=${t.value}`;
    if (t.effect) s += `:${t.effect}`;
    if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds !== undefined) s += ` for ${t.tolerationSeconds}s`;
    w.write(0, `${s}\n`);
  });
}

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

function describeContainer(c: Container, w: PrefixWriter): void {
  w.write(1, ` ${c.name}:\n`);
  w.write(2, `Image:\t${c.image}\n`);
  describeContainerPorts(c, w);
  describeContainerCommand(c, w);
  describeContainerResources(c, w);
  describeContainerProbes(c, w);
  describeContainerEnv(c, w);
  describeContainerMounts(c, w);
}

/**
 * describeContainerPorts writes `Port:`/`Ports:` and `Host Port:`/`Host Ports:`, each port as
 * `8080/TCP` (the API server defaults a port's protocol to TCP): its name is not printed, and a
 * port without a hostPort shows 0.
 */
export function describeContainerPorts(c: Container, w: PrefixWriter): void {
  const ports = (c.ports ?? []).map((p) => `${p.containerPort}/${p.protocol ?? 'TCP'}`).join(', ');
  const hostPorts = (c.ports ?? []).map((p) => `${p.hostPort ?? 0}/${p.protocol ?? 'TCP'}`).join(', ');
  w.write(2, ports.includes(',') ? `Ports:\t${ports}\n` : `Port:\t${ports || '<none>'}\n`);
  w.write(2, hostPorts.includes(',') ? `Host Ports:\t${hostPorts}\n` : `Host Port:\t${hostPorts || '<none>'}\n`);
}

/** describeContainerCommand writes the command and its arguments, a line each. */
export function describeContainerCommand(c: Container, w: PrefixWriter): void {
  for (const [title, list] of [['Command', c.command], ['Args', c.args]] as const) {
    if (list?.length) {
      w.write(2, `${title}:\n`);
      for (const s of list.flatMap((x) => x.split('\n'))) w.write(3, `${s}\n`);
    }
  }
}

/** describeContainerResources writes Limits then Requests, names sorted. */
export function describeContainerResources(c: Container, w: PrefixWriter): void {
  for (const [title, key] of [['Limits', 'limits'], ['Requests', 'requests']] as const) {
    const r = c.resources?.[key] ?? {};
    if (Object.keys(r).length) w.write(2, `${title}:\n`);
    for (const name of Object.keys(r).sort()) w.write(3, `${name}:\t${r[name]}\n`);
  }
}

/** describeContainerProbes is describeContainerProbe: liveness, readiness, startup, in that order. */
export function describeContainerProbes(c: Container, w: PrefixWriter): void {
  if (c.livenessProbe) w.write(2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`);
  if (c.readinessProbe) w.write(2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`);
  if (c.startupProbe) w.write(2, `Startup:\t${describeProbe(c.startupProbe)}\n`);
}

/**
 * describeContainerEnv writes `Environment Variables from:` when the container has envFrom (each
 * `NAME\tConfigMap\tOptional: false`, `… with prefix 'P_'`), then `Environment:` and each
 * variable: its value, line by line, or where it is read from
 * (`<set to the key 'MODE' of config map 'web-config'>\tOptional: false`).
 */
export function describeContainerEnv(c: Container, w: PrefixWriter): void {
  const envFrom = c.envFrom ?? [];
  if (envFrom.length > 0) {
    w.write(2, 'Environment Variables from:\n');
    for (const e of envFrom) {
      const ref = e.configMapRef ?? e.secretRef;
      const from = e.configMapRef ? 'ConfigMap' : e.secretRef ? 'Secret' : '';
      const optional = ref?.optional === true;
      w.write(3, e.prefix ? `${ref?.name ?? ''}\t${from} with prefix '${e.prefix}'\tOptional: ${optional}\n` : `${ref?.name ?? ''}\t${from}\tOptional: ${optional}\n`);
    }
  }
  w.write(2, `Environment:${c.env?.length ? '' : '\t<none>'}\n`);
  for (const e of c.env ?? []) {
    const from = e.valueFrom;
    if (from === undefined) {
      (e.value ?? '').split('\n').forEach((s, i) => {
        w.write(3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`);
      });
    } else if (from.fieldRef) w.write(3, `${e.name}:\t (${from.fieldRef.apiVersion ?? 'v1'}:${from.fieldRef.fieldPath})\n`);
    else if (from.resourceFieldRef) w.write(3, `${e.name}:\t (${from.resourceFieldRef.resource})\n`);
    else if (from.secretKeyRef) {
      const r = from.secretKeyRef;
      w.write(3, `${e.name}:\t<set to the key '${r.key}' in secret '${r.name ?? ''}'>\tOptional: ${r.optional === true}\n`);
    } else if (from.configMapKeyRef) {
      const r = from.configMapKeyRef;
      w.write(3, `${e.name}:\t<set to the key '${r.key}' of config map '${r.name ?? ''}'>\tOptional: ${r.optional === true}\n`);
    }
  }
}

interface VolumeMount {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  subPath?: string;
}

/** describeContainerMounts is describeContainerVolumes: `path from volume (rw)`, sorted by mount path. */
export function describeContainerMounts(c: Container, w: PrefixWriter): void {
  const mounts = [...((c as { volumeMounts?: VolumeMount[] }).volumeMounts ?? [])].sort((a, b) => (a.mountPath < b.mountPath ? -1 : a.mountPath > b.mountPath ? 1 : 0));
  w.write(2, `Mounts:${mounts.length ? '' : '\t<none>'}\n`);
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw', ...(m.subPath ? [`path=${JSON.stringify(m.subPath)}`] : [])];
    w.write(3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
  }
}

/** describePodTemplate is DescribePodTemplate: labels, annotations, containers, volumes, node selectors, tolerations. */
export function describePodTemplate(t: PodTemplateSpec, w: PrefixWriter): void {
  w.write(0, 'Pod Template:\n');
  printLabelsMultiline(w, '  Labels', t.metadata?.labels);
  if (Object.keys(t.metadata?.annotations ?? {}).length) printAnnotationsMultiline(w, '  Annotations', t.metadata?.annotations);
  // The init containers first, when there are any, as describeContainers("Init Containers", …) writes them.
  const init = t.spec.initContainers ?? [];
  if (init.length > 0) {
    w.write(0, '  Init Containers:\n');
    for (const c of init) describeContainer(c, w);
  }
  w.write(0, `  Containers:${t.spec.containers.length ? '' : ' <none>'}\n`);
  for (const c of t.spec.containers) describeContainer(c, w);
  describeVolumes((t.spec as { volumes?: Volume[] }).volumes ?? [], w, '  ');
  printLabelsMultiline(w, '  Node-Selectors', t.spec.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', t.spec.tolerations);
}

/**
 * describeEvents is DescribeEvents: `Events:\t<none>`, or a flush and the table Type, Reason,
 * Age (`5m`, or `2m (x3 over 5m)` for a repeated event: eventInterval), From (source component,
 * or reporting controller), Message, ordered by lastTimestamp.
 */
export function describeEvents(events: readonly Event[], nowMs: number, w: PrefixWriter): void {
  if (events.length === 0) {
    w.write(0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  // SortableEvents: by lastTimestamp, in Go's sort.Sort, so Events of one second come out in
  // kubectl's order (not stable past 12 Events).
  // An Event without lastTimestamp (written through events.k8s.io) sorts as the zero time: first.
  const ts = (e: Event) => {
    const t = parseRFC3339(e.lastTimestamp);
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  };
  const sorted = [...events];
  goSort({ less: (i, j) => ts(sorted[i] as Event) < ts(sorted[j] as Event), swap: (i, j) => ([sorted[i], sorted[j]] = [sorted[j] as Event, sorted[i] as Event]) }, sorted.length);
  w.write(0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) w.write(1, `${e.type}\t${e.reason}\t${eventInterval(e, nowMs)}\t${eventFrom(e)}\t${e.message.trim()}\n`);
}

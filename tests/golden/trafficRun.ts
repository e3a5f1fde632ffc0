/** The traffic golden runs (issue 22): the classic cases on a 10-replica Deployment and the single-replica pair. */
import { openScenarioText } from '../../cli/run.ts';
import { cliArgs } from './support.ts';

export type Probe = 'none' | 'probe' | 'probe+preStop';

export interface TrafficCase {
  replicas: number;
  probe: Probe;
  /** rollingUpdate as YAML flow, e.g. `{ maxSurge: 0, maxUnavailable: 1 }`; default: the 25%/25% default. */
  rollingUpdate?: string;
  seed?: number;
  keepAlive?: boolean;
  onSigterm?: 'exit' | 'drain';
}

/** trafficScenario: web:1 → web:2 at 30 s behind Service web, 100 rps from node-1 from 10 s; the application listens 2 s after its start. */
export function trafficScenario(c: TrafficCase): string {
  const probe =
    c.probe === 'none'
      ? ''
      : `
              readinessProbe: { httpGet: { path: /healthz, port: 8080 }, periodSeconds: 1 }`;
  const preStop =
    c.probe === 'probe+preStop'
      ? `
              lifecycle: { preStop: { sleep: { seconds: 5 } } }`
      : '';
  const strategy = c.rollingUpdate ? `\n      strategy: { type: RollingUpdate, rollingUpdate: ${c.rollingUpdate} }` : '';
  return `version: 1
name: traffic ${c.probe}
seed: ${c.seed ?? 1}
cluster:
  nodes: 3
  images:
    default: { readySeconds: 2${c.onSigterm ? `, onSigterm: ${c.onSigterm}` : ''} }
  traffic:
    - { at: 10, service: web, rps: 100, node: node-1, keepAlive: ${c.keepAlive ?? false} }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: ${c.replicas}
      selector: { matchLabels: { app: web } }${strategy}
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - name: web
              image: "web:1"
              ports: [{ containerPort: 8080 }]${probe}${preStop}
  - apiVersion: v1
    kind: Service
    metadata: { name: web }
    spec:
      selector: { app: web }
      ports: [{ port: 80, targetPort: 8080 }]
actions:
  - at: 30
    kubectl: set image deployment/web web=web:2
`;
}

/** TrafficFigures: the second rollout's traffic object of `--output summary`. */
export interface TrafficFigures {
  requests: number;
  ok: number;
  refused: number;
  reset: number;
  timeout: number;
  http503: number;
  errors: number;
  longestErrorBurstSeconds: number;
}

/** rolloutTraffic runs the case with `--output summary --until 120` and reads the rollout at 30 s. */
export function rolloutTraffic(c: TrafficCase): TrafficFigures {
  const run = openScenarioText(trafficScenario(c), cliArgs(['x.yaml', '--output', 'summary', '--until', '120']));
  const lines = [...run.chunks].flat();
  if (run.code !== 0) throw new Error(run.stderr.join('\n'));
  const r = lines.map((l) => JSON.parse(l)).find((x) => x.startSeconds === 30);
  const t = r?.traffic;
  if (!t) throw new Error(`no traffic figures: ${lines.join('\n')}`);
  return { requests: t.requests, ok: t.ok, refused: t.refused, reset: t.reset, timeout: t.timeout, http503: t.http503, errors: t.requests - t.ok, longestErrorBurstSeconds: t.longestErrorBurstSeconds };
}

// The served API driven by the real kubectl (the machines' dispatcher, v1.32.4 by default), verb by
// verb as kubectl-wire.md lists them, errors included; and the served tables compared byte for byte
// with the page's own `kubectl get` on the same state.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, runUntil } from '../src/engine/sim.ts';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { toSimConfig } from '../src/scenario/toSimConfig.ts';
import { type Harness, pageKubectl, rolledOut, servedObjects, servedUntil, startHarness } from './kubectlHarness.ts';

const WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
spec:
  replicas: 4
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: nginx
        image: nginx:1.26
`;

const AGENT = `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec: {containers: [{name: agent, image: "agent:1"}]}
`;

describe('kubectl against npm run serve', () => {
  let h: Harness;
  const file = (name: string, text: string) => {
    const p = join(h.dir, name);
    writeFileSync(p, text);
    return p;
  };
  beforeAll(async () => {
    h = await startHarness({ speed: 10, record: true });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('applies a new Deployment, then reports it unchanged', async () => {
    const web = file('web.yaml', WEB);
    expect(await h.kubectl(['apply', '-f', web])).toMatchObject({ code: 0, stdout: 'deployment.apps/web created\n' });
    expect(await h.kubectl(['apply', '-f', web])).toMatchObject({ code: 0, stdout: 'deployment.apps/web unchanged\n' });
  });

  it('waits for the rollout with rollout status', async () => {
    const r = await h.kubectl(['rollout', 'status', 'deployment/web', '--timeout=60s']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').pop()).toBe('deployment "web" successfully rolled out');
  });

  it('prints get rs, deploy and pods exactly as the page does', async () => {
    h.clock.pause();
    try {
      h.server.live.advance();
      const now = h.server.live.virtualNow();
      for (const [args, line] of [
        [['get', 'rs'], 'get rs'],
        [['get', 'deploy'], 'get deploy'],
        [['get', 'pods'], 'get pods'],
        [['get', 'pods', '-o', 'wide'], 'get pods -o wide'],
        [['get', 'nodes'], 'get nodes'],
      ] as const) {
        const r = await h.kubectl([...args]);
        expect(r.code).toBe(0);
        expect(r.stdout).toBe(pageKubectl(h, line, now));
      }
    } finally {
      h.clock.resume();
    }
  });

  it('sets the image and watches the ReplicaSets with get rs -w', async () => {
    const watching = h.watch(['get', 'rs', '-w'], (out) => /web-\w+\s+4\s+4\s+4/.test(out.split('\n').slice(3).join('\n')), 60_000);
    expect(await h.kubectl(['set', 'image', 'deployment/web', 'nginx=nginx:1.27'])).toMatchObject({ code: 0, stdout: 'deployment.apps/web image updated\n' });
    const out = await watching;
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE$/);
    expect(lines.length).toBeGreaterThan(3);
    await rolledOut(h, 'deploy/web');
  });

  it('lists, describes and prints objects', async () => {
    expect((await h.kubectl(['get', 'deploy', 'web', '-o', 'yaml'])).stdout).toMatch(/^apiVersion: apps\/v1\nkind: Deployment\n/);
    expect((await h.kubectl(['get', 'pods', '-A'])).stdout).toMatch(/^NAMESPACE\s+NAME\s+READY/);
    expect((await h.kubectl(['get', 'all'])).stdout).toMatch(/deployment\.apps\/web/);
    expect((await h.kubectl(['get', 'events'])).stdout).toMatch(/ScalingReplicaSet/);
    const d = await h.kubectl(['describe', 'deployment', 'web']);
    expect(d.code).toBe(0);
    expect(d.stdout).toMatch(/^Name:\s+web\nNamespace:\s+default\n/);
    expect(d.stdout).toMatch(/NewReplicaSet:\s+web-\w+ \(4\/4 replicas created\)/);
    expect(d.stdout).toMatch(/Normal\s+ScalingReplicaSet/);
    // The run's times are sent on the wall clock (wallClock.ts): describe's ages are the virtual ones, never days or <invalid>.
    const scaling = d.stdout.split('\n').find((l) => /ScalingReplicaSet/.test(l)) ?? '';
    expect(scaling).toMatch(/^\s+Normal\s+ScalingReplicaSet\s+(\d+m)?\d+s\s/);
  });

  it('keeps a history and rolls back, pauses, resumes and restarts', async () => {
    expect((await h.kubectl(['rollout', 'history', 'deployment/web'])).stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
    expect(await h.kubectl(['rollout', 'undo', 'deployment/web'])).toMatchObject({ code: 0, stdout: 'deployment.apps/web rolled back\n' });
    expect((await h.kubectl(['rollout', 'pause', 'deployment/web'])).stdout).toBe('deployment.apps/web paused\n');
    expect((await h.kubectl(['rollout', 'undo', 'deployment/web'])).stderr).toMatch(/you cannot rollback a paused deployment; resume it first/);
    expect((await h.kubectl(['rollout', 'resume', 'deployment/web'])).stdout).toBe('deployment.apps/web resumed\n');
    expect((await h.kubectl(['rollout', 'restart', 'deployment/web'])).stdout).toBe('deployment.apps/web restarted\n');
    await rolledOut(h, 'deployment/web');
  });

  it('scales, with and without --current-replicas', async () => {
    expect((await h.kubectl(['scale', 'deployment/web', '--replicas=6'])).stdout).toBe('deployment.apps/web scaled\n');
    expect((await h.kubectl(['scale', 'deployment/web', '--current-replicas=6', '--replicas=5'])).stdout).toBe('deployment.apps/web scaled\n');
    const wrong = await h.kubectl(['scale', 'deployment/web', '--current-replicas=9', '--replicas=2']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/Expected replicas to be 9, was 5/);
  });

  it('rolls a DaemonSet out, back and again', async () => {
    expect((await h.kubectl(['apply', '-f', file('agent.yaml', AGENT)])).stdout).toBe('daemonset.apps/agent created\n');
    await rolledOut(h, 'ds/agent');
    expect((await h.kubectl(['set', 'image', 'ds/agent', 'agent=agent:2'])).stdout).toBe('daemonset.apps/agent image updated\n');
    const st = await h.kubectl(['rollout', 'status', 'ds/agent', '--timeout=60s']);
    expect(st.stdout.trim().split('\n').pop()).toBe('daemon set "agent" successfully rolled out');
    expect((await h.kubectl(['rollout', 'history', 'ds/agent'])).stdout).toMatch(/^daemonset\.apps\/agent \nREVISION {2}CHANGE-CAUSE\n1 {9}<none>\n2 {9}<none>\n/);
    expect((await h.kubectl(['rollout', 'undo', 'ds/agent'])).stdout).toBe('daemonset.apps/agent rolled back\n');
    expect((await h.kubectl(['rollout', 'restart', 'ds/agent'])).stdout).toBe('daemonset.apps/agent restarted\n');
  });

  it('cordons, uncordons and drains a node', async () => {
    expect((await h.kubectl(['cordon', 'node-1'])).stdout).toBe('node/node-1 cordoned\n');
    expect((await h.kubectl(['cordon', 'node-1'])).stdout).toBe('node/node-1 already cordoned\n');
    expect((await h.kubectl(['uncordon', 'node-1'])).stdout).toBe('node/node-1 uncordoned\n');
    const drain = await h.kubectl(['drain', 'node-2', '--ignore-daemonsets', '--timeout=60s']);
    expect(drain.code).toBe(0);
    expect(drain.stdout).toMatch(/^node\/node-2 cordoned\n/);
    expect(drain.stdout).toMatch(/pod\/web-\w+-\w+ evicted\n/);
    expect(drain.stdout).toMatch(/node\/node-2 drained\n$/);
    expect(drain.stderr).toMatch(/Warning: ignoring DaemonSet-managed Pods: default\/agent-\w+/);
    // What the drain left is read from the served store: no web pod on node-2.
    expect(servedObjects(h, 'Pod').filter((p) => p.spec.nodeName === 'node-2' && p.metadata.labels?.app === 'web')).toEqual([]);
    expect((await h.kubectl(['uncordon', 'node-2'])).stdout).toBe('node/node-2 uncordoned\n');
  });

  it('answers errors as kube-apiserver does', async () => {
    expect(await h.kubectl(['get', 'deployment', 'nope'])).toMatchObject({ code: 1, stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n' });
    const bad = await h.kubectl(['apply', '-f', file('bad.yaml', WEB.replace('replicas: 4', 'replicas: -3').replace('name: web', 'name: bad'))]);
    expect(bad.stderr).toBe('The Deployment "bad" is invalid: spec.replicas: Invalid value: -3: must be greater than or equal to 0\n');
    const again = await h.kubectl(['create', '-f', file('web2.yaml', WEB)]);
    expect(again.stderr).toMatch(/^Error from server \(AlreadyExists\): error when creating ".*web2\.yaml": deployments\.apps "web" already exists\n$/);
    const typo = await h.kubectl(['apply', '-f', file('typo.yaml', WEB.replace('replicas: 4', 'replica: 4').replace('name: web', 'name: typo'))]);
    expect(typo.stderr).toMatch(/Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec\.replica"/);
  });

  it('deletes a Deployment and waits for it', async () => {
    expect(await h.kubectl(['delete', 'deployment', 'web'])).toMatchObject({ code: 0, stdout: 'deployment.apps "web" deleted\n' });
    expect(servedObjects(h, 'Deployment').map((d) => d.metadata.name)).not.toContain('web');
  });

  it('records the session as a scenario that replays to the same store', async () => {
    await h.server.stop();
    const text = readFileSync(join(h.dir, 'session.yaml'), 'utf8');
    const parsed = parseScenarioText(text);
    if (!parsed.ok) throw new Error(parsed.errors[0]);
    const live = h.server.live;
    const replay = createEngine(toSimConfig(parsed.value));
    runUntil(replay, live.st.now);
    expect(replay.store.rv).toBe(live.st.store.rv);
    for (const kind of ['Deployment', 'ReplicaSet', 'DaemonSet', 'Pod', 'Node'] as const) {
      expect([...replay.store.objects[kind].values()]).toEqual([...live.st.store.objects[kind].values()]);
    }
  });
});

const PAYMENTS = `apiVersion: v1
kind: Namespace
metadata: {name: payments, labels: {team: pay}}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: q, namespace: payments}
spec: {hard: {pods: "5", requests.cpu: "1"}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: api, namespace: payments}
spec:
  maxUnavailable: 0
  selector: {matchLabels: {app: api}}
---
apiVersion: v1
kind: Service
metadata: {name: api, namespace: payments}
spec:
  selector: {app: api}
  ports: [{port: 80, targetPort: 8080}]
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: missing, namespace: payments}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: missing}
  maxReplicas: 4
  metrics: [{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: payments}
spec:
  replicas: 3
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec:
      containers:
      - name: api
        image: api:1
        resources: {requests: {cpu: 100m}}
`;

describe('kubectl with namespaces and the policy kinds', () => {
  let h: Harness;
  let manifest = '';
  beforeAll(async () => {
    h = await startHarness({ speed: 10, record: true });
    manifest = join(h.dir, 'payments.yaml');
    writeFileSync(manifest, PAYMENTS);
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('applies a Namespace, a quota, a budget, a Service, an autoscaler and a Deployment', async () => {
    const created = await h.kubectl(['apply', '-f', manifest]);
    expect(created).toMatchObject({ code: 0 });
    expect(created.stdout).toBe(
      [
        'namespace/payments created',
        'resourcequota/q created',
        'poddisruptionbudget.policy/api created',
        'service/api created',
        'horizontalpodautoscaler.autoscaling/missing created',
        'deployment.apps/api created',
        '',
      ].join('\n'),
    );
    await rolledOut(h, 'deployment/api -n payments');
    // kubectl's own patch always carries a budget's selector (patchStrategy "replace"), so it says configured.
    const again = await h.kubectl(['apply', '-f', manifest]);
    expect(again.stdout).toMatch(/^namespace\/payments unchanged\nresourcequota\/q unchanged\npoddisruptionbudget\.policy\/api (configured|unchanged)\nservice\/api unchanged\n/);
  });

  it('prints namespaces and each policy kind exactly as the page does', async () => {
    h.clock.pause();
    try {
      h.server.live.advance();
      const now = h.server.live.virtualNow();
      for (const line of ['get ns', 'get resourcequota -n payments', 'get pdb -n payments', 'get svc -n payments', 'get hpa -n payments', 'get pods -n payments', 'get pdb -A']) {
        const r = await h.kubectl(line.split(' '));
        expect(r.code, line).toBe(0);
        expect(r.stdout, line).toBe(pageKubectl(h, line, now));
      }
    } finally {
      h.clock.resume();
    }
    expect((await h.kubectl(['get', 'ns', 'payments', '--show-labels'])).stdout).toMatch(/kubernetes\.io\/metadata\.name=payments,team=pay/);
    expect((await h.kubectl(['describe', 'resourcequota', 'q', '-n', 'payments'])).stdout).toMatch(/pods\s+3\s+5\nrequests\.cpu\s+300m\s+1\n/);
  });

  it('refuses the pods over the quota in the API server words', async () => {
    expect((await h.kubectl(['scale', 'deployment/api', '-n', 'payments', '--replicas=8'])).code).toBe(0);
    await servedUntil(h, 'a FailedCreate Event', () => servedObjects(h, 'Event').some((e) => e.metadata.namespace === 'payments' && e.reason === 'FailedCreate') || 'none yet', 10_000);
    expect((await h.kubectl(['get', 'events', '-n', 'payments'])).stdout).toMatch(/FailedCreate\s+replicaset\/api-\w+\s+Error creating: pods "api-\w+-\w+" is forbidden: exceeded quota: q, requested: pods=1, used: pods=5, limited: pods=5/);
    expect((await h.kubectl(['scale', 'deployment/api', '-n', 'payments', '--replicas=3'])).code).toBe(0);
  });

  it('drains through the budget: 429 and retries until --timeout, then evicts once the budget is gone', async () => {
    await rolledOut(h, 'deployment/api -n payments');
    const node = servedObjects(h, 'Pod').find((p) => p.metadata.namespace === 'payments')?.spec.nodeName ?? '';
    expect(node).toMatch(/^node-\d$/);
    const held = await h.kubectl(['drain', node, '--ignore-daemonsets', '--timeout=3s']);
    expect(held.code).toBe(1);
    expect(held.stderr).toMatch(/error when evicting pods\/"api-\w+-\w+" -n "payments" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget\./);
    expect(held.stderr).toMatch(/global timeout reached: 3s/);
    expect((await h.kubectl(['delete', 'pdb', 'api', '-n', 'payments'])).stdout).toBe('poddisruptionbudget.policy "api" deleted\n');
    const drained = await h.kubectl(['drain', node, '--ignore-daemonsets', '--timeout=60s']);
    expect(drained.code).toBe(0);
    expect(drained.stdout).toMatch(/pod\/api-\w+-\w+ evicted\n/);
    expect((await h.kubectl(['uncordon', node])).stdout).toBe(`node/${node} uncordoned\n`);
  });

  it('deletes a namespace once the namespace controller has emptied it, and never default', async () => {
    expect(await h.kubectl(['delete', 'namespace', 'default'])).toMatchObject({
      code: 1,
      stderr: 'Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted\n',
    });
    // kubectl waits for the namespace to go: Terminating until its pods are gone, then finalized.
    expect(await h.kubectl(['delete', 'namespace', 'payments', '--timeout=60s'])).toMatchObject({ code: 0, stdout: 'namespace "payments" deleted\n' });
    // What the namespace's deletion left is read from the served store: nothing in payments.
    const left = (['Pod', 'Service', 'DaemonSet', 'Deployment', 'ReplicaSet', 'StatefulSet', 'HorizontalPodAutoscaler'] as const).flatMap((k) => servedObjects(h, k)).filter((o) => o.metadata.namespace === 'payments');
    expect(left.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
  });

  it('records a session that replays to the same objects of every kind', async () => {
    await h.server.stop();
    const parsed = parseScenarioText(readFileSync(join(h.dir, 'session.yaml'), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.errors[0]);
    const live = h.server.live;
    const replay = createEngine(toSimConfig(parsed.value));
    runUntil(replay, live.st.now);
    expect(replay.store.rv).toBe(live.st.store.rv);
    for (const kind of ['Namespace', 'ResourceQuota', 'PodDisruptionBudget', 'Service', 'HorizontalPodAutoscaler', 'Deployment', 'Pod', 'Event'] as const) {
      expect([...replay.store.objects[kind].values()], kind).toEqual([...live.st.store.objects[kind].values()]);
    }
  });
});

describe.each(['v1.27.0', 'v1.28.0', 'v1.33.0'])('the main flows with the kubectl bundled for %s', (gitVersion) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ speed: 20, gitVersion });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('runs that kubectl', async () => {
    const minor = gitVersion.split('.')[1];
    expect((await h.kubectl(['version', '-o', 'json'])).stdout).toMatch(new RegExp(`"clientVersion":[^}]*"minor": "${minor}"`));
  });

  it('applies, rolls out, scales and deletes', async () => {
    const web = join(h.dir, 'web.yaml');
    writeFileSync(web, WEB);
    expect((await h.kubectl(['apply', '-f', web])).stdout).toBe('deployment.apps/web created\n');
    await rolledOut(h, 'deploy/web');
    expect((await h.kubectl(['set', 'image', 'deploy/web', 'nginx=nginx:1.27'])).stdout).toBe('deployment.apps/web image updated\n');
    expect((await h.kubectl(['rollout', 'status', 'deploy/web', '--timeout=60s'])).stdout).toMatch(/successfully rolled out\n$/);
    expect((await h.kubectl(['get', 'rs'])).stdout).toMatch(/^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\n/);
    expect((await h.kubectl(['scale', 'deploy/web', '--replicas=2'])).stdout).toBe('deployment.apps/web scaled\n');
    expect((await h.kubectl(['rollout', 'undo', 'deploy/web'])).stdout).toBe('deployment.apps/web rolled back\n');
    expect((await h.kubectl(['delete', 'deploy', 'web'])).stdout).toBe('deployment.apps "web" deleted\n');
  });
});

import { describe, expect, it } from 'vitest';
import { advance, agentDaemonSet, kubectl, objects, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';

const cluster = () => settledCluster([webDeployment(), agentDaemonSet()]);

describe('runGet', () => {
  it.each([
    ['get deploy', 'NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    4/4     4            4           30s'],
    ['get rs', 'NAME             DESIRED   CURRENT   READY   AGE\nweb-5c8ddf846f   4         4         4       30s'],
    [
      'get rs -o wide',
      'NAME             DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES      SELECTOR\nweb-5c8ddf846f   4         4         4       30s   nginx        nginx:1.8   app=web,pod-template-hash=5c8ddf846f',
    ],
    [
      'get ds',
      'NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE\nagent   3         3         3       3            3           <none>          30s',
    ],
    [
      'get nodes',
      'NAME     STATUS   ROLES    AGE   VERSION\nnode-1   Ready    <none>   30s   v1.36.3\nnode-2   Ready    <none>   30s   v1.36.3\nnode-3   Ready    <none>   30s   v1.36.3',
    ],
    ['get deploy -o name', 'deployment.apps/web'],
    ['get deploy --watch-only', ''],
  ])('prints the table or names of %s from the store at the tick’s time', (line, output) => {
    expect(kubectl(cluster(), line)).toEqual({ ok: true, output });
  });

  it('prints the pods of a selector with AGE from the virtual clock', () => {
    const st = cluster();
    const agents = objects(st, 'Pod').filter((p) => p.metadata.labels?.app === 'agent');
    const rows = agents.map((p) => `${p.metadata.name}   1/1     Running   0          30s`);
    expect(kubectl(st, 'get pods -l app=agent')).toEqual({ ok: true, output: ['NAME          READY   STATUS    RESTARTS   AGE', ...rows].join('\n') });
    expect(kubectl(st, 'get pods -l app=agent -w')).toEqual(kubectl(st, 'get pods -l app=agent'));
  });

  it('prints the current table when a rollout is half way', () => {
    const st = cluster();
    kubectl(st, 'set image deploy/web nginx=nginx:1.9');
    advance(st, 2);
    expect(kubectl(st, 'get rs').output).toBe(
      'NAME             DESIRED   CURRENT   READY   AGE\nweb-5c8ddf846f   3         3         3       32s\nweb-78df7df68    2         2         0       2s',
    );
  });

  it.each([
    ['one named object', 'get deploy web -o json', 'Deployment'],
    ['a whole kind', 'get deploy -o json', 'List'],
  ])('prints %s as JSON with sorted keys', (_what, line, kind) => {
    const out = kubectl(cluster(), line);
    expect(out.ok).toBe(true);
    const doc = JSON.parse(out.output) as { kind: string };
    expect(doc.kind).toBe(kind);
    expect(out.output.startsWith('{\n    "apiVersion": ')).toBe(true);
  });

  it('prints YAML of the stored object with its status', () => {
    const out = kubectl(cluster(), 'get deploy web -o yaml').output;
    expect(out.startsWith('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  annotations:\n    deployment.kubernetes.io/revision: "1"\n')).toBe(true);
    expect(out).toContain('\n      containers:\n      - image: nginx:1.8\n');
    expect(out).toContain('\n  observedGeneration: 1\n');
  });

  it.each([
    ['the kind has no objects', 'get rs -l app=none', { ok: true, output: 'No resources found in default namespace.' }],
    [
      'one name is missing',
      'get rs web-5c8ddf846f nope',
      {
        ok: false,
        output: 'NAME             DESIRED   CURRENT   READY   AGE\nweb-5c8ddf846f   4         4         4       30s\nError from server (NotFound): replicasets.apps "nope" not found',
      },
    ],
  ])('reports what is missing when %s', (_why, line, result) => {
    expect(kubectl(cluster(), line)).toEqual(result);
  });
});

const DESCRIBE_WEB = `Name:                   web
Namespace:              default
CreationTimestamp:      Thu, 01 Jan 2026 00:00:00 +0000
Labels:                 app=web
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=web
Replicas:               4 desired | 4 updated | 4 total | 4 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=web
  Containers:
   nginx:
    Image:         nginx:1.8
    Port:          <none>
    Host Port:     <none>
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable
OldReplicaSets:  <none>
NewReplicaSet:   web-5c8ddf846f (4/4 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  30s   deployment-controller  Scaled up replica set web-5c8ddf846f from 0 to 4`;

describe('runDescribe', () => {
  it.each([['describe deployment web'], ['describe deployments']])('prints the Deployment with its ReplicaSets and events for %s', (line) => {
    expect(kubectl(cluster(), line)).toEqual({ ok: true, output: DESCRIBE_WEB });
  });

  // kubectl 1.36 (b902e4389, "Skip events for multi-object kubectl describe"): a name matched by
  // prefix, or several objects, are described without their Events unless --show-events is given.
  const WITHOUT_EVENTS = DESCRIBE_WEB.slice(0, DESCRIBE_WEB.indexOf('\nEvents:'));
  it.each([
    ['describe deploy we', `${WITHOUT_EVENTS}\n`],
    ['describe deploy we --show-events', `${DESCRIBE_WEB}\n`],
    ['describe deploy web --show-events=false', WITHOUT_EVENTS],
    ['describe deploy web --show-events=true', DESCRIBE_WEB],
  ])('prints a blank line after each description a name prefix matched, and the Events as --show-events says: %s', (line, output) => {
    expect(kubectl(cluster(), line)).toEqual({ ok: true, output });
  });

  it.each([
    ['describe deploy/we', 'Error from server (NotFound): deployments.apps "we" not found'],
    ['describe deploy we web', 'Error from server (NotFound): deployments.apps "we" not found'],
  ])('matches no prefix unless the line is exactly TYPE NAME: %s', (line, error) => {
    const out = kubectl(cluster(), line);
    expect(out.ok).toBe(false);
    expect(out.output.split('\n').at(-1)).toBe(error);
    // `deploy we web` still describes web, without its Events (an error came with it).
    expect(out.output.startsWith(line.endsWith('web') ? WITHOUT_EVENTS : 'Error')).toBe(true);
  });

  it('prints the DaemonSet with its pod counts and events', () => {
    const st = cluster();
    const out = kubectl(st, 'describe ds agent').output;
    expect(out.split('\n').slice(0, 12)).toEqual([
      'Name:           agent',
      'Namespace:      default',
      'Selector:       app=agent',
      'Node-Selector:  <none>',
      'Labels:         app=agent',
      'Annotations:    <none>',
      'Desired Number of Nodes Scheduled: 3',
      'Current Number of Nodes Scheduled: 3',
      'Number of Nodes Scheduled with Up-to-date Pods: 3',
      'Number of Nodes Scheduled with Available Pods: 3',
      'Number of Nodes Misscheduled: 0',
      'Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed',
    ]);
    const created = objects(st, 'Pod').filter((p) => p.metadata.labels?.app === 'agent').length;
    expect(out.split('\n').filter((l) => l.includes('SuccessfulCreate  30s   daemonset-controller  Created pod: agent-'))).toHaveLength(created);
  });

  it('separates two descriptions with a blank line, and leaves their Events out unless --show-events is given', () => {
    const st = settledCluster([webDeployment(), { ...webDeployment(), metadata: { name: 'web2', labels: { app: 'web' } } }]);
    const out = kubectl(st, 'describe deploy').output;
    expect(out.split('\n\nName:')).toHaveLength(2);
    expect(out).not.toContain('Events:');
    expect(kubectl(st, 'describe deploy web web2').output).toBe(out);
    expect(kubectl(st, 'describe deploy --show-events').output.match(/^Events:$/gm)).toHaveLength(2);
  });

  it('leaves the Events out when a name is not found beside one that is', () => {
    const r = kubectl(cluster(), 'describe deploy web nope');
    expect(r.ok).toBe(false);
    expect(r.output).toContain(WITHOUT_EVENTS);
    expect(r.output).not.toContain('Events:');
  });
});

describe('runRolloutStatus', () => {
  it.each([
    ['deployment/web', 'deployment "web" successfully rolled out'],
    ['ds/agent', 'daemon set "agent" successfully rolled out'],
  ])('prints the viewer’s line for %s once settled', (target, output) => {
    expect(kubectl(cluster(), `rollout status ${target}`)).toEqual({ ok: true, output });
  });

  it('prints the current step of a rollout under way, watching or not', () => {
    const st = cluster();
    kubectl(st, 'set image deploy/web nginx=nginx:1.9');
    expect(kubectl(st, 'rollout status deploy/web')).toEqual({ ok: true, output: 'Waiting for deployment spec update to be observed...' });
    advance(st, 2);
    const line = 'Waiting for deployment "web" rollout to finish: 2 out of 4 new replicas have been updated...';
    expect(kubectl(st, 'rollout status deploy/web')).toEqual({ ok: true, output: line });
    expect(kubectl(st, 'rollout status deploy/web --watch=false')).toEqual({ ok: true, output: line });
  });

  it('prints each object the selector matches, and stops at the first not done while it watches', () => {
    const st = settledCluster([webDeployment(), { ...webDeployment(), metadata: { name: 'web2', labels: { app: 'web' } } }]);
    const done = (n: string) => `deployment "${n}" successfully rolled out`;
    expect(kubectl(st, 'rollout status deploy -l app=web')).toEqual({ ok: true, output: `${done('web')}\n${done('web2')}` });
    kubectl(st, 'set image deploy/web nginx=nginx:1.9');
    advance(st, 2);
    const waiting = kubectl(st, 'rollout status deploy -l app=web');
    expect(waiting.output).toMatch(/^Waiting for deployment "web" rollout to finish: \d out of 4 new replicas have been updated\.\.\.$/);
    expect(kubectl(st, 'rollout status deploy -l app=web --watch=false').output).toBe(`${waiting.output}\n${done('web2')}`);
  });

  it('says no resources were found, as kubectl does, when the selector matches none', () => {
    expect(kubectl(settledCluster(), 'rollout status deploy -l app=none')).toEqual({ ok: true, output: 'No resources found in default namespace.' });
  });

  it('fails when --revision differs from the running revision', () => {
    expect(kubectl(cluster(), 'rollout status deploy/web --revision=2')).toEqual({
      ok: false,
      output: 'error: desired revision (2) is different from the running revision (1)',
    });
  });
});

describe('runRolloutHistory', () => {
  it.each([
    ['deployment/web', 'deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n'],
    ['daemonset/agent', 'daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         <none>\n'],
  ])('lists the revisions of %s', (target, output) => {
    expect(kubectl(cluster(), `rollout history ${target}`)).toEqual({ ok: true, output });
  });

  it('prints the pod template of one revision', () => {
    expect(kubectl(cluster(), 'rollout history deployment/web --revision=1').output.split('\n').slice(0, 4)).toEqual([
      'deployment.apps/web with revision #1',
      'Pod Template:',
      '  Labels:\tapp=web',
      '\tpod-template-hash=5c8ddf846f',
    ]);
  });

  it('fails for a revision that does not exist', () => {
    expect(kubectl(cluster(), 'rollout history deployment/web --revision=7')).toEqual({ ok: false, output: 'error: unable to find the specified revision' });
  });
});

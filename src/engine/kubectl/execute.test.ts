import { describe, expect, it } from 'vitest';
import { RestartedAtAnnotation, RevisionAnnotation, RevisionHistoryAnnotation } from '../api/constants.ts';
import { deploymentStatusViewer } from './rolloutStatus.ts';
import { consoleCompletions } from './execute.ts';
import { advance, agentDaemonSet, kubectl, objects, replicaSets, settledCluster, web, webDeployment } from '../sim/executeTestEngine.ts';

const images = (st: ReturnType<typeof settledCluster>) =>
  objects(st, 'Pod')
    .filter((p) => p.metadata.labels?.app === 'web')
    .map((p) => p.spec.containers[0]?.image);

describe('executeKubectl', () => {
  it('updates the template and completes the rollout when set image runs', () => {
    const st = settledCluster();
    expect(kubectl(st, 'set image deployment/web nginx=nginx:1.9')).toEqual({ ok: true, output: 'deployment.apps/web image updated' });
    expect(web(st).spec.template.spec.containers[0]?.image).toBe('nginx:1.9');
    advance(st, 60);
    expect(deploymentStatusViewer(web(st)).message).toBe('deployment "web" successfully rolled out\n');
    expect(replicaSets(st).map((rs) => [rs.metadata.name, rs.spec.replicas])).toEqual([
      ['web-5c8ddf846f', 0],
      ['web-78df7df68', 4],
    ]);
    expect(images(st)).toEqual(['nginx:1.9', 'nginx:1.9', 'nginx:1.9', 'nginx:1.9']);
  });

  it('prints nothing and writes nothing when set image finds the image already set', () => {
    const st = settledCluster();
    const rv = web(st).metadata.resourceVersion;
    expect(kubectl(st, 'set image deploy/web nginx=nginx:1.8')).toEqual({ ok: true, output: '' });
    expect(web(st).metadata.resourceVersion).toBe(rv);
  });

  it('scales the Deployment and its ReplicaSet when scale runs', () => {
    const st = settledCluster();
    expect(kubectl(st, 'scale deployment/web --replicas=6')).toEqual({ ok: true, output: 'deployment.apps/web scaled' });
    advance(st, 30);
    expect(web(st).status?.availableReplicas).toBe(6);
    expect(replicaSets(st).map((rs) => rs.spec.replicas)).toEqual([6]);
  });

  it('holds the template change until resume when the Deployment is paused', () => {
    const st = settledCluster();
    expect(kubectl(st, 'rollout pause deployment/web')).toEqual({ ok: true, output: 'deployment.apps/web paused' });
    expect(kubectl(st, 'rollout pause deployment/web')).toEqual({ ok: false, output: 'error: deployments.apps "web" is already paused' });
    kubectl(st, 'set image deployment/web nginx=nginx:1.9');
    advance(st, 30);
    expect(replicaSets(st).map((rs) => rs.metadata.name)).toEqual(['web-5c8ddf846f']);
    expect(images(st)).toEqual(['nginx:1.8', 'nginx:1.8', 'nginx:1.8', 'nginx:1.8']);
    expect(kubectl(st, 'rollout status deployment/web')).toEqual({
      ok: true,
      output: 'Waiting for deployment "web" rollout to finish: 0 out of 4 new replicas have been updated...',
    });
    expect(kubectl(st, 'rollout resume deployment/web')).toEqual({ ok: true, output: 'deployment.apps/web resumed' });
    advance(st, 60);
    expect(replicaSets(st).map((rs) => [rs.metadata.name, rs.spec.replicas])).toEqual([
      ['web-5c8ddf846f', 0],
      ['web-78df7df68', 4],
    ]);
    expect(kubectl(st, 'rollout resume deployment/web')).toEqual({ ok: false, output: 'error: deployments.apps "web" is not paused' });
  });

  it('reuses the old ReplicaSet with a new revision and the revision history when rollout undo runs', () => {
    const st = settledCluster();
    kubectl(st, 'set image deployment/web nginx=nginx:1.9');
    advance(st, 60);
    expect(kubectl(st, 'rollout undo deployment/web')).toEqual({ ok: true, output: 'deployment.apps/web rolled back' });
    advance(st, 60);
    const [first, second] = replicaSets(st);
    expect(first?.metadata.name).toBe('web-5c8ddf846f');
    expect(first?.spec.replicas).toBe(4);
    expect(first?.metadata.annotations?.[RevisionAnnotation]).toBe('3');
    expect(first?.metadata.annotations?.[RevisionHistoryAnnotation]).toBe('1');
    expect(second?.spec.replicas).toBe(0);
    expect(web(st).metadata.annotations?.[RevisionAnnotation]).toBe('3');
    expect(images(st)).toEqual(['nginx:1.8', 'nginx:1.8', 'nginx:1.8', 'nginx:1.8']);
    expect(kubectl(st, 'rollout history deployment/web')).toEqual({
      ok: true,
      output: 'deployment.apps/web \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n',
    });
  });

  it.each([
    ['the revision does not exist', 'rollout undo deployment/web --to-revision=99', 'error: unable to find specified revision 99 in history'],
    ['there is no earlier revision', 'rollout undo deployment/web', 'error: no rollout history found for deployment "web"'],
    ['the DaemonSet has one revision', 'rollout undo daemonset/agent', 'error: no last revision to roll back to'],
  ])('prints kubectl’s error when %s', (_why, line, output) => {
    const st = settledCluster([webDeployment(), agentDaemonSet()]);
    expect(kubectl(st, line)).toEqual({ ok: false, output });
  });

  it('stamps restartedAt and rolls out a new ReplicaSet when rollout restart runs', () => {
    const st = settledCluster();
    expect(kubectl(st, 'rollout restart deployment/web')).toEqual({ ok: true, output: 'deployment.apps/web restarted' });
    expect(web(st).spec.template.metadata?.annotations).toEqual({ [RestartedAtAnnotation]: '2026-01-01T00:00:30Z' });
    advance(st, 60);
    const rss = replicaSets(st);
    expect(rss.map((rs) => rs.spec.replicas)).toEqual([0, 4]);
    expect(rss[1]?.spec.template.metadata?.annotations?.[RestartedAtAnnotation]).toBe('2026-01-01T00:00:30Z');
  });

  it('refuses an invalid patch with the API server’s message and writes nothing', () => {
    const st = settledCluster();
    const before = web(st);
    const patch = `'{"spec":{"strategy":{"rollingUpdate":{"maxSurge":0,"maxUnavailable":0}}}}'`;
    expect(kubectl(st, `patch deployment web -p ${patch}`)).toEqual({
      ok: false,
      output: 'The Deployment "web" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0',
    });
    expect(web(st)).toBe(before);
  });

  it.each([
    ['a merge patch changes the spec', `patch deploy web --type merge -p '{"spec":{"minReadySeconds":5}}'`, 'deployment.apps/web patched', 5],
    ['the patch changes nothing', `patch deploy web -p '{"spec":{"replicas":4}}'`, 'deployment.apps/web patched (no change)', undefined],
    ['the patch sets a field to its default', `patch deploy web -p '{"spec":{"revisionHistoryLimit":10}}'`, 'deployment.apps/web patched (no change)', undefined],
  ])('prints the patch line when %s', (_why, line, output, minReadySeconds) => {
    const st = settledCluster();
    expect(kubectl(st, line)).toEqual({ ok: true, output });
    expect(web(st).spec.minReadySeconds).toBe(minReadySeconds);
  });

  it('patches only the status through --subresource=status, as Kubernetes’ daemon e2e test fails a pod', () => {
    const st = settledCluster();
    const pod = objects(st, 'Pod')[0] as { metadata: { name: string }; spec: unknown };
    const line = `patch pod ${pod.metadata.name} --subresource=status --type=merge -p '{"status":{"phase":"Failed"},"spec":{"nodeName":"x"}}'`;
    expect(kubectl(st, line)).toEqual({ ok: true, output: `pod/${pod.metadata.name} patched` });
    const after = objects(st, 'Pod').find((p) => p.metadata.name === pod.metadata.name) as { status?: { phase?: string }; spec: unknown };
    expect(after.status?.phase).toBe('Failed');
    expect(after.spec).toEqual(pod.spec);
    expect(kubectl(st, line)).toEqual({ ok: true, output: `pod/${pod.metadata.name} patched (no change)` });
  });

  it('creates, leaves alone and reconfigures a Deployment when apply -f - runs', () => {
    const st = settledCluster([]);
    expect(kubectl(st, 'apply -f -', webDeployment(2))).toEqual({ ok: true, output: 'deployment.apps/web created' });
    advance(st, 30);
    expect(web(st).status?.availableReplicas).toBe(2);
    expect(kubectl(st, 'apply -f -', webDeployment(2))).toEqual({ ok: true, output: 'deployment.apps/web unchanged' });
    kubectl(st, 'scale deploy/web --replicas=5');
    // The manifest never set the image to 1.9 before: apply changes it; replicas stay the manifest's.
    const next = webDeployment(2);
    const c = next.spec.template.spec.containers[0];
    if (c) c.image = 'nginx:1.9';
    expect(kubectl(st, 'apply -f -', next)).toEqual({ ok: true, output: 'deployment.apps/web configured' });
    expect(web(st).spec.replicas).toBe(2);
    expect(web(st).spec.template.spec.containers[0]).toEqual({ name: 'nginx', image: 'nginx:1.9', imagePullPolicy: 'IfNotPresent' });
  });

  it('refuses an invalid manifest with the API server’s message when apply -f - runs', () => {
    const st = settledCluster([]);
    const bad = webDeployment(3, { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } } });
    expect(kubectl(st, 'apply -f -', bad)).toEqual({
      ok: false,
      output: 'The Deployment "web" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0',
    });
    expect(st.store.objects.Deployment.size).toBe(0);
  });

  it('reads a piped manifest as kubectl does: an unquoted on is a boolean, and a label cannot be one', () => {
    const st = settledCluster([]);
    const text = (tier: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web, labels: { tier: ${tier} } }\nspec:\n  selector: { matchLabels: { app: web } }\n  template:\n    metadata: { labels: { app: web } }\n    spec: { containers: [{ name: nginx, image: "nginx:1.8" }] }\n`;
    expect(kubectl(st, 'apply -f -', text('on'))).toEqual({
      ok: false,
      output: 'error: unable to decode "STDIN": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string',
    });
    expect(kubectl(st, 'apply -f -', text('"on"'))).toEqual({ ok: true, output: 'deployment.apps/web created' });
  });

  it.each([
    ['scale deployment/nope --replicas=3', 'Error from server (NotFound): deployments.apps "nope" not found'],
    ['set image deployment/nope nginx=x', 'Error from server (NotFound): deployments.apps "nope" not found'],
    ['rollout status deployment/nope', 'Error from server (NotFound): deployments.apps "nope" not found'],
    ['rollout undo daemonset/nope', 'Error from server (NotFound): daemonsets.apps "nope" not found'],
    ['rollout restart deploy nope', 'Error from server (NotFound): deployments.apps "nope" not found'],
    [`patch deploy nope -p '{"spec":{}}'`, 'Error from server (NotFound): deployments.apps "nope" not found'],
    ['delete pod nope', 'Error from server (NotFound): pods "nope" not found'],
    ['delete deployment nope', 'Error from server (NotFound): deployments.apps "nope" not found'],
    ['cordon node-9', 'Error from server (NotFound): nodes "node-9" not found'],
    ['drain node-9', 'Error from server (NotFound): nodes "node-9" not found'],
    ['get rs nope', 'Error from server (NotFound): replicasets.apps "nope" not found'],
    ['describe deployment nope', 'Error from server (NotFound): deployments.apps "nope" not found'],
  ])('prints NotFound for %s', (line, output) => {
    const st = settledCluster();
    expect(kubectl(st, line)).toEqual({ ok: false, output });
  });

  it.each([
    [
      'restart goes on past a missing name and reports it last',
      'rollout restart deploy web nope',
      'deployment.apps/web restarted\nError from server (NotFound): deployments.apps "nope" not found',
      2,
    ],
    ['set image stops at a missing name before writing', 'set image deploy web nope nginx=nginx:2', 'Error from server (NotFound): deployments.apps "nope" not found', 1],
    ['set image names an unknown container', 'set image deploy/web php=php:8', 'error: unable to find container named "php"', 1],
    ['scale selects nothing', 'scale deploy -l app=none --replicas=2', 'error: no objects passed to scale', 1],
    ['scale fails its precondition', 'scale deploy/web --current-replicas=3 --replicas=2', 'error: Expected replicas to be 3, was 4', 1],
  ])('fails as kubectl does when %s', (_why, line, output, generation) => {
    const st = settledCluster();
    expect(kubectl(st, line)).toEqual({ ok: false, output });
    expect(web(st).metadata.generation).toBe(generation);
  });

  it.each([
    ['a parse error', 'scale deploy web', 'error: required flag(s) "replicas" not set'],
    ['a file other than stdin', 'apply -f web.yaml', 'error: the path "web.yaml" does not exist'],
    ['apply without a manifest', 'apply -f -', 'error: no objects passed to apply'],
  ])('fails with kubectl’s message on %s', (_why, line, output) => {
    expect(kubectl(settledCluster(), line)).toEqual({ ok: false, output });
  });

  it('does nothing on an empty line', () => {
    expect(kubectl(settledCluster(), '  ')).toEqual({ ok: true, output: '' });
  });
});

describe('consoleCompletions', () => {
  it.each([
    ['rollout undo deploy/w', ['rollout undo deploy/web']],
    ['cordon node-', ['cordon node-1', 'cordon node-2', 'cordon node-3']],
    ['rollout status ds ', ['rollout status ds agent']],
  ])('completes %s with names from the store', (prefix, expected) => {
    const st = settledCluster([webDeployment(), agentDaemonSet()], 1);
    expect(consoleCompletions(st, prefix)).toEqual(expected);
  });
});

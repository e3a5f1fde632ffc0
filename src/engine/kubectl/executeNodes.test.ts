import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import type { EngineState } from '../sim/state.ts';
import { advance, agentDaemonSet, kubectl, objects, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';

const webPods = (st: EngineState): Pod[] => objects(st, 'Pod').filter((p) => p.metadata.labels?.app === 'web');
const agentPods = (st: EngineState): Pod[] => objects(st, 'Pod').filter((p) => p.metadata.labels?.app === 'agent');
const names = (pods: Pod[]) => pods.map((p) => p.metadata.name);
const node = (st: EngineState, name: string) => {
  const n = st.store.objects.Node.get(name);
  if (n?.kind !== 'Node') throw new Error(`no ${name}`);
  return n;
};

describe('runDelete', () => {
  it('terminates the pod gracefully and the ReplicaSet replaces it when delete pod runs', () => {
    const st = settledCluster();
    const [victim, ...rest] = names(webPods(st));
    expect(kubectl(st, `delete pod ${victim}`)).toEqual({ ok: true, output: `pod "${victim}" deleted from default namespace` });
    const terminating = st.store.objects.Pod.get(`default/${victim}`);
    expect(terminating?.metadata.deletionTimestamp).toBe('2026-01-01T00:01:00Z');
    advance(st, 20);
    const after = names(webPods(st));
    expect(after).toHaveLength(4);
    expect(after).not.toContain(victim);
    expect(after.filter((n) => rest.includes(n))).toEqual(rest);
  });

  it('deletes every pod the selector matches, in name order, when delete -l runs', () => {
    const st = settledCluster();
    const before = names(webPods(st));
    expect(kubectl(st, 'delete pods -l app=web')).toEqual({
      ok: true,
      output: before.map((n) => `pod "${n}" deleted from default namespace`).join('\n'),
    });
    advance(st, 40);
    const after = names(webPods(st));
    expect(after).toHaveLength(4);
    expect(after.some((n) => before.includes(n))).toBe(false);
  });

  it.each([
    ['the selector matches nothing', 'delete pods -l app=none', { ok: true, output: 'No resources found' }],
    ['--ignore-not-found hides a missing name', 'delete pod nope --ignore-not-found', { ok: true, output: 'No resources found' }],
  ])('prints No resources found when %s', (_why, line, result) => {
    expect(kubectl(settledCluster(), line)).toEqual(result);
  });

  it('removes a pod at once and warns when --force --grace-period=0 is given', () => {
    const st = settledCluster();
    const [victim] = names(webPods(st));
    expect(kubectl(st, `delete pod ${victim} --force --grace-period=0`)).toEqual({
      ok: true,
      output: `Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\npod "${victim}" force deleted from default namespace`,
    });
    expect(st.store.objects.Pod.has(`default/${victim}`)).toBe(false);
  });

  it.each([
    ['deployment web', 'deployment.apps "web" deleted from default namespace', 'web'],
    ['daemonset agent', 'daemonset.apps "agent" deleted from default namespace', 'agent'],
  ])('removes the workload and the garbage collector its dependents when delete %s runs', (what, output, app) => {
    const st = settledCluster([webDeployment(), agentDaemonSet()]);
    expect(kubectl(st, `delete ${what}`)).toEqual({ ok: true, output });
    advance(st, 60);
    expect(objects(st, 'Pod').filter((p) => p.metadata.labels?.app === app)).toEqual([]);
    expect(objects(st, 'ReplicaSet').filter((r) => r.metadata.labels?.app === app)).toEqual([]);
    expect(objects(st, 'ControllerRevision').filter((r) => r.metadata.labels?.app === app)).toEqual([]);
    expect(objects(st, 'Pod').length).toBe(app === 'web' ? 3 : 4);
  });
});

describe('runCordon', () => {
  it('marks the node unschedulable and the scheduler places new pods elsewhere when cordon runs', () => {
    const st = settledCluster();
    expect(kubectl(st, 'cordon node-1')).toEqual({ ok: true, output: 'node/node-1 cordoned' });
    expect(kubectl(st, 'cordon node-1')).toEqual({ ok: true, output: 'node/node-1 already cordoned' });
    expect(node(st, 'node-1').spec.unschedulable).toBe(true);
    kubectl(st, 'delete pods -l app=web');
    advance(st, 40);
    const pods = webPods(st);
    expect(pods).toHaveLength(4);
    expect(pods.map((p) => p.spec.nodeName).filter((n) => n === 'node-1')).toEqual([]);
    expect(kubectl(st, 'uncordon node-1')).toEqual({ ok: true, output: 'node/node-1 uncordoned' });
    expect(node(st, 'node-1').spec.unschedulable).toBeUndefined();
  });
});

describe('runDrain', () => {
  it('cordons the node, evicts its Deployment pods and leaves its DaemonSet pod when drain --ignore-daemonsets runs', () => {
    const st = settledCluster([webDeployment(), agentDaemonSet()]);
    const onNode = (n: string) => (p: Pod) => p.spec.nodeName === n;
    const evicted = names(webPods(st).filter(onNode('node-2')));
    const agent = names(agentPods(st).filter(onNode('node-2')));
    expect(evicted.length).toBeGreaterThan(0);
    expect(kubectl(st, 'drain node-2 --ignore-daemonsets')).toEqual({
      ok: true,
      output: ['node/node-2 cordoned', `Warning: ignoring DaemonSet-managed Pods: default/${agent[0]}`, ...evicted.map((n) => `evicting pod default/${n}`)].join('\n'),
    });
    advance(st, 40);
    // The rest is printed as the pods go: polled every second after the eviction.
    const drain = st.drains[0];
    expect(drain).toMatchObject({ done: true, ok: true });
    expect(drain?.transcript.map((l) => l.text).slice(evicted.length + 1)).toEqual([...evicted.map((n) => `pod/${n} evicted`), 'node/node-2 drained']);
    expect(webPods(st).filter(onNode('node-2'))).toEqual([]);
    expect(webPods(st).filter((p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'))).toHaveLength(4);
    expect(names(agentPods(st).filter(onNode('node-2')))).toEqual(agent);
  });

  it('cordons the node and refuses to evict when DaemonSet pods are there without --ignore-daemonsets', () => {
    const st = settledCluster([webDeployment(), agentDaemonSet()]);
    const agent = agentPods(st).find((p) => p.spec.nodeName === 'node-3')?.metadata.name;
    const pods = webPods(st);
    expect(kubectl(st, 'drain node-3')).toEqual({
      ok: false,
      output: [
        'node/node-3 cordoned',
        `error: unable to drain node "node-3" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/${agent}, continuing command...`,
        'There are pending nodes to be drained:',
        ' node-3',
        `cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/${agent}`,
      ].join('\n'),
    });
    expect(node(st, 'node-3').spec.unschedulable).toBe(true);
    expect(webPods(st)).toEqual(pods);
  });
});

describe('runTaint', () => {
  it.each([
    ['adds a taint', ['taint nodes node-3 dedicated=infra:NoSchedule'], 'node/node-3 tainted', [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }]],
    ['removes a taint', ['taint nodes node-3 dedicated=infra:NoSchedule', 'taint nodes node-3 dedicated:NoSchedule-'], 'node/node-3 untainted', undefined],
    ['refuses a duplicate', ['taint nodes node-3 a=b:NoSchedule', 'taint nodes node-3 a=c:NoSchedule'], 'error: node node-3 already has a taint(s) with same effect(s) and --overwrite is false', [{ key: 'a', value: 'b', effect: 'NoSchedule' }]],
  ])('%s on the node', (_what, lines, last, taints) => {
    const st = settledCluster();
    let out = { ok: true, output: '' };
    for (const l of lines) out = kubectl(st, l);
    expect(out.output).toBe(last);
    expect(node(st, 'node-3').spec.taints).toEqual(taints);
  });

  it('keeps new pods off a NoSchedule-tainted node', () => {
    const st = settledCluster();
    kubectl(st, 'taint nodes node-3 dedicated=infra:NoSchedule');
    kubectl(st, 'delete pods -l app=web');
    advance(st, 40);
    expect(webPods(st).filter((p) => p.spec.nodeName === 'node-3')).toEqual([]);
  });
});

describe('runLabel', () => {
  it.each([
    ['label nodes node-3 disktype=ssd', { ok: true, output: 'node/node-3 labeled' }, 'ssd'],
    ['label nodes node-3 kubernetes.io/os=windows', { ok: false, output: "error: 'kubernetes.io/os' already has a value (linux), and --overwrite is false" }, undefined],
  ])('writes the node labels when %s runs', (line, result, disktype) => {
    const st = settledCluster();
    expect(kubectl(st, line)).toEqual(result);
    expect(node(st, 'node-3').metadata.labels?.disktype).toBe(disktype);
  });

  it.each([
    [
      'label endpoints kubernetes a=b',
      'Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice\nError from server (MethodNotAllowed): patch is not supported on resources of kind "endpoints"',
    ],
    ['annotate endpointslices kubernetes a=b', 'Error from server (MethodNotAllowed): patch is not supported on resources of kind "endpointslices.discovery.k8s.io"'],
  ])('refuses %s as the served API does (a client may not patch them)', (line, output) => {
    const st = settledCluster();
    const rv = st.store.rv;
    expect(kubectl(st, line)).toEqual({ ok: false, output });
    expect(st.store.rv).toBe(rv);
  });

  it.each([
    ['delete endpoints nope', false, 'Error from server (NotFound): endpoints "nope" not found'],
    ['annotate endpoints kubernetes --list', true, ''],
  ])('warns of v1 Endpoints once, first, when %s runs', (line, ok, rest) => {
    expect(kubectl(settledCluster(), line)).toEqual({ ok, output: ['Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice', rest].filter(Boolean).join('\n') });
  });

  it('keeps a namespace’s name label when a label removes it, as the registry sets it on every update', () => {
    const st = settledCluster();
    expect(kubectl(st, 'label ns default kubernetes.io/metadata.name-')).toEqual({ ok: true, output: 'namespace/default unlabeled' });
    expect(st.store.objects.Namespace.get('default')?.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'default' });
  });

  it('labels a Deployment without starting a rollout', () => {
    const st = settledCluster();
    expect(kubectl(st, 'label deployment web tier=front')).toEqual({ ok: true, output: 'deployment.apps/web labeled' });
    advance(st, 10);
    expect(objects(st, 'ReplicaSet')).toHaveLength(1);
    expect(st.store.objects.Deployment.get('default/web')?.metadata.labels).toEqual({ app: 'web', tier: 'front' });
  });
});

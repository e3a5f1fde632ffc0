import { describe, expect, it } from 'vitest';
import type { Volume } from '../api/statefulTypes.ts';
import type { Event, Pod } from '../api/types.ts';
import { advance, kubectl, objects, runTicks, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';

/** The web Deployment of 2 replicas whose new template mounts `volumes`. */
function withVolumes(volumes: Volume[]) {
  const d = webDeployment(2);
  (d.spec.template.spec as { volumes?: Volume[] }).volumes = volumes;
  return d;
}

const failedMounts = (events: Event[], pod: string) => events.filter((e) => e.reason === 'FailedMount' && e.involvedObject.name === pod);

/** The objects some cases apply first: ConfigMap web-config (data MODE, binaryData logo) and Secret db (data user). */
const EXISTING = [
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web-config' }, data: { MODE: 'blue' }, binaryData: { logo: 'iVBORw0KGgo=' } },
  { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, data: { user: 'YWRtaW4=' } },
];

describe('mountFailures', () => {
  it.each<[string, Volume[], string[]]>([
    ['a missing ConfigMap', [{ name: 'config', configMap: { name: 'web-v2' } }], ['MountVolume.SetUp failed for volume "config" : configmap "web-v2" not found']],
    ['a missing Secret', [{ name: 'creds', secret: { secretName: 'creds' } }], ['MountVolume.SetUp failed for volume "creds" : secret "creds" not found']],
    ['each failing volume, in the pod’s order', [{ name: 'b', secret: { secretName: 's' } }, { name: 'a', configMap: { name: 'c' } }], ['MountVolume.SetUp failed for volume "b" : secret "s" not found', 'MountVolume.SetUp failed for volume "a" : configmap "c" not found']],
    ['nothing for optional sources and other kinds', [{ name: 'o', configMap: { name: 'x', optional: true } }, { name: 'p', secret: { secretName: 'y', optional: true } }, { name: 'e', emptyDir: {} }], []],
    ['nothing for items whose keys exist, in data or binaryData', [{ name: 'c', configMap: { name: 'web-config', items: [{ key: 'MODE', path: 'mode' }, { key: 'logo', path: 'logo.png' }] } }, { name: 's', secret: { secretName: 'db', items: [{ key: 'user', path: 'u' }] } }], []],
    ['an item whose key the ConfigMap lacks', [{ name: 'c', configMap: { name: 'web-config', items: [{ key: 'LEVEL', path: 'level' }] } }], ['MountVolume.SetUp failed for volume "c" : configmap references non-existent config key: LEVEL']],
    ['an item whose key the Secret lacks', [{ name: 's', secret: { secretName: 'db', items: [{ key: 'password', path: 'p' }] } }], ['MountVolume.SetUp failed for volume "s" : references non-existent secret key: password']],
    ['nothing for a missing key of an optional source', [{ name: 'c', configMap: { name: 'web-config', optional: true, items: [{ key: 'LEVEL', path: 'level' }] } }], []],
    ['a projected volume, one error as itself', [{ name: 'all', projected: { sources: [{ configMap: { name: 'web-config' } }, { secret: { name: 'nope' } }] } }], ['MountVolume.SetUp failed for volume "all" : secret "nope" not found']],
    ['a projected volume, its errors aggregated', [{ name: 'all', projected: { sources: [{ configMap: { name: 'gone' } }, { secret: { name: 'db', items: [{ key: 'k', path: 'k' }] } }, { configMap: { name: 'x', optional: true } }] } }], ['MountVolume.SetUp failed for volume "all" : [configmap "gone" not found, references non-existent secret key: k]']],
  ])('records a FailedMount Event for %s', (_name, volumes, messages) => {
    const st = settledCluster([webDeployment(2)]);
    for (const o of EXISTING) kubectl(st, 'apply -f -', o);
    kubectl(st, 'apply -f -', withVolumes(volumes));
    advance(st, 30);
    const created = objects(st, 'Pod').filter((p) => (p.spec as { volumes?: Volume[] }).volumes !== undefined);
    const pod = created[0] as Pod;
    const events = objects(st, 'Event');
    expect([...new Set(failedMounts(events, pod.metadata.name).map((e) => e.message))]).toEqual(messages);
    if (messages.length === 0) expect(pod.status?.phase).toBe('Running');
  });
});

describe('mountFailed', () => {
  it('keeps the pod in ContainerCreating, tries again after 0.5 s doubling to 2m2s, then starts it once the ConfigMap exists', () => {
    const st = settledCluster([webDeployment(2)]);
    kubectl(st, 'apply -f -', withVolumes([{ name: 'config', configMap: { name: 'web-config' } }]));
    const ticks = runTicks(st, 300);
    // The reconciler's tries of one pod: 0, +0.5, +1.5, +3.5 … each wait twice the last, at most 122 s.
    const tries = ticks.filter((t) => t.decisions.some((d) => d.fn === 'generateMountVolumeFunc' && d.key === 'setUpFailed'));
    const pod = tries[0]?.decisions.find((d) => d.fn === 'generateMountVolumeFunc')?.values.pod;
    const times = tries.filter((t) => t.decisions.some((d) => d.values.pod === pod)).map((t) => t.time - (tries[0]?.time ?? 0));
    expect(times).toEqual([0, 500, 1500, 3500, 7500, 15_500, 31_500, 63_500, 127_500, 249_500]);
    const waits = tries.flatMap((t) => t.decisions.filter((d) => d.values.pod === pod).map((d) => d.values.seconds));
    expect(waits.slice(-3)).toEqual([64, 122, 122]);
    // kubectl: the pod waits, not probed, its Events counted by the correlator.
    expect(kubectl(st, `get pod ${pod}`).output).toMatch(/0\/1 {5}ContainerCreating {3}0 {10}5m/);
    const described = kubectl(st, `describe pod ${pod}`).output;
    expect(described).toMatch(/Warning +FailedMount +\S+ \(x10 over 5m\) +kubelet +MountVolume\.SetUp failed for volume "config" : configmap "web-config" not found/);
    expect(described).not.toContain('Pulling');
    // No sandbox before the volumes are mounted.
    expect(described).toMatch(/PodReadyToStartContainers +False/);
    // Applied now, the ConfigMap is seen by the next try (within 2m2s) and the pod starts.
    kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web-config' }, data: { MODE: 'green' } });
    const after = runTicks(st, 130);
    expect(after.some((t) => t.decisions.some((d) => d.fn === 'generateMountVolumeFunc' && d.key === 'mounted' && d.values.pod === pod))).toBe(true);
    expect(kubectl(st, 'rollout status deployment/web').output).toContain('successfully rolled out');
    expect(kubectl(st, `get pod ${pod} -o jsonpath={.status.conditions[0].type}={.status.conditions[0].status}`).output).toBe('PodReadyToStartContainers=True');
  });
});

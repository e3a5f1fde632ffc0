import { describe, expect, it } from 'vitest';
import type { Event, Pod } from '../api/types.ts';
import { advance, kubectl, runTicks, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';
import { changedContainers, imagesChanged } from './definitionChanged.ts';

const firstPod = (st: ReturnType<typeof settledCluster>): Pod => [...st.store.objects.Pod.values()][0] as Pod;

/**
 * The pod's Events written since the store stood at resourceVersion `rv`, in the order written,
 * each with its count: a repeat (the second `Created`) raises the count of the Event there was.
 */
const eventsOf = (st: ReturnType<typeof settledCluster>, pod: string, rv: number): string[] =>
  ([...st.store.objects.Event.values()] as Event[])
    .filter((e) => Number(e.metadata.resourceVersion) > rv && e.involvedObject.name === pod)
    .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
    .map((e) => `${e.reason} (${e.count}): ${e.message}`);

describe('imagesChanged', () => {
  it.each([
    [['web:1'], ['web:1'], false],
    [['web:2'], ['web:1'], true],
    [['web:1', 'side:2'], ['web:1', 'side:1'], true],
  ])('says %j after %j changed: %s', (now, before, want) => {
    const pod = (images: string[]) => ({ spec: { containers: images.map((image, i) => ({ name: `c${i}`, image })) } }) as unknown as Pod;
    expect(imagesChanged(pod(now), pod(before))).toBe(want);
  });
});

describe('definitionChanged', () => {
  it('kills a running container whose image changed and starts it again with the new image, its restart counted', () => {
    const st = settledCluster();
    const pod = firstPod(st);
    const name = pod.metadata.name;
    const c = pod.spec.containers[0]?.name ?? '';
    const since = st.store.rv;
    expect(kubectl(st, `set image pod/${name} ${c}=web:2`)).toMatchObject({ ok: true, output: `pod/${name} image updated` });
    const ticks = runTicks(st, 30);
    const after = st.store.objects.Pod.get(`default/${name}`) as Pod;
    const s = after.status?.containerStatuses?.[0];
    expect(s).toMatchObject({ image: 'docker.io/library/web:2', restartCount: 1, ready: true, lastState: { terminated: { exitCode: 143, reason: 'Error' } } });
    expect(s?.state.running).toBeDefined();
    expect(after.status?.phase).toBe('Running');
    expect(changedContainers(after)).toEqual([]);
    const events = eventsOf(st, name, since);
    expect(events[0]).toBe(`Killing (1): Container ${c} definition changed, will be restarted`);
    expect(events.slice(1).map((e) => e.split(':')[0])).toEqual(['Pulling (1)', 'Pulled (1)', 'Created (2)', 'Started (2)']);
    // Every step says why: the kill with both images, the restart, the new start.
    const decisions = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'killContainer');
    expect(decisions[0]).toMatchObject({ key: 'definitionChanged', values: { pod: name, container: c, to: 'docker.io/library/web:2' } });
    expect(ticks.map((t) => t.summary).join('; ')).toContain(`${name}: ${c} stopped, pulling the new image to start it again`);
  });

  it('leaves a pod alone when an update changed no image', () => {
    const st = settledCluster();
    const pod = firstPod(st);
    kubectl(st, `label pod ${pod.metadata.name} tier=fe`);
    const ticks = runTicks(st, 30);
    expect(ticks.flatMap((t) => t.decisions).some((d) => d.fn === 'killContainer')).toBe(false);
    expect((st.store.objects.Pod.get(`default/${pod.metadata.name}`) as Pod).status?.containerStatuses?.[0]?.restartCount).toBe(0);
  });

  it('restarts a probed container and its readiness probe makes it Ready again', () => {
    const probed = webDeployment(2);
    const tmpl = probed.spec.template.spec;
    tmpl.containers = tmpl.containers.map((c) => ({ ...c, readinessProbe: { httpGet: { path: '/', port: 80 }, periodSeconds: 1 } }));
    const st = settledCluster([probed], 60);
    const pod = firstPod(st);
    const c = pod.spec.containers[0]?.name ?? '';
    kubectl(st, `set image pod/${pod.metadata.name} ${c}=web:2`);
    advance(st, 60);
    const after = st.store.objects.Pod.get(`default/${pod.metadata.name}`) as Pod;
    expect(after.status?.containerStatuses?.[0]).toMatchObject({ image: 'docker.io/library/web:2', restartCount: 1, ready: true });
    expect(after.status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('True');
  });
});

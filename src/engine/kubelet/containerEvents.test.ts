import { describe, expect, it } from 'vitest';
import type { Event, Pod } from '../api/types.ts';
import { createEngine, runUntil } from '../sim.ts';
import { parseScenarioText } from '../../scenario/parse.ts';
import { toSimConfig } from '../../scenario/toSimConfig.ts';
import { containerFieldPath, crashBackOffMessage, presentMessage, pulledMessage } from './containerEvents.ts';
import { imageSize } from './runtime.ts';

describe('pulledMessage', () => {
  it.each([
    [1234, 'in 1.234s (1.234s including waiting)'],
    [1000, 'in 1s (1s including waiting)'],
    [500, 'in 500ms (500ms including waiting)'],
    [61_500, 'in 1m1.5s (1m1.5s including waiting)'],
    [0, 'in 0s (0s including waiting)'],
  ])('writes a pull of %d ms as Go prints the truncated duration: %s', (ms, part) => {
    expect(pulledMessage('web:2', ms)).toBe(`Successfully pulled image "web:2" ${part}. Image size: ${imageSize('web:2')} bytes.`);
  });
});

describe('containerFieldPath', () => {
  it('names each container’s field path, asked in a row or in turns', () => {
    for (const c of ['web', 'web', 'sidecar', 'web', 'init', 'init', 'web']) expect(containerFieldPath(c)).toBe(`spec.containers{${c}}`);
  });
});

describe('imageSize', () => {
  it('gives every pull of one reference the same size, between 4 and 200 MB, and another tag another', () => {
    expect(imageSize('nginx:1.25')).toBe(imageSize('docker.io/library/nginx:1.25'));
    expect(imageSize('nginx:1.25')).not.toBe(imageSize('nginx:1.26'));
    for (const i of ['nginx:1.25', 'web:1', 'registry.local:5000/team/api:v3']) {
      expect(imageSize(i)).toBeGreaterThanOrEqual(4_000_000);
      expect(imageSize(i)).toBeLessThan(200_000_000);
    }
  });
});

describe('the messages', () => {
  it.each([
    [containerFieldPath('web'), 'spec.containers{web}'],
    [presentMessage('nginx:1.25'), 'Container image "nginx:1.25" already present on machine and can be accessed by the pod'],
    [
      crashBackOffMessage({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'shop', uid: 'u-1' }, spec: { containers: [] } } as Pod, 'web'),
      'Back-off restarting failed container web in pod web-1_shop(u-1)',
    ],
  ])('says %s as the kubelet does', (got, want) => {
    expect(got).toBe(want);
  });
});

/** eventsOf runs a one-replica Deployment for `seconds` and lists its Events in time order. */
function eventsOf(images: string, container: string, seconds: number): Event[] {
  const parsed = parseScenarioText(`version: 1
name: kubelet events
cluster:
  nodes: 1
  images:
${images}
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: p }
    spec:
      replicas: 1
      selector: { matchLabels: { app: p } }
      template:
        metadata: { labels: { app: p } }
        spec:
          containers:
${container}
`);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const st = createEngine(toSimConfig(parsed.value));
  // In the order they were first written (names drawn from the PRNG do not sort by time).
  const order: string[] = [];
  runUntil(st, seconds * 1000, (t) => {
    for (const w of t.writes) if (w.type === 'ADDED' && w.object.kind === 'Event' && w.object.source?.component === 'kubelet') order.push(w.object.metadata.name);
  });
  return order.map((n) => st.store.objects.Event.get(`default/${n}`) as Event);
}

const line = (e: Event) => `${e.type} ${e.reason} x${e.count} ${e.involvedObject.fieldPath ?? '-'}: ${e.message}`;

describe('the kubelet Events of a pod', () => {
  it('records Pulling, Pulled with the pull time, Created and Started for a first start, each its own Event', () => {
    const ev = eventsOf('    "web:1": { pullSeconds: 2.5, startSeconds: 1 }', '            - { name: web, image: "web:1" }', 30);
    expect(ev.map(line)).toEqual([
      'Normal Pulling x1 spec.containers{web}: Pulling image "web:1"',
      `Normal Pulled x1 spec.containers{web}: Successfully pulled image "web:1" in 2.5s (2.5s including waiting). Image size: ${imageSize('web:1')} bytes.`,
      'Normal Created x1 spec.containers{web}: Container created',
      'Normal Started x1 spec.containers{web}: Container started',
    ]);
    // Three Events in one ms: 1 µs apart in their names, as the kubelet's are.
    expect(new Set(ev.map((e) => e.metadata.name)).size).toBe(4);
    // The kubelet's source names its node (get events -o wide: `kubelet, node-1`).
    expect(ev.map((e) => e.source)).toEqual(ev.map(() => ({ component: 'kubelet', host: 'node-1' })));
  });

  it('counts a crash loop as upstream does: the image already present, created and started again, BackOff with the pod', () => {
    const ev = eventsOf('    "web:bad": { crash: true }', '            - { name: web, image: "web:bad" }', 60);
    const uid = ev[0]?.involvedObject.uid ?? '';
    expect(ev.map(line)).toEqual([
      'Normal Pulling x1 spec.containers{web}: Pulling image "web:bad"',
      `Normal Pulled x1 spec.containers{web}: Successfully pulled image "web:bad" in 1s (1s including waiting). Image size: ${imageSize('web:bad')} bytes.`,
      'Normal Created x3 spec.containers{web}: Container created',
      'Normal Started x3 spec.containers{web}: Container started',
      `Warning BackOff x3 spec.containers{web}: Back-off restarting failed container web in pod ${ev[0]?.involvedObject.name}_default(${uid})`,
      'Normal Pulled x2 spec.containers{web}: Container image "web:bad" already present on machine and can be accessed by the pod',
    ]);
  });

  it('pulls again on each restart of a :latest image (Always), and a failing pull says ErrImagePull then ImagePullBackOff', () => {
    const always = eventsOf('    "web": { crash: true }', '            - { name: web, image: "web" }', 15);
    expect(always.filter((e) => e.reason === 'Pulling').map((e) => e.count)).toEqual([2]);
    expect(always.filter((e) => e.reason === 'Pulled').map((e) => e.message.replace(/Image size: \d+/, 'N'))).toEqual([
      'Successfully pulled image "web" in 1s (1s including waiting). N bytes.',
      'Successfully pulled image "web" in 0s (0s including waiting). N bytes.',
    ]);
    const failing = eventsOf('    "web:x": { pull: fail }', '            - { name: web, image: "web:x" }', 30);
    expect(failing.map((e) => `${e.reason} x${e.count}: ${e.message.slice(0, 40)}`)).toEqual([
      'Pulling x2: Pulling image "web:x"',
      'Failed x2: Failed to pull image "web:x": failed to ',
      'Failed x2: Error: ErrImagePull',
      'BackOff x2: Back-off pulling image "web:x"',
      'Failed x2: Error: ImagePullBackOff',
    ]);
  });
});

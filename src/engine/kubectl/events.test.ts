import { describe, expect, it } from 'vitest';
import type { Event } from '../api/types.ts';
import { kubectl, settledCluster } from '../sim/executeTestEngine.ts';
import { parseKubectl } from './parse.ts';
import { kindOfResource } from './parseEvents.ts';
import { eventInterval, sortableEvents, typedEvent } from './printers/eventsPrinter.ts';
import { parseRFC3339 } from '../lib/time.ts';

describe('parseEvents', () => {
  it.each([
    ['events', { verb: 'events', namespace: 'default', types: [], allNamespaces: false, watch: false, noHeaders: false, output: '' }],
    ['events --for deploy/web -n team-a', { forKind: 'Deployment', forName: 'web', namespace: 'team-a' }],
    ['events --for=PersistentVolumeClaims/data-web-0', { forKind: 'PersistentVolumeClaim', forName: 'data-web-0' }],
    ['events --types Warning --types=normal -A -w --no-headers', { types: ['Warning', 'normal'], allNamespaces: true, watch: true, noHeaders: true }],
    ['events -o jsonpath={.items[*].reason}', { output: 'jsonpath', template: '{.items[*].reason}' }],
    ['events something --chunk-size=10 -oyaml', { output: 'yaml' }],
  ])('reads %s', (line, want) => {
    expect(parseKubectl(line)).toMatchObject(want);
  });

  it.each([
    ['events --for web', 'error: --for must be in resource/name form'],
    ['events --for a/b/c', 'error: arguments in resource/name form may not have more than one slash'],
    ['events --for pods.apps/x', 'the server doesn\'t have a resource type "pods.apps"'],
    ['events --types=Normal,Bad', 'error: valid --types are Normal or Warning'],
    ['events -o jsonpath', 'error: template format specified but no template given'],
    ['events -o go-template={{.kind}}', "error: -o go-template is not part of Rollout Lab's kubectl subset (try: yaml, json, name, jsonpath=…)"],
    [
      'events -o wide',
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml',
    ],
    // ToOptions reads --for before the printer, and Validate comes last.
    ['events --for web -o wide --types=Bad', 'error: --for must be in resource/name form'],
    ['events -o wide --types=Bad', expect.stringMatching(/^error: unable to match a printer/)],
  ])('refuses %s as kubectl does', (line, error) => {
    expect(parseKubectl(line)).toEqual({ error });
  });
});

describe('kindOfResource', () => {
  it.each([
    ['deploy', 'Deployment'],
    ['Deployment', 'Deployment'],
    ['deployments.apps', 'Deployment'],
    ['deployments.v1.apps', 'Deployment'],
    ['hpa', 'HorizontalPodAutoscaler'],
    ['po', 'Pod'],
    ['pods.apps', undefined],
    ['nope', undefined],
  ])('maps %s to %s', (word, kind) => {
    expect(kindOfResource(word)).toBe(kind);
  });
});

const at = (s: number) => `2026-01-01T00:00:${String(s).padStart(2, '0')}Z`;

function ev(name: string, last: number, extra: Partial<Event> = {}): Event {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default' },
    involvedObject: { kind: 'Pod', name },
    reason: 'R',
    message: 'm',
    type: 'Normal',
    firstTimestamp: at(0),
    lastTimestamp: at(last),
    count: 1,
    ...extra,
  };
}

describe('eventInterval', () => {
  const now = parseRFC3339(at(50));
  it.each([
    ['a single Event by its first time', ev('a', 40, { firstTimestamp: at(40) }), '10s'],
    ['a repeat by its last time, its count and its first', ev('a', 40, { count: 3 }), '10s (x3 over 50s)'],
    ['an Event without times as <unknown>', ev('a', 0, { firstTimestamp: undefined, lastTimestamp: undefined, count: undefined }), '<unknown>'],
  ])('shows %s', (_, e, want) => {
    expect(eventInterval(e, now)).toBe(want);
  });
});

describe('sortableEvents', () => {
  it('orders by the last time seen, keeping the list order of equal times up to 12 (insertion sort)', () => {
    const list = [ev('a', 3), ev('b', 1), ev('c', 3), ev('d', 2), ev('e', 1)];
    expect(sortableEvents(list).map((e) => e.metadata.name)).toEqual(['b', 'e', 'd', 'a', 'c']);
  });

  it('shuffles equal times past 12 Events as Go’s pdqsort does, and still orders by time', () => {
    const list = Array.from({ length: 20 }, (_, i) => ev(`e${String(i).padStart(2, '0')}`, i % 2));
    const sorted = sortableEvents(list);
    expect(sorted.map((e) => e.lastTimestamp)).toEqual([...Array(10).fill(at(0)), ...Array(10).fill(at(1))]);
    // Not the stable order: kubectl's sort.Sort is not stable (real kubectl agrees: server/kubectlEvents.test.ts).
    expect(sorted.map((e) => e.metadata.name)).not.toEqual([...list].sort((a, b) => (a.lastTimestamp ?? '').localeCompare(b.lastTimestamp ?? '')).map((e) => e.metadata.name));
  });
});

describe('typedEvent', () => {
  it('encodes corev1.Event in struct order with its zero fields', () => {
    const t = typedEvent(ev('a', 1, { source: { component: 'kubelet', host: 'node-1' } }));
    expect(Object.keys(t).filter((k) => t[k] !== undefined)).toEqual([
      'kind', 'apiVersion', 'metadata', 'involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'type', 'eventTime', 'reportingComponent', 'reportingInstance',
    ]);
    expect(t).toMatchObject({ eventTime: null, reportingComponent: '', reportingInstance: '', metadata: { creationTimestamp: null } });
    expect(typedEvent(ev('a', 1, { source: undefined, count: 0 }))).toMatchObject({ source: {}, count: undefined });
  });
});

describe('runEvents', () => {
  it('prints the table sorted by last seen, Kind/name in OBJECT', () => {
    const out = kubectl(settledCluster(), 'events --for deploy/web');
    expect(out).toEqual({ ok: true, output: expect.stringMatching(/^LAST SEEN {3}TYPE {5}REASON {14}OBJECT {11}MESSAGE\n30s {9}Normal {3}ScalingReplicaSet {3}Deployment\/web {3}Scaled up replica set web-\w+ from 0 to 4$/) });
  });

  it('says none were found on stderr and succeeds', () => {
    const st = settledCluster();
    expect(kubectl(st, 'events --types=Warning')).toEqual({ ok: true, output: 'No events found in default namespace.' });
    expect(kubectl(st, 'events -A --types=Warning')).toEqual({ ok: true, output: 'No events found.' });
  });

  it('prints nothing for -o name, as kubectl’s name printer on the list', () => {
    expect(kubectl(settledCluster(), 'events -o name')).toEqual({ ok: true, output: '' });
  });

  it('prints a watch’s first events in name order, each line widening the columns it needs, never narrowing them', () => {
    const lines = kubectl(settledCluster(), 'events -w').output.split('\n');
    expect(lines[0]).toMatch(/^LAST SEEN {3}TYPE {5}REASON/);
    // Pods' Events come first (`web-5c8ddf846f-6hw7g.…` < `web-5c8ddf846f.…` < `web.…`), with
    // short reasons; SuccessfulCreate and ScalingReplicaSet widen REASON for the lines after them.
    const objectAt = lines.slice(1).map((l) => l.search(/(Pod|ReplicaSet|Deployment)\//));
    expect(objectAt.every((x, i) => i === 0 || x >= (objectAt[i - 1] as number))).toBe(true);
    expect(objectAt[0]).toBeLessThan(objectAt[objectAt.length - 1] as number);
    const names = kubectl(settledCluster(), 'events -w -o name').output.split('\n');
    expect(names).toEqual([...names].sort());
    expect(names[0]).toMatch(/^event\/web-/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/types.ts';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { flatMessage, kubeletMessage, kubeletRecorder, kubeletSource, objectReference } from './eventParts.ts';

const spec = { nodeName: 'n1', containers: [{ name: 'web', image: 'web:1' }] };
const pod = (name: string, uid: string, s: object = spec, resourceVersion = '7') =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid, resourceVersion }, spec: s }) as unknown as KubeObject;

describe('objectReference', () => {
  // Each row's pod has a uid no other test uses: an entry made earlier in the worker (31 tests use
  // 'u1') keeps its old place in the table, and the 8,192 references below could then drop it first.
  it.each([
    ['with a field path', 'spec.containers{web}', { kind: 'Pod', namespace: 'default', name: 'p', apiVersion: 'v1', uid: 'u-ref-path', resourceVersion: '7', fieldPath: 'spec.containers{web}' }],
    ['without one', '', { kind: 'Pod', namespace: 'default', name: 'p', apiVersion: 'v1', uid: 'u-ref-plain', resourceVersion: '7' }],
  ])('gives a pod’s Events one reference %s, as a literal of its fields in this order', (_what, fieldPath, want) => {
    const p = pod('p', want.uid);
    const a = objectReference(p, 'default', fieldPath);
    // The same version of the pod (a new spec object): the same reference, after 8,192 others too
    // (the table keeps the last REFS_MAX = 12,288 made, whatever it held before; test files share a
    // worker's modules, so it may be full).
    for (let i = 0; i < 8_192; i++) objectReference(pod(`o${i}`, `uo${i}`), 'default', fieldPath);
    const b = objectReference({ ...p, spec: { ...spec } } as KubeObject, 'default', fieldPath);
    expect(b).toBe(a);
    expect(JSON.stringify(a)).toBe(JSON.stringify(want));
    // A later version (a status write): GetReference names it, so a new reference.
    const c = objectReference({ ...p, metadata: { ...p.metadata, resourceVersion: '9' } } as KubeObject, 'default', fieldPath);
    expect(c).not.toBe(a);
    expect(c.resourceVersion).toBe('9');
  });

  it.each([
    ['another pod', () => pod('q', 'u2'), 'default', 'spec.containers{web}', { name: 'q', uid: 'u2', fieldPath: 'spec.containers{web}' }],
    ['a pod of the same uid and another name', () => pod('p2', 'u1'), 'default', 'spec.containers{web}', { name: 'p2', uid: 'u1', fieldPath: 'spec.containers{web}' }],
    ['another container', () => pod('p', 'u1'), 'default', 'spec.containers{log}', { name: 'p', uid: 'u1', fieldPath: 'spec.containers{log}' }],
    ['another namespace', () => pod('p', 'u1'), 'shop', 'spec.containers{web}', { name: 'p', uid: 'u1', namespace: 'shop' }],
  ])('makes a new reference for %s', (_what, other, namespace, fieldPath, want) => {
    const first = objectReference(pod('p', 'u1'), 'default', 'spec.containers{web}');
    const r = objectReference(other(), namespace, fieldPath);
    expect(r).not.toBe(first);
    expect(r).toMatchObject(want);
  });

  it('keeps the last 12,288 references made, the first made dropped first, a reference used again keeping its place', () => {
    const path = 'spec.containers{fifo}';
    const made = Array.from({ length: 12_288 + 100 }, (_, i) => {
      const r = objectReference(pod(`f${i}`, `fifo${i}`), 'default', path);
      // Used again at once (hits move nothing): the first 100 still go first.
      if (i < 100) expect(objectReference(pod(`f${i}`, `fifo${i}`), 'default', path)).toBe(r);
      return r;
    });
    for (let i = 100; i < made.length; i++) expect(objectReference(pod(`f${i}`, `fifo${i}`), 'default', path)).toBe(made[i]);
    const again = objectReference(pod('f99', 'fifo99'), 'default', path);
    expect(again).not.toBe(made[99]);
    expect(again).toEqual(made[99]);
  });

  it('keeps an object’s plain and field-path references in one entry, each shared with its later Events', () => {
    const p = pod('both', 'uboth');
    const plain = objectReference(p, 'default', '');
    const path = objectReference(p, 'default', 'spec.containers{web}');
    // Other objects between, so that neither is the reference given last.
    objectReference(pod('x', 'ux'), 'default', '');
    expect(objectReference(p, 'default', 'spec.containers{web}')).toBe(path);
    objectReference(pod('x', 'ux'), 'default', 'spec.containers{web}');
    expect(objectReference(p, 'default', '')).toBe(plain);
    expect(path).toMatchObject({ uid: 'uboth', fieldPath: 'spec.containers{web}' });
    expect(plain).not.toHaveProperty('fieldPath');
  });

  it('writes an object without a uid with neither uid nor field path, as before', () => {
    const r = objectReference(pod('p', ''), 'default', 'spec.containers{web}');
    expect(JSON.stringify(r)).toBe('{"kind":"Pod","namespace":"default","name":"p","apiVersion":"v1"}');
  });
});

describe('flatMessage', () => {
  it('keeps a message made of parts in fewer bytes, the same text', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const n = 20_000;
    // The scheduler's message: four parts joined by a template, a tree of ~5 nodes of 32 bytes.
    const made = (i: number) => `Successfully assigned ${'default'}/${`web-5d8f9c7b4-${10_000 + i}`} to ${`node-${i % 100}`}`;
    const kept = (flat: boolean) => {
      const h0 = heap();
      const all = Array.from({ length: n }, (_, i) => (flat ? flatMessage(made(i)) : made(i)));
      const bytes = (heap() - h0) / n;
      expect(all[7]).toBe('Successfully assigned default/web-5d8f9c7b4-10007 to node-7');
      return bytes;
    };
    const tree = kept(false);
    const flat = kept(true);
    // ~190–250 bytes a message (with its array slot) as a tree, ~120 flat (measured, Node 20).
    expect(flat).toBeLessThan(tree - 30);
  });
});

describe('kubeletSource', () => {
  it('gives each node one source naming it, asked in a row or in turns', () => {
    const first = new Map<string, object>();
    for (const host of ['n1', 'n2', 'n2', 'n1', 'n3', 'n1']) {
      const s = kubeletSource(host);
      expect(s).toEqual({ component: 'kubelet', host });
      if (!first.has(host)) first.set(host, s);
      expect(s).toBe(first.get(host));
    }
  });
});

describe('kubeletMessage', () => {
  it('returns every message as it was given, before and after its table starts afresh', () => {
    expect(kubeletMessage(['Container', 'created'].join(' '))).toBe('Container created');
    for (let i = 0; i < 5000; i++) expect(kubeletMessage(`m${i % 4500}`)).toBe(`m${i % 4500}`);
  });
});

describe('kubeletRecorder', () => {
  it('names each node’s recorder kubelet/<node>, whichever node was asked before (the last one is kept)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('node-1', 'node-2', 'node-10', '', 'n'), { maxLength: 30 }), (nodes) => {
        for (const node of nodes) expect(kubeletRecorder(node)).toBe(`kubelet/${node}`);
      }),
    );
  });

  it('gives the same string for a node asked again after another', () => {
    const first = kubeletRecorder('node-7');
    kubeletRecorder('node-8');
    expect(kubeletRecorder('node-7')).toBe(first);
  });
});

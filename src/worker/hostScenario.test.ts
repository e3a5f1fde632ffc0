import { afterEach, describe, expect, it } from 'vitest';
import { TestHost } from './testHost.ts';
import { decodeShareHash } from '../scenario/shareUrl.ts';
import type { Scenario } from '../scenario/types.ts';
import type { ScenarioMessage } from './protocol.ts';

const h = new TestHost();
const WEB = 'nginx-deployment-roll01';
const SET_IMAGE = `set image deployment/${WEB} nginx=nginx:1.9.3`;

function lastScenario(): ScenarioMessage & { scenario: Scenario } {
  const m = h.env.scenarios().at(-1);
  if (!m) throw new Error('no scenario posted');
  const d = decodeShareHash(m.shareHash);
  if (!d.ok) throw new Error(d.errors[0]);
  return { ...m, scenario: d.value.scenario };
}

afterEach(() => h.dispose());

const MANIFEST = `apiVersion: v1
kind: Namespace
metadata: { name: payments }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: checkout-api, namespace: payments }
spec:
  replicas: 6
  selector: { matchLabels: { app: checkout-api } }
  template:
    metadata: { labels: { app: checkout-api } }
    spec: { containers: [{ name: api, image: "checkout:1" }] }
---
apiVersion: v1
kind: Node
metadata: { name: pool-b-1, labels: { pool: b } }
status: { allocatable: { cpu: "8", memory: 32Gi, pods: "110" } }
`;

describe('WorkerHost before the run (tick 0)', () => {
  it('edits the manifest for a Controls change and keeps the scripted set image, staying at tick 0', () => {
    h.start();
    expect(lastScenario().workloads[0]).toMatchObject({ name: WEB, maxSurge: '25%' });
    h.ok({ type: 'setField', workload: WEB, field: 'maxSurge', value: 5 });
    h.env.advance(20);
    const m = lastScenario();
    expect(m.cause).toBe('edit');
    expect(m.presetId).toBe('seed');
    expect(m.workloads[0]?.maxSurge).toBe(5);
    expect(m.scenario.actions).toEqual([{ at: 30, kubectl: SET_IMAGE }]);
    expect((m.scenario.objects[0] as { spec?: unknown } | undefined)?.spec).toMatchObject({
      strategy: { rollingUpdate: { maxSurge: 5 } },
    });
    expect(h.env.lastFrame().tick).toBe(0);
  });

  it('puts a console change right after the objects exist, keeping the script, and moves to it', () => {
    h.start();
    h.ok({ type: 'kubectl', line: `scale deployment/${WEB} --replicas=4` });
    h.env.advance(20);
    const m = lastScenario();
    expect(m.cause).toBe('fork');
    expect(m.scenario.actions).toEqual([
      { at: 0.001, kubectl: `scale deployment/${WEB} --replicas=4` },
      { at: 30, kubectl: SET_IMAGE },
    ]);
    expect(h.env.lastFrame().tick).toBeGreaterThan(0);
  });

  it('says no scripted action is dropped', () => {
    h.start();
    expect(h.ok({ type: 'forkPreview', line: null })).toEqual({ kind: 'actions', actions: [] });
  });
});

describe('WorkerHost after tick 0', () => {
  it('lists the scripted actions a change would drop, none for a reading line or after them', () => {
    h.start();
    h.ok({ type: 'seek', tick: 100 });
    const setImage = { at: 30, kubectl: SET_IMAGE, apply: null, request: null, node: null };
    expect(h.ok({ type: 'forkPreview', line: null })).toEqual({ kind: 'actions', actions: [setImage] });
    expect(h.ok({ type: 'forkPreview', line: 'get rs' })).toEqual({ kind: 'actions', actions: [] });
    expect(h.ok({ type: 'forkPreview', line: `scale deploy/${WEB} --replicas=3` })).toEqual({
      kind: 'actions',
      actions: [setImage],
    });
    h.ok({ type: 'seekTime', seconds: 35 });
    expect(h.ok({ type: 'forkPreview', line: null })).toEqual({ kind: 'actions', actions: [] });
  });

  it('forks a Controls change at the current tick, dropping the later actions', () => {
    h.start();
    h.ok({ type: 'seek', tick: 100 });
    h.ok({ type: 'setField', workload: WEB, field: 'replicas', value: 4 });
    expect(lastScenario().cause).toBe('fork');
    expect(lastScenario().scenario.actions).toEqual([
      expect.objectContaining({ kubectl: `scale deployment/${WEB} --replicas=4` }),
    ]);
  });
});

describe('WorkerHost time readout', () => {
  it('reports where the run really ends: the last tick that changed an object, not the recording’s end', () => {
    h.start();
    h.ok({ type: 'seek', tick: 100 });
    h.ok({ type: 'setField', workload: WEB, field: 'replicas', value: 4 });
    h.env.settle();
    const f = h.env.lastFrame();
    expect(f.recording).toBe('until');
    expect(f.endTime).toBeGreaterThan(600);
    expect(f.lastChangeTime).toBeGreaterThan(2);
    expect(f.lastChangeTime).toBeLessThan(30);
  });
});

describe('WorkerHost image behaviours', () => {
  it('records the run again with the new behaviours and keeps the tick', () => {
    h.start();
    h.ok({ type: 'seek', tick: 50 });
    h.ok({ type: 'setImages', text: JSON.stringify({ 'nginx:1.9.3': { crash: true } }) });
    h.env.advance(20);
    const m = lastScenario();
    expect(m.cause).toBe('edit');
    expect(m.scenario.cluster?.images).toEqual({ 'nginx:1.9.3': { crash: true } });
    expect(m.images.find((r) => r.image === 'nginx:1.9.3')?.effective.crash).toBe(true);
    expect(h.env.lastFrame().tick).toBe(50);
  });

  it('refuses a bad behaviour with its field path and changes nothing', () => {
    h.start();
    const before = h.env.scenarios().length;
    expect(
      h.refused({ type: 'setImages', text: JSON.stringify({ 'nginx:1.8': { pull: 'sometimes' } }) }),
    ).toBe('cluster.images["nginx:1.8"].pull: must be "fail"');
    expect(h.env.scenarios()).toHaveLength(before);
  });
});

describe('WorkerHost import', () => {
  it('replaces the scenario with the documents on the current nodes, named after the file', () => {
    h.start();
    h.ok({ type: 'seek', tick: 200 });
    const r = h.ok({ type: 'import', text: MANIFEST, mode: 'replace', fileName: 'checkout-api.yaml' });
    expect(r).toEqual({
      kind: 'text',
      text: 'namespace/payments created\ndeployment.apps/checkout-api created\nnode/pool-b-1 created',
    });
    h.env.advance(20);
    const m = lastScenario();
    expect(m).toMatchObject({ cause: 'load', name: 'checkout-api', presetId: null });
    expect(m.scenario.objects.map((o) => o.metadata)).toEqual([
      { name: 'payments' },
      { name: 'checkout-api', namespace: 'payments' },
    ]);
    expect(m.scenario.actions).toBeUndefined();
    expect(m.scenario.cluster?.nodes).toEqual([
      { name: 'node-1' },
      { name: 'node-2' },
      { name: 'node-3' },
      { name: 'pool-b-1', labels: { pool: 'b' }, allocatable: { cpu: '8', memory: '32Gi', pods: 110 } },
    ]);
    expect(h.env.lastFrame().tick).toBe(0);
    h.env.settle();
    const view = h.env.lastView();
    expect(view.nodes.map((n) => n.name)).toEqual(['node-1', 'node-2', 'node-3', 'pool-b-1']);
  });

  it('adds the documents to the scenario before the run, keeping the script', () => {
    h.start();
    h.ok({ type: 'import', text: MANIFEST, mode: 'add', fileName: 'checkout-api.yaml' });
    const m = lastScenario();
    expect(m.cause).toBe('edit');
    expect(m.name).toMatch(/^Seed/);
    expect(m.scenario.objects.map((o) => o.metadata.name)).toEqual([WEB, 'payments', 'checkout-api']);
    expect(m.scenario.actions).toEqual([{ at: 30, kubectl: SET_IMAGE }]);
  });

  it('refuses a paste with bad documents, one line each, and changes nothing', () => {
    h.start();
    const before = h.env.scenarios().length;
    const bad = `${MANIFEST}---\napiVersion: v1\nkind: Node\nmetadata: { name: Bad_Node }\n---\n${MANIFEST.split('---\n')[1]?.replace('replicas: 6', 'replicas: -1').replace('checkout-api,', 'x,')}`;
    const error = h.refused({ type: 'import', text: bad, mode: 'replace', fileName: null });
    expect(error.split('\n')).toEqual([
      expect.stringMatching(/^Document 4: The Node "Bad_Node" is invalid: metadata\.name/),
      'Document 5: The Deployment "x" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    ]);
    expect(h.env.scenarios()).toHaveLength(before);
  });
});

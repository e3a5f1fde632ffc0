import { describe, expect, it } from 'vitest';
import type { ConfigMap } from '../../../api/configTypes.ts';
import type { KubeObject } from '../../../api/types.ts';
import type { WatchRecord } from '../../../apiserver/store.ts';
import { newTx } from '../../../client/tx.ts';
import { createEngine } from '../../../sim.ts';
import { kubectl, runTicks, settledCluster, testConfig, webDeployment } from '../../../sim/executeTestEngine.ts';
import type { EngineState } from '../../../sim/state.ts';
import { Description, DescriptionAnnotation, publisherOnWatch, RootCA, RootCACertConfigMapName } from './publisher.ts';

const cm = (st: EngineState, ns: string) => st.store.objects.ConfigMap.get(`${ns}/${RootCACertConfigMapName}`) as ConfigMap | undefined;

/** The publisher's ticks of a run: virtual ms, its Explain key. */
function publisherTicks(st: EngineState, seconds: number): [number, string][] {
  return runTicks(st, seconds)
    .filter((t) => t.actor === 'root-ca-cert-publisher')
    .map((t) => [t.time, t.decisions.map((d) => d.key).join(',')]);
}

describe('the root CA publisher', () => {
  it('has kube-root-ca.crt in each system namespace from the start, before any scenario object', () => {
    const st = createEngine(testConfig([webDeployment(1)], 1));
    for (const ns of ['default', 'kube-node-lease', 'kube-public', 'kube-system']) {
      const c = cm(st, ns);
      expect(c?.data).toEqual({ 'ca.crt': RootCA });
      expect(c?.metadata.annotations).toEqual({ [DescriptionAnnotation]: Description });
      expect(c?.metadata.creationTimestamp).toBe('2026-01-01T00:00:00Z');
    }
    expect(RootCA).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/);
  });

  it('publishes it in a namespace created later, one watch delay after the namespace', () => {
    const st = settledCluster([webDeployment(1)]);
    const t0 = st.now;
    kubectl(st, 'create namespace team-a');
    expect(publisherTicks(st, 1)).toEqual([[t0 + 50, 'created']]);
    expect(kubectl(st, 'get cm -n team-a').output).toMatch(/^NAME\s+DATA\s+AGE\nkube-root-ca\.crt\s+1\s+1s$/);
  });

  // Its own update comes back through its informer as an update of kube-root-ca.crt: one more
  // sync, which finds it as published (as upstream's configMapUpdated queues it too).
  it.each([
    ['deleted', 'delete cm kube-root-ca.crt', ['created']],
    ['given other data', `patch cm kube-root-ca.crt -p '{"data":{"ca.crt":"x"}}'`, ['updated', 'inSync']],
    ['stripped of its description', `patch cm kube-root-ca.crt -p '{"metadata":{"annotations":null}}'`, ['updated', 'inSync']],
    ['labelled (data and description as published)', 'label cm kube-root-ca.crt team=a', ['inSync']],
  ])('puts it back when it is %s', (_what, line, keys) => {
    const st = settledCluster([webDeployment(1)]);
    const t0 = st.now;
    expect(kubectl(st, line).ok).toBe(true);
    expect(publisherTicks(st, 1)).toEqual(keys.map((key, i) => [t0 + 50 * (i + 1), key]));
    expect(cm(st, 'default')?.data).toEqual({ 'ca.crt': RootCA });
    expect(cm(st, 'default')?.metadata.annotations?.[DescriptionAnnotation]).toBe(Description);
  });

  it('leaves a namespace being deleted without it, and does not retry', () => {
    const d = webDeployment(1);
    const st = settledCluster([{ ...d, metadata: { ...d.metadata, namespace: 'team-a' } }]);
    expect(cm(st, 'team-a')).toBeDefined();
    kubectl(st, 'delete namespace team-a');
    const ticks = publisherTicks(st, 30);
    expect(ticks.map(([, key]) => key)).toEqual(['namespaceGone']);
    expect(cm(st, 'team-a')).toBeUndefined();
    expect(st.store.objects.Namespace.has('team-a')).toBe(false);
  });
});

describe('publisherOnWatch', () => {
  const nsObj = (phase: string): KubeObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' }, status: { phase } }) as KubeObject;
  const cmObj = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'team-a' } }) as KubeObject;
  it.each<[string, WatchRecord, string[]]>([
    ['a namespace added', { type: 'ADDED', object: nsObj('Active') }, ['team-a']],
    ['an Active namespace updated', { type: 'MODIFIED', object: nsObj('Active') }, ['team-a']],
    ['a Terminating namespace updated', { type: 'MODIFIED', object: nsObj('Terminating') }, []],
    ['kube-root-ca.crt updated', { type: 'MODIFIED', object: cmObj(RootCACertConfigMapName) }, ['team-a']],
    ['kube-root-ca.crt deleted', { type: 'DELETED', object: cmObj(RootCACertConfigMapName) }, ['team-a']],
    ['kube-root-ca.crt added', { type: 'ADDED', object: cmObj(RootCACertConfigMapName) }, []],
    ['another ConfigMap deleted', { type: 'DELETED', object: cmObj('settings') }, []],
  ])('queues %s: %j', (_what, rec, want) => {
    const st = createEngine(testConfig([], 1));
    const tx = newTx(st, 'informer');
    publisherOnWatch(tx, rec);
    const q = st.queues['root-ca-cert-publisher'];
    expect(q.items.slice(q.head)).toEqual(want);
  });
});

/**
 * A StatefulSet in a small simulated cluster, for the tests that run the controller in the
 * simulation (statefulSetController.test.ts and the kubectl tests): `web`, app=nginx, serviceName
 * nginx, one `www` claim template of 1Gi, on three nodes; `nginx:broken` never pulls.
 */
import type { StatefulSet } from '../api/statefulTypes.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type SimConfig } from '../config.ts';
import { createEngine } from './simulation.ts';
import type { EngineState } from './state.ts';

export function webStatefulSet(replicas = 3, spec: Partial<StatefulSet['spec']> = {}): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web' },
    spec: {
      replicas,
      serviceName: 'nginx',
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } },
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      ...spec,
    },
  };
}

export function statefulConfig(objects: StatefulSet[], seed = 1): SimConfig {
  return {
    seed,
    nodes: [1, 2, 3].map((i) => ({ name: `node-${i}`, labels: {}, taints: [], unschedulable: false, maxPods: 110 })),
    images: { default: DEFAULT_IMAGE_BEHAVIOUR, 'nginx:broken': { ...DEFAULT_IMAGE_BEHAVIOUR, pull: 'fail' } },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects,
    actions: [],
  };
}

export function statefulEngine(set: StatefulSet = webStatefulSet(), seed = 1): EngineState {
  return createEngine(statefulConfig([set], seed));
}

/** storedSet reads the `web` StatefulSet from the API server's store. */
export function storedSet(st: EngineState, name = 'web'): StatefulSet {
  const s = st.store.objects.StatefulSet.get(`default/${name}`);
  if (s?.kind !== 'StatefulSet') throw new Error(`no StatefulSet ${name}`);
  return s;
}

// A second real client against the served API: the JavaScript client @kubernetes/client-node —
// informers across a rollout (the cache equal to a fresh list), a watch and an informer resumed
// from a compacted resourceVersion (410 Gone, then a relist), the three patch types, server-side apply (a conflict and force), and 409
// conflicts on a stale resourceVersion, and the Events read through both of their groups.
import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  EventsV1Api,
  type KubernetesObject,
  KubeConfig,
  ListWatch,
  makeInformer,
  PatchStrategy,
  setHeaderOptions,
  type V1Deployment,
  type V1PodList,
  Watch,
} from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webDeployment } from '../src/engine/sim/executeTestEngine.ts';
import { scenarioToYaml } from '../src/scenario/yamlIo.ts';
import { type RunningServer, startServer } from './serve.ts';
import { type TestClock, testClock } from './testClock.ts';

let s: RunningServer;
let clock: TestClock;
let kc: KubeConfig;
let apps: AppsV1Api;
let core: CoreV1Api;

beforeAll(async () => {
  clock = testClock();
  clock.pause();
  const text = scenarioToYaml({ version: 1, name: 'client-node', objects: [webDeployment(4)] });
  const started = await startServer({ text, port: 0, host: '127.0.0.1', speed: 1, record: null, gitVersion: 'v1.36.3', log: () => {}, clock: clock.now });
  if ('error' in started) throw new Error(started.error);
  s = started;
  kc = new KubeConfig();
  kc.loadFromOptions({
    // client-node refuses plain HTTP unless told to skip TLS verification (there is no TLS to verify).
    clusters: [{ name: 'served', server: s.url, skipTLSVerify: true }],
    users: [{ name: 'anyone' }],
    contexts: [{ name: 'served', cluster: 'served', user: 'anyone' }],
    currentContext: 'served',
  });
  apps = kc.makeApiClient(AppsV1Api);
  core = kc.makeApiClient(CoreV1Api);
  await drive(() => false, 20);
});
afterAll(async () => {
  await s?.stop();
});

/** drive moves the virtual clock a second at a time until `done`, letting the watches deliver in between. */
async function drive(done: () => boolean, maxSeconds = 300): Promise<void> {
  for (let i = 0; i < maxSeconds && !done(); i++) {
    clock.skip(1000);
    s.live.advance();
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** settle waits, without moving the clock, until `done` (the informers caught up with the store). */
async function settle(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
}

const byName = <T extends KubernetesObject>(items: readonly T[]) => [...items].sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
/**
 * plain is an object as JSON, times left out: the informer keeps watch events as sent, a list
 * decodes them into the client's models (Dates); and the served times follow the wall clock
 * (wallClock.ts), which moves against the paused virtual one between the two reads.
 */
const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x), (_k, v) => (typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(v) ? 'time' : v));
const versions = (items: readonly KubernetesObject[]) => byName(items).map((o) => `${o.metadata?.name}@${o.metadata?.resourceVersion}`);

function rolledOut(d: V1Deployment | undefined): boolean {
  const st = d?.status;
  const want = d?.spec?.replicas ?? 1;
  return st?.observedGeneration === d?.metadata?.generation && st?.updatedReplicas === want && st?.replicas === want && st?.availableReplicas === want;
}

describe('client-node informers', () => {
  it('keep a cache equal to a fresh list across a rollout', async () => {
    const pods = makeInformer(kc, '/api/v1/namespaces/default/pods', () => core.listNamespacedPod({ namespace: 'default' }));
    const deployments = makeInformer(kc, '/apis/apps/v1/namespaces/default/deployments', () => apps.listNamespacedDeployment({ namespace: 'default' }));
    const seen = { add: 0, update: 0, delete: 0 };
    pods.on('add', () => seen.add++);
    pods.on('update', () => seen.update++);
    pods.on('delete', () => seen.delete++);
    await pods.start();
    await deployments.start();
    try {
      expect(pods.list()).toHaveLength(4);
      const patched = await apps.patchNamespacedDeployment(
        { name: 'web', namespace: 'default', body: { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } } },
        setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
      );
      const done = () => {
        const d = deployments.get('web', 'default');
        return d?.metadata?.generation === patched.metadata?.generation && rolledOut(d);
      };
      await drive(done);
      expect(done()).toBe(true);
      let fresh: V1PodList = await core.listNamespacedPod({ namespace: 'default' });
      await settle(async () => {
        fresh = await core.listNamespacedPod({ namespace: 'default' });
        return versions(pods.list()).join() === versions(fresh.items).join();
      });
      expect(plain(byName(pods.list()))).toEqual(plain(byName(fresh.items)));
      expect(fresh.items.every((p) => p.spec?.containers[0]?.image === 'nginx:1.27')).toBe(true);
      // Four old pods went and four new came (the surge ones among them), each seen once.
      expect(seen.add).toBe(8);
      expect(seen.delete).toBe(4);
      expect(seen.update).toBeGreaterThan(0);
    } finally {
      await pods.stop();
      await deployments.stop();
    }
  });

  it('relist after a watch from a compacted resourceVersion is answered 410 Gone', async () => {
    const path = '/apis/apps/v1/namespaces/default/replicasets';
    let lists = 0;
    // The first list is what a client that was away kept: a resourceVersion the server has compacted.
    const listFn = async () => {
      const list = await apps.listNamespacedReplicaSet({ namespace: 'default' });
      if (lists++ === 0) list.metadata = { ...list.metadata, resourceVersion: '1' };
      return list;
    };
    const informer = new ListWatch(path, new Watch(kc), listFn, false);
    const errors: unknown[] = [];
    informer.on('error', (e) => errors.push(e));
    await informer.start();
    try {
      await settle(async () => lists >= 2 && informer.latestResourceVersion() !== '1');
      const fresh = await apps.listNamespacedReplicaSet({ namespace: 'default' });
      expect(lists).toBe(2);
      expect(errors).toEqual([]);
      expect(plain(byName(informer.list()))).toEqual(plain(byName(fresh.items)));
    } finally {
      await informer.stop();
    }
  });
});

describe('client-node Watch', () => {
  it('gets an ERROR event with a 410 Expired Status for a compacted resourceVersion, then the end', async () => {
    const events: { type: string; object: { kind?: string; code?: number; reason?: string; message?: string } }[] = [];
    const ended = await new Promise<unknown>((resolve) => {
      void new Watch(kc).watch('/apis/apps/v1/namespaces/default/deployments', { resourceVersion: '1' }, (type, object) => events.push({ type, object }), resolve);
    });
    expect(ended).toBeNull();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } });
    expect(events[0]?.object.message).toMatch(/^too old resource version: 1 \(\d+\)$/);
  });
});

describe('client-node patches', () => {
  it.each([
    ['a JSON patch', PatchStrategy.JsonPatch, [{ op: 'replace', path: '/spec/replicas', value: 5 }], (d: V1Deployment) => d.spec?.replicas === 5],
    ['a merge patch', PatchStrategy.MergePatch, { metadata: { labels: { tier: 'front' } } }, (d: V1Deployment) => d.metadata?.labels?.tier === 'front' && d.metadata.labels.app === 'web'],
    [
      'a strategic merge patch',
      PatchStrategy.StrategicMergePatch,
      { spec: { template: { spec: { containers: [{ name: 'nginx', env: [{ name: 'MODE', value: 'blue' }] }] } } } },
      (d: V1Deployment) => d.spec?.template.spec?.containers[0]?.image === 'nginx:1.27' && d.spec.template.spec.containers[0]?.env?.[0]?.value === 'blue',
    ],
  ])('applies %s', async (_name, strategy, body, holds) => {
    const out = await apps.patchNamespacedDeployment({ name: 'web', namespace: 'default', body }, setHeaderOptions('Content-Type', strategy));
    expect(holds(out)).toBe(true);
    expect(holds(await apps.readNamespacedDeployment({ name: 'web', namespace: 'default' }))).toBe(true);
  });
});

describe('client-node conflicts', () => {
  const conflict = {
    kind: 'Status',
    code: 409,
    reason: 'Conflict',
    message: 'Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again',
  };

  async function refused(write: () => Promise<unknown>): Promise<{ code: number; body: unknown }> {
    try {
      await write();
    } catch (e) {
      if (e instanceof ApiException) return { code: e.code, body: typeof e.body === 'string' ? JSON.parse(e.body) : e.body };
      throw e;
    }
    throw new Error('the write was accepted');
  }

  it('answers 409 to a replace or a merge patch with a stale resourceVersion', async () => {
    const stale = await apps.readNamespacedDeployment({ name: 'web', namespace: 'default' });
    await apps.patchNamespacedDeployment({ name: 'web', namespace: 'default', body: { spec: { replicas: 3 } } }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
    const replace = await refused(() => apps.replaceNamespacedDeployment({ name: 'web', namespace: 'default', body: { ...stale, spec: { ...stale.spec, replicas: 2 } } as V1Deployment }));
    expect(replace).toMatchObject({ code: 409, body: conflict });
    const patch = await refused(() =>
      apps.patchNamespacedDeployment(
        { name: 'web', namespace: 'default', body: { metadata: { resourceVersion: stale.metadata?.resourceVersion }, spec: { replicas: 2 } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      ),
    );
    expect(patch).toMatchObject({ code: 409, body: conflict });
    expect((await apps.readNamespacedDeployment({ name: 'web', namespace: 'default' })).spec?.replicas).toBe(3);
  });
});

describe('client-node server-side apply', () => {
  const apply = (fieldManager: string, replicas: number, force = false) =>
    apps.patchNamespacedDeployment(
      {
        name: 'cache',
        namespace: 'default',
        fieldManager,
        force,
        body: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'cache' },
          spec: { replicas, selector: { matchLabels: { app: 'cache' } }, template: { metadata: { labels: { app: 'cache' } }, spec: { containers: [{ name: 'redis', image: 'redis:7' }] } } },
        },
      },
      setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply),
    );

  it('creates, conflicts with another applier over replicas, and takes them with force', async () => {
    const created = await apply('client-node', 2);
    expect(created.metadata?.managedFields?.[0]).toMatchObject({ manager: 'client-node', operation: 'Apply', fieldsType: 'FieldsV1' });
    let refused: ApiException<unknown> | undefined;
    try {
      await apply('gitops', 3);
    } catch (e) {
      if (e instanceof ApiException) refused = e;
    }
    expect(refused?.code).toBe(409);
    expect(JSON.parse(String(refused?.body))).toMatchObject({ reason: 'Conflict', message: 'Apply failed with 1 conflict: conflict with "client-node": .spec.replicas' });
    const forced = await apply('gitops', 3, true);
    expect(forced.spec?.replicas).toBe(3);
    expect(forced.metadata?.managedFields?.map((m) => m.manager)).toEqual(['client-node', 'gitops']);
  });
});

describe('client-node EventsV1Api', () => {
  it('lists the Events CoreV1Api lists, as events.k8s.io/v1 names their fields', async () => {
    const events = kc.makeApiClient(EventsV1Api);
    const [v1, legacy] = await Promise.all([events.listNamespacedEvent({ namespace: 'default' }), core.listNamespacedEvent({ namespace: 'default' })]);
    expect(v1.items.length).toBeGreaterThan(0);
    expect(v1.items.map((e) => e.metadata?.name)).toEqual(legacy.items.map((e) => e.metadata?.name));
    for (const [i, e] of v1.items.entries()) {
      const c = legacy.items[i];
      expect({ note: e.note, reason: e.reason, regarding: e.regarding?.name, controller: e.reportingController, count: e.deprecatedCount }).toEqual({
        note: c?.message,
        reason: c?.reason,
        regarding: c?.involvedObject.name,
        controller: c?.reportingComponent || undefined,
        count: c?.count || undefined,
      });
    }
    // The scheduler writes through events.k8s.io: its Events carry an eventTime and an action.
    const scheduled = v1.items.find((e) => e.reason === 'Scheduled');
    expect(scheduled).toMatchObject({ action: 'Binding', reportingController: 'default-scheduler' });
    expect(scheduled?.eventTime).toBeDefined();
    const selected = await events.listNamespacedEvent({ namespace: 'default', fieldSelector: 'reportingController=default-scheduler' });
    expect(new Set(selected.items.map((e) => e.reportingController))).toEqual(new Set(['default-scheduler']));
  });
});

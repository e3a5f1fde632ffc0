// kubectl delete --cascade through the real kubectl (v1.32.4): the DeleteOptions propagationPolicy
// it sends, the owner kept with its finalizer while the garbage collector works, and the
// StatefulSet workaround statefulset.md §5 names: delete with --cascade=orphan, re-create with a
// changed volumeClaimTemplates, and the pods and claims are adopted and reused.
import { describe, expect, it } from 'vitest';
import { rolledOut, servedObjects } from './kubectlHarness.ts';
import { servedScenario } from './printsAsPage.ts';
import { deploymentDoc } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: cascade
cluster: { nodes: 2 }
objects:
${deploymentDoc('web', 2, '{ name: web, image: "nginx:1.25" }')}  - apiVersion: apps/v1
    kind: StatefulSet
    metadata: { name: db }
    spec:
      replicas: 2
      serviceName: db
      selector: { matchLabels: { app: db } }
      template:
        metadata: { labels: { app: db } }
        spec: { containers: [{ name: db, image: "postgres:16" }] }
      volumeClaimTemplates:
      - metadata: { name: data }
        spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`;

const DB_2GI = SCENARIO.slice(SCENARIO.indexOf('  - apiVersion: apps/v1\n    kind: StatefulSet'))
  .replace(/^ {4}/gm, '')
  .replace(/^ {2}- /, '')
  .replace('storage: 1Gi', 'storage: 2Gi');

describe('kubectl delete --cascade against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web', 'statefulset/db']);
  // What the deletes left is read from the served store, not by more kubectl processes: the
  // deletes and the re-creation are what kubectl runs here.
  const pod = (name: string) => servedObjects(h, 'Pod').find((p) => p.metadata.name === name);
  const claim = (name: string) => servedObjects(h, 'PersistentVolumeClaim').find((c) => c.metadata.name === name);
  /** The pods and claims labelled app=db: what `get pods,pvc -l app=db -o name` lists. */
  const dbPodsAndClaims = () =>
    [...servedObjects(h, 'Pod'), ...servedObjects(h, 'PersistentVolumeClaim')].filter((o) => o.metadata.labels?.app === 'db').map((o) => `${o.kind}/${o.metadata.name}`);
  const claimUids = () => servedObjects(h, 'PersistentVolumeClaim').map((c) => c.metadata.uid);

  it('orphans a StatefulSet’s pods and claims, which a re-created StatefulSet adopts and reuses', async () => {
    const before = dbPodsAndClaims();
    const claims = claimUids();
    expect(before).toHaveLength(4);
    const r = await h.kubectl(['delete', 'sts', 'db', '--cascade=orphan']);
    expect(r.stdout).toBe('statefulset.apps "db" deleted\n');
    expect(pod('db-0')?.metadata.ownerReferences ?? []).toEqual([]);
    expect((await h.kubectl(['apply', '-f', '-'], DB_2GI)).stdout).toBe('statefulset.apps/db created\n');
    await rolledOut(h, 'sts/db');
    const uid = servedObjects(h, 'StatefulSet').find((s) => s.metadata.name === 'db')?.metadata.uid;
    expect(uid).toBeDefined();
    expect(pod('db-0')?.metadata.ownerReferences?.[0]?.uid).toBe(uid);
    expect(dbPodsAndClaims()).toEqual(before);
    expect(claimUids()).toEqual(claims);
  });

  it('keeps a claim its pod mounts Terminating (kubernetes.io/pvc-protection) until the pod is gone', async () => {
    const uid = claim('data-db-1')?.metadata.uid;
    expect(claim('data-db-1')?.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
    expect((await h.kubectl(['delete', 'pvc', 'data-db-1', '--wait=false'])).stdout).toBe('persistentvolumeclaim "data-db-1" deleted\n');
    expect((await h.kubectl(['get', 'pvc', 'data-db-1', '--no-headers'])).stdout).toMatch(/^data-db-1\s+Terminating\s+/);
    expect((await h.kubectl(['describe', 'pvc', 'data-db-1'])).stdout).toMatch(/\nFinalizers:\s+\[kubernetes\.io\/pvc-protection\]\n/);
    expect((await h.kubectl(['delete', 'pod', 'db-1'])).code).toBe(0);
    await rolledOut(h, 'sts/db');
    // The StatefulSet made the claim anew once the old one was gone: a new uid, Bound again.
    expect(claim('data-db-1')?.status?.phase).toBe('Bound');
    expect(claim('data-db-1')?.metadata.uid).not.toBe(uid);
  });

  it('waits for the pods and the ReplicaSet before the Deployment goes with --cascade=foreground', async () => {
    const r = await h.kubectl(['delete', 'deployment', 'web', '--cascade=foreground']);
    expect(r.stdout).toBe('deployment.apps "web" deleted\n');
    // kubectl waited for the Deployment's DELETED, which comes after its dependents'.
    expect([...servedObjects(h, 'ReplicaSet'), ...servedObjects(h, 'Pod')].filter((o) => o.metadata.labels?.app === 'web')).toEqual([]);
  });

  it('answers an unknown propagationPolicy with the API server’s 422', async () => {
    const r = await h.kubectl(['delete', '--raw', '/apis/apps/v1/namespaces/default/statefulsets/db?propagationPolicy=Sometimes']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      'The DeleteOptions "" is invalid: propagationPolicy: Unsupported value: "Sometimes": supported values: "Foreground", "Background", "Orphan", "nil"',
    );
  });
});

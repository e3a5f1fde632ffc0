import { describe, expect, it } from 'vitest';
import { advance, kubectl, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';
import { consoleCompletions } from './execute.ts';
import { storeStatefulSet } from './testObjects.ts';

/** One web pod, a `data` namespace and the `store` StatefulSet's two bound claims, 60 s after they were made. */
function cluster() {
  const st = settledCluster([webDeployment(1)]);
  kubectl(st, 'create namespace data');
  kubectl(st, 'apply -f -', storeStatefulSet);
  advance(st, 60);
  return st;
}

const st = cluster();
// The claims' volumes, data-store-0's first; the API server lists them by name.
const [pv0 = '', pv1 = ''] = kubectl(st, 'get pvc -o jsonpath={.items[*].spec.volumeName}').output.split(' ');
const volumes = [pv0, pv1].sort();

const SA_DENIED = `Error from server (MethodNotAllowed): delete is not supported on resources of kind "serviceaccounts": the serviceaccount controller makes each namespace's default account, and Rollout Lab serves no other`;
const PV_DENIED = `Error from server (MethodNotAllowed): delete is not supported on resources of kind "persistentvolumes": the local-path provisioner makes each claim's volume and deletes it with its claim`;
const SC_PATCH_DENIED = 'Error from server (MethodNotAllowed): patch is not supported on resources of kind "storageclasses.storage.k8s.io": the cluster comes with its one StorageClass, standard';
const SA_PATCH_DENIED = `Error from server (MethodNotAllowed): patch is not supported on resources of kind "serviceaccounts": the serviceaccount controller makes each namespace's default account, and Rollout Lab serves no other`;

describe('get and describe of the derived kinds', () => {
  it.each(['pv', 'persistentvolume', 'persistentvolumes', 'PersistentVolume', 'persistentvolumes.v1'])('reads %s as the volumes', (word) => {
    expect(kubectl(st, `get ${word} -o name`)).toEqual({ ok: true, output: volumes.map((n) => `persistentvolume/${n}`).join('\n') });
  });

  it.each(['sc', 'storageclass', 'storageclasses', 'storageclass.storage.k8s.io', 'storageclasses.v1.storage.k8s.io'])('reads %s as the classes', (word) => {
    expect(kubectl(st, `get ${word} -o name`)).toEqual({ ok: true, output: 'storageclass.storage.k8s.io/standard' });
  });

  it.each([
    ['get sa', 'NAME      SECRETS   AGE\ndefault   0         90s'],
    ['get serviceaccounts -n data', 'NAME      SECRETS   AGE\ndefault   0         60s'],
    ['get sa -A -o name', 'serviceaccount/default\nserviceaccount/default\nserviceaccount/default\nserviceaccount/default\nserviceaccount/default'],
    ['get sa -A -o jsonpath={.items[*].metadata.namespace}', 'data default kube-node-lease kube-public kube-system'],
    ['get sa -n nowhere', 'No resources found in nowhere namespace.'],
    ['get sa -l team=a', 'No resources found in default namespace.'],
    ['get sa --field-selector metadata.namespace=data -A -o name', 'serviceaccount/default'],
    ['get sc', 'NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE\nstandard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  90s'],
    // Cluster-scoped: -n is ignored, and -A adds no NAMESPACE column.
    ['get sc -n data -o name', 'storageclass.storage.k8s.io/standard'],
    ['get sc -A -o custom-columns=NAME:.metadata.name,MODE:.volumeBindingMode', 'NAME       MODE\nstandard   WaitForFirstConsumer'],
    ['get pv --field-selector metadata.namespace=default', 'No resources found'],
    ['get pv -l team=a', 'No resources found'],
    [`get pv ${pv0} -o jsonpath={.spec.claimRef.name}`, 'data-store-0'],
    ['get sa,sc -o name', 'serviceaccount/default\nstorageclass.storage.k8s.io/standard'],
  ])('%s', (line, output) => {
    expect(kubectl(st, line)).toEqual({ ok: true, output });
  });

  it('prints the volumes, wide, and after the claims in one get', () => {
    const header = 'NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM                  STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE';
    expect(kubectl(st, 'get pv').output.split('\n')[0]).toBe(header);
    expect(kubectl(st, 'get pv -o wide').output.split('\n')[0]).toBe(`${header}   VOLUMEMODE`);
    const both = kubectl(st, 'get pvc,pv').output.split('\n');
    expect(both.filter((l) => l.startsWith('persistentvolume/')).map((l) => l.split(/\s+/)[0])).toEqual(volumes.map((n) => `persistentvolume/${n}`));
    expect(both.filter((l) => l.startsWith('persistentvolumeclaim/'))).toHaveLength(2);
    expect(both.filter((l) => l === '')).toHaveLength(1);
  });

  it('keeps the NAMESPACE column, empty, for a cluster-scoped table after a namespaced one (-A)', () => {
    const after = kubectl(st, 'get pvc,pv -A').output.split('\n');
    expect(after.filter((l) => l.startsWith('NAMESPACE'))).toHaveLength(2);
    expect(after.filter((l) => /^ +persistentvolume\//.test(l))).toHaveLength(2);
    const before = kubectl(st, 'get pv,pvc -A').output.split('\n');
    expect(before[0]?.startsWith('NAME ')).toBe(true);
    expect(before.filter((l) => l.startsWith('NAMESPACE'))).toHaveLength(1);
  });

  it('leaves them out of get all, as kubectl\'s "all" category does', () => {
    const all = kubectl(st, 'get all -A -o name').output;
    expect(all).toContain('statefulset.apps/store');
    expect(all).not.toMatch(/persistentvolume\/|storageclass|serviceaccount/);
  });

  it.each([
    ['describe sc standard', /^Name:\s+standard\nIsDefaultClass:\s+Yes\n[\s\S]*\nEvents:\s+<none>$/],
    ['describe storageclass.storage.k8s.io', /^Name:\s+standard\n[\s\S]*\nVolumeBindingMode:\s+WaitForFirstConsumer\nEvents:\s+<none>$/],
    ['describe sa default -n data', /^Name:\s+default\nNamespace:\s+data\nLabels:\s+<none>\nAnnotations:\s+<none>\nImage pull secrets:\s+<none>\nEvents:\s+<none>$/],
    [`describe pv ${pv1}`, /^Name:\s+pvc-[\w-]+\n[\s\S]*\nClaim:\s+default\/data-store-1\n[\s\S]*\n {4}HostPathType:\s+DirectoryOrCreate\nEvents:\s+<none>$/],
    // Several at once: no Events (kubectl 1.36), two blank lines between them.
    ['describe pv', /^Name:\s+pvc-[\w-]+\n[\s\S]*DirectoryOrCreate\n\n\nName:\s+pvc-[\w-]+\n[\s\S]*DirectoryOrCreate$/],
    ['describe sa -A', /^Name:\s+default\nNamespace:\s+data\n[\s\S]*\n\n\nName:\s+default\nNamespace:\s+kube-system\n[\s\S]*Image pull secrets:\s+<none>$/],
  ])('%s', (line, output) => {
    const r = kubectl(st, line);
    expect(r.ok).toBe(true);
    expect(r.output).toMatch(output);
  });

  it.each([
    ['get sc fast', 'Error from server (NotFound): storageclasses.storage.k8s.io "fast" not found'],
    ['describe sa ci', 'Error from server (NotFound): serviceaccounts "ci" not found'],
    ['get sa default -A', 'error: a resource cannot be retrieved by name across all namespaces'],
    [
      'get sc --field-selector spec.provisioner=x',
      'Error from server (BadRequest): Unable to find "storage.k8s.io/v1, Resource=storageclasses" that match label selector "", field selector "spec.provisioner=x": "spec.provisioner" is not a known field selector: only "metadata.name", "metadata.namespace"',
    ],
  ])('%s fails as kubectl does', (line, output) => {
    expect(kubectl(st, line)).toEqual({ ok: false, output });
  });
});

describe('writes to the derived kinds', () => {
  it.each([
    ['delete sa default', SA_DENIED],
    // Sent without reading the object first: a provisioned volume's is refused; a name that is none is the registry's (NotFound).
    ['delete pv nothing', 'Error from server (NotFound): persistentvolumes "nothing" not found'],
    ['delete sa --all', SA_DENIED],
    [`delete pv ${pv0} ${pv1}`, `${PV_DENIED}\n${PV_DENIED}`],
    ['patch sc standard -p {"allowVolumeExpansion":true}', SC_PATCH_DENIED],
    ['label sa default team=a', SA_PATCH_DENIED],
    ['label sa default team-', `label "team" not found.\n${SA_PATCH_DENIED}`],
    ['annotate sc standard team=a', SC_PATCH_DENIED],
    // label reads the object first.
    ['label sa ci team=a', 'Error from server (NotFound): serviceaccounts "ci" not found'],
    ['set env sa/default A=1', 'error: serviceaccounts/default the object is not a pod or does not have a pod template: *v1.ServiceAccount'],
    ['set image sc/standard a=b', 'error: storageclasses/standard the object is not a pod or does not have a pod template: *v1.StorageClass'],
    ['autoscale sa default --max=2', 'error: cannot autoscale a ServiceAccount: could not find scale subresource for /v1, Resource=serviceaccounts in discovery information'],
    ['scale sa default --replicas=2', 'Error from server (NotFound): the server could not find the requested resource'],
  ])('%s is refused', (line, output) => {
    expect(kubectl(st, line)).toEqual({ ok: false, output });
  });

  it('finds nothing to delete in an empty selection', () => {
    expect(kubectl(st, 'delete sa -l team=a')).toEqual({ ok: true, output: 'No resources found' });
  });

  it('changed nothing', () => {
    expect(kubectl(st, 'get pv -o name').output.split('\n')).toHaveLength(2);
    expect(kubectl(st, 'get sa -A -o name').output.split('\n')).toHaveLength(5);
  });
});

describe('consoleCompletions', () => {
  it.each([
    ['get s', ['get sa', 'get sc', 'get secrets', 'get serviceaccounts', 'get services', 'get statefulsets', 'get storageclasses', 'get sts', 'get svc']],
    ['describe sc ', ['describe sc standard']],
    ['get sa/', ['get sa/default']],
    ['describe pv pvc-', volumes.map((n) => `describe pv ${n}`).sort()],
  ])('%s', (prefix, want) => {
    expect(consoleCompletions(st, prefix)).toEqual(want);
  });
});

// `kubectl create deployment|namespace|configmap|secret generic --dry-run=client`: the console's object and output against
// the real kubectl's, which builds and prints them without a server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kubectl, settledCluster } from '../src/engine/sim/executeTestEngine.ts';
import { kubectlBinary } from './kubectlHarness.ts';

/** realKubectl runs the real kubectl with an empty kubeconfig (a client dry run needs no server). */
function realKubectl(line: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kubectl-create-'));
  const r = spawnSync(kubectlBinary(), line.split(' '), { encoding: 'utf8', env: { ...process.env, KUBECONFIG: join(dir, 'config') } });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}`.replace(/\n$/, '') };
}

describe('kubectl create --dry-run=client, console against the real kubectl', () => {
  it.each([
    'create deployment web --image=nginx --dry-run=client -o yaml',
    'create deployment web --image=nginx --replicas=3 --port=8080 --dry-run=client -o json',
    'create deploy api --image=registry.k8s.io/pause:3.9 --image=redis:7 --dry-run=client -o yaml',
    'create deployment web --image=busybox --dry-run=client -o yaml -- sleep 3600',
    'create deployment web --image=nginx -n team-a --dry-run=client -o yaml',
    'create deployment web --image=nginx --dry-run=client -o name',
    'create deployment web --image=nginx --dry-run=client',
    'create deployment web --image=nginx --replicas=-1 --dry-run=client',
    'create namespace team-a --dry-run=client -o yaml',
    'create ns team-a --dry-run=client -o json',
    'create deployment --image=nginx',
    'create deployment web --image=a --image=b -- sleep 1',
    'create foo',
    'create -n team-a deployment web --image=nginx --dry-run=client -o yaml',
    'create -o name deploy web --image=nginx --dry-run=client',
    'create configmap web-v2 --from-literal=MODE=green --from-literal=LEVEL=2 --dry-run=client -o yaml',
    'create cm web-v2 --from-literal=MODE=green --dry-run=client -o json',
    'create configmap x --from-literal=a=1,b=2 -n team-a --dry-run=client -o yaml',
    'create configmap x --from-literal=a --dry-run=client',
    'create configmap x --from-literal==1 --dry-run=client',
    'create configmap x --from-literal=a=1 --from-literal=a=2 --dry-run=client',
    'create configmap x --from-literal=..a=1 --dry-run=client',
    'create configmap --from-literal=a=1 --dry-run=client',
    'create configmap x --from-env-file=a.env --from-literal=a=1 --dry-run=client',
    'create configmap x --dry-run=client -o name',
    'create secret generic db --from-literal=password=s3cr3t --dry-run=client -o yaml',
    'create secret generic db --from-literal=k=v --type=Opaque --dry-run=client -o json',
    'create secret generic db --type=kubernetes.io/basic-auth --from-literal=username=a --dry-run=client -o yaml',
    'create secret generic db --from-literal=..a=1 --dry-run=client',
    'create secret generic db --from-literal=a=1 --from-literal=a=2 --dry-run=client',
    'create secret generic db --dry-run=client',
    'create secret db',
  ])('%s', (line) => {
    expect(kubectl(settledCluster([]), line)).toEqual(realKubectl(line));
  });
});

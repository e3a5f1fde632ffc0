import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import type { Service } from '../api/policyTypes.ts';
import { advance, kubectl, settledCluster } from '../sim/executeTestEngine.ts';
import { parseKubectl } from './parse.ts';

describe('parseRun', () => {
  it.each([
    ['run web --image=web:1', { verb: 'run', name: 'web', image: 'web:1', labels: { run: 'web' }, port: -1, restart: 'Always', args: [], command: false }],
    ['run web --image=web:1 -l app=web,tier=fe --port=80 -- serve --fast', { labels: { app: 'web', tier: 'fe' }, port: 80, args: ['serve', '--fast'] }],
    ['run web --image=web:1 --restart=Never --command -n team-a -- sh', { restart: 'Never', command: true, args: ['sh'], namespace: 'team-a', explicitNamespace: true }],
    ['run web --image=web:1 --env=A=1 --env=B=x=y', { env: [{ name: 'A', value: '1' }, { name: 'B', value: 'x=y' }] }],
  ])('reads %s', (line, want) => {
    expect(parseKubectl(line)).toMatchObject(want);
  });

  it.each([
    ['run web', 'error: required flag(s) "image" not set'],
    ['run --image=web:1', "error: NAME is required for run\nSee 'kubectl run -h' for help and examples"],
    ['run web --image=web:1 --restart=Sometimes', "error: invalid restart policy: Sometimes\nSee 'kubectl run -h' for help and examples"],
    ['run web --image=web:1 -l app', 'error: unexpected label spec: app'],
    ['run web --image=web:1 --env=A', 'error: invalid env: A'],
    ['run web --image=web:1 --port=http', 'error: strconv.Atoi: parsing "http": invalid syntax'],
    ['run web --image=web:1 --expose', "error: --port must be set when exposing a service\nSee 'kubectl run -h' for help and examples"],
    ['run -it --rm sh --image=busybox -- sh', 'error: -i, -t, --rm: the console cannot attach to a container; run the pod without them and read its output with kubectl logs'],
  ])('refuses %s as kubectl does', (line, error) => {
    expect(parseKubectl(line)).toEqual({ error });
  });
});

describe('runRun', () => {
  it('creates a pod of its own that the scheduler places and the kubelet starts', () => {
    const st = settledCluster();
    expect(kubectl(st, 'run solo --image=web:1 --port=8080')).toMatchObject({ ok: true, output: 'pod/solo created' });
    advance(st, 30);
    const pod = st.store.objects.Pod.get('default/solo') as Pod | undefined;
    expect(pod?.metadata.labels).toEqual({ run: 'solo' });
    expect(pod?.metadata.ownerReferences).toBeUndefined();
    expect(pod?.spec.nodeName).toMatch(/^node-/);
    expect(pod?.status?.phase).toBe('Running');
  });

  it('stores nothing on a dry run, and says which name is taken', () => {
    const st = settledCluster();
    const run = (line: string) => kubectl(st, line);
    expect(run('run solo --image=web:1 --dry-run=server')).toMatchObject({ ok: true, output: 'pod/solo created (server dry run)' });
    expect(st.store.objects.Pod.has('default/solo')).toBe(false);
    expect(run('run solo --image=web:1')).toMatchObject({ ok: true });
    expect(run('run solo --image=web:1')).toEqual({ ok: false, output: 'Error from server (AlreadyExists): pods "solo" already exists' });
  });

  it('puts a ClusterIP Service in front of the pod with --expose, made after the pod and printed before it', () => {
    const st = settledCluster();
    expect(kubectl(st, 'run solo --image=web:1 --port=8080 --expose')).toEqual({ ok: true, output: 'service/solo created\npod/solo created' });
    advance(st, 30);
    const svc = st.store.objects.Service.get('default/solo') as Service | undefined;
    expect(svc?.spec).toMatchObject({ selector: { run: 'solo' }, ports: [{ port: 8080, targetPort: 8080, protocol: 'TCP' }], type: 'ClusterIP' });
    expect(svc?.spec.clusterIP).toMatch(/^10\.9[6-9]|^10\.1[0-1]\d\./);
    expect(kubectl(st, 'get endpointslices -l kubernetes.io/service-name=solo').output).toMatch(/solo-\w+\s+IPv4\s+8080\s+10\.244\./);
  });
});

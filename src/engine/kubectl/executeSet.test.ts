import { describe, expect, it } from 'vitest';
import { advance, agentDaemonSet, kubectl, objects, replicaSets, settledCluster, web } from '../sim/executeTestEngine.ts';

const CONFIG = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { PORT: '5432', 'db.host': 'h1' } };

const STS = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'db' },
  spec: {
    replicas: 1,
    serviceName: 'db',
    selector: { matchLabels: { app: 'db' } },
    template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'db:1' }] } },
  },
};

describe('runSetEnv', () => {
  it('starts a rollout: a new ReplicaSet whose pods have the variable', () => {
    const st = settledCluster();
    expect(kubectl(st, 'set env deployment/web FOO=bar')).toEqual({ ok: true, output: 'deployment.apps/web env updated' });
    advance(st, 60);
    const rss = replicaSets(st);
    expect(rss).toHaveLength(2);
    expect(rss.map((rs) => rs.spec.replicas)).toEqual([0, 4]);
    expect(rss[1]?.spec.template.spec.containers[0]?.env).toEqual([{ name: 'FOO', value: 'bar' }]);
    const pods = objects(st, 'Pod').filter((p) => p.metadata.labels?.app === 'web' && !p.metadata.deletionTimestamp);
    expect(pods.map((p) => p.spec.containers[0]?.env)).toEqual(Array(4).fill([{ name: 'FOO', value: 'bar' }]));
  });

  it('prints nothing and writes nothing when the variable is already set', () => {
    const st = settledCluster();
    kubectl(st, 'set env deploy/web FOO=bar');
    const rv = web(st).metadata.resourceVersion;
    expect(kubectl(st, 'set env deploy/web FOO=bar')).toEqual({ ok: true, output: '' });
    expect(web(st).metadata.resourceVersion).toBe(rv);
  });

  it('lists the change with --list and writes nothing', () => {
    const st = settledCluster();
    const rv = web(st).metadata.resourceVersion;
    expect(kubectl(st, 'set env deploy/web --list A=b')).toEqual({ ok: true, output: '# Deployment web, container nginx\nA=b' });
    expect(web(st).metadata.resourceVersion).toBe(rv);
  });

  it('stops listing at a refused overwrite and still exits 0, as kubectl does with --list', () => {
    const st = settledCluster();
    kubectl(st, 'set env deploy/web A=1');
    expect(kubectl(st, 'set env deploy/web --list --overwrite=false A=2')).toEqual({ ok: true, output: '' });
  });

  it('writes a removal given only with -e, then says a variable must be provided', () => {
    const st = settledCluster();
    kubectl(st, 'set env deploy/web X=1 Y=2');
    expect(kubectl(st, 'set env deploy/web -e X-')).toEqual({ ok: false, output: 'error: at least one environment variable must be provided' });
    expect(web(st).spec.template.spec.containers[0]?.env).toEqual([{ name: 'Y', value: '2' }]);
  });

  it('prints a line per object named, the same object twice too', () => {
    const st = settledCluster();
    expect(kubectl(st, 'set env deploy/web deploy/web DUP=1')).toEqual({ ok: true, output: 'deployment.apps/web env updated\ndeployment.apps/web env updated' });
  });

  it('prints several errors each with its blank line, after the lines of the objects it changed', () => {
    const st = settledCluster();
    kubectl(st, 'apply -f -', CONFIG);
    expect(kubectl(st, 'set env deploy/web cm/cfg A=1')).toEqual({
      ok: false,
      output: 'deployment.apps/web env updated\nerror: configmaps/cfg the object is not a pod or does not have a pod template: *v1.ConfigMap',
    });
    expect(kubectl(st, 'set env cm/cfg svc/kubernetes A=1').output).toBe(
      'error: configmaps/cfg the object is not a pod or does not have a pod template: *v1.ConfigMap\n\nerror: services/kubernetes the object is not a pod or does not have a pod template: *v1.Service\n',
    );
  });

  it('reads a ConfigMap with --from, --keys and --prefix', () => {
    const st = settledCluster();
    kubectl(st, 'apply -f -', CONFIG);
    expect(kubectl(st, 'set env deploy/web --from=configmap/cfg --prefix=APP_')).toEqual({
      ok: true,
      output: 'Warning: key db.host transferred to DB_HOST\ndeployment.apps/web env updated',
    });
    expect(web(st).spec.template.spec.containers[0]?.env?.map((e) => e.name)).toEqual(['APP_PORT', 'APP_DB_HOST']);
    expect(kubectl(st, 'set env deploy/web --list --resolve')).toEqual({ ok: true, output: '# Deployment web, container nginx\nAPP_PORT=5432\nAPP_DB_HOST=h1' });
    expect(kubectl(st, 'set env deploy/web --from=configmap/nope').output).toBe('Error from server (NotFound): configmaps "nope" not found');
  });

  it("refuses a bare pod's change with the API server's message", () => {
    const st = settledCluster();
    const pod = objects(st, 'Pod')[0]?.metadata.name ?? '';
    const r = kubectl(st, `set env pod/${pod} A=1`);
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(new RegExp(`^error: failed to patch env update to pod template: Pod "${pod}" is invalid: spec: Forbidden: pod updates may not change fields other than`));
  });

  it('changes a ReplicaSet, a DaemonSet and a StatefulSet template', () => {
    const st = settledCluster([agentDaemonSet()]);
    expect(kubectl(st, 'apply -f -', STS).ok).toBe(true);
    advance(st, 10);
    expect(kubectl(st, 'set env ds/agent sts/db A=1')).toEqual({ ok: true, output: 'daemonset.apps/agent env updated\nstatefulset.apps/db env updated' });
    const rs = settledCluster();
    const name = replicaSets(rs)[0]?.metadata.name ?? '';
    expect(kubectl(rs, `set env rs/${name} A=1`)).toEqual({ ok: true, output: `replicaset.apps/${name} env updated` });
  });
});

describe('runSetResources', () => {
  it('sets limits and requests and rolls the DaemonSet', () => {
    const st = settledCluster([agentDaemonSet()]);
    expect(kubectl(st, 'set resources ds/agent --limits=cpu=200m,memory=512Mi --requests=cpu=100m,memory=256Mi')).toEqual({
      ok: true,
      output: 'daemonset.apps/agent resource requirements updated',
    });
    advance(st, 60);
    const pods = objects(st, 'Pod').filter((p) => !p.metadata.deletionTimestamp);
    expect(pods.map((p) => p.spec.containers[0]?.resources)).toEqual(Array(3).fill({ limits: { cpu: '200m', memory: '512Mi' }, requests: { cpu: '100m', memory: '256Mi' } }));
  });

  it('prints nothing when the quantities are already set, written another way', () => {
    const st = settledCluster();
    kubectl(st, 'set resources deploy/web --limits=cpu=200m');
    const rv = web(st).metadata.resourceVersion;
    expect(kubectl(st, 'set resources deploy/web --limits=cpu=0.2')).toEqual({ ok: true, output: '' });
    expect(web(st).metadata.resourceVersion).toBe(rv);
  });

  it("refuses requests over limits with the API server's Invalid, writing nothing", () => {
    const st = settledCluster();
    kubectl(st, 'set resources deploy/web --limits=cpu=200m');
    expect(kubectl(st, 'set resources deploy/web --requests=cpu=1')).toEqual({
      ok: false,
      output:
        'error: failed to patch resources update to pod template Deployment.apps "web" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: "1": must be less than or equal to cpu limit of 200m',
    });
    expect(web(st).spec.template.spec.containers[0]?.resources).toEqual({ limits: { cpu: '200m' } });
  });

  it('answers a missing object before the flags, and the flags before anything else', () => {
    const st = settledCluster();
    expect(kubectl(st, 'set resources deploy/nope')).toEqual({ ok: false, output: 'Error from server (NotFound): deployments.apps "nope" not found' });
    expect(kubectl(st, 'set resources deploy/web')).toEqual({ ok: false, output: 'error: you must specify an update to requests or limits (in the form of --requests/--limits)' });
  });

  it('collects no-container errors first, then the objects it could not change', () => {
    const st = settledCluster();
    expect(kubectl(st, 'set resources svc/kubernetes deploy/web -c nope --limits=cpu=1')).toEqual({
      ok: false,
      output: 'error: unable to find container named nope\nerror: services/kubernetes the object is not a pod or does not have a pod template: *v1.Service\n',
    });
  });

  it('prints the --record notice first and records the command', () => {
    const st = settledCluster();
    expect(kubectl(st, 'set resources deploy/web --limits=cpu=1 --record')).toEqual({
      ok: true,
      output: 'Flag --record has been deprecated, --record will be removed in the future\ndeployment.apps/web resource requirements updated',
    });
    expect(web(st).metadata.annotations?.['kubernetes.io/change-cause']).toBe('kubectl set resources deploy/web --limits=cpu=1 --record=true');
  });
});

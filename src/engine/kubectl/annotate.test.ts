import { describe, expect, it } from 'vitest';
import type { Deployment } from '../api/types.ts';
import { kubectl, objects, runTicks, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';
import { parseKubectl } from './parse.ts';
import { parsePairs } from './parseAnnotate.ts';
import { annotate } from './transforms/annotate.ts';

describe('parsePairs', () => {
  it.each([
    [['a=b'], { add: [['a', 'b']], remove: [] }],
    [['k=v=w'], { add: [['k', 'v=w']], remove: [] }],
    [['k='], { add: [['k', '']], remove: [] }],
    [['a=1', 'a=2'], { add: [['a', '2']], remove: [] }],
    [['a-', 'b=c'], { add: [['b', 'c']], remove: ['a'] }],
    [['-'], { error: 'error: invalid annotation format: -' }],
    [['x', 'y'], { error: 'error: invalid annotation format: x, y' }],
  ])('reads %j as ParsePairs does', (args, want) => {
    expect(parsePairs(args)).toEqual(want);
  });
});

describe('parseAnnotate', () => {
  // kubectl 1.32.4's own words against a cluster, for each line.
  it.each([
    ['annotate deploy web', 'error: at least one annotation update is required'],
    ['annotate deploy web =x', 'error: at least one annotation update is required'],
    ['annotate deploy web a- a=x', 'error: can not both modify and remove the following annotation(s) in the same command: a'],
    ['annotate a=b', 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>'],
    ['annotate deploy a=b web', 'error: all resources must be specified before annotation changes: web'],
    ['annotate deploy --all -l app=web a=b', 'error: cannot set --all and --selector at the same time'],
  ])('refuses `%s`', (line, error) => {
    expect(parseKubectl(line)).toEqual({ error });
  });

  it('reads the keys, --overwrite and --list', () => {
    expect(parseKubectl('annotate deploy/web a=b c- --overwrite')).toMatchObject({ verb: 'annotate', add: [['a', 'b']], remove: ['c'], overwrite: true, list: false });
    expect(parseKubectl('annotate deploy web --list')).toMatchObject({ verb: 'annotate', add: [], remove: [], list: true });
  });
});

describe('annotate', () => {
  const d = (annotations?: Record<string, string>): Deployment => {
    const w = webDeployment(1);
    return { ...w, metadata: { ...w.metadata, ...(annotations ? { annotations } : {}) } };
  };
  it.each([
    ['a key that holds another value, without --overwrite', { a: 'b' }, [['a', 'c']], false, "error: --overwrite is false but found the following declared annotation(s): 'a' already has a value (b)"],
    ['the value a key already holds', { a: 'b' }, [['a', 'b']], false, null],
    ['change-cause, which may always be overwritten', { 'kubernetes.io/change-cause': 'x' }, [['kubernetes.io/change-cause', 'y']], false, null],
    ['another value with --overwrite', { a: 'b' }, [['a', 'c']], true, null],
  ] as const)('sets %s', (_what, current, add, overwrite, error) => {
    const r = annotate(d(current), add as unknown as [string, string][], [], overwrite);
    if (error !== null) expect(r).toEqual({ error });
    else expect('error' in r ? r.error : r.output).toBe('deployment.apps/web annotated');
  });
});

describe('kubectl annotate on the engine', () => {
  it("records a change-cause that rollout history shows for the Deployment's revisions", () => {
    const st = settledCluster([webDeployment(2)]);
    expect(kubectl(st, 'annotate deployment web kubernetes.io/change-cause="first: web:1"')).toEqual({ ok: true, output: 'deployment.apps/web annotated' });
    runTicks(st, 5);
    kubectl(st, 'set image deployment/web nginx=nginx:1.27');
    expect(kubectl(st, 'annotate deploy web kubernetes.io/change-cause="image nginx:1.27"').ok).toBe(true);
    runTicks(st, 60);
    expect(kubectl(st, 'rollout history deployment/web').output).toBe(
      ['deployment.apps/web ', 'REVISION  CHANGE-CAUSE', '1         first: web:1', '2         image nginx:1.27', ''].join('\n'),
    );
    const rs = objects(st, 'ReplicaSet').map((r) => r.metadata.annotations?.['kubernetes.io/change-cause']);
    expect(rs.sort()).toEqual(['first: web:1', 'image nginx:1.27']);
  });

  it('removes a key, lists what is left, and changes nothing that is not asked', () => {
    const st = settledCluster([webDeployment(1)]);
    kubectl(st, 'annotate deploy web team=a note=x');
    const rv = objects(st, 'Deployment')[0]?.metadata.resourceVersion;
    expect(kubectl(st, 'annotate deploy web team=a').output).toBe('deployment.apps/web annotated');
    expect(objects(st, 'Deployment')[0]?.metadata.resourceVersion).toBe(rv);
    expect(kubectl(st, 'annotate deploy web note-').ok).toBe(true);
    expect(kubectl(st, 'annotate deploy web --list').output).toMatch(/(^|\n)team=a(\n|$)/);
    expect(kubectl(st, 'annotate deploy web --list').output).not.toMatch(/note=/);
    expect(kubectl(st, 'annotate deploy nope a=b')).toEqual({ ok: false, output: 'Error from server (NotFound): deployments.apps "nope" not found' });
  });
});

describe('kubectl set image --record', () => {
  // kubectl 1.32.4 against a cluster wrote `kubectl set image deployment/web web=web:3 --server=… --record=true`
  // (the console has no --server) and `kubectl set image deploy web web=web:5 --server=… --namespace=default --record=true`.
  it.each([
    ['set image deployment/web nginx=nginx:1.27 --record', 'kubectl set image deployment/web nginx=nginx:1.27 --record=true'],
    ['set image deploy web nginx=nginx:1.27 -n default --record=true', 'kubectl set image deploy web nginx=nginx:1.27 --namespace=default --record=true'],
  ])('records `%s` as the change-cause', (line, cause) => {
    const st = settledCluster([webDeployment(1)]);
    expect(kubectl(st, line)).toEqual({ ok: true, output: 'Flag --record has been deprecated, --record will be removed in the future\ndeployment.apps/web image updated' });
    expect(objects(st, 'Deployment')[0]?.metadata.annotations?.['kubernetes.io/change-cause']).toBe(cause);
  });

  it('records nothing without --record, and leaves a change-cause there as it was', () => {
    const st = settledCluster([webDeployment(1)]);
    kubectl(st, 'set image deployment/web nginx=nginx:1.27 --record');
    kubectl(st, 'set image deployment/web nginx=nginx:1.28');
    expect(objects(st, 'Deployment')[0]?.metadata.annotations?.['kubernetes.io/change-cause']).toBe('kubectl set image deployment/web nginx=nginx:1.27 --record=true');
    // The same command again: nothing to patch, nothing printed (set_image.go skips an empty patch).
    kubectl(st, 'set image deployment/web nginx=nginx:1.27 --record');
    expect(kubectl(st, 'set image deployment/web nginx=nginx:1.27 --record')).toEqual({ ok: true, output: 'Flag --record has been deprecated, --record will be removed in the future' });
    expect(kubectl(st, 'set image deployment/web nginx=nginx:1.27')).toEqual({ ok: true, output: '' });
  });
});

import { describe, expect, it } from 'vitest';
import type { DaemonSet } from '../api/types.ts';
import type { EngineState } from '../sim/state.ts';
import { advance, agentDaemonSet, kubectl, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';
import { inNamespace } from './executeStore.ts';

/** The agent DaemonSet in namespace payments: one more revision, for -A and -n. */
function paymentsAgent(): DaemonSet {
  const d = agentDaemonSet();
  return { ...d, metadata: { ...d.metadata, namespace: 'payments' } };
}

/**
 * rolledAgent is the test cluster after `set image ds/agent agent=agent:2` and 20 s more: the
 * DaemonSet controller's history holds revision 1 (agent-5d5f9d4f5b, 50 s old) and 2
 * (agent-58b4fbb759, 20 s old) in default, and revision 1 in payments.
 */
function rolledAgent(): EngineState {
  const st = settledCluster([webDeployment(1), agentDaemonSet(), paymentsAgent()]);
  expect(kubectl(st, 'set image ds/agent agent=agent:2').ok).toBe(true);
  advance(st, 20);
  return st;
}

const TABLE = [
  'NAME               CONTROLLER             REVISION   AGE',
  'agent-58b4fbb759   daemonset.apps/agent   2          20s',
  'agent-5d5f9d4f5b   daemonset.apps/agent   1          50s',
].join('\n');

const FIRST = ['NAME               CONTROLLER             REVISION   AGE', 'agent-5d5f9d4f5b   daemonset.apps/agent   1          50s'].join('\n');

describe('runGet of controllerrevisions', () => {
  const st = rolledAgent();

  it.each([
    ['lists the revisions as printControllerRevision when named by plural', 'get controllerrevisions', TABLE],
    ['lists the same when named by singular', 'get controllerrevision', TABLE],
    ['lists the same when named by kind', 'get ControllerRevision', TABLE],
    ['lists the same when named with its group', 'get controllerrevisions.apps', TABLE],
    ['lists the same when named with group and version', 'get controllerrevisions.v1.apps', TABLE],
    ['prints the same columns with -o wide', 'get controllerrevisions -o wide', TABLE],
    ['prints one revision named after the type', 'get controllerrevision agent-5d5f9d4f5b', FIRST],
    ['prints one revision named as TYPE/NAME', 'get controllerrevision/agent-5d5f9d4f5b', FIRST],
    ['keeps the revisions a label selector matches', 'get controllerrevisions -l controller-revision-hash=5d5f9d4f5b', FIRST],
    [
      'adds the NAMESPACE column with -A',
      'get controllerrevisions -A',
      [
        'NAMESPACE   NAME               CONTROLLER             REVISION   AGE',
        'default     agent-58b4fbb759   daemonset.apps/agent   2          20s',
        'default     agent-5d5f9d4f5b   daemonset.apps/agent   1          50s',
        'payments    agent-5d5f9d4f5b   daemonset.apps/agent   1          50s',
      ].join('\n'),
    ],
    [
      'adds the LABELS column with --show-labels',
      'get controllerrevisions --show-labels',
      [
        'NAME               CONTROLLER             REVISION   AGE   LABELS',
        'agent-58b4fbb759   daemonset.apps/agent   2          20s   app=agent,controller-revision-hash=58b4fbb759',
        'agent-5d5f9d4f5b   daemonset.apps/agent   1          50s   app=agent,controller-revision-hash=5d5f9d4f5b',
      ].join('\n'),
    ],
    ['prints kind-qualified names with -o name', 'get controllerrevisions -n payments -o name', 'controllerrevision.apps/agent-5d5f9d4f5b'],
    ['prints a jsonpath of one revision', 'get controllerrevision agent-58b4fbb759 -o jsonpath={.revision}', '2'],
    ['prints custom columns', 'get controllerrevisions -o custom-columns=NAME:.metadata.name,REV:.revision', 'NAME               REV\nagent-58b4fbb759   2\nagent-5d5f9d4f5b   1'],
    ['says no resources were found in an empty namespace', 'get controllerrevisions -n kube-system', 'No resources found in kube-system namespace.'],
  ])('%s', (_what, line, output) => {
    expect(kubectl(st, line)).toEqual({ ok: true, output });
  });

  it('prints the stored revision as YAML with -o yaml', () => {
    const out = kubectl(st, 'get controllerrevision agent-58b4fbb759 -o yaml');
    expect(out.ok).toBe(true);
    expect(out.output).toMatch(/^apiVersion: apps\/v1\ndata:\n {2}spec:\n {4}template:\n {6}\$patch: replace\n/);
    expect(out.output).toMatch(/\nkind: ControllerRevision\n/);
    expect(out.output).toMatch(/\n {2}- apiVersion: apps\/v1\n {4}blockOwnerDeletion: true\n {4}controller: true\n {4}kind: DaemonSet\n {4}name: agent\n/);
    expect(out.output.endsWith('\nrevision: 2')).toBe(true);
  });

  it.each([
    ['answers NotFound for a missing name', 'get controllerrevision nope', 'Error from server (NotFound): controllerrevisions.apps "nope" not found'],
    ['answers NotFound for a missing TYPE/NAME', 'get controllerrevisions.apps/nope', 'Error from server (NotFound): controllerrevisions.apps "nope" not found'],
    ['has no short name, as discovery lists none', 'get cr', 'error: the server doesn\'t have a resource type "cr"'],
  ])('%s', (_what, line, output) => {
    expect(kubectl(st, line)).toEqual({ ok: false, output });
  });

  it('prints a table per kind with kind-qualified names beside another type', () => {
    const out = kubectl(st, 'get controllerrevisions,ds');
    expect(out.ok).toBe(true);
    expect(out.output.split('\n').slice(0, 4)).toEqual([
      'NAME                                       CONTROLLER             REVISION   AGE',
      'controllerrevision.apps/agent-58b4fbb759   daemonset.apps/agent   2          20s',
      'controllerrevision.apps/agent-5d5f9d4f5b   daemonset.apps/agent   1          50s',
      '',
    ]);
  });

  it('leaves get all without revisions, as they are in no category', () => {
    expect(kubectl(st, 'get all').output).not.toMatch(/controllerrevision/);
  });
});

describe('runGet of controllerrevisions in a cluster without any', () => {
  it('says no resources were found in the namespace, and in all with -A', () => {
    const st = settledCluster([webDeployment(1)]);
    expect(kubectl(st, 'get controllerrevisions')).toEqual({ ok: true, output: 'No resources found in default namespace.' });
    expect(kubectl(st, 'get controllerrevisions -A')).toEqual({ ok: true, output: 'No resources found' });
  });
});

describe('the console on other verbs of controllerrevisions', () => {
  const st = rolledAgent();
  const refused = (verb: string) => `Error from server (MethodNotAllowed): ${verb} is not supported on resources of kind "controllerrevisions.apps"`;

  it.each([
    [
      'refuses describe as for the other kinds it reads but does not describe',
      'describe controllerrevision agent-5d5f9d4f5b',
      'error: "kubectl describe controllerrevisions" is not part of Rollout Lab\'s kubectl subset (try: describe pod, deployment, replicaset, daemonset, statefulset, quota, limits, pdb, hpa, svc, cm, secret, node, pvc, pv, sc, sa, ns)',
    ],
    ['refuses a delete as the served API does (405)', 'delete controllerrevision agent-5d5f9d4f5b', refused('delete')],
    ['refuses each revision of a delete --all', 'delete controllerrevisions --all -n payments', refused('delete')],
    ['answers NotFound for a delete of a missing name', 'delete controllerrevision nope', 'Error from server (NotFound): controllerrevisions.apps "nope" not found'],
    ['refuses a patch even when it would change nothing here', `patch controllerrevision agent-5d5f9d4f5b -p '{"revision":3}'`, refused('patch')],
    ['refuses a merge patch', `patch controllerrevision agent-5d5f9d4f5b --type=merge -p '{"revision":1}'`, refused('patch')],
    ['refuses a label', 'label controllerrevision agent-5d5f9d4f5b a=b', refused('patch')],
    ['refuses an annotation', 'annotate controllerrevision agent-5d5f9d4f5b a=b', refused('patch')],
  ])('%s', (_what, line, output) => {
    expect(kubectl(st, line)).toEqual({ ok: false, output });
  });

  it('keeps every revision after the refused writes', () => {
    advance(st, 5);
    const names = inNamespace(st, 'ControllerRevision', null).map((r) => `${r.metadata.namespace}/${r.metadata.name}:${r.revision}`).sort();
    expect(names).toEqual(['default/agent-58b4fbb759:2', 'default/agent-5d5f9d4f5b:1', 'payments/agent-5d5f9d4f5b:1']);
    expect(kubectl(st, 'get controllerrevision agent-5d5f9d4f5b --show-labels').output).not.toMatch(/a=b/);
  });

  it('leaves api-resources listing controllerrevisions without a short name', () => {
    expect(kubectl(st, 'api-resources --api-group=apps').output.split('\n')[1]).toBe('controllerrevisions                apps/v1      true         ControllerRevision');
  });
});

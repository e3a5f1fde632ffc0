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

/**
 * What real kubectl's generic describer prints of revision 1 (its served JSON, field by field),
 * less its Events; its resourceVersion and uid as the store has them.
 */
function describedFirst(st: EngineState): string {
  const cr = inNamespace(st, 'ControllerRevision', 'default').find((r) => r.metadata.name === 'agent-5d5f9d4f5b');
  return [
  'Name:         agent-5d5f9d4f5b',
  'Namespace:    default',
  'Labels:       app=agent',
  '              controller-revision-hash=5d5f9d4f5b',
  'Annotations:  <none>',
  'API Version:  apps/v1',
  'Data:',
  '  Spec:',
  '    Template:',
  '      $patch:  replace',
  '      Metadata:',
  '        Labels:',
  '          App:  agent',
  '      Spec:',
  '        Containers:',
  '          Image:                           agent:1',
  '          Image Pull Policy:               IfNotPresent',
  '          Name:                            agent',
  '        Restart Policy:                    Always',
  '        Scheduler Name:                    default-scheduler',
  '        Termination Grace Period Seconds:  30',
  'Kind:                                      ControllerRevision',
  'Metadata:',
  '  Creation Timestamp:  2026-01-01T00:00:00Z',
  '  Owner References:',
  '    API Version:           apps/v1',
  '    Block Owner Deletion:  true',
  '    Controller:            true',
  '    Kind:                  DaemonSet',
  '    Name:                  agent',
  '    UID:                   60c799a9-a318-49e8-a7be-aed3d3882f79',
  `  Resource Version:        ${cr?.metadata.resourceVersion}`,
  `  UID:                     ${cr?.metadata.uid}`,
  'Revision:                  1',
].join('\n');
}

describe('runDescribe of controllerrevisions (the generic describer)', () => {
  const st = rolledAgent();
  const DESCRIBED_FIRST = describedFirst(st);

  it('prints one revision named, then its Events (none)', () => {
    expect(kubectl(st, 'describe controllerrevision agent-5d5f9d4f5b')).toEqual({ ok: true, output: `${DESCRIBED_FIRST}\nEvents:                    <none>` });
  });

  it('prints every revision, newest name first, two blank lines apart and without Events', () => {
    const out = kubectl(st, 'describe controllerrevisions');
    expect(out.ok).toBe(true);
    const parts = out.output.split('\n\n\n');
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatch(/^Name: {9}agent-58b4fbb759\n[\s\S]*\n {10}Image: {27}agent:2\n[\s\S]*\nRevision: {18}2$/);
    expect(parts[1]).toBe(DESCRIBED_FIRST);
  });

  it('matches a name prefix, each description followed by one newline', () => {
    const out = kubectl(st, 'describe controllerrevision agent');
    expect(out.output.split('\n\nName:')).toHaveLength(2);
    expect(out.output.endsWith(`${DESCRIBED_FIRST}\n`)).toBe(true);
  });

  it('answers NotFound for a missing revision', () => {
    expect(kubectl(st, 'describe controllerrevision nope')).toEqual({ ok: false, output: 'Error from server (NotFound): controllerrevisions.apps "nope" not found' });
  });
});

describe('runDescribe of events (the generic describer)', () => {
  const st = rolledAgent();

  it('prints an Event field by field, its zero times as <nil>, its source as a map', () => {
    const ev = kubectl(st, 'get events -o name').output.split('\n').find((n) => n.includes('agent-'));
    expect(ev).toBeDefined();
    const out = kubectl(st, `describe ${ev}`);
    expect(out.ok).toBe(true);
    expect(out.output).toMatch(/^Name: +agent-[a-z0-9-]+\.[0-9a-f]+\nNamespace: +default\nLabels: +<none>\nAnnotations: +<none>\n/);
    expect(out.output).toMatch(/\nInvolved Object:\n {2}API Version: +v1\n/);
    expect(out.output).toMatch(/\nKind: +Event\n/);
    expect(out.output).toMatch(/\nEvents: +<none>$/);
  });

  it('warns that ev also names events.events.k8s.io, as the REST mapper does', () => {
    expect(kubectl(st, 'describe ev -l nope=1').output).toBe(
      'Warning: short name "ev" could also match lower priority resource events.events.k8s.io\nNo resources found in default namespace.',
    );
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

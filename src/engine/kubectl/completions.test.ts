import { describe, expect, it } from 'vitest';
import { completions, type CompletionNames } from './completions.ts';

const NAMES: CompletionNames = {
  deployments: ['nginx', 'web'],
  daemonsets: ['agent'],
  pods: ['nginx-64f9d8d55d-x7k2p'],
  nodes: ['node-1', 'node-2'],
  replicasets: ['nginx-64f9d8d55d'],
  namespaces: ['default', 'payments'],
  persistentvolumes: ['pvc-0d1c'],
  storageclasses: ['standard'],
  serviceaccounts: ['default'],
};

describe('completions', () => {
  it.each([
    ['offers the verbs when nothing is typed', '', ['annotate', 'api-resources', 'api-versions', 'apply', 'autoscale', 'cluster-info', 'cordon', 'create', 'delete', 'describe', 'drain', 'events', 'explain', 'expose', 'get', 'label', 'logs', 'patch', 'rollout', 'run', 'scale', 'set', 'taint', 'top', 'uncordon', 'version', 'wait']],
    ['offers resource words to explain', 'explain stat', ['explain statefulsets']],
    ['offers no object names to explain', 'explain deploy ', []],
    ['offers api-resources flags', 'api-resources --sort', ['api-resources --sort-by=kind', 'api-resources --sort-by=name']],
    ['offers explain flags', 'explain deploy.spec --', ['explain deploy.spec --api-version=', 'explain deploy.spec --output=plaintext', 'explain deploy.spec --output=plaintext-openapiv2', 'explain deploy.spec --recursive']],
    ['completes a verb', 'ro', ['rollout']],
    ['completes a verb after kubectl', 'kubectl de', ['kubectl delete', 'kubectl describe']],
    ['offers rollout subcommands', 'rollout st', ['rollout status']],
    ['offers resource words for the verb', 'describe d', ['describe daemonsets', 'describe deployments', 'describe deploy', 'describe ds'].sort()],
    ['offers names after the resource word', 'get deploy ', ['get deploy nginx', 'get deploy web']],
    ['offers names after TYPE/', 'rollout undo deploy/w', ['rollout undo deploy/web']],
    ['offers node names for drain', 'drain n', ['drain node-1', 'drain node-2']],
    ['offers flags', 'drain node-1 --ig', ['drain node-1 --ignore-daemonsets']],
    ['offers set image targets', 'set image ds/', ['set image ds/agent']],
    ['offers nothing for an unknown verb', 'frob ', []],
    ['offers the derived kinds to get', 'get s', ['get sa', 'get sc', 'get secrets', 'get serviceaccounts', 'get services', 'get statefulsets', 'get storageclasses', 'get sts', 'get svc']],
    ['offers the derived kinds to describe', 'describe p', ['describe pdb', 'describe po', 'describe poddisruptionbudgets', 'describe pods', 'describe persistentvolumes', 'describe pv'].sort()],
    ['offers volume names', 'get pv ', ['get pv pvc-0d1c']],
    ['offers the kinds kubectl describes generically', 'describe contr', ['describe controllerrevisions']],
    ['offers class names after TYPE/', 'describe sc/', ['describe sc/standard']],
    ['offers account names', 'describe sa d', ['describe sa default']],
    ['offers no derived kind to delete', 'delete s', ['delete secrets', 'delete services', 'delete statefulsets', 'delete sts', 'delete svc']],
  ])('%s', (_name, prefix, want) => {
    expect(completions(prefix, NAMES)).toEqual(want);
  });
});

import { describe, expect, it } from 'vitest';
import { parseKubectl } from './parse.ts';

describe('parseKubectl', () => {
  it.each([
    ['set image deployment/nginx nginx=nginx:1.9.3', { verb: 'set-image', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }], images: [{ container: 'nginx', image: 'nginx:1.9.3' }] }],
    ['kubectl set image deploy nginx *=nginx:2', { verb: 'set-image', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }], images: [{ container: '*', image: 'nginx:2' }] }],
    ['scale deployment/nginx-deployment-roll01 --replicas=15', { verb: 'scale', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx-deployment-roll01' }], replicas: 15, currentReplicas: -1 }],
    ['scale --replicas 3 rs web-5d7b6c9f44', { verb: 'scale', namespace: 'default', targets: [{ kind: 'ReplicaSet', name: 'web-5d7b6c9f44' }], replicas: 3, currentReplicas: -1 }],
    ['rollout status deploy/nginx', { verb: 'rollout-status', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }], revision: 0, watch: true }],
    ['rollout status ds agent -w=false --revision=2', { verb: 'rollout-status', namespace: 'default', targets: [{ kind: 'DaemonSet', name: 'agent' }], revision: 2, watch: false }],
    ['rollout history deployment.apps/nginx --revision=2', { verb: 'rollout-history', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }], revision: 2 }],
    ['rollout pause deploy/nginx', { verb: 'rollout-pause', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }] }],
    ['rollout resume deploy nginx', { verb: 'rollout-resume', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }] }],
    ['rollout restart daemonset/agent', { verb: 'rollout-restart', namespace: 'default', targets: [{ kind: 'DaemonSet', name: 'agent' }] }],
    ['rollout undo deploy/nginx --to-revision=1', { verb: 'rollout-undo', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }], toRevision: 1 }],
    ['apply -f -', { verb: 'apply', namespace: 'default', filename: '-' }],
    [
      `patch deployment nginx -p '{"spec":{"replicas":4}}'`,
      { verb: 'patch', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }], patchType: 'strategic', patch: { spec: { replicas: 4 } }, patchText: '{"spec":{"replicas":4}}', subresource: '' },
    ],
    [
      `patch deploy/nginx --type merge -p "{\\"spec\\":{\\"paused\\":true}}"`,
      { verb: 'patch', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }], patchType: 'merge', patch: { spec: { paused: true } }, patchText: '{"spec":{"paused":true}}', subresource: '' },
    ],
    ['delete pod nginx-abc-x7k2p', { verb: 'delete', namespace: 'default', targets: [{ kind: 'Pod', name: 'nginx-abc-x7k2p' }], gracePeriod: -1, force: false, ignoreNotFound: false, cascade: 'Background' }],
    [
      'delete po -l app=nginx',
      { verb: 'delete', namespace: 'default', targets: [{ kind: 'Pod' }], selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['nginx'] }] }, gracePeriod: -1, force: false, ignoreNotFound: true, cascade: 'Background' },
    ],
    ['delete pod x --grace-period=0 --force', { verb: 'delete', namespace: 'default', targets: [{ kind: 'Pod', name: 'x' }], gracePeriod: 0, force: true, ignoreNotFound: false, cascade: 'Background' }],
    ['delete pod x --grace-period=0', { verb: 'delete', namespace: 'default', targets: [{ kind: 'Pod', name: 'x' }], gracePeriod: 1, force: false, ignoreNotFound: false, cascade: 'Background' }],
    ['delete daemonset agent', { verb: 'delete', namespace: 'default', targets: [{ kind: 'DaemonSet', name: 'agent' }], gracePeriod: -1, force: false, ignoreNotFound: false, cascade: 'Background' }],
    ['delete deploy web --cascade=orphan', { verb: 'delete', namespace: 'default', targets: [{ kind: 'Deployment', name: 'web' }], gracePeriod: -1, force: false, ignoreNotFound: false, cascade: 'Orphan' }],
    ['delete deploy web --cascade=foreground', { verb: 'delete', namespace: 'default', targets: [{ kind: 'Deployment', name: 'web' }], gracePeriod: -1, force: false, ignoreNotFound: false, cascade: 'Foreground' }],
    // --cascade alone is background (NoOptDefVal): it does not take `web` as its value.
    ['delete deploy --cascade web', { verb: 'delete', namespace: 'default', targets: [{ kind: 'Deployment', name: 'web' }], gracePeriod: -1, force: false, ignoreNotFound: false, cascade: 'Background' }],
    [
      'delete deploy web --cascade=false',
      {
        verb: 'delete',
        namespace: 'default',
        targets: [{ kind: 'Deployment', name: 'web' }],
        gracePeriod: -1,
        force: false,
        ignoreNotFound: false,
        cascade: 'Orphan',
        cascadeWarning: 'warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.',
      },
    ],
    ['cordon node-1', { verb: 'cordon', namespace: 'default', targets: [{ kind: 'Node', name: 'node-1' }] }],
    ['uncordon node-1', { verb: 'uncordon', namespace: 'default', targets: [{ kind: 'Node', name: 'node-1' }] }],
    [
      'drain node-2 --ignore-daemonsets --delete-emptydir-data --force --grace-period=30',
      { verb: 'drain', namespace: 'default', targets: [{ kind: 'Node', name: 'node-2' }], ignoreDaemonsets: true, force: true, deleteEmptydirData: true, gracePeriod: 30, disableEviction: false, timeoutMs: 0 },
    ],
    [
      'taint nodes node-1 dedicated=infra:NoSchedule gpu:NoExecute- old-',
      {
        verb: 'taint',
        namespace: 'default',
        targets: [{ kind: 'Node', name: 'node-1' }],
        add: [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }],
        remove: [{ key: 'gpu', effect: 'NoExecute' }, { key: 'old' }],
        overwrite: false,
      },
    ],
    ['label nodes node-1 disktype=ssd zone- --overwrite', { verb: 'label', namespace: 'default', targets: [{ kind: 'Node', name: 'node-1' }], add: [['disktype', 'ssd']], remove: ['zone'], overwrite: true }],
    ['get rs -w', { verb: 'get', namespace: 'default', targets: [{ kind: 'ReplicaSet' }], watch: true, watchOnly: false, output: 'table' }],
    [
      'get pods -o wide -l app=nginx',
      {
        verb: 'get',
        namespace: 'default',
        targets: [{ kind: 'Pod' }],
        selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['nginx'] }] },
        labelSelectorText: 'app=nginx',
        watch: false,
        watchOnly: false,
        output: 'wide',
      },
    ],
    [
      'get events --field-selector reason=Killing --sort-by=.lastTimestamp',
      {
        verb: 'get',
        namespace: 'default',
        targets: [{ kind: 'Event' }],
        fieldSelector: 'reason=Killing',
        sortBy: '.lastTimestamp',
        watch: false,
        watchOnly: false,
        output: 'table',
      },
    ],
    [
      'get deploy,rs web',
      { verb: 'get', namespace: 'default', targets: [{ kind: 'Deployment', name: 'web' }, { kind: 'ReplicaSet', name: 'web' }], watch: false, watchOnly: false, output: 'table' },
    ],
    [
      'get all',
      {
        verb: 'get',
        namespace: 'default',
        targets: ['Pod', 'Service', 'DaemonSet', 'Deployment', 'ReplicaSet', 'StatefulSet', 'HorizontalPodAutoscaler'].map((kind) => ({ kind })),
        watch: false,
        watchOnly: false,
        output: 'table',
      },
    ],
    ['get deploy nginx -oyaml', { verb: 'get', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }], watch: false, watchOnly: false, output: 'yaml' }],
    ['-n default get no', { verb: 'get', namespace: 'default', targets: [{ kind: 'Node' }], watch: false, watchOnly: false, output: 'table' }],
    ['describe deployment nginx', { verb: 'describe', namespace: 'default', targets: [{ kind: 'Deployment', name: 'nginx' }], prefixMatch: true }],
    ['describe ds/agent', { verb: 'describe', namespace: 'default', targets: [{ kind: 'DaemonSet', name: 'agent' }] }],
    ['   ', { verb: 'noop' }],
  ])('parses `%s`', (line, want) => {
    expect(parseKubectl(line)).toEqual(want);
  });

  it.each([
    ['get foo', 'error: the server doesn\'t have a resource type "foo"'],
    ['get pods web --field-selector status.phase=Running', 'error: name cannot be provided when a selector is specified'],
    ['get pods web -l app=web', 'error: name cannot be provided when a selector is specified'],
    ['get deploy,rs -w', 'error: you may only specify a single resource type'],
    ['get deploy,nope', 'error: the server doesn\'t have a resource type "nope"'],
    ['frobnicate', 'error: unknown command "frobnicate" for "kubectl"'],
    ['foo', 'error: unknown command "foo" for "kubectl"\n\nDid you mean this?\n\ttop'],
    ['rollot status deploy/x', 'error: unknown command "rollot" for "kubectl"\n\nDid you mean this?\n\trollout'],
    ['scale deploy nginx', 'error: required flag(s) "replicas" not set'],
    ['scale deploy nginx --replicas=-1', 'error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0'],
    ['scale deploy nginx --replicas=abc', 'error: invalid argument "abc" for "--replicas" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee \'kubectl scale --help\' for usage.'],
    ['scale deploy --replicas=3', 'error: resource(s) were provided, but no name was specified'],
    ['scale deploy nginx --replicas=3 --foo', "error: unknown flag: --foo\nSee 'kubectl scale --help' for usage."],
    ['get pods -x', "error: unknown shorthand flag: 'x' in -x\nSee 'kubectl get --help' for usage."],
    ['rollout status', 'error: required resource not specified'],
    ['rollout statu deploy/x', "error: unknown command \"statu\"\nSee 'kubectl rollout -h' for help and examples"],
    ['rollout history deploy/x --revision=-1', 'error: revision must be a positive integer: -1'],
    ['set image deploy/nginx', 'error: at least one image update is required'],
    ['set image nginx=nginx:1', 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>'],
    ['set image deploy nginx=a nginx', 'error: all resources must be specified before image changes: nginx'],
    ['patch deploy nginx', 'error: must specify --patch or --patch-file containing the contents of the patch'],
    [`patch pod p --subresource=spec -p '{}'`, 'error: invalid subresource value: "spec". Must be one of [status scale]'],
    ['patch deploy nginx -p {} --type foo', 'error: --type must be one of [json merge strategic], not "foo"'],
    ['apply', 'error: must specify one of -f and -k'],
    ['delete pods', 'error: resource(s) were provided, but no name was specified'],
    ['delete pod x --now --grace-period=5', 'error: --now and --grace-period cannot be specified together'],
    ['delete deploy web --cascade=Foreground', 'error: invalid cascade value (Foreground). Must be "background", "foreground", or "orphan"'],
    ['drain', "error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples"],
    ['taint nodes node-1', 'error: at least one taint update is required'],
    ['taint node/node-1 a=b:NoSchedule', "error: at least one resource name must be specified since 'all' parameter is not set"],
    ['taint pods x a=b:NoSchedule', 'error: invalid resource type pods, only node types are supported'],
    ['taint nodes node-1 a=b:Never', "error: invalid taint effect: Never, unsupported taint effect\nSee 'kubectl taint -h' for help and examples"],
    ['taint nodes node-1 a:', "error: invalid taint effect: , unsupported taint effect\nSee 'kubectl taint -h' for help and examples"],
    [
      'taint nodes node-1 a=b',
      "error: invalid taint spec: a=b, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\nSee 'kubectl taint -h' for help and examples",
    ],
    ['taint nodes node-1 a:NoSchedule a-', 'error: can not both modify and remove the following taint(s) in the same command: a='],
    ['label nodes node-1 a=b a-', 'error: can not both modify and remove a label in the same command'],
    ['label nodes node-1', 'error: at least one label update is required'],
    ['get deploy nginx -o foo', 'error: unable to match a printer suitable for the output format "foo", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,wide,yaml'],
    ['get deploy deploy/nginx', "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'"],
    ['get deploy/a/b', 'error: arguments in resource/name form may not have more than one slash'],
    ["get pods 'unterminated", "error: unterminated quote (') in the command line"],
    ['scale ds agent --replicas=2', 'Error from server (NotFound): the server could not find the requested resource'],
    ['rollout status rs/x', 'error: no status viewer has been implemented for ReplicaSet.apps'],
    ['rollout history pod/x', 'error: no history viewer has been implemented for "Pod"'],
    ['rollout undo rs/x', 'error: no rollbacker has been implemented for "ReplicaSet.apps"'],
    ['set image node/node-1 a=b', 'error: nodes/node-1 the object is not a pod or does not have a pod template: *v1.Node'],
    ['describe ep x', 'error: "kubectl describe endpoints" is not part of Rollout Lab\'s kubectl subset (try: describe pod, deployment, replicaset, daemonset, statefulset, quota, limits, pdb, hpa, svc, cm, secret, node, pvc, pv, sc, sa, ns)'],
    ['drain node-1 --timeout=soon', 'error: invalid argument "soon" for "--timeout" flag: time: invalid duration "soon"\nSee \'kubectl drain --help\' for usage.'],
    ['describe', 'error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.'],
  ])('returns kubectl\'s error for `%s`', (line, error) => {
    expect(parseKubectl(line)).toEqual({ error });
  });

  it('explains an unsupported real kubectl command instead of calling it unknown', () => {
    expect(parseKubectl('exec nginx')).toEqual({
      error: `error: "kubectl exec" is not part of Rollout Lab's kubectl subset (try: get, describe, set, scale, rollout, apply, patch, delete, cordon, uncordon, drain, taint, label, annotate, logs, top, events, wait, autoscale, create, expose, run, version, cluster-info, api-resources, api-versions, explain)`,
    });
  });

  it('reports a bad label value with apimachinery\'s wording', () => {
    expect(parseKubectl('label nodes node-1 a=b!')).toEqual({
      error:
        "error: invalid label value: \"a=b!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    });
  });
});

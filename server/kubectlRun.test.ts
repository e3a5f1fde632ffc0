// A pod of one's own through the real kubectl (v1.32.4): `kubectl run`, `create -f` and `apply -f`
// post a bare pod, which the registry defaults and validates as SetDefaults_Pod and
// ValidatePodCreate do, and the scheduler and the kubelet run as any other.
import { describe, expect, it } from 'vitest';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: kubectl run
cluster: { nodes: 2 }
objects: []
`;

const BAD_POD = `apiVersion: v1
kind: Pod
metadata:
  name: p1
spec:
  restartPolicy: Sometimes
  containers:
  - name: a
`;

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: api
  labels: { app: api }
spec:
  containers:
  - name: api
    image: api:1
`;

describe('kubectl run against npm run serve', () => {
  const h = servedScenario(SCENARIO);

  it('runs a pod that the scheduler places and the kubelet starts, defaulted as a cluster defaults it', async () => {
    expect(await h.kubectl(['run', 'nginx', '--image=nginx'])).toMatchObject({ code: 0, stdout: 'pod/nginx created\n' });
    expect(await h.kubectl(['wait', '--for=condition=Ready', 'pod/nginx', '--timeout=60s'])).toMatchObject({ code: 0, stdout: 'pod/nginx condition met\n' });
    const fields = '{.metadata.labels.run} {.spec.restartPolicy} {.spec.dnsPolicy} {.spec.serviceAccountName} {.spec.terminationGracePeriodSeconds} {.spec.containers[0].imagePullPolicy} {.status.qosClass} {.spec.nodeName}';
    expect((await h.kubectl(['get', 'pod', 'nginx', '-o', `jsonpath=${fields}`])).stdout).toMatch(/^nginx Always ClusterFirst default 30 Always BestEffort node-[12]$/);
    const events = (await h.kubectl(['get', 'events', '--field-selector=involvedObject.name=nginx', '-o', 'jsonpath={.items[*].reason}'])).stdout;
    expect(events).toBe('Scheduled Pulling Pulled Created Started');
    // A pod without a controller goes when it is deleted: nothing makes another.
    expect((await h.kubectl(['delete', 'pod', 'nginx', '--timeout=60s'])).stdout).toBe('pod "nginx" deleted\n');
    expect((await h.kubectl(['get', 'pods', '-o', 'name'])).stdout).toBe('');
  });

  it('answers a server dry run with the pod it would store, Pending, and stores nothing', async () => {
    const r = await h.kubectl(['run', 'dry', '--image=web:1', '--dry-run=server', '-o', 'jsonpath={.status.phase} {.status.qosClass} {.spec.containers[0].imagePullPolicy}']);
    expect(r).toMatchObject({ code: 0, stdout: 'Pending BestEffort IfNotPresent' });
    expect((await h.kubectl(['get', 'pod', 'dry'])).stderr).toBe('Error from server (NotFound): pods "dry" not found\n');
  });

  it('refuses a name taken, and a pod ValidatePodCreate refuses, in the API server words', async () => {
    expect(await h.kubectl(['apply', '-f', '-'], POD)).toMatchObject({ code: 0, stdout: 'pod/api created\n' });
    expect(await h.kubectl(['run', 'api', '--image=nginx'])).toMatchObject({ code: 1, stderr: 'Error from server (AlreadyExists): pods "api" already exists\n' });
    expect((await h.kubectl(['run', 'Bad_Name', '--image=nginx'])).stderr).toBe(
      [
        'The Pod "Bad_Name" is invalid: ',
        `* metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
        `* spec.containers[0].name: Invalid value: "Bad_Name": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
        '',
      ].join('\n'),
    );
    expect((await h.kubectl(['run', 'port', '--image=nginx', '--port=99999'])).stderr).toBe(
      'The Pod "port" is invalid: spec.containers[0].ports[0].containerPort: Invalid value: 99999: must be between 1 and 65535, inclusive\n',
    );
    expect((await h.kubectl(['create', '-f', '-'], BAD_POD)).stderr).toBe(
      ['The Pod "p1" is invalid: ', '* spec.containers[0].image: Required value', '* spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"', ''].join('\n'),
    );
    expect((await h.kubectl(['get', 'pods', '-o', 'name'])).stdout).toBe('pod/api\n');
  });

  it('builds the pod kubectl run would create in the console as kubectl does, and refuses what it refuses, in its words', async () => {
    await expectAnswersAsPage(h, [
      'run nginx --image=nginx --dry-run=client -o yaml',
      'run web --image=web:1 --port=8080 --labels=app=web,tier=fe --restart=Never --env=A=1 --image-pull-policy=IfNotPresent --dry-run=client -o json -- sleep 10',
      'run sh --image=busybox --command --dry-run=client -o yaml -- sh -c date',
      'run x --image=busybox --dry-run=client',
      'run x --image=busybox --dry-run=server -o name',
      'run x --image=busybox --restart=Sometimes',
      'run --image=busybox',
      'run x --image=busybox --labels=bad',
      'run x --image=busybox --env=A --dry-run=client',
      'run x --image=busybox --port=abc --dry-run=client',
      'run Bad_Name --image=nginx',
      'run api --image=nginx',
      'run port --image=nginx --port=99999',
    ]);
  });
});

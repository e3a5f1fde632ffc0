// A pod of one's own through the real kubectl (v1.32.4): `kubectl run`, `create -f` and `apply -f`
// post a bare pod, which the registry defaults and validates as SetDefaults_Pod and
// ValidatePodCreate do, and the scheduler and the kubelet run as any other.
import { describe, expect, it } from 'vitest';
import type { Pod } from '../src/engine/api/types.ts';
import { servedObjects, servedRead, servedUntil } from './kubectlHarness.ts';
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
  // What kubectl's writes left, and the waits for the kubelet, are read on the served state
  // (servedRead, servedUntil), not by more kubectl processes: the writes are what kubectl runs here.
  const pod = (name: string) => servedObjects(h, 'Pod').find((p) => p.metadata.name === name);
  const podNames = () => servedObjects(h, 'Pod').map((p) => `pod/${p.metadata.name}`);
  const until = (name: string, what: string, done: (p: Pod) => boolean) =>
    servedUntil(h, `${name} ${what}`, () => {
      const p = pod(name);
      return (p !== undefined && done(p)) || JSON.stringify(p?.status ?? 'no pod');
    });
  const ready = (p: Pod) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;

  it('runs a pod that the scheduler places and the kubelet starts, defaulted as a cluster defaults it', async () => {
    expect(await h.kubectl(['run', 'nginx', '--image=nginx'])).toMatchObject({ code: 0, stdout: 'pod/nginx created\n' });
    await until('nginx', 'Ready', ready);
    const fields = '{.metadata.labels.run} {.spec.restartPolicy} {.spec.dnsPolicy} {.spec.serviceAccountName} {.spec.terminationGracePeriodSeconds} {.spec.containers[0].imagePullPolicy} {.status.qosClass} {.spec.nodeName}';
    expect(servedRead(h, `get pod nginx -o jsonpath='${fields}'`).output).toMatch(/^nginx Always ClusterFirst default 30 Always BestEffort node-[12]$/);
    expect(servedRead(h, 'get events --field-selector=involvedObject.name=nginx -o jsonpath={.items[*].reason}').output).toBe('Scheduled Pulling Pulled Created Started');
    // A pod without a controller goes when it is deleted: nothing makes another.
    expect((await h.kubectl(['delete', 'pod', 'nginx', '--timeout=60s'])).stdout).toBe('pod "nginx" deleted\n');
    expect(podNames()).toEqual([]);
  });

  it('answers a server dry run with the pod it would store, Pending, and stores nothing', async () => {
    const r = await h.kubectl(['run', 'dry', '--image=web:1', '--dry-run=server', '-o', 'jsonpath={.status.phase} {.status.qosClass} {.spec.containers[0].imagePullPolicy}']);
    expect(r).toMatchObject({ code: 0, stdout: 'Pending BestEffort IfNotPresent' });
    expect(pod('dry')).toBeUndefined();
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
    expect(podNames()).toEqual(['pod/api']);
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
      'run ex --image=nginx --port=80 --expose --dry-run=client -o yaml',
      'run ex --image=nginx --port=80 --labels=a=b --expose --dry-run=client -o json',
      'run ex --image=nginx --port=80 --expose --dry-run=client',
      'run ex --image=nginx --port=80 --expose --dry-run=client -o name',
      'run ex --image=nginx --port=80 --expose --dry-run=server -o name',
      'run ex --image=nginx --expose',
      'run api --image=nginx --port=80 --expose',
    ]);
  });

  it('takes back the pod it serves, a new image and added labels, and refuses any other change to its spec as ValidatePodUpdate does', async () => {
    expect((await h.kubectl(['run', 'edit', '--image=web:1'])).code).toBe(0);
    // A pod still starting changes under a client that read it (a 409 Conflict, as on a cluster).
    await until('edit', 'Ready', ready);
    const served = (await h.kubectl(['get', 'pod', 'edit', '-o', 'yaml'])).stdout;
    const replaced = await h.kubectl(['replace', '-f', '-'], served);
    expect(replaced.stderr).toBe('');
    expect(replaced).toMatchObject({ code: 0, stdout: 'pod/edit replaced\n' });
    expect(await h.kubectl(['set', 'image', 'pod/edit', 'edit=web:2'])).toMatchObject({ code: 0, stdout: 'pod/edit image updated\n' });
    // The kubelet kills the container whose definition changed and starts it again with the new image.
    await until('edit', 'restarted once', (p) => p.status?.containerStatuses?.[0]?.restartCount === 1);
    expect(servedRead(h, 'get events --field-selector=involvedObject.name=edit,reason=Killing -o jsonpath={.items[*].message}').output).toBe(
      'Container edit definition changed, will be restarted',
    );
    expect(await h.kubectl(['label', 'pod', 'edit', 'tier=fe'])).toMatchObject({ code: 0, stdout: 'pod/edit labeled\n' });
    const env = await h.kubectl(['patch', 'pod', 'edit', '-p', '{"spec":{"containers":[{"name":"edit","env":[{"name":"A","value":"1"}]}]}}']);
    expect(env.code).toBe(1);
    expect(env.stderr.split('\n')[0]).toBe(
      'The Pod "edit" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
    );
    expect(env.stderr).toContain('+ \tContainers: [{"name":"edit","image":"web:2","imagePullPolicy":"IfNotPresent","env":[{"name":"A","value":"1"}]}],');
    expect((await h.kubectl(['patch', 'pod', 'edit', '-p', '{"spec":{"activeDeadlineSeconds":100}}'])).stdout).toBe('pod/edit patched\n');
    expect((await h.kubectl(['patch', 'pod', 'edit', '-p', '{"spec":{"activeDeadlineSeconds":200}}'])).stderr).toBe(
      'The Pod "edit" is invalid: spec.activeDeadlineSeconds: Invalid value: 200: must be less than or equal to previous value\n',
    );
    expect(servedRead(h, "get pod edit -o jsonpath='{.spec.containers[0].image} {.metadata.labels.tier}'").output).toBe('web:2 fe');
    // The console refuses the same changes in the same words, its diff included.
    await expectAnswersAsPage(h, [
      `patch pod edit -p '{"spec":{"restartPolicy":"Never"}}'`,
      `patch pod edit -p '{"spec":{"containers":[{"name":"edit","env":[{"name":"A","value":"1"}]}]}}'`,
      `patch pod edit -p '{"spec":{"activeDeadlineSeconds":300}}'`,
      `patch pod edit -p '{"spec":{"tolerations":[]}}' --type=merge`,
      `patch pod edit -p '{"spec":{"containers":[{"name":"edit","image":"web:3"},{"name":"two","image":"web:3"}]}}' --type=merge`,
    ]);
  });

  it('answers exec, attach and port-forward that the containers are simulated, and NotFound for a pod that is not there', async () => {
    expect((await h.kubectl(['run', 'shell', '--image=busybox'])).code).toBe(0);
    const said = (sub: string, what: string) => `Rollout Lab simulates the containers of pod "shell" without running them: there is ${what} (pods/${sub})`;
    const exec = await h.kubectl(['exec', 'shell', '--', 'ls']);
    expect(exec).toMatchObject({ code: 1, stderr: `Error from server (BadRequest): ${said('exec', 'nowhere to run the command')}\n` });
    const attach = await h.kubectl(['attach', 'shell']);
    expect(attach.stderr).toContain(`Error from server (BadRequest): ${said('attach', 'no process to attach to')}\n`);
    // port-forward checks that the pod is Running before it dials (exec and attach do not): on a
    // fast machine the three lines above can come before the simulated kubelet started it.
    await until('shell', 'Running', (p) => p.status?.phase === 'Running');
    const forward = await h.kubectl(['port-forward', 'pod/shell', '18080:80']);
    expect(forward).toMatchObject({ code: 1, stderr: `error: error upgrading connection: ${said('portforward', 'no port to forward to')}\n` });
    expect((await h.kubectl(['exec', 'nope', '--', 'ls'])).stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
  });
});

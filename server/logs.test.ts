// `kubectl logs` (the real one, v1.32.4) against the served API: each container run's lines, the
// choice kubectl makes for deploy/web, --previous after a CrashLoopBackOff restart, the kubelet's
// refusals word for word, --timestamps/--tail/--since/--limit-bytes, and -f following the
// virtual clock to the container's end when its pod is deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../src/engine/api/types.ts';
import { newTx } from '../src/engine/client/tx.ts';
import { executeKubectl } from '../src/engine/kubectl/execute.ts';
import { toRFC3339 } from '../src/engine/lib/time.ts';
import { type Harness, startHarness } from './kubectlHarness.ts';
import { deploymentDoc } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: logs
cluster:
  nodes: 2
  images:
    "crash:1": { crash: true }
    "nginx:broken": { pull: fail }
objects:
${deploymentDoc('web', 2, '{ name: nginx, image: "nginx:1.26", ports: [{ containerPort: 80 }] }')}${deploymentDoc('api', 1, '{ name: api, image: "crash:1" }')}${deploymentDoc('broken', 1, '{ name: nginx, image: "nginx:broken" }')}`;

const NGINX_START = [
  '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
  '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/',
];

describe('kubectl logs against npm run serve', () => {
  let h: Harness;
  const pods = (app: string) =>
    [...h.server.live.st.store.objects.Pod.values()].filter((p): p is Pod => p.kind === 'Pod' && p.metadata.labels?.app === app).map((p) => p.metadata.name).sort();

  beforeAll(async () => {
    h = await startHarness({ text: SCENARIO, speed: 10 });
    // 30 virtual seconds: web is Ready, api has crashed and restarted at least once, broken backs off.
    h.clock.skip(3000);
    h.server.live.advance();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('prints a running nginx container as its entrypoint and master process write it', async () => {
    const r = await h.kubectl(['logs', 'deploy/web']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Found 2 pods, using pod\/web-\w+-\w+\n$/);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual(NGINX_START);
    expect(lines).toContain('/docker-entrypoint.sh: Configuration complete; ready for start up');
    expect(r.stdout).toMatch(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d \[notice\] 1#1: nginx\/1\.26\.1$/m);
    expect(r.stdout.endsWith('[notice] 1#1: start worker process 30\n')).toBe(true);
  });

  it('prints the same lines for the pod by name, and kubectl logs of the pod twice alike', async () => {
    const name = pods('web')[0] as string;
    // The dates inside the lines are the wall clock's, which moves against the virtual one away from 1× (wallClock.ts).
    const undated = (s: string) => s.replaceAll(/\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d/g, 'DATE');
    const a = await h.kubectl(['logs', name]);
    const b = await h.kubectl(['logs', `pod/${name}`, '-c', 'nginx']);
    expect(a.code).toBe(0);
    expect(undated(b.stdout)).toBe(undated(a.stdout));
  });

  it('adds RFC 3339 timestamps with nanoseconds on the wall clock, and keeps the last lines with --tail', async () => {
    const name = pods('web')[0] as string;
    const r = await h.kubectl(['logs', name, '--timestamps', '--tail=2']);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{1,9}Z \d{4}\/\d\d\/\d\d .* start worker process \d+$/);
    // The served times are moved to the wall clock, as every time the API sends (wallClock.ts).
    const sent = Date.parse(lines[0]?.split(' ')[0] ?? '');
    expect(Math.abs(sent - Date.now())).toBeLessThan(120_000);
  });

  it('cuts with --limit-bytes and leaves out old lines with --since', async () => {
    const name = pods('web')[0] as string;
    expect((await h.kubectl(['logs', name, '--limit-bytes=20'])).stdout).toBe((NGINX_START[0] as string).slice(0, 20));
    // The lines were written ~25 virtual seconds ago; the served clock runs at 10×, so 1 s before now has none.
    expect((await h.kubectl(['logs', name, '--since=1s'])).stdout).toBe('');
  });

  it('shows the crashed run, and --previous after a CrashLoopBackOff restart', async () => {
    const name = pods('api')[0] as string;
    // The run goes on with the wall clock: hold it where the container has crashed and waits out
    // its back-off, not in the second of a restart before the crash (one loaded CI run read the
    // log there, without its fatal line yet).
    h.clock.pause();
    const running = () =>
      ([...h.server.live.st.store.objects.Pod.values()] as Pod[]).find((p) => p.metadata.name === name)?.status?.containerStatuses?.[0]?.state?.running !== undefined;
    for (let i = 0; i < 100 && running(); i++) {
      h.clock.skip(100);
      h.server.live.advance();
    }
    try {
      const current = await h.kubectl(['logs', name]);
      expect(current.code).toBe(0);
      expect(current.stdout).toMatch(/^time=\S+ level=INFO msg=starting app=crash version=1 pid=1\n/);
      expect(current.stdout).toMatch(/level=ERROR msg="fatal: cannot load configuration" err="open \/etc\/crash\/config\.yaml: no such file or directory"\n$/);
      const previous = await h.kubectl(['logs', name, '--previous']);
      expect(previous.code).toBe(0);
      expect(previous.stdout).toMatch(/level=ERROR msg="fatal: cannot load configuration"/);
    } finally {
      h.clock.resume();
    }
  });

  it('refuses --previous for a container that never restarted, in the kubelet words', async () => {
    const name = pods('web')[0] as string;
    const r = await h.kubectl(['logs', name, '--previous']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`Error from server (BadRequest): previous terminated container "nginx" in pod "${name}" not found\n`);
  });

  it('says why a container that never started has no log', async () => {
    const name = pods('broken')[0] as string;
    const r = await h.kubectl(['logs', name]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^Error from server \\(BadRequest\\): container "nginx" in pod "${name}" is waiting to start: (trying and failing to pull image|image can't be pulled)\\n$`));
  });

  it('answers NotFound for a pod that does not exist', async () => {
    // kubectl reads the pod first and words that answer itself, as against any cluster.
    expect((await h.kubectl(['logs', 'nope'])).stderr).toBe('error: error from server (NotFound): pods "nope" not found in namespace "default"\n');
  });

  it('prints in the page console what the real kubectl prints for logs and top', async () => {
    h.clock.pause();
    try {
      h.server.live.advance();
      const now = h.server.live.virtualNow();
      const page = (line: string) => {
        const tx = newTx(h.server.live.st, 'user');
        tx.now = now;
        tx.nowIso = toRFC3339(now);
        return executeKubectl(tx, line, undefined, { logs: h.server.live.logs });
      };
      // The served lines carry the wall clock's dates (wallClock.ts), the page's the run's own.
      const undated = (s: string) => s.replaceAll(/\d{4}[/-]\d\d[/-]\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?Z?/g, 'DATE');
      const web = pods('web')[0] as string;
      const api = pods('api')[0] as string;
      for (const line of [`logs ${web}`, 'logs deploy/web', `logs ${api} --previous`, `logs ${web} --tail=3 --timestamps`, `logs ${web} --previous`, `logs ${pods('broken')[0]}`, 'logs -l app=web']) {
        const real = await h.kubectl(line.split(' '));
        const mine = page(line);
        expect(mine.ok, line).toBe(real.code === 0);
        expect(undated(`${mine.output}\n`), line).toBe(undated(real.stderr + real.stdout));
      }
      for (const line of ['top pods', 'top pods --containers', 'top pods -A', 'top nodes', `top pod ${web}`]) {
        const real = await h.kubectl(line.split(' '));
        expect(`${page(line).output}\n`, line).toBe(real.stdout);
      }
    } finally {
      h.clock.resume();
    }
  });

  it('follows a container with -f until its pod is deleted and it has shut down', async () => {
    const name = pods('web')[0] as string;
    const following = h.watch(['logs', '-f', name], () => false, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    const del = await h.kubectl(['delete', 'pod', name, '--wait=false']);
    expect(del.code).toBe(0);
    const out = await following;
    expect(out.split('\n').slice(0, 2)).toEqual(NGINX_START);
    expect(out).toMatch(/\[notice\] 1#1: signal 3 \(SIGQUIT\) received, shutting down\n/);
    expect(out.endsWith('[notice] 1#1: exit\n')).toBe(true);
  });
});

// The machines' kubectl runs the bundled release nearest to what /version reports (kubectl-wire.md).
describe.each(['v1.27.16', 'v1.28.15', 'v1.33.1'])('kubectl logs against a server reporting %s', (gitVersion) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ text: SCENARIO, speed: 10, gitVersion });
    h.clock.skip(3000);
    h.server.live.advance();
  });
  afterAll(async () => {
    await h?.stop();
  });
  const podOf = (app: string) => ([...h.server.live.st.store.objects.Pod.values()] as Pod[]).find((p) => p.metadata.labels?.app === app)?.metadata.name ?? '';

  it('runs that kubectl', async () => {
    const minor = gitVersion.split('.')[1];
    expect((await h.kubectl(['version', '--client', '-o', 'json'])).stdout).toMatch(new RegExp(`"minor": "${minor}"`));
  });

  it('prints the crashed run with --previous after a CrashLoopBackOff restart, and the kubelet refusals', async () => {
    const previous = await h.kubectl(['logs', podOf('api'), '--previous']);
    expect(previous.code).toBe(0);
    expect(previous.stdout).toMatch(/level=ERROR msg="fatal: cannot load configuration"/);
    const web = podOf('web');
    // Older releases may first log a client-side warning (W… loader.go) on stderr: the error is the last line.
    const refused = (await h.kubectl(['logs', web, '--previous'])).stderr.trim().split('\n').pop();
    expect(refused).toBe(`Error from server (BadRequest): previous terminated container "nginx" in pod "${web}" not found`);
    expect((await h.kubectl(['logs', 'deploy/web', '--tail=1'])).stdout).toMatch(/\[notice\] 1#1: start worker process 30\n$/);
  });
});

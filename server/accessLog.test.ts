// `kubectl logs` (the real one) during client traffic: each pod's sampled access log, derived from
// the clients' per-second counts (src/engine/kubelet/accessLog.ts). In a steady second every
// request of the 100 per second is ok, and the pods' lines for it add up to 100; nginx writes one
// line in its `main` format for each 10 requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../src/engine/api/types.ts';
import { newTx } from '../src/engine/client/tx.ts';
import { executeKubectl } from '../src/engine/kubectl/execute.ts';
import { toRFC3339 } from '../src/engine/lib/time.ts';
import { type Harness, startHarness } from './kubectlHarness.ts';

const SCENARIO = `version: 1
name: access log
cluster:
  nodes: 2
  traffic:
    - { at: 5, service: web, rps: 100, node: node-1 }
    - { at: 5, service: front, rps: 40, node: node-1 }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: 4
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: "web:1", ports: [{ containerPort: 8080 }] }] }
  - apiVersion: v1
    kind: Service
    metadata: { name: web }
    spec: { selector: { app: web }, ports: [{ port: 80, targetPort: 8080 }] }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: front, labels: { app: front } }
    spec:
      replicas: 2
      selector: { matchLabels: { app: front } }
      template:
        metadata: { labels: { app: front } }
        spec: { containers: [{ name: nginx, image: "nginx:1.27.3", ports: [{ containerPort: 80 }] }] }
  - apiVersion: v1
    kind: Service
    metadata: { name: front }
    spec: { selector: { app: front }, ports: [{ port: 80, targetPort: 80 }] }
`;

describe('kubectl logs of pods that clients reach', () => {
  let h: Harness;
  const pods = (app: string) =>
    [...h.server.live.st.store.objects.Pod.values()].filter((p): p is Pod => p.kind === 'Pod' && p.metadata.labels?.app === app).map((p) => p.metadata.name).sort();

  beforeAll(async () => {
    h = await startHarness({ text: SCENARIO, speed: 10 });
    // 40 virtual seconds: every pod has listened for ~30 s of traffic.
    h.clock.skip(4000);
    h.server.live.advance();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('prints each web pod one access line per second with its count, and the pods’ lines of a steady second add up to the 100 requests sent', async () => {
    const bySecond = new Map<string, number>();
    for (const name of pods('web')) {
      const r = await h.kubectl(['logs', name]);
      expect(r.code).toBe(0);
      const access = r.stdout.split('\n').filter((l) => l.includes('msg=access'));
      expect(access.length).toBeGreaterThan(20);
      for (const l of access) {
        const m = /^time=\S+T(\d\d:\d\d:\d\d)\.\d{3}Z level=INFO msg=access method=GET path=\/ status=200 count=(\d+) period=1s$/.exec(l);
        expect(m, l).not.toBeNull();
        bySecond.set(m?.[1] ?? '', (bySecond.get(m?.[1] ?? '') ?? 0) + Number(m?.[2]));
      }
    }
    // No second has more than was sent; once every pod listens, a second's lines add up to all 100.
    // (The served dates move with the wall clock, and the pods' logs are read one after another.)
    const totals = [...bySecond.values()];
    expect(totals.every((n) => n <= 100)).toBe(true);
    expect(totals.filter((n) => n === 100).length).toBeGreaterThan(20);
  });

  it('prints an nginx pod its access log in nginx’s main format, one line for each 10 requests', async () => {
    const name = pods('front')[0] as string;
    const r = await h.kubectl(['logs', name, '--tail=3']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).toMatch(/^10\.244\.0\.1 - - \[\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d \+0000\] "GET \/ HTTP\/1\.1" 200 615 "-" "Go-http-client\/1\.1" "-"$/);
  });

  it('shows the access lines with --timestamps and --since as the other lines', async () => {
    const name = pods('web')[0] as string;
    const r = await h.kubectl(['logs', name, '--timestamps', '--since=5s']);
    const lines = r.stdout.trim().split('\n');
    // At 10× the served clock, 5 s of wall time is 50 virtual seconds: everything since the start.
    expect(lines.some((l) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{1,9}Z time=.* msg=access /.test(l))).toBe(true);
  });

  it('prints in the page console the access lines the real kubectl prints', async () => {
    h.clock.pause();
    try {
      h.server.live.advance();
      const now = h.server.live.virtualNow();
      const tx = newTx(h.server.live.st, 'user');
      tx.now = now;
      tx.nowIso = toRFC3339(now);
      // The served lines carry the wall clock's dates (wallClock.ts), the page's the run's own.
      const undated = (s: string) => s.replaceAll(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z?|\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d/g, 'DATE');
      for (const line of [`logs ${pods('web')[1]}`, `logs ${pods('front')[1]} --tail=5`]) {
        const real = await h.kubectl(line.split(' '));
        expect(real.stdout).toMatch(/GET/);
        expect(undated(`${executeKubectl(tx, line, undefined, { logs: h.server.live.logs }).output}\n`), line).toBe(undated(real.stdout));
      }
    } finally {
      h.clock.resume();
    }
  });

  it('follows the access log with -f, each line once, to the end of a deleted pod', async () => {
    const name = pods('web')[0] as string;
    const following = h.watch(['logs', '-f', name], () => false, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    expect((await h.kubectl(['delete', 'pod', name, '--wait=false'])).code).toBe(0);
    const out = await following;
    const lines = out.trim().split('\n');
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.filter((l) => l.includes('msg=access')).length).toBeGreaterThan(20);
    expect(out).toMatch(/msg="shutting down" signal=terminated\n/);
    // The last second's access line may follow the exit: that second is counted once it is over.
    expect(lines.slice(-2).some((l) => /msg="shutdown complete"$/.test(l))).toBe(true);
  });
});

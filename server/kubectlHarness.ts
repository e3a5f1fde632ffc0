/**
 * Runs the real kubectl against an in-process served API for the tests: a private discovery
 * cache and no kubeconfig, so nothing of the machine's own kubectl set-up leaks in.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureKubectl, NO_KUBECTL } from '../scripts/kubectl.mjs';
import { type RunningServer, startServer } from './serve.ts';
import { type TestClock, testClock } from './testClock.ts';
import { newTx } from '../src/engine/client/tx.ts';
import { executeKubectl } from '../src/engine/kubectl/execute.ts';
import { toRFC3339 } from '../src/engine/lib/time.ts';
import type { EngineState } from '../src/engine/sim.ts';
import type { KubeObject } from '../src/engine/api/types.ts';

export interface KubectlResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Harness {
  server: RunningServer;
  clock: TestClock;
  dir: string;
  /** kubectl runs one command; async, as the server answers it from this same process. */
  kubectl: (args: string[], input?: string) => Promise<KubectlResult>;
  /** watch starts `kubectl args` and resolves with its stdout once `until` says its whole lines are enough (or on timeout). */
  watch: (args: string[], until: (out: string) => boolean, timeoutMs?: number) => Promise<string>;
  stop: () => Promise<void>;
}

let kubectlPath: string | null | undefined;

/** kubectlBinary finds (or installs) kubectl once per process; it throws the how-to line when none. */
export function kubectlBinary(): string {
  if (kubectlPath === undefined) kubectlPath = ensureKubectl();
  if (kubectlPath === null) throw new Error(NO_KUBECTL);
  return kubectlPath;
}

/** startHarness serves `text` (null: three empty nodes) at `speed` and returns a kubectl bound to it. */
export async function startHarness(opts: { text?: string | null; speed?: number; gitVersion?: string; record?: boolean } = {}): Promise<Harness> {
  const bin = kubectlBinary();
  const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-kubectl-'));
  const clock = testClock();
  const started = await startServer({
    text: opts.text ?? null,
    port: 0,
    host: '127.0.0.1',
    speed: opts.speed ?? 10,
    record: opts.record ? join(dir, 'session.yaml') : null,
    gitVersion: opts.gitVersion ?? 'v1.36.3',
    log: () => {},
    clock: clock.now,
  });
  if ('error' in started) throw new Error(started.error);
  const env = { ...process.env, KUBECONFIG: join(dir, 'no-kubeconfig'), HOME: dir };
  const base = ['--server', started.url, '--cache-dir', join(dir, 'cache')];
  const kubectl = (args: string[], input?: string): Promise<KubectlResult> =>
    new Promise((resolve, reject) => {
      const child = spawn(bin, [...base, ...args], { env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (b: Buffer) => {
        stdout += b.toString('utf8');
      });
      child.stderr.on('data', (b: Buffer) => {
        stderr += b.toString('utf8');
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(input ?? '');
    });
  const watch = (args: string[], until: (out: string) => boolean, timeoutMs = 30_000) =>
    new Promise<string>((resolve) => {
      const child = spawn(bin, [...base, ...args], { env });
      let out = '';
      const done = () => {
        clearTimeout(timer);
        child.kill('SIGTERM');
        resolve(out);
      };
      const timer = setTimeout(done, timeoutMs);
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString('utf8');
        if (until(wholeLines(out))) done();
      });
      child.on('exit', () => {
        clearTimeout(timer);
        resolve(out);
      });
    });
  return {
    server: started,
    clock,
    dir,
    kubectl,
    watch,
    stop: async () => {
      await started.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * wholeLines is what a watch's predicate sees: the output up to its last newline. A pipe may hand
 * a line over in two chunks, and a predicate that matched the first half ("DELETED
 * task-pv-volume") would stop kubectl before the line's STATUS column came.
 */
export const wholeLines = (out: string): string => out.slice(0, out.lastIndexOf('\n') + 1);

/**
 * eventAgesNormalised blanks the Age column of describe's Events table (and joins its columns with
 * one space): kubectl counts those ages on its own clock, which goes on while a test holds the run
 * paused, so a second boundary crossed between two prints moves every age ("1s (x4 over 1s)" →
 * "2s (x4 over 2s)") and with it the column's width, which the dashes under the header follow
 * too. Everything else in the text is kept.
 */
export function eventAgesNormalised(text: string): string {
  return text
    .split('\n')
    .map((l) => (/^\s+(Normal|Warning|Type|----)\s/.test(l) ? l.trim().split(/\s{2,}/).map((c, i) => (i === 2 ? '-' : c)).join(' ') : l))
    .join('\n');
}

/** A date as describe prints it (RFC 1123 with a numeric zone): `Mon, 30 Nov 2026 09:10:29 +0000`. */
export const RFC1123Z = /[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d \+0000/g;

/**
 * describeNormalised is a describe text with its dates blanked (the served run's are on the wall
 * clock, the console's on the virtual one) and its Event ages too (eventAgesNormalised).
 */
export function describeNormalised(text: string): string {
  return eventAgesNormalised(text.replace(RFC1123Z, '-'));
}

/**
 * servedObjects is every object of a kind the served store holds now, as kubectl would list it
 * (by namespace, then name): the read of a test that checks what a write left, where kubectl's
 * printing of it is not the subject.
 */
export function servedObjects<K extends KubeObject['kind']>(h: Harness, kind: K): Extract<KubeObject, { kind: K }>[] {
  const all = [...h.server.live.st.store.objects[kind].values()] as Extract<KubeObject, { kind: K }>[];
  const key = (o: KubeObject) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
  return all.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** pageKubectl is the page's console on the served state at `nowMs` (pause the clock first), as it prints a line. */
export function pageKubectl(h: Harness, line: string, nowMs: number): string {
  return `${servedAnswer(h, line, nowMs).output}\n`;
}

/** servedAnswer is the page's console's answer to a line on the served state at `nowMs`, and whether it succeeded. */
export function servedAnswer(h: Harness, line: string, nowMs: number): { ok: boolean; output: string } {
  const tx = newTx(h.server.live.st, 'user');
  tx.now = nowMs;
  tx.nowIso = toRFC3339(nowMs);
  return executeKubectl(tx, line);
}

/**
 * servedRead is the page's console's answer to a reading line on the served state now, the run
 * caught up first as the server does for every request: the check of what a write left, where
 * kubectl's printing of it is not the subject (the console's printing is compared with kubectl's
 * in the *AsPage tests), for no kubectl process.
 */
export function servedRead(h: Harness, line: string): { ok: boolean; output: string } {
  h.server.live.advance();
  return servedAnswer(h, line, h.server.live.virtualNow());
}

/**
 * servedUntil waits until `done` holds of the served state, polled as the server runs it, and
 * throws after `timeoutMs` with `what` and the last `done` said. It is the wait of a test whose
 * subject is not the wait itself, and costs no kubectl process (each one costs ~0.2 s of CPU to
 * start); `done` returns true, or what it still waits for.
 */
export async function servedUntil(h: Harness, what: string, done: (st: EngineState) => true | string, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    h.server.live.advance();
    const d = done(h.server.live.st);
    if (d === true) return;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms: ${d}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What `rollout status` prints once a Deployment's, a DaemonSet's or a StatefulSet's rollout is done. */
const ROLLED_OUT = /successfully rolled out|roll out complete|rolling update complete/;

/**
 * rolledOut waits until the served state has rolled `what` out (`deployment/web`, `sts/db -n
 * shop`): the page's console's `rollout status --watch=false` on that state says done (servedUntil);
 * an error (a progress deadline exceeded) throws, as kubectl's rollout status fails. It is the
 * set-up wait of tests whose subject is something else: the console's rollout status is compared
 * with kubectl's in presetsAsPage, kubectlEvents and kubectlStatefulSet, and the tests of
 * kubectl's own rollout status run kubectl.
 */
export async function rolledOut(h: Harness, what: string, timeoutMs = 60_000): Promise<void> {
  const line = `rollout status ${what} --watch=false`;
  await servedUntil(
    h,
    line,
    () => {
      const a = servedAnswer(h, line, h.server.live.virtualNow());
      if (!a.ok) throw new Error(`${line}: ${a.output}`);
      return ROLLED_OUT.test(a.output) || a.output;
    },
    timeoutMs,
  );
}

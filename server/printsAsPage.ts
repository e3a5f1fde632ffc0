// The real kubectl beside the page's console, for the server tests (vitest only: the harness itself
// is also imported by e2e/live.spec.ts, which runs under Playwright).
import { afterAll, beforeAll, expect } from 'vitest';
import { newTx } from '../src/engine/client/tx.ts';
import { executeKubectl } from '../src/engine/kubectl/execute.ts';
import { tokenize } from '../src/engine/kubectl/tokenize.ts';
import { toRFC3339 } from '../src/engine/lib/time.ts';
import { type Harness, type KubectlResult, pageKubectl, rolledOut, startHarness } from './kubectlHarness.ts';
import { SCHEMAS } from './openapi.ts';

/**
 * servedScenario serves a scenario for the tests of one file (`npm run serve` at speed 10, started
 * before them and stopped after them), waits for each rollout named (`deployment/web`) on the
 * served state (rolledOut: a set-up wait, no kubectl process), and returns the harness: a
 * stand-in that reaches the started one once beforeAll has run.
 * `gitVersion` is the version the server reports, which picks the dispatcher's kubectl (v1.33.0:
 * kubectl.1.33; by default v1.36.3, which it has not, so its own v1.32.4).
 */
export function servedScenario(text: string, rollouts: readonly string[] = [], opts: { gitVersion?: string } = {}): Harness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await startHarness({ text, speed: 10, ...(opts.gitVersion ? { gitVersion: opts.gitVersion } : {}) });
    for (const r of rollouts) await rolledOut(started, r);
  });
  afterAll(async () => {
    await started?.stop();
  });
  return new Proxy({} as Harness, {
    get(_, key) {
      if (started === undefined) throw new Error('the served scenario is used before beforeAll started it');
      const v: unknown = Reflect.get(started, key);
      return typeof v === 'function' ? v.bind(started) : v;
    },
  });
}

/**
 * expectPrintsAsPage runs each line through the real kubectl and through the page's console on
 * one state (the clock paused, the server caught up), and expects the same stdout (after the
 * server's `Warning:` lines, which a terminal shows first); `normalise`
 * evens out what kubectl computes from its own clock (eventAgesNormalised for describe). It
 * returns kubectl's result for each line, for a test that checks more of that same text (no
 * second kubectl run of the line).
 */
export async function expectPrintsAsPage(h: Harness, lines: readonly string[], normalise: (s: string) => string = (s) => s): Promise<KubectlResult[]> {
  h.clock.pause();
  const results: KubectlResult[] = [];
  try {
    h.server.live.advance();
    const now = h.server.live.virtualNow();
    for (const line of lines) {
      const r = await h.kubectl(line.split(' '));
      expect(r.code, line).toBe(0);
      // The server's warnings come first in a terminal, and first in the console's answer.
      const warnings = r.stderr.split(/(?<=\n)/).filter((l) => l.startsWith('Warning: ')).join('');
      expect(normalise(warnings + r.stdout), line).toBe(normalise(pageKubectl(h, line, now)));
      results.push(r);
    }
  } finally {
    h.clock.resume();
  }
  return results;
}

/** One line's answers: the real kubectl's and the console's, each as a terminal shows it, and whether each succeeded. */
export interface Answers {
  real: string;
  realOk: boolean;
  page: string;
  pageOk: boolean;
}

/**
 * answersOf runs a line through the real kubectl and through the page's console at `now` (the
 * clock paused by the caller): kubectl's stdout and stderr together as a terminal shows them (the
 * server's warnings first, as kubectl prints each as its answer arrives, then the output, then the
 * errors, less one final newline; the console's answer has none); `logs` gives the console the
 * run's container logs (kubectl logs).
 */
export async function answersOf(h: Harness, line: string, now: number, logs = false): Promise<Answers> {
  // kubectl gets the words a shell would give it: the console's own tokenizer splits both.
  const words = tokenize(line);
  if ('error' in words) throw new Error(words.error);
  const real = await h.kubectl(words.tokens);
  const tx = newTx(h.server.live.st, 'user');
  tx.now = now;
  tx.nowIso = toRFC3339(now);
  // The schemas, as the page's worker hands them to `explain` once loaded.
  const page = executeKubectl(tx, line, undefined, { openapiSchemas: SCHEMAS, ...(logs ? { logs: h.server.live.logs } : {}) });
  const stderr = real.stderr.split(/(?<=\n)/);
  const warnings = stderr.filter((l) => l.startsWith('Warning: ')).join('');
  const rest = stderr.filter((l) => !l.startsWith('Warning: ')).join('');
  return { real: (warnings + real.stdout + rest).replace(/\n$/, ''), realOk: real.code === 0, page: page.output, pageOk: page.ok };
}

/**
 * expectAnswersAsPage is expectPrintsAsPage for lines that may fail: each line's stdout and stderr
 * together (less one final newline), and whether it succeeded, from the real kubectl and from the
 * page's console; `normalise` as for expectPrintsAsPage; `logs` gives the console the run's
 * container logs. It returns each line's answers, for a test that checks more of the same text.
 */
export async function expectAnswersAsPage(
  h: Harness,
  lines: readonly string[],
  normalise: (text: string) => string = (t) => t,
  logs = false,
): Promise<Answers[]> {
  h.clock.pause();
  const answers: Answers[] = [];
  try {
    h.server.live.advance();
    const now = h.server.live.virtualNow();
    for (const line of lines) {
      const a = await answersOf(h, line, now, logs);
      expect(normalise(a.page), line).toBe(normalise(a.real));
      expect(a.pageOk, line).toBe(a.realOk);
      answers.push(a);
    }
  } finally {
    h.clock.resume();
  }
  return answers;
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeShareHash } from '../scenario/shareUrl.ts';
import { createInThreadWorker } from '../worker/inThread.ts';
import {
  loadPreset,
  loadScenarioText,
  restartWorker,
  runKubectl,
  seekTick,
  setWorkloadField,
  shareHashAt,
  startSim,
  stepBack,
  stepForward,
  stopSim,
} from './actions.ts';
import { undo } from './editActions.ts';
import { answerFork } from './forkGuard.ts';
import { type AppStore, createAppStore } from './store.ts';

let store: AppStore;
/** What the fork warning gets: yes (the default), no, or null to leave it waiting. */
let forkAnswer: boolean | null = true;

/**
 * until waits (real time) for the store to satisfy a condition. 20 s: the in-thread worker shares
 * the test's thread, and under a full `npm test` on two cores a restart once took 5.4 s (the
 * test's own timeout, 30 s, still bounds it).
 */
async function until(ok: (s: ReturnType<AppStore['getState']>) => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok(store.getState())) {
    if (Date.now() > end) throw new Error('timed out waiting for the store');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeEach(async () => {
  store = createAppStore();
  forkAnswer = true;
  store.subscribe((s, prev) => {
    if (s.pendingFork && !prev.pendingFork && forkAnswer !== null) {
      const yes = forkAnswer;
      queueMicrotask(() => answerFork(yes));
    }
  });
  expect(await startSim({ store, createWorker: createInThreadWorker })).toBe(true);
});
afterEach(() => stopSim());

describe('actions over an in-thread worker', () => {
  it('loads a preset and mirrors its frames', async () => {
    expect((await loadPreset('seed')).ok).toBe(true);
    await until((s) => s.simStatus === 'ready' && s.nodes.length === 3);
    const s = store.getState();
    expect(s.scenarioName).toMatch(/^Seed/);
    expect(s.presetId).toBe('seed');
    expect(s.presets.length).toBeGreaterThan(5);
    expect(s.shareHash).toMatch(/^#v1\./);
    expect(s.scenarioCause).toBe('load');
  });

  it('seeks and steps', async () => {
    await loadPreset('seed');
    await until((s) => s.totalTicks > 300);
    seekTick(200);
    expect(store.getState().tick).toBe(200);
    await until((s) => s.tickView?.tick === 200);
    stepForward();
    await until((s) => s.tickView?.tick === 201);
    stepBack();
    await until((s) => s.tickView?.tick === 200);
    expect(store.getState().recentTicks.at(-1)?.tick).toBe(200);
  });

  it('forks on a console command and puts the action in the share hash', async () => {
    await loadPreset('seed');
    await until((s) => s.totalTicks > 300);
    seekTick(300);
    await until((s) => s.tickView?.tick === 300);
    const r = await runKubectl('scale deployment/nginx-deployment-roll01 --replicas=6');
    expect(r).toEqual({ ok: true, output: 'deployment.apps/nginx-deployment-roll01 scaled' });
    await until((s) => s.scenarioCause === 'fork');
    const decoded = decodeShareHash(shareHashAt(store));
    if (!decoded.ok) throw new Error(decoded.errors[0]);
    expect(decoded.value.scenario.actions?.at(-1)).toMatchObject({
      kubectl: 'scale deployment/nginx-deployment-roll01 --replicas=6',
    });
    expect(store.getState().consoleLog.at(-1)).toMatchObject({ ok: true, tick: 300 });
  });

  it('returns the API server message for an invalid value and changes nothing', async () => {
    await loadPreset('seed');
    await until((s) => s.totalTicks > 100);
    seekTick(100);
    await until((s) => s.tickView?.tick === 100);
    const revision = store.getState().scenarioRevision;
    const r = await setWorkloadField('nginx-deployment-roll01', 'replicas', -3);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/replicas/);
    expect(store.getState().scenarioRevision).toBe(revision);
  });

  it('keeps the scenario and refuses invalid text', async () => {
    await loadPreset('seed');
    await until((s) => s.simStatus === 'ready');
    const r = await loadScenarioText('version: 1\nname: broken\n');
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/objects/);
    expect(store.getState().presetId).toBe('seed');
  });

  it('restarts the worker with the edits at the current tick', async () => {
    await loadPreset('seed');
    await until((s) => s.totalTicks > 300);
    seekTick(250);
    await runKubectl('scale deployment/nginx-deployment-roll01 --replicas=7');
    await until((s) => s.scenarioCause === 'fork');
    const text = store.getState().scenarioText;
    const tick = store.getState().tick;
    store.getState().simUpdate({ simStatus: 'error', simError: { message: 'boom', tick: 12 } });
    await restartWorker();
    await until((s) => s.simStatus === 'ready' && s.tickView?.tick === tick);
    expect(store.getState().scenarioText).toBe(text);
    expect(store.getState().simError).toBeNull();
  });

  it('lists the scripted actions a change after tick 0 drops, and changes nothing when the reader cancels', async () => {
    await loadPreset('seed');
    await until((s) => s.totalTicks > 300);
    seekTick(100);
    await until((s) => s.tickView?.tick === 100);
    const text = store.getState().scenarioText;
    forkAnswer = null;
    const pending = setWorkloadField('nginx-deployment-roll01', 'replicas', 4);
    await until((s) => s.pendingFork !== null);
    expect(store.getState().pendingFork?.actions).toEqual([
      {
        at: 30,
        kubectl: 'set image deployment/nginx-deployment-roll01 nginx=nginx:1.9.3',
        apply: null,
        request: null,
        node: null,
      },
    ]);
    answerFork(false);
    expect(await pending).toEqual({ ok: false, cancelled: true });
    expect(store.getState().pendingFork).toBeNull();
    expect(store.getState().scenarioText).toBe(text);
  });

  it('edits the manifest at tick 0 and keeps the scripted set image', async () => {
    await loadPreset('seed');
    await until((s) => s.simStatus === 'ready' && s.scenarioWorkloads.length === 1);
    expect(store.getState().scenarioWorkloads[0]).toMatchObject({
      name: 'nginx-deployment-roll01',
      maxSurge: '25%',
    });
    expect(await setWorkloadField('nginx-deployment-roll01', 'maxSurge', 5)).toEqual({ ok: true });
    await until((s) => s.scenarioCause === 'edit');
    const s = store.getState();
    expect(s.tick).toBe(0);
    expect(s.pendingFork).toBeNull();
    expect(s.scenarioWorkloads[0]?.maxSurge).toBe(5);
    expect(s.scenarioText).toContain('maxSurge: 5');
    expect(s.scenarioText).toContain('set image deployment/nginx-deployment-roll01 nginx=nginx:1.9.3');
  });

  it('undoes a fork back to the scenario and the tick before it, several times over', async () => {
    await loadPreset('seed');
    await until((s) => s.totalTicks > 300);
    const original = store.getState().scenarioText;
    seekTick(100);
    await until((s) => s.tickView?.tick === 100);
    await setWorkloadField('nginx-deployment-roll01', 'replicas', 4);
    await until((s) => s.scenarioCause === 'fork');
    const forked = store.getState().scenarioText;
    await until((s) => s.tick > 100 && s.recording !== 'recording');
    const later = store.getState().totalTicks - 2;
    seekTick(later);
    await until((s) => s.tickView?.tick === later);
    await setWorkloadField('nginx-deployment-roll01', 'replicas', 8);
    await until((s) => s.scenarioText !== forked);
    expect(store.getState().undoStack.map((e) => e.tick)).toEqual([100, later]);
    expect(await undo(store)).toBe(true);
    await until((s) => s.scenarioText === forked && s.tick === later);
    expect(await undo(store)).toBe(true);
    await until((s) => s.scenarioText === original && s.tick === 100);
    expect(store.getState().undoStack).toEqual([]);
    expect(await undo(store)).toBe(false);
  });
});

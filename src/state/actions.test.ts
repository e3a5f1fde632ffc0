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
import { type AppStore, createAppStore } from './store.ts';

let store: AppStore;

/** until waits (real time) for the store to satisfy a condition. */
async function until(ok: (s: ReturnType<AppStore['getState']>) => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok(store.getState())) {
    if (Date.now() > end) throw new Error('timed out waiting for the store');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeEach(async () => {
  store = createAppStore();
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
});

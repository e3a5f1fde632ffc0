import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../i18n/index.ts';
import { messageText } from '../ui/header/messageText.ts';
import { encodeShareHash } from '../scenario/shareUrl.ts';
import { preset } from '../timeline/testScenarios.ts';
import { loadPreset, runKubectl, seekTick, startSim, stopSim } from '../state/actions.ts';
import { type AppStore, createAppStore } from '../state/store.ts';
import { createInThreadWorker } from '../worker/inThread.ts';
import {
  linkMessage,
  openInitialScenario,
  PLAYING_URL_MS,
  SEEK_URL_MS,
  startUrlSync,
  type UrlEnv,
  WORKING_SCENARIO_KEY,
} from './scenarioUrl.ts';

let store: AppStore;

/** shown is the banner's text in a language, as Banners words it. */
function shown(lang: 'en' | 'zh-CN' = 'en'): string | null {
  const m = store.getState().scenarioMessage;
  return m === null ? null : messageText(m, i18next.getFixedT(lang));
}

function fakeEnv(hash = '') {
  const calls: [string, string][] = [];
  const items = new Map<string, string>();
  let listener: (() => void) | null = null;
  const env: UrlEnv & { hash: string } = {
    hash,
    getHash: () => env.hash,
    pushHash: (h) => {
      env.hash = h;
      calls.push(['push', h]);
    },
    replaceHash: (h) => {
      env.hash = h;
      calls.push(['replace', h]);
    },
    onHistory: (l) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
    storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) },
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    now: () => performance.now(),
  };
  const back = (h: string) => {
    env.hash = h;
    listener?.();
  };
  return { env, calls, items, back };
}

async function until(ok: (s: ReturnType<AppStore['getState']>) => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok(store.getState())) {
    if (Date.now() > end) throw new Error('timed out waiting for the store');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeEach(async () => {
  store = createAppStore();
  await startSim({ store, createWorker: createInThreadWorker });
});
afterEach(() => stopSim());

describe('openInitialScenario', () => {
  it.each([
    ['a cut-off link', '#v1.qwe', /This link could not be opened: This link is damaged/],
    ['a link from a later version', '#v9.abc', /newer version of Rollout Lab/],
    ['not a link', '#hello', /not a Rollout Lab scenario link/],
    // Parameters alone are a bare link only when every one is known and has a value.
    ['a tick without a scenario', '#t=5', /not a Rollout Lab scenario link/],
    [
      'a compare link with a stray part',
      '#compare=maxSurge:0,100%25&hello',
      /not a Rollout Lab scenario link/,
    ],
  ])('opens the default preset with a message for %s', async (_name, hash, message) => {
    const { env } = fakeEnv(hash);
    await openInitialScenario(env, store);
    await until((s) => s.presetId === 'seed');
    expect(shown()).toMatch(message);
    expect(shown()).toMatch(/showing the default scenario\.$/);
  });

  it.each([
    ['a bare compare link', '#compare=maxSurge:0,100%25', 'en'],
    ['a bare compare link in zh-CN', '#compare=maxSurge:0,100%25&lang=zh-CN', 'zh-CN'],
    ['a bare presenter link', '#present=1', 'en'],
  ])('opens the default preset without a word for %s', async (_name, hash, lang) => {
    const { env, items } = fakeEnv(hash);
    items.set(
      WORKING_SCENARIO_KEY,
      JSON.stringify({ text: JSON.stringify(preset('recreate')), presetId: 'recreate' }),
    );
    await openInitialScenario(env, store);
    await until((s) => s.presetId === 'seed');
    expect(store.getState().scenarioMessage).toBeNull();
    expect(store.getState().language).toBe(lang);
  });

  it('takes the language of a link that does not open, and of a lesson link', async () => {
    await openInitialScenario(fakeEnv('#v9.abc&lang=zh-CN').env, store);
    await until((s) => s.presetId === 'seed');
    expect(store.getState().language).toBe('zh-CN');
    store.getState().setLanguage('en');
    await openInitialScenario(fakeEnv('#lesson=no-such-lesson&lang=zh-CN').env, store);
    await until((s) => s.language === 'zh-CN');
  });

  it('words the banner of a bad link in zh-CN, the reason too', async () => {
    const { env } = fakeEnv('#v9.abc');
    await openInitialScenario(env, store);
    await until((s) => s.presetId === 'seed');
    expect(shown('zh-CN')).toBe(
      '无法打开此链接：此链接由更新版本的 Rollout Lab（v9）生成；此版本只能打开 v1 链接。请用更新的 Rollout Lab 打开，或请对方用此版本生成链接；现在显示默认场景。',
    );
  });

  it('keeps the autosaved scenario when the link is bad, and says so', async () => {
    const { env, items } = fakeEnv('#v1.qwe');
    items.set(
      WORKING_SCENARIO_KEY,
      JSON.stringify({ text: JSON.stringify(preset('recreate')), presetId: 'recreate' }),
    );
    await openInitialScenario(env, store);
    await until((s) => s.presetId === 'recreate');
    expect(store.getState().scenarioName).toBe(preset('recreate').name);
    expect(shown()).toMatch(/This link could not be opened: .*; showing your last scenario\.$/);
    expect(shown('zh-CN')).toMatch(/^无法打开此链接：此链接已损坏：.*；现在显示你上次的场景。$/);
  });

  it('opens a shared scenario at its tick in its language', async () => {
    const s = preset('rollback');
    const { env } = fakeEnv(encodeShareHash(s, { tick: 42, lang: 'zh-CN' }));
    await openInitialScenario(env, store);
    await until((x) => x.tickView?.tick === 42);
    expect(store.getState().scenarioName).toBe(s.name);
    expect(store.getState().language).toBe('zh-CN');
    expect(store.getState().scenarioMessage).toBeNull();
  });

  it('keeps the preset of the autosave when the link in the address bar holds the same scenario', async () => {
    const s = preset('rollback');
    const { env, items } = fakeEnv(encodeShareHash(s, { tick: 5 }));
    items.set(WORKING_SCENARIO_KEY, JSON.stringify({ text: JSON.stringify(s), presetId: 'rollback' }));
    await openInitialScenario(env, store);
    await until((x) => x.tickView?.tick === 5);
    expect(store.getState().presetId).toBe('rollback');
  });

  it('names no preset when the link holds another scenario than the autosave', async () => {
    const { env, items } = fakeEnv(encodeShareHash(preset('recreate'), { tick: 5 }));
    items.set(
      WORKING_SCENARIO_KEY,
      JSON.stringify({ text: JSON.stringify(preset('rollback')), presetId: 'rollback' }),
    );
    await openInitialScenario(env, store);
    await until((x) => x.tickView?.tick === 5);
    expect(store.getState().presetId).toBeNull();
  });

  it('opens the autosaved scenario when there is no link, else the default preset', async () => {
    const { env, items } = fakeEnv();
    await openInitialScenario(env, store);
    await until((s) => s.presetId === 'seed');
    items.set(
      WORKING_SCENARIO_KEY,
      JSON.stringify({ text: JSON.stringify(preset('recreate')), presetId: null }),
    );
    await openInitialScenario(env, store);
    await until((s) => s.scenarioName === preset('recreate').name);
  });

  it('words the message the way the banner shows it', () => {
    expect(messageText(linkMessage('This link is damaged.'), i18next.getFixedT('en'))).toBe(
      'This link could not be opened: This link is damaged; showing the default scenario.',
    );
    expect(
      messageText(linkMessage({ key: 'badTick', values: { value: 'x' } }), i18next.getFixedT('zh-CN')),
    ).toBe('无法打开此链接：此链接已损坏：其 tick（t=x）不是 ≥ 0 的整数；现在显示默认场景。');
  });
});

describe('startUrlSync', () => {
  it('replaces the hash on the first load, pushes on an edit and autosaves', async () => {
    const { env, calls, items } = fakeEnv();
    const stop = startUrlSync(env, store);
    await openInitialScenario(env, store);
    await until((s) => s.totalTicks > 300);
    seekTick(300);
    await until((s) => s.tickView?.tick === 300);
    await runKubectl('scale deployment/nginx-deployment-roll01 --replicas=5');
    await until((s) => s.scenarioCause === 'fork');
    stop();
    expect(calls[0]?.[0]).toBe('replace');
    const pushes = calls.filter((c) => c[0] === 'push');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.[1]).toMatch(/^#v1\.[\w-]+&t=\d+$/);
    const saved = JSON.parse(items.get(WORKING_SCENARIO_KEY) ?? '{}');
    expect(saved.text).toContain('--replicas=5');
  });

  it('follows the tick of a running worker in the address bar', async () => {
    const { env, calls } = fakeEnv();
    const stop = startUrlSync(env, store);
    await loadPreset('seed');
    await until((s) => s.totalTicks > 300);
    for (const t of [10, 20, 30, 40]) seekTick(t);
    await until((s) => s.tick === 40);
    await new Promise((r) => setTimeout(r, SEEK_URL_MS + 50));
    stop();
    expect(env.hash).toMatch(/&t=40$/);
    expect(
      calls.filter((c) => c[0] === 'replace' && /&t=(10|20|30|40)$/.test(c[1])).length,
    ).toBeLessThanOrEqual(2);
  });

  it('writes the view into the link at once, and reads it back from a history entry', async () => {
    const { env, calls, back } = fakeEnv();
    const stop = startUrlSync(env, store);
    await loadPreset('seed');
    await until((s) => s.presetId === 'seed');
    store.getState().setExplainFilter('deployment-controller');
    store.getState().setPresenter(true);
    expect(env.hash).toMatch(/&t=\d+&follow=deployment-controller&present=1$/);
    expect(calls.at(-1)?.[0]).toBe('replace');
    back(env.hash.replace('&follow=deployment-controller', '&follow=kubelet&tab=deploy'));
    stop();
    expect(store.getState()).toMatchObject({ explainFilter: 'kubelet', watchTab: 'deploy', presenter: true });
  });

  it('neither pushes history nor autosaves in an embedded page', async () => {
    store.getState().setEmbed(true);
    const { env, calls, items } = fakeEnv();
    const stop = startUrlSync(env, store);
    await loadPreset('seed');
    await until((s) => s.totalTicks > 300);
    seekTick(300);
    await until((s) => s.tickView?.tick === 300);
    await runKubectl('scale deployment/nginx-deployment-roll01 --replicas=5');
    await until((s) => s.scenarioCause === 'fork');
    stop();
    expect(calls.filter((c) => c[0] === 'push')).toEqual([]);
    expect(calls.at(-1)?.[1]).toMatch(/&embed=1$/);
    expect(items.has(WORKING_SCENARIO_KEY)).toBe(false);
  });

  it('loads the scenario of a history entry without pushing another', async () => {
    const { env, calls, back } = fakeEnv();
    const stop = startUrlSync(env, store);
    await loadPreset('seed');
    await until((s) => s.presetId === 'seed');
    await loadPreset('recreate');
    await until((s) => s.presetId === 'recreate');
    const pushes = calls.filter((c) => c[0] === 'push').length;
    back(calls[0]?.[1] ?? '');
    await until((s) => s.scenarioName === preset('seed').name);
    stop();
    expect(calls.filter((c) => c[0] === 'push')).toHaveLength(pushes);
  });
});

/** A fake clock with timers, so the throttle is tested without waiting. */
function clockEnv() {
  const { env, calls } = fakeEnv('#v1.abc&t=0');
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  env.now = () => now;
  env.setTimer = (fn, ms) => {
    timers.push({ at: now + ms, fn, id: ++ids });
    return ids;
  };
  env.clearTimer = (id) => {
    timers = timers.filter((t) => t.id !== id);
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = end;
  };
  const ticks = () => calls.filter((c) => c[0] === 'replace').map((c) => Number(/&t=(\d+)/.exec(c[1])?.[1]));
  return { env, advance, ticks };
}

describe('startUrlSync &t= throttle', () => {
  it.each([
    ['while playing', true, PLAYING_URL_MS],
    ['while dragging the slider', false, SEEK_URL_MS],
  ])('writes the tick at once, then at most every interval %s', (_name, playing, gap) => {
    const s = createAppStore();
    s.setState({ shareHash: '#v1.abc', tick: 0, playing });
    const { env, advance, ticks } = clockEnv();
    const stop = startUrlSync(env, s);
    // 3 s of ticks, one per 16 ms frame
    for (let k = 1; k <= 188; k++) {
      s.setState({ tick: k });
      advance(16);
    }
    advance(gap);
    stop();
    const written = ticks();
    expect(written[0]).toBe(1);
    expect(written.at(-1)).toBe(188);
    expect(written.length).toBeLessThanOrEqual(Math.ceil(3008 / gap) + 1);
    expect(written.length).toBeGreaterThanOrEqual(Math.floor(3008 / gap) - 1);
  });

  it('writes the exact tick at once on pause', () => {
    const s = createAppStore();
    s.setState({ shareHash: '#v1.abc', tick: 0, playing: true });
    const { env, advance, ticks } = clockEnv();
    const stop = startUrlSync(env, s);
    s.setState({ tick: 5 });
    advance(16);
    s.setState({ tick: 9 });
    advance(16);
    s.setState({ tick: 12, playing: false });
    expect(ticks()).toEqual([5, 12]);
    advance(PLAYING_URL_MS);
    stop();
    expect(ticks()).toEqual([5, 12]);
  });

  it('writes a single seek while paused at once', () => {
    const s = createAppStore();
    s.setState({ shareHash: '#v1.abc', tick: 0, playing: false });
    const { env, advance, ticks } = clockEnv();
    const stop = startUrlSync(env, s);
    s.setState({ tick: 300 });
    expect(ticks()).toEqual([300]);
    advance(1000);
    s.setState({ tick: 40 });
    expect(ticks()).toEqual([300, 40]);
    stop();
  });
});

/**
 * The working scenario and the address bar (DESIGN.md §6):
 * - on start: the share link in the hash, else the autosaved working scenario, else the default
 *   preset; a link that does not open shows why (scenarioMessage) with the default preset;
 * - every edit (a fork) and every other scenario load pushes a history entry with the new hash,
 *   so Back and Forward move between edits (popstate/hashchange load the entry's scenario);
 * - `&t=` follows the current tick with replaceState: at most every PLAYING_URL_MS while playing
 *   (Chromium ignores replaceState past 200 calls in 10 s), at once on pause, and within
 *   SEEK_URL_MS of a seek or step (a slider drag sends ~60 ticks a second);
 * - the working scenario is autosaved to localStorage on every change.
 */
import type { LinkProblem } from '../scenario/linkProblems.ts';
import { loadPreset, loadScenarioText, seekTick, shareHashAt } from '../state/actions.ts';
import type { ScenarioMessage } from '../state/simSlice.ts';
import { type AppStore, appStore } from '../state/store.ts';
import { applyViewParams, readViewParams, viewChanged } from '../state/viewParams.ts';

export const WORKING_SCENARIO_KEY = 'rollout-lab.working-scenario';
/** Shortest time between two `&t=` updates of the address bar while playing. */
export const PLAYING_URL_MS = 500;
/** Shortest time between two `&t=` updates while paused (seeks, steps, a dragged slider). */
export const SEEK_URL_MS = 100;

/** The browser parts this module uses (tests pass fakes). */
export interface UrlEnv {
  getHash(): string;
  pushHash(hash: string): void;
  replaceHash(hash: string): void;
  onHistory(listener: () => void): () => void;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** A monotonic clock in ms. */
  now(): number;
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** browserEnv is the real window. */
export function browserEnv(): UrlEnv {
  const url = (hash: string) => `${location.pathname}${location.search}${hash}`;
  return {
    getHash: () => location.hash,
    pushHash: (hash) => history.pushState(null, '', url(hash)),
    replaceHash: (hash) => history.replaceState(null, '', url(hash)),
    onHistory: (listener) => {
      window.addEventListener('popstate', listener);
      window.addEventListener('hashchange', listener);
      return () => {
        window.removeEventListener('popstate', listener);
        window.removeEventListener('hashchange', listener);
      };
    },
    storage: safeStorage(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    now: () => performance.now(),
  };
}

/**
 * linkMessage is the banner for a link that could not be opened (`link.failed`: the default
 * scenario shown; `failedLast`, `failedLessonScenario`): the reason is the decoder's problem, or a
 * message of the simulator's (English, as the API server words it).
 */
export function linkMessage(
  reason: string | LinkProblem,
  key: 'failed' | 'failedLast' | 'failedLessonScenario' = 'failed',
): ScenarioMessage {
  return typeof reason === 'string'
    ? { key: `link.${key}`, values: { reason } }
    : { key: `link.${key}`, problem: reason };
}

interface Saved {
  text: string;
  presetId: string | null;
}

function readSaved(env: UrlEnv): Saved | null {
  try {
    const raw = env.storage?.getItem(WORKING_SCENARIO_KEY);
    if (!raw) return null;
    const x: unknown = JSON.parse(raw);
    if (typeof x !== 'object' || x === null) return null;
    const { text, presetId } = x as Record<string, unknown>;
    if (typeof text !== 'string') return null;
    return { text, presetId: typeof presetId === 'string' ? presetId : null };
  } catch {
    return null;
  }
}

function writeSaved(env: UrlEnv, saved: Saved): void {
  try {
    env.storage?.setItem(WORKING_SCENARIO_KEY, JSON.stringify(saved));
  } catch {
    // quota or blocked storage: the share link still holds the scenario
  }
}

/** sameScenario tells whether saved scenario text and a decoded scenario are the same scenario. */
async function sameScenario(text: string, scenario: unknown): Promise<boolean> {
  // Loaded on first use, like the decoder: the YAML parser need not be in the main bundle.
  const { parseScenarioText } = await import('../scenario/parse.ts');
  const parsed = parseScenarioText(text);
  return parsed.ok && JSON.stringify(parsed.value) === JSON.stringify(scenario);
}

/** openHash loads the scenario of a share hash; a bad one shows why and opens the default preset. */
async function openHash(hash: string, store: AppStore, saved: Saved | null): Promise<void> {
  const { decodeShareHash, isBareLink } = await import('../scenario/shareUrl.ts');
  // The link's language first, whatever else it holds: a course page's lesson link
  // (`#lesson=…&lang=zh-CN`) has no scenario, and a bad link's banner is read in that language too.
  const lang = /(?:^#?|&)lang=(en|zh-CN)(?:&|$)/.exec(hash)?.[1];
  if (lang === 'en' || lang === 'zh-CN') store.getState().setLanguage(lang);
  const r = decodeShareHash(hash);
  let reason: string | LinkProblem;
  if (r.ok) {
    // A reload opens the link in the address bar, which does not name the preset; the autosave
    // does, so "Reset to preset" survives the reload when both hold the same scenario.
    const presetId =
      saved?.presetId && (await sameScenario(saved.text, r.value.scenario)) ? saved.presetId : null;
    const loaded = await loadScenarioText(JSON.stringify(r.value.scenario), {
      ...(r.value.tick !== undefined ? { tick: r.value.tick } : {}),
      ...(presetId ? { presetId } : {}),
    });
    if (loaded.ok) {
      if (r.value.lesson !== undefined) await openLinkedLesson(store, r.value.lesson, r.value.step ?? 1);
      return;
    }
    reason = loaded.message ?? 'the scenario is invalid';
  } else {
    reason = r.problem;
    // A lesson link needs no scenario of its own: `#lesson=seed-rollout&step=3` opens the
    // built-in lesson with its scenario (a course page can link to a step that way).
    const linked = /(?:^#?|&)lesson=([a-z0-9][a-z0-9-]{0,62})(?:&|$)/.exec(hash);
    if (linked) {
      const step = Number(/&step=(\d{1,4})(?:&|$)/.exec(hash)?.[1] ?? 1) || 1;
      const { openLessonFromLink } = await import('../ui/lesson/open.ts');
      if ((await openLessonFromLink(linked[1] as string, step, store)) === null) {
        if (!/^#?lesson=/.test(hash))
          store.getState().simUpdate({ scenarioMessage: linkMessage(reason, 'failedLessonScenario') });
        return;
      }
    } else if (isBareLink(hash)) {
      // A link of parameters only (`#compare=maxSurge:0,100%25`, `#present=1&lang=zh-CN`) asks for
      // the default scenario, as a bare lesson link asks for the lesson's: nothing to warn about.
      // What it names (the compare's variants) opens over it, and warns if it does not read.
      await loadPreset(store.getState().defaultPresetId);
      return;
    }
  }
  // Nothing the user made is lost to a bad link: their autosaved scenario opens if there is one.
  if (saved) {
    const back = await loadScenarioText(saved.text, saved.presetId ? { presetId: saved.presetId } : {});
    if (back.ok) {
      store.getState().simUpdate({ scenarioMessage: linkMessage(reason, 'failedLast') });
      return;
    }
  }
  store.getState().simUpdate({ scenarioMessage: linkMessage(reason) });
  await loadPreset(store.getState().defaultPresetId);
}

/** openLinkedLesson opens a link's `&lesson=<id>&step=<n>` (the lessons load on demand). */
async function openLinkedLesson(store: AppStore, id: string, step: number): Promise<void> {
  const { openLessonFromLink } = await import('../ui/lesson/open.ts');
  const why = await openLessonFromLink(id, step, store);
  if (why !== null) store.getState().simUpdate({ scenarioMessage: why });
}

/** openInitialScenario opens the link, else the autosaved scenario, else the default preset. */
export async function openInitialScenario(
  env: UrlEnv = browserEnv(),
  store: AppStore = appStore,
): Promise<void> {
  const hash = env.getHash();
  const saved = readSaved(env);
  if (hash !== '' && hash !== '#') return openHash(hash, store, saved);
  if (saved) {
    const r = await loadScenarioText(saved.text, saved.presetId ? { presetId: saved.presetId } : {});
    if (r.ok) return;
  }
  await loadPreset(store.getState().defaultPresetId);
}

/** baseOf is a hash without its parameters (`#v1.…`). */
function baseOf(hash: string): string {
  const i = hash.indexOf('&');
  return i < 0 ? hash : hash.slice(0, i);
}

/**
 * startUrlSync keeps the address bar, the history and the autosave in step with the working
 * scenario and the current tick; returns the stop function.
 */
export function startUrlSync(env: UrlEnv = browserEnv(), store: AppStore = appStore): () => void {
  let first = true;
  let fromHistory = false;
  let tickTimer: unknown = null;
  let lastTickWrite = Number.NEGATIVE_INFINITY;
  let written = env.getHash();

  const write = (push: boolean) => {
    const hash = shareHashAt(store);
    if (!hash || hash === written) return;
    written = hash;
    if (push) env.pushHash(hash);
    else env.replaceHash(hash);
  };
  const cancelTick = () => {
    if (tickTimer !== null) env.clearTimer(tickTimer);
    tickTimer = null;
  };
  const writeTick = () => {
    cancelTick();
    lastTickWrite = env.now();
    write(false);
  };
  // Leading and trailing: the first change goes out at once, the last one within `gap` ms.
  const throttleTick = (gap: number) => {
    if (tickTimer !== null) return;
    const wait = lastTickWrite + gap - env.now();
    if (wait <= 0) writeTick();
    else tickTimer = env.setTimer(writeTick, wait);
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.scenarioRevision !== prev.scenarioRevision) {
      // The first load, and a load that came from Back/Forward, replace; every other change pushes
      // (not in an iframe: its entries would go into the course page's history).
      write(!first && !fromHistory && !s.embed);
      first = false;
      fromHistory = false;
      // An embedded run is the course's, not the reader's: it never replaces their autosave.
      if (!s.embed) writeSaved(env, { text: s.scenarioText, presetId: s.presetId });
      return;
    }
    if (
      (prev.playing && !s.playing) ||
      s.languageChosen !== prev.languageChosen ||
      s.language !== prev.language ||
      viewChanged(s, prev) ||
      s.lessonOpen !== prev.lessonOpen ||
      s.lessonStep !== prev.lessonStep
    ) {
      // Paused (the tick the reader stopped at), a language or a view picked: exact, at once.
      writeTick();
      return;
    }
    if (s.tick !== prev.tick) throttleTick(s.playing ? PLAYING_URL_MS : SEEK_URL_MS);
  });

  const stopHistory = env.onHistory(() => {
    const hash = env.getHash();
    if (hash === written) return;
    written = hash;
    applyViewParams(store, readViewParams(hash));
    const s = store.getState();
    if (baseOf(hash) === s.shareHash) {
      const t = /&t=(\d+)/.exec(hash);
      if (t) seekTick(Number(t[1]));
      return;
    }
    fromHistory = true;
    void openHash(hash, store, readSaved(env));
  });

  return () => {
    unsubscribe();
    stopHistory();
    cancelTick();
  };
}

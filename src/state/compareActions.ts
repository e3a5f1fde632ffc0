/**
 * The compare view's actions (DESIGN.md §11): open 2–4 variants of the working scenario side by
 * side, add the current scenario as a variant, change or drop one, and move the one virtual clock
 * they share. The compare worker starts on first use; a refusal (a bad variant list) becomes the
 * view's message, and an invalid variant shows the API server's words in its place.
 */
import type { SweepAxis, Variant } from '../scenario/variantFields.ts';
import {
  type CompareClient,
  type CompareWorkerLike,
  createCompareClient,
  startCompareWorker,
} from '../worker/compareClient.ts';
import {
  type CompareFrame,
  type CompareVariantSpec,
  MAX_COMPARE_VARIANTS,
} from '../worker/compareProtocol.ts';
import type { PackedPods, PackedPodsWire } from '../worker/protocol.ts';
import { holdSim } from './playbackActions.ts';
import { setComparePods } from './compareBuffer.ts';
import type { CompareVariantState } from './compareSlice.ts';
import { type AppStore, appStore } from './store.ts';

interface Runtime {
  client: CompareClient;
  store: AppStore;
  stop: () => void;
  names: (string | Uint8Array)[];
}

let rt: Runtime | null = null;
let makeWorker: () => CompareWorkerLike = startCompareWorker;

/** setCompareWorkerFactory sets how the compare worker is made (tests run it in-thread). */
export function setCompareWorkerFactory(create: () => CompareWorkerLike): void {
  makeWorker = create;
}

function runtime(store: AppStore): Runtime {
  if (rt && rt.store === store) return rt;
  stopCompare();
  const client = createCompareClient(makeWorker());
  const r: Runtime = { client, store, stop: () => {}, names: [] };
  r.stop = client.listen((m) => {
    if (m.type === 'frame') onFrame(r, m);
    else store.getState().compareUpdate({ compareMessage: m.message });
  });
  rt = r;
  return r;
}

/**
 * startViewHold holds the run's worker while Compare or Sweep shows (their workers need the cores)
 * and stops the compare worker's clock when Compare is left; returns the unsubscribe.
 */
export function startViewHold(store: AppStore = appStore): () => void {
  return store.subscribe((s, prev) => {
    if (s.view === prev.view) return;
    holdSim(s.view !== 'run');
    if (prev.view === 'compare' && s.comparePlaying) comparePause(store);
  });
}

/** stopCompare stops the compare worker (tests, leaving the page). */
export function stopCompare(): void {
  if (!rt) return;
  rt.stop();
  rt.client.terminate();
  rt = null;
  setComparePods([]);
}

function unpack(wire: PackedPodsWire | null, r: Runtime, i: number): PackedPods | null {
  if (!wire) return null;
  if (wire.names !== null) r.names[i] = wire.names;
  const { namesVersion: _v, ...rest } = wire;
  return { ...rest, names: wire.names ?? r.names[i] ?? '' };
}

function onFrame(r: Runtime, f: CompareFrame): void {
  setComparePods(f.variants.map((v, i) => unpack(v.packed, r, i)));
  const s = r.store.getState();
  const patch: Parameters<typeof s.compareUpdate>[0] = {
    compareTime: f.time,
    compareEndTime: f.endTime,
    comparePlaying: f.playing,
    compareSpeed: f.speed,
    compareWorkload: f.workload,
  };
  const changed = f.variants.some((v, i) => {
    const old = s.compareVariants[i];
    return v.series !== null || !old || old.error !== v.error || old.recording !== v.recording;
  });
  if (changed) {
    patch.compareVariants = s.compareVariants.map((old, i) => {
      const v = f.variants[i];
      if (!v) return old;
      const series = v.series;
      let next = old.series;
      if (series) {
        // The arrays grow in place (a 2,000-pod run has ~20,000 samples; copying them four times a
        // second would cost more than drawing them); the object is new, so the chart redraws.
        const base = series.reset ? { time: [], available: [], pods: [] } : old.series;
        for (let k = 0; k < series.time.length; k++) {
          base.time.push(series.time[k] as number);
          base.available.push(series.available[k] as number);
          base.pods.push(series.pods[k] as number);
        }
        next = { ...base };
      }
      return {
        ...old,
        error: v.error,
        recording: v.recording,
        podCount: v.podCount,
        rollout: series ? v.rollout : old.rollout,
        series: next,
      };
    });
  }
  s.compareUpdate(patch);
}

let nextId = 1;

/** fresh is a variant as it starts: nothing recorded yet. */
function fresh(spec: CompareVariantSpec, madeAt: number | null, id = nextId++): CompareVariantState {
  const series = { time: [], available: [], pods: [] };
  return {
    id,
    spec,
    madeAt,
    error: null,
    recording: true,
    podCount: 0,
    rollout: null,
    series,
  };
}

const again = (v: CompareVariantState): CompareVariantState => fresh(v.spec, v.madeAt, v.id);

/**
 * openCompare shows `variants` of `base` (the working scenario's YAML by default) side by side, at
 * time 0; resolves with the refusal's message, or null.
 */
export async function openCompare(
  variants: CompareVariantState[],
  opts: { base?: string; store?: AppStore } = {},
): Promise<string | null> {
  const store = opts.store ?? appStore;
  const base = opts.base ?? store.getState().compareBase ?? store.getState().scenarioText;
  const list = variants.slice(0, MAX_COMPARE_VARIANTS);
  store.getState().compareUpdate({
    compareBase: base,
    compareVariants: list,
    compareTime: 0,
    comparePlaying: false,
    compareMessage: null,
  });
  store.getState().setView('compare');
  setComparePods([]);
  if (list.length === 0) return null;
  try {
    await runtime(store).client.request({
      type: 'load',
      base,
      variants: list.map((v) => v.spec),
      workload: null,
    });
    return null;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    store.getState().compareUpdate({ compareMessage: message });
    return message;
  }
}

/** compareAxis opens one variant per value of an axis (a `&compare=FIELD:V1,V2` link). */
export function compareAxis(
  axis: SweepAxis,
  opts: { base?: string; store?: AppStore } = {},
): Promise<string | null> {
  const variants = axis.values.map((value) => {
    const spec: CompareVariantSpec = { scenario: null, overrides: { [axis.field]: value } };
    return fresh(spec, null);
  });
  return openCompare(variants, opts);
}

/** addVariantFromCurrent adds the working scenario, as it is now, as one more variant. */
export function addVariantFromCurrent(store: AppStore = appStore): Promise<string | null> {
  const s = store.getState();
  const spec: CompareVariantSpec = { scenario: s.scenarioText, overrides: {} };
  const current = s.compareBase === null ? [] : s.compareVariants;
  if (current.length >= MAX_COMPARE_VARIANTS) return Promise.resolve(null);
  const time = Math.round(s.time * 10) / 10;
  return openCompare([...current.map(again), fresh(spec, time)], {
    store,
    base: s.compareBase ?? s.scenarioText,
  });
}

/** addVariant adds a variant of the base scenario (the sweep's "Add to Compare"). */
export function addVariant(overrides: Variant, store: AppStore = appStore): Promise<string | null> {
  const s = store.getState();
  const spec: CompareVariantSpec = { scenario: null, overrides };
  const current = s.compareBase === null ? [] : s.compareVariants.slice(0, MAX_COMPARE_VARIANTS - 1);
  return openCompare([...current.map(again), fresh(spec, null)], { store });
}

/** setVariantOverrides changes what variant i sets; every variant restarts at time 0. */
export function setVariantOverrides(
  i: number,
  overrides: Variant,
  store: AppStore = appStore,
): Promise<string | null> {
  const s = store.getState();
  const list = s.compareVariants.map((v, k) =>
    k === i ? fresh({ ...v.spec, overrides }, v.madeAt, v.id) : again(v),
  );
  return openCompare(list, { store });
}

/** removeVariant drops variant i. */
export function removeVariant(i: number, store: AppStore = appStore): Promise<string | null> {
  const list = store
    .getState()
    .compareVariants.filter((_, k) => k !== i)
    .map(again);
  return openCompare(list, { store });
}

function fire(store: AppStore, body: Parameters<CompareClient['request']>[0]): void {
  if (store.getState().compareVariants.length === 0) return;
  runtime(store)
    .client.request(body)
    .catch(() => {});
}

/** comparePlay starts the variants' shared clock. */
export function comparePlay(store: AppStore = appStore): void {
  fire(store, { type: 'play' });
}
/** comparePause stops the shared clock (recording goes on in the background). */
export function comparePause(store: AppStore = appStore): void {
  fire(store, { type: 'pause' });
}
/** compareSeek moves every variant to the virtual second `seconds`. */
export function compareSeek(seconds: number, store: AppStore = appStore): void {
  store.getState().compareUpdate({ compareTime: Math.max(0, seconds) });
  fire(store, { type: 'seekTime', seconds: Math.max(0, seconds) });
}
/** compareSetSpeed sets the shared clock's virtual seconds per real second. */
export function compareSetSpeed(speed: number, store: AppStore = appStore): void {
  store.getState().compareUpdate({ compareSpeed: speed });
  fire(store, { type: 'setSpeed', speed });
}

/**
 * compareParam is the `&compare=FIELD:V1,V2` of the open compare (DESIGN.md §11; values
 * URL-encoded, `25%` as `25%25`), or '' when its variants are not one field's values of the base.
 */
export function compareParam(store: AppStore = appStore): string {
  const s = store.getState();
  if (s.view !== 'compare' || s.compareVariants.length < 2) return '';
  const specs = s.compareVariants.map((v) => v.spec);
  const field = Object.keys(specs[0]?.overrides ?? {})[0];
  if (!field || specs.some((sp) => sp.scenario !== null || Object.keys(sp.overrides).join() !== field))
    return '';
  const values = specs.map((sp) => encodeURIComponent(String(sp.overrides[field as keyof Variant])));
  return `&compare=${field}:${values.join(',')}`;
}

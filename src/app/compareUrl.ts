/**
 * `&compare=FIELD:V1,V2[,V3,V4]` (DESIGN.md §11): a link that opens the scenario as 2–4 variants
 * side by side. Read once the link's scenario is open; while the compare view shows variants of one
 * field, the address bar carries them (a link copied then opens the same compare).
 */
import { parseAxis, type SweepAxis, VARIANT_FIELDS } from '../scenario/variantFields.ts';
import { shareHashAt } from '../state/actions.ts';
import { compareAxis } from '../state/compareActions.ts';
import { type AppStore, appStore } from '../state/store.ts';
import { MAX_COMPARE_VARIANTS } from '../worker/compareProtocol.ts';
import { browserEnv, type UrlEnv } from './scenarioUrl.ts';

/** compareOfHash reads the `compare` parameter of a hash: null when there is none, else the axis or why not. */
export function compareOfHash(
  hash: string,
): { ok: true; axis: SweepAxis } | { ok: false; reason: string } | null {
  const param = hash
    .replace(/^#/, '')
    .split('&')
    .find((p) => p.startsWith('compare='));
  if (param === undefined) return null;
  const raw = param.slice('compare='.length);
  const text = raw
    .split(',')
    .map((v) => {
      try {
        return decodeURIComponent(v);
      } catch {
        return v; // a bare `25%` typed by hand
      }
    })
    .join(',');
  const field = text.slice(0, Math.max(0, text.indexOf(':')));
  const r = parseAxis(text, ':', VARIANT_FIELDS);
  if (!r.ok) return { ok: false, reason: r.errors[0] ?? 'it does not read as FIELD:V1,V2' };
  const n = r.value.values.length;
  if (n < 2 || n > MAX_COMPARE_VARIANTS) {
    return {
      ok: false,
      reason: `${field}: ${n} value${n === 1 ? '' : 's'}; a compare shows 2 to ${MAX_COMPARE_VARIANTS}`,
    };
  }
  return { ok: true, axis: r.value };
}

/**
 * openCompareLink opens the compare of `hash` (read before the link's scenario loaded: loading
 * rewrites the address bar) over the working scenario; a bad one says why.
 */
export async function openCompareLink(hash: string, store: AppStore = appStore): Promise<void> {
  const c = compareOfHash(hash);
  if (c === null) return;
  if (!c.ok) {
    store
      .getState()
      .simUpdate({ scenarioMessage: { key: 'link.compareFailed', values: { reason: c.reason } } });
    return;
  }
  await compareAxis(c.axis, { base: store.getState().scenarioText, store });
}

/** startCompareUrlSync writes the address bar when the compare view opens, closes or changes its variants. */
export function startCompareUrlSync(env: UrlEnv = browserEnv(), store: AppStore = appStore): () => void {
  return store.subscribe((s, prev) => {
    if (
      s.view === prev.view &&
      s.compareVariants.length === prev.compareVariants.length &&
      s.compareBase === prev.compareBase
    ) {
      if (s.compareVariants.every((v, i) => v.spec === prev.compareVariants[i]?.spec)) return;
    }
    const hash = shareHashAt(store);
    if (hash && hash !== env.getHash()) env.replaceHash(hash);
  });
}

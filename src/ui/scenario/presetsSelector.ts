/**
 * The preset list the gallery shows. The store contract has no `presets` field yet (reported to the
 * state owner: `presets: PresetSummary[]`, filled from the worker, which holds src/scenario/presets);
 * until it lands this reads the field when present and an empty list otherwise, so the gallery
 * says the list is loading instead of importing src/scenario into the UI.
 */
import type { AppState } from '../../state/store.ts';
import type { PresetSummary } from './PresetGallery.tsx';

const NONE: readonly PresetSummary[] = [];

function isPresetSummary(x: unknown): x is PresetSummary {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return typeof r.id === 'string' && typeof r.name === 'string' && typeof r.description === 'string';
}

/** presetListSelector is the store's preset list, or an empty list while it has none. */
export const presetListSelector = (s: AppState): readonly PresetSummary[] => {
  const list: unknown = (s as Partial<Record<'presets', unknown>>).presets;
  return Array.isArray(list) && list.every(isPresetSummary) ? list : NONE;
};

/** How the page names a variant: its letter, and how it differs, in the reader's language. */
import type { TFunction } from 'i18next';
import { variantLabel } from '../../scenario/variantFields.ts';
import type { CompareVariantState } from '../../state/compareSlice.ts';

/** Okabe–Ito colours of variants A–D: told apart with every common colour-vision deficiency. */
export const VARIANT_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7'] as const;

/** variantLetter is A, B, C or D. */
export function variantLetter(i: number): string {
  return String.fromCharCode(65 + i);
}

/** variantText says how variant v differs: `maxSurge 25%`, `current scenario (33 s)`, … */
export function variantText(t: TFunction, v: Pick<CompareVariantState, 'spec' | 'madeAt'>): string {
  const own = v.spec.scenario === null ? '' : t('compare.view.current', { time: v.madeAt ?? 0 });
  const fields = variantLabel(v.spec.overrides);
  return [own, fields].filter(Boolean).join(', ') || t('compare.view.asScenario');
}

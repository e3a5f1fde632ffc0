/**
 * Explain records in English. The engine logs decisions as data ({fn, key, values}, see
 * api/decision.ts); the controllers' catalogues map each fn and key to a sentence template with
 * {placeholders}. This renders one record with the catalogues it is given, and falls back to
 * `fn: key k=v, ...` when no template exists, so a new decision is never silently dropped.
 */
import type { Decision, DecisionCatalog, DecisionValue } from '../api/decision.ts';

/** A catalogue of sentence templates: catalogue[fn][key] = 'maxScaledDown = {allPodsCount} − ...'. */
export type { DecisionCatalog } from '../api/decision.ts';

function valueText(v: DecisionValue | undefined): string {
  if (v === undefined) return '';
  if (v === null) return 'null';
  return String(v);
}

/**
 * renderDecision turns one Explain record into a line. With a template, each {name} is replaced
 * by values[name] (numbers printed plainly: 3, 2.5, -1); a placeholder without a value is kept as
 * written. Without one: `reconcileOldReplicaSets: maxScaledDown allPodsCount=13, minAvailable=8`.
 */
export function renderDecision(decision: Decision, catalogs: DecisionCatalog | readonly DecisionCatalog[]): string {
  const list: readonly DecisionCatalog[] = Array.isArray(catalogs) ? catalogs : [catalogs as DecisionCatalog];
  const template = list.map((c) => c[decision.fn]?.[decision.key]).find((t) => t !== undefined);
  if (template === undefined) {
    const pairs = Object.entries(decision.values).map(([k, v]) => `${k}=${valueText(v)}`);
    return pairs.length ? `${decision.fn}: ${decision.key} ${pairs.join(', ')}` : `${decision.fn}: ${decision.key}`;
  }
  return template.replace(/\{([A-Za-z0-9_.]+)\}/g, (whole, name: string) =>
    Object.hasOwn(decision.values, name) ? valueText(decision.values[name]) : whole,
  );
}

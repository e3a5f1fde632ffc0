// Label selector matching (apimachinery pkg/labels + metav1.LabelSelectorAsSelector semantics).
import type { LabelSelector, LabelSelectorRequirement } from '../api/types.ts';

/** matchesRequirement reports whether labels satisfy one matchExpressions requirement. */
function matchesRequirement(labels: Record<string, string>, r: LabelSelectorRequirement): boolean {
  const has = Object.hasOwn(labels, r.key);
  const v = labels[r.key];
  switch (r.operator) {
    case 'In':
      return has && (r.values ?? []).includes(v as string);
    case 'NotIn':
      return !has || !(r.values ?? []).includes(v as string);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
  }
}

/**
 * selectorMatches reports whether a label selector selects the given labels. As in
 * LabelSelectorAsSelector, an empty selector ({}) matches everything and a missing one
 * (undefined) matches nothing.
 */
export function selectorMatches(selector: LabelSelector | undefined, labels: Record<string, string> | undefined): boolean {
  if (!selector) return false;
  const l = labels ?? {};
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) {
    if (l[k] !== v) return false;
  }
  for (const r of selector.matchExpressions ?? []) {
    if (!matchesRequirement(l, r)) return false;
  }
  return true;
}

/**
 * labelsImplySelector reports whether every label set that carries all of `labels` (each key with
 * the same value, others free) is selected: each requirement's key must be among `labels`, whose
 * value alone then decides it, and that value satisfies it. A term on a key the labels lack can
 * still be failed by a label added beside them: with labels `app=web`, the selector
 * `app=web,!tier` selects `app=web` but not `app=web,tier=canary`, so it is not implied;
 * `app=web,tier notin (canary)` is implied by `app=web,tier=stable`. A missing selector selects
 * nothing, so it is never implied.
 */
export function labelsImplySelector(selector: LabelSelector | undefined, labels: Record<string, string> | undefined): boolean {
  if (!selector) return false;
  const l = labels ?? {};
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) {
    if (!Object.hasOwn(l, k) || l[k] !== v) return false;
  }
  for (const r of selector.matchExpressions ?? []) {
    if (!Object.hasOwn(l, r.key) || !matchesRequirement(l, r)) return false;
  }
  return true;
}

/** selectorIsEmpty reports whether a selector has no requirements (it would select every pod). */
export function selectorIsEmpty(selector: LabelSelector | undefined): boolean {
  if (!selector) return true;
  return Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0;
}

/** formatSelector renders a selector as kubectl prints it: `app=nginx,tier in (a,b)`. */
export function formatSelector(selector: LabelSelector | undefined): string {
  if (!selector) return '<none>';
  const parts: string[] = [];
  // LabelSelectorAsSelector sorts requirements by key.
  const reqs: { key: string; text: string }[] = [];
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) reqs.push({ key: k, text: `${k}=${v}` });
  for (const r of selector.matchExpressions ?? []) {
    const vals = [...(r.values ?? [])].sort().join(',');
    const text =
      r.operator === 'In'
        ? `${r.key} in (${vals})`
        : r.operator === 'NotIn'
          ? `${r.key} notin (${vals})`
          : r.operator === 'Exists'
            ? r.key
            : `!${r.key}`;
    reqs.push({ key: r.key, text });
  }
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const r of reqs) parts.push(r.text);
  return parts.length ? parts.join(',') : '<none>';
}

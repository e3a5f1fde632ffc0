// Shared loader for the conformance tables in tests/fixtures/k8s-cases.json and
// tests/fixtures/k8s-policy-cases.json (quota, disruption budgets, eviction, the HPA).
import casesFile from '../fixtures/k8s-cases.json';
import policyCasesFile from '../fixtures/k8s-policy-cases.json';

/** One transcribed upstream test case. */
export interface K8sCase {
  source: string;
  function: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
  notes?: string;
  derived?: boolean;
}

/** A case with a name that is unique in the file: its source, plus ` #n` when the source repeats. */
export interface NamedCase extends K8sCase {
  name: string;
}

const ALL: NamedCase[] = (() => {
  const raw = [...(casesFile as unknown as { cases: K8sCase[] }).cases, ...(policyCasesFile as unknown as { cases: K8sCase[] }).cases];
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const c of raw) total.set(c.source, (total.get(c.source) ?? 0) + 1);
  return raw.map((c) => {
    const n = (seen.get(c.source) ?? 0) + 1;
    seen.set(c.source, n);
    return { ...c, name: (total.get(c.source) ?? 0) > 1 ? `${c.source} #${n}` : c.source };
  });
})();

/** casesFor returns every case whose `function` is one of the given names, in file order. */
export function casesFor(functions: readonly string[]): NamedCase[] {
  return ALL.filter((c) => functions.includes(c.function));
}

/**
 * splitCases separates the cases that run from those listed as not applicable, and throws when
 * the not-applicable list names a case that does not exist (so the list cannot go stale).
 */
export function splitCases(
  area: string,
  functions: readonly string[],
  notApplicable: Readonly<Record<string, string>>,
): { run: NamedCase[]; skipped: NamedCase[]; all: NamedCase[] } {
  const all = casesFor(functions);
  const names = new Set(all.map((c) => c.name));
  for (const k of Object.keys(notApplicable)) {
    if (!names.has(k)) throw new Error(`conformance ${area}: NOT_APPLICABLE names an unknown case: ${k}`);
  }
  const run = all.filter((c) => !(c.name in notApplicable));
  const skipped = all.filter((c) => c.name in notApplicable);
  console.log(`conformance ${area}: ${run.length} cases run, ${skipped.length} not applicable`);
  return { run, skipped, all };
}

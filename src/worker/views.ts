/**
 * View models: the plain data the worker sends the UI in frames (re-exported by protocol.ts).
 * They hold what the panels show and nothing of the engine's internals, so src/ui and src/state
 * depend on these types only. Everything here is structured-clone friendly (no classes, no
 * functions, no undefined-valued keys).
 *
 * The views live by panel beside this file (clusterViews.ts: pods and nodes; workloadViewTypes.ts:
 * workloads and ReplicaSets; explainViews.ts: the Explain panel; chartViews.ts: the chart and
 * watch lines; scenarioViews.ts: the working scenario); this file re-exports them all, so every
 * importer keeps importing from views.ts, and holds the objectRef helpers.
 */

// The traffic contract (DESIGN.md §15) is data the engine, the CLI and the page share as it is.
export type {
  EndpointState,
  TrafficOutcome,
  TrafficSecond,
  TrafficSummary,
} from '../engine/traffic/types.ts';

export * from './clusterViews.ts';
export type * from './workloadViewTypes.ts';
export type * from './explainViews.ts';
export type * from './chartViews.ts';
export type * from './scenarioViews.ts';

/**
 * objectRef names a namespaced object in a request (setField's workload, a query's name) the way
 * a cache keys it: `payments/checkout-api`. A bare name means the default namespace.
 */
export function objectRef(o: { namespace: string; name: string }): string {
  return `${o.namespace}/${o.name}`;
}

/** splitRef reads an objectRef: `payments/checkout-api` → payments, checkout-api; `web` → default, web. */
export function splitRef(ref: string): { namespace: string; name: string } {
  const i = ref.indexOf('/');
  return i < 0 ? { namespace: 'default', name: ref } : { namespace: ref.slice(0, i), name: ref.slice(i + 1) };
}

/** namespaceFlag is the kubectl flag that names an object's namespace: none for default, ` -n payments` otherwise. */
export function namespaceFlag(namespace: string): string {
  return namespace === 'default' ? '' : ` -n ${namespace}`;
}

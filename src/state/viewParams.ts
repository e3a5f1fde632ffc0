/**
 * The view a share link keeps besides the scenario, the tick and the language (DESIGN.md §6, §12):
 * parameters after the hash payload, `#v1.…&t=…[&lang=…]` then
 *   `&follow=<controller>`  Explain's Follow filter (left out for "all"),
 *   `&tab=<tab>`            the ReplicaSets panel's tab (left out for `rs`),
 *   `&large=1`              Large text,
 *   `&present=1`            the presenter layout,
 *   `&embed=1`              the page for an iframe.
 * Each is optional and read on its own: an unknown key or value is ignored, so every older link
 * still opens, and a link made here still opens (without its view) in an older build.
 */
import type { AppState, AppStore } from './store.ts';
import type { ExplainFilter, WatchTab } from './uiSlice.ts';

/** The parameters a hash may carry; absent ones leave the reader's view as it is. */
export interface ViewParams {
  follow?: ExplainFilter;
  tab?: WatchTab;
  large?: boolean;
  present?: boolean;
  embed?: boolean;
}

// Records, so a new filter or tab that is not listed here fails the typecheck.
const FOLLOW: Record<ExplainFilter, true> = {
  all: true,
  'deployment-controller': true,
  'replicaset-controller': true,
  'daemonset-controller': true,
  'statefulset-controller': true,
  kubelet: true,
  'default-scheduler': true,
};
const TABS: Record<WatchTab, true> = {
  rs: true,
  deploy: true,
  ds: true,
  sts: true,
  pods: true,
  'rollout-status': true,
  'rollout-history': true,
  describe: true,
  policy: true,
};

const isFollow = (v: string): v is ExplainFilter => Object.hasOwn(FOLLOW, v);
const isTab = (v: string): v is WatchTab => Object.hasOwn(TABS, v);

/** readViewParams reads the view parameters of a hash (`#v1.…&follow=…`); it never throws. */
export function readViewParams(hash: string): ViewParams {
  const out: ViewParams = {};
  const params = hash.replace(/^#/, '').split('&').slice(1);
  for (const p of params) {
    const eq = p.indexOf('=');
    const key = eq < 0 ? p : p.slice(0, eq);
    const value = eq < 0 ? '' : p.slice(eq + 1);
    if (key === 'follow' && isFollow(value)) out.follow = value;
    else if (key === 'tab' && isTab(value)) out.tab = value;
    else if (key === 'large') out.large = value === '1';
    else if (key === 'present') out.present = value === '1';
    else if (key === 'embed') out.embed = value === '1';
  }
  return out;
}

/**
 * viewParamsOf writes the store's view as hash parameters (`&follow=…&tab=…&large=1…`), only
 * those that differ from the defaults; `embed: false` leaves `&embed=1` out (the link that opens
 * an embedded run in the full app).
 */
export function viewParamsOf(s: AppState, opts: { embed?: boolean } = {}): string {
  let out = '';
  if (s.explainFilter !== 'all') out += `&follow=${s.explainFilter}`;
  if (s.watchTab !== 'rs') out += `&tab=${s.watchTab}`;
  if (s.largeText) out += '&large=1';
  if (s.presenter) out += '&present=1';
  if (s.embed && opts.embed !== false) out += '&embed=1';
  return out;
}

/** applyViewParams sets what a link asks for and leaves the rest of the reader's view alone. */
export function applyViewParams(store: AppStore, p: ViewParams): void {
  const s = store.getState();
  if (p.follow !== undefined) s.setExplainFilter(p.follow);
  if (p.tab !== undefined) s.setWatchTab(p.tab);
  if (p.large !== undefined) s.setLargeText(p.large);
  if (p.present !== undefined) s.setPresenter(p.present);
  if (p.embed !== undefined) s.setEmbed(p.embed);
}

/** viewChanged tells whether a store change touched the view a link keeps. */
export function viewChanged(next: AppState, prev: AppState): boolean {
  return (
    next.explainFilter !== prev.explainFilter ||
    next.watchTab !== prev.watchTab ||
    next.largeText !== prev.largeText ||
    next.presenter !== prev.presenter ||
    next.embed !== prev.embed
  );
}

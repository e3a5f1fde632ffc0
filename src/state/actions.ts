/** Module-level actions: what the app does, each a plain function over a store. */
import type { SimClient } from '../worker/simClient.ts';
import { themeSelector } from './selectors.ts';
import { type AppStore, appStore } from './store.ts';

/** connectWorker asks the worker for its versions and records the answer or the failure. */
export async function connectWorker(
  client: Pick<SimClient, 'hello'>,
  store: AppStore = appStore,
): Promise<void> {
  try {
    const hello = await client.hello();
    store.getState().workerReady(hello.kubernetesVersion);
  } catch (error) {
    store.getState().workerFailed(error instanceof Error ? error.message : String(error));
  }
}

/** toggleTheme switches to the other theme and remembers that choice. */
export function toggleTheme(store: AppStore = appStore): void {
  const state = store.getState();
  state.chooseTheme(themeSelector(state) === 'dark' ? 'light' : 'dark');
}

/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Offline: the service worker that vite-plugin-pwa builds (Workbox; configured in vite.config.ts)
 * precaches the whole build, lazily loaded chunks included, so after one visit the app opens and
 * runs with the network off. It is registered by production builds only: `vite` (dev), Vitest and
 * the CLI never see one. A new build waits until the reader chooses to reload (UpdatePrompt).
 */
import { type AppStore, appStore } from '../state/store.ts';

let updateNow: ((reload?: boolean) => Promise<void>) | null = null;

/**
 * startServiceWorker registers the service worker (production builds, browsers that have them)
 * and marks `updateReady` in the store when a new version waits.
 */
export async function startServiceWorker(store: AppStore = appStore): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Loaded after the app is up: workbox-window is not in the first bundle.
  const { registerSW } = await import('virtual:pwa-register');
  updateNow = registerSW({
    immediate: true,
    onNeedRefresh: () => store.getState().setUpdateReady(true),
  });
}

/**
 * applyUpdate activates the waiting version; the page reloads once it controls the page. Workbox
 * reloads only a page that had a service worker when it loaded, so a tab open since the very
 * first visit reloads here.
 */
export function applyUpdate(): void {
  navigator.serviceWorker?.addEventListener('controllerchange', () => location.reload(), { once: true });
  void updateNow?.(true);
}

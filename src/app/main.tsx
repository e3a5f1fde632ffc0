import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from '../i18n/index.ts';
import { startSim } from '../state/actions.ts';
import { appStore } from '../state/store.ts';
import { applyViewParams, readViewParams } from '../state/viewParams.ts';
import { startUiPrefs } from '../ui/header/uiPrefs.ts';
import { App } from './App.tsx';
import { startViewHold } from '../state/compareActions.ts';
import { openCompareLink, startCompareUrlSync } from './compareUrl.ts';
import { isLiveHash, startLiveSession } from './liveSession.ts';
import { openInitialScenario, startUrlSync } from './scenarioUrl.ts';
import { startServiceWorker } from './serviceWorker.ts';
import { startTheme } from './theme.ts';
import './index.css';

startTheme();
startI18n(appStore);
startUiPrefs(appStore);
// The link's view (presenter, embed, Large text, tab, Follow) before the first paint, so an
// embedded page never flashes the full app's header.
applyViewParams(appStore, readViewParams(location.hash));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

/** boot connects the simulation worker, then follows a served session (#live) or opens the link, the autosave or the default preset. */
async function boot(): Promise<void> {
  if (!(await startSim())) return;
  const hash = location.hash;
  startViewHold();
  // A page following `npm run serve` shows the server's session: no link, autosave or history.
  if (isLiveHash(hash)) {
    startLiveSession();
    return;
  }
  startUrlSync();
  await openInitialScenario();
  startCompareUrlSync();
  await openCompareLink(hash);
}

void boot().then(() => startServiceWorker());

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from '../i18n/index.ts';
import { connectWorker } from '../state/actions.ts';
import { appStore } from '../state/store.ts';
import { startUiPrefs } from '../ui/header/uiPrefs.ts';
import { createSimClient } from '../worker/simClient.ts';
import { App } from './App.tsx';
import { startTheme } from './theme.ts';
import './index.css';

startTheme();
startI18n(appStore);
startUiPrefs(appStore);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

void connectWorker(createSimClient());

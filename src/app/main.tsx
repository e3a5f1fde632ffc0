import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectWorker } from '../state/actions.ts';
import { createSimClient } from '../worker/simClient.ts';
import { App } from './App.tsx';
import { startTheme } from './theme.ts';
import './index.css';

startTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

void connectWorker(createSimClient());

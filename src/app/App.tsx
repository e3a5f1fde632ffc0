/** App lays out the header and the six panels (or the compare, sweep or embedded page); it holds no logic of its own. */
import '../i18n/index.ts';
import { lazy, Suspense } from 'react';
import { useAppStore } from '../state/hooks.ts';
import { embedSelector, hasTrafficSelector } from '../state/selectors.ts';
import type { AppState } from '../state/store.ts';
import { ClusterPanel } from '../ui/cluster/ClusterPanel.tsx';
import { ControlsPanel } from '../ui/controls/ControlsPanel.tsx';
import { ExpectationsPanel } from '../ui/expectations/ExpectationsPanel.tsx';
import { ForkConfirm } from '../ui/edit/ForkConfirm.tsx';
import { ExplainPanel } from '../ui/explain/ExplainPanel.tsx';
import { LessonSlot } from '../ui/lesson/LessonSlot.tsx';
import { AppHeader } from '../ui/header/AppHeader.tsx';
import { UpdatePrompt } from '../ui/header/UpdatePrompt.tsx';
import { ReplicaSetsPanel } from '../ui/replicasets/ReplicaSetsPanel.tsx';
import { TimelinePanel } from '../ui/timeline/TimelinePanel.tsx';
import { EmbedApp } from './EmbedApp.tsx';
import { applyUpdate } from './serviceWorker.ts';
import './layout.css';

const viewOf = (s: AppState) => s.view;

// Compare and Sweep (their charts, heatmap and colour scales) load when first opened: the first
// page stays within its 160 KB of gzipped JS (issue 14).
const CompareView = lazy(() =>
  import('../ui/compare/CompareView.tsx').then((m) => ({ default: m.CompareView })),
);
const SweepView = lazy(() => import('../ui/compare/SweepView.tsx').then((m) => ({ default: m.SweepView })));

export function App() {
  const embed = useAppStore(embedSelector);
  const view = useAppStore(viewOf);
  return (
    <>
      {embed ? (
        <EmbedApp />
      ) : (
        <div className="app-root flex min-h-full flex-col lg:h-full">
          <AppHeader />
          <Suspense fallback={null}>
            {view === 'compare' ? <CompareView /> : null}
            {view === 'sweep' ? <SweepView /> : null}
          </Suspense>
          {view === 'run' ? <RunView /> : null}
        </div>
      )}
      <UpdatePrompt onReload={applyUpdate} />
      {/* The fork warning: any change after tick 0 may raise it, in either layout. */}
      <ForkConfirm />
    </>
  );
}

/** RunView: the lesson being followed, if any, and the six panels of one run. */
function RunView() {
  const traffic = useAppStore(hasTrafficSelector);
  return (
    <>
      <LessonSlot />
      {/* data-traffic: the bottom row grows for the Traffic chart (layout.css). */}
      <main className="app-grid min-h-0 flex-1 gap-3 p-3" data-traffic={traffic || undefined}>
        <ClusterPanel />
        <ReplicaSetsPanel />
        <ExpectationsPanel />
        <ExplainPanel />
        <TimelinePanel />
        <ControlsPanel />
      </main>
    </>
  );
}

/** App lays out the header and the six panels (or the embedded page); it holds no logic of its own. */
import '../i18n/index.ts';
import { useAppStore } from '../state/hooks.ts';
import { embedSelector } from '../state/selectors.ts';
import { ClusterPanel } from '../ui/cluster/ClusterPanel.tsx';
import { ControlsPanel } from '../ui/controls/ControlsPanel.tsx';
import { ExpectationsPanel } from '../ui/expectations/ExpectationsPanel.tsx';
import { ExplainPanel } from '../ui/explain/ExplainPanel.tsx';
import { LessonSlot } from '../ui/lesson/LessonSlot.tsx';
import { AppHeader } from '../ui/header/AppHeader.tsx';
import { UpdatePrompt } from '../ui/header/UpdatePrompt.tsx';
import { ReplicaSetsPanel } from '../ui/replicasets/ReplicaSetsPanel.tsx';
import { TimelinePanel } from '../ui/timeline/TimelinePanel.tsx';
import { EmbedApp } from './EmbedApp.tsx';
import { applyUpdate } from './serviceWorker.ts';
import './layout.css';

export function App() {
  const embed = useAppStore(embedSelector);
  return (
    <>
      {embed ? (
        <EmbedApp />
      ) : (
        <div className="app-root flex min-h-full flex-col lg:h-full">
          <AppHeader />
          <LessonSlot />
          <main className="app-grid min-h-0 flex-1 gap-3 p-3">
            <ClusterPanel />
            <ReplicaSetsPanel />
            <ExpectationsPanel />
            <ExplainPanel />
            <TimelinePanel />
            <ControlsPanel />
          </main>
        </div>
      )}
      <UpdatePrompt onReload={applyUpdate} />
    </>
  );
}

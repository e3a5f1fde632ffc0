/** EmbedApp lays out the page for an iframe (`&embed=1`): the cluster, the timeline, the lesson. */
import { ClusterPanel } from '../ui/cluster/ClusterPanel.tsx';
import { EmbedBar } from '../ui/header/EmbedBar.tsx';
import { TimelinePanel } from '../ui/timeline/TimelinePanel.tsx';
import { LessonSlot } from './LessonSlot.tsx';

export function EmbedApp() {
  return (
    <div className="flex h-full min-h-0 flex-col">
      <EmbedBar />
      <main className="embed-grid min-h-0 flex-1 gap-2 p-2">
        <ClusterPanel />
        <TimelinePanel />
        <LessonSlot />
      </main>
    </div>
  );
}

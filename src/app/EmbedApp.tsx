/**
 * EmbedApp lays out the page for an iframe (`&embed=1`): the lesson when the link opens one (the
 * same strip as in the full app), the cluster and the timeline.
 */
import { ClusterPanel } from '../ui/cluster/ClusterPanel.tsx';
import { EmbedBar } from '../ui/header/EmbedBar.tsx';
import { LessonSlot } from '../ui/lesson/LessonSlot.tsx';
import { TimelinePanel } from '../ui/timeline/TimelinePanel.tsx';

export function EmbedApp() {
  return (
    <div className="flex h-full min-h-0 flex-col">
      <EmbedBar />
      <LessonSlot />
      <main className="embed-grid min-h-0 flex-1 gap-2 p-2">
        <ClusterPanel />
        <TimelinePanel />
      </main>
    </div>
  );
}

/**
 * LessonSlot is where the Lesson region goes in the full, presenter and embedded layouts
 * (DESIGN.md §12). The region itself — src/ui/lesson/LessonPanel.tsx, a Panel with
 * area="lesson" — comes with the lessons (issue 14); layout.css already places any region with
 * data-area="lesson" in the presenter and embedded grids.
 * MERGE: once src/ui/lesson/LessonPanel.tsx exists, return <LessonPanel /> here.
 */
export function LessonSlot() {
  return null;
}

/**
 * The built-in lessons, in the course's order (chapters: Deployment rolling update, scaling,
 * strategies, history, progress; ReplicaSet; DaemonSet; failures and back-off (a missing ConfigMap, a LimitRange too); Events; Nodes; StatefulSet). This module and
 * everything it imports load on demand, when the Lessons dialog or a lesson link first opens.
 */
import { CONFIGURATION_LESSONS } from './configuration.ts';
import { CONTROLLER_LESSONS } from './controllers.ts';
import { DEPLOYMENT_LESSONS } from './deployment.ts';
import { EVENT_LESSONS } from './events.ts';
import { LIMIT_RANGE_LESSONS } from './limitRange.ts';
import { NODE_LESSONS } from './nodes.ts';
import { POD_LESSONS } from './pods.ts';
import { STATEFULSET_LESSONS } from './statefulset.ts';
import { STATEFULSET_DRAIN_LESSONS } from './statefulsetDrain.ts';
import { STATEFULSET_QUOTA_LESSONS } from './statefulsetQuota.ts';
import { STATEFULSET_ORPHAN_LESSONS } from './statefulsetOrphan.ts';
import { TRAFFIC_LESSONS } from './traffic.ts';
import type { BuiltInLesson } from './types.ts';

export type { BuiltInLesson } from './types.ts';

/** BUILT_IN_LESSONS: every built-in lesson, in course order. */
export const BUILT_IN_LESSONS: readonly BuiltInLesson[] = [
  ...DEPLOYMENT_LESSONS,
  ...CONTROLLER_LESSONS,
  ...POD_LESSONS,
  ...CONFIGURATION_LESSONS,
  ...LIMIT_RANGE_LESSONS,
  ...EVENT_LESSONS,
  ...NODE_LESSONS,
  ...STATEFULSET_LESSONS,
  ...STATEFULSET_DRAIN_LESSONS,
  ...STATEFULSET_QUOTA_LESSONS,
  ...STATEFULSET_ORPHAN_LESSONS,
  ...TRAFFIC_LESSONS,
];

/** builtInLesson finds a built-in lesson by id. */
export function builtInLesson(id: string): BuiltInLesson | undefined {
  return BUILT_IN_LESSONS.find((b) => b.lesson.id === id);
}

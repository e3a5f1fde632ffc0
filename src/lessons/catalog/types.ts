/** What a built-in lesson is made of, and a helper that writes the small scenarios some of them use. */
import type { StatefulSet } from '../../engine/api/statefulTypes.ts';
import type { Action, Scenario } from '../../scenario/types.ts';
import type { Lesson } from '../format.ts';

/** A built-in lesson: its steps and its scenario, a preset (by id) or one of its own. */
export interface BuiltInLesson {
  lesson: Lesson;
  preset?: string;
  scenario?: Scenario;
}

/**
 * deployment writes a one-Deployment scenario (`web`, nginx:1.8 on 3 nodes) whose image changes to
 * nginx:1.9.3 at 20 s; `strategy` null keeps Kubernetes' default (RollingUpdate 25% / 25%).
 */
export function deployment(
  id: string,
  name: string,
  replicas: number,
  strategy: { maxSurge: string | number; maxUnavailable: string | number } | null,
  actions: Action[] = [{ at: 20, kubectl: 'set image deployment/web nginx=nginx:1.9.3' }],
): Scenario {
  return {
    version: 1,
    name,
    seed: id.length,
    cluster: { nodes: 3 },
    objects: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', labels: { app: 'web' } },
        spec: {
          replicas,
          selector: { matchLabels: { app: 'web' } },
          ...(strategy ? { strategy: { type: 'RollingUpdate', rollingUpdate: strategy } } : {}),
          template: {
            metadata: { labels: { app: 'web' } },
            spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] },
          },
        },
      },
    ],
    actions,
  };
}

/** webStatefulSet is the StatefulSet lessons' `web`: 3 nginx:1.25 replicas, each with a `www` claim of `storage`. */
export function webStatefulSet(storage: string): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web' },
    spec: {
      replicas: 3,
      serviceName: 'nginx',
      selector: { matchLabels: { app: 'nginx' } },
      template: {
        metadata: { labels: { app: 'nginx' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] },
      },
      volumeClaimTemplates: [
        {
          metadata: { name: 'www' },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } } },
        },
      ],
    },
  };
}

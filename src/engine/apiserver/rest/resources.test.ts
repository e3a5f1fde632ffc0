import { describe, expect, it } from 'vitest';
import { categoryKinds, resourcesIn } from './resources.ts';

describe('resourcesIn', () => {
  it('lists a group version by resource name, as the installer sorts its paths', () => {
    expect(resourcesIn('apps', 'v1').map((r) => r.resource)).toEqual(['controllerrevisions', 'daemonsets', 'deployments', 'replicasets', 'statefulsets']);
  });
});

describe('categoryKinds', () => {
  it('expands all as kubectl get all does on a cluster: core, then apps by name, then autoscaling', () => {
    expect(categoryKinds('all')).toEqual(['Pod', 'Service', 'DaemonSet', 'Deployment', 'ReplicaSet', 'StatefulSet', 'HorizontalPodAutoscaler']);
  });
});

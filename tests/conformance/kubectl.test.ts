// Conformance: kubectl rollout status viewers (polymorphichelpers/rollout_status.go) against kubectl's own test tables.
import { describe, expect, it } from 'vitest';
import type { DaemonSet, DaemonSetStatus, Deployment, DeploymentStatus } from '../../src/engine/api/types.ts';
import { daemonSetStatusViewer, deploymentStatusViewer } from '../../src/engine/kubectl/rolloutStatus.ts';
import { splitCases } from './caseTable.ts';

const FUNCTIONS = ['kubectlRolloutStatus.Deployment', 'kubectlRolloutStatus.DaemonSet'] as const;
const NOT_APPLICABLE: Record<string, string> = {};

const { run, all, skipped } = splitCases('kubectl', FUNCTIONS, NOT_APPLICABLE);

interface Expected {
  message: string;
  done: boolean;
  error: string | null;
}

function deploymentFrom(input: Record<string, unknown>): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: input.name as string, generation: input['metadata.generation'] as number },
    spec: {
      replicas: input['spec.replicas'] as number,
      selector: {},
      template: { spec: { containers: [] } },
    },
    status: input.status as DeploymentStatus,
  };
}

function daemonSetFrom(input: Record<string, unknown>): DaemonSet {
  const status = input.status as Partial<DaemonSetStatus>;
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: input.name as string, generation: input['metadata.generation'] as number },
    spec: {
      selector: {},
      template: { spec: { containers: [] } },
      updateStrategy: { type: input['spec.updateStrategy.type'] as string },
    },
    status: { currentNumberScheduled: 0, numberMisscheduled: 0, numberReady: 0, desiredNumberScheduled: 0, ...status },
  };
}

describe('kubectl rollout status', () => {
  it.each(run.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const got =
      c.function === 'kubectlRolloutStatus.Deployment'
        ? deploymentStatusViewer(deploymentFrom(c.input), (c.input.revision as number | undefined) ?? 0)
        : daemonSetStatusViewer(daemonSetFrom(c.input));
    expect(got).toEqual(c.expected as unknown as Expected);
  });

  it('runs or lists every case of its functions', () => {
    expect(run.length + skipped.length).toBe(all.length);
    expect(all.length).toBe(9);
  });
});

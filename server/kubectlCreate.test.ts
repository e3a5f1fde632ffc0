// kubectl's typed create commands through the real kubectl (v1.32.4): they post their object as
// protobuf (protobufBody.ts reads it), and the namespace they make can be deleted again.
import { describe, expect, it } from 'vitest';
import { servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: kubectl create
cluster: { nodes: 2 }
objects: []
`;

describe('kubectl create against npm run serve', () => {
  const h = servedScenario(SCENARIO);

  it('creates a namespace, a deployment, a service, a quota and a budget from protobuf bodies', async () => {
    const lines: [string[], string][] = [
      [['create', 'namespace', 'shop'], 'namespace/shop created\n'],
      [['create', 'deployment', 'web', '--image=nginx:1.25', '--replicas=2', '-n', 'shop'], 'deployment.apps/web created\n'],
      [['create', 'deployment', 'idle', '--image=nginx:1.25', '--replicas=0', '-n', 'shop'], 'deployment.apps/idle created\n'],
      [['create', 'service', 'clusterip', 'web', '--tcp=80:8080', '-n', 'shop'], 'service/web created\n'],
      [['create', 'quota', 'q', '--hard=pods=5', '-n', 'shop'], 'resourcequota/q created\n'],
      [['create', 'pdb', 'web', '--selector=app=web', '--min-available=1', '-n', 'shop'], 'poddisruptionbudget.policy/web created\n'],
    ];
    for (const [args, out] of lines) expect(await h.kubectl(args), args.join(' ')).toMatchObject({ code: 0, stdout: out });
    expect((await h.kubectl(['rollout', 'status', 'deploy/web', '-n', 'shop', '--timeout=60s'])).code).toBe(0);
    expect((await h.kubectl(['get', 'deploy', 'idle', '-n', 'shop', '-o', 'jsonpath={.spec.replicas}'])).stdout).toBe('0');
    expect((await h.kubectl(['get', 'svc', 'web', '-n', 'shop', '-o', 'jsonpath={.spec.ports[0].targetPort} {.spec.selector.app}'])).stdout).toBe('8080 web');
    expect((await h.kubectl(['get', 'quota', 'q', '-n', 'shop', '--no-headers'])).stdout).toMatch(/^q\s+\S+\s+pods: 2\/5\s*\n$/);
    expect((await h.kubectl(['delete', 'namespace', 'shop', '--timeout=60s'])).stdout).toBe('namespace "shop" deleted\n');
    expect((await h.kubectl(['get', 'ns', '-o', 'name'])).stdout).not.toContain('namespace/shop');
  });
});

// kubectl's typed create commands through the real kubectl (v1.32.4): they post their object as
// protobuf (protobufBody.ts reads it), and the namespace they make can be deleted again.
import { describe, expect, it } from 'vitest';
import { rolledOut, servedObjects, servedRead } from './kubectlHarness.ts';
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
    // What the creates stored is read on the served state (rolledOut, servedRead): the creates are kubectl's.
    await rolledOut(h, 'deploy/web -n shop');
    expect(servedRead(h, 'get deploy idle -n shop -o jsonpath={.spec.replicas}').output).toBe('0');
    expect(servedRead(h, "get svc web -n shop -o jsonpath='{.spec.ports[0].targetPort} {.spec.selector.app}'").output).toBe('8080 web');
    expect(servedRead(h, 'get quota q -n shop --no-headers').output).toMatch(/^q\s+\S+\s+pods: 2\/5\s*$/);
    expect((await h.kubectl(['delete', 'namespace', 'shop', '--timeout=60s'])).stdout).toBe('namespace "shop" deleted\n');
    expect(servedObjects(h, 'Namespace').map((n) => n.metadata.name)).not.toContain('shop');
  });
});

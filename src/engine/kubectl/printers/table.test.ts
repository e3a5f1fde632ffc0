import { describe, expect, it } from 'vitest';
import type { Node, ReplicaSet } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { newWatchPrinter, printTable, watchPrint } from './table.ts';

/** A real `kubectl get rs -l app=nginx-001 -w` trace of the seed rollout (10 replicas, 25% / 25%). */
const SEED_TRACE = `NAME                                 DESIRED   CURRENT   READY   AGE
nginx-deployment-roll01-64f9d8d55d   10        10        10      74s
nginx-deployment-roll01-58477c5d5d   3         0         0       0s
nginx-deployment-roll01-64f9d8d55d   8         10        10      79s
nginx-deployment-roll01-58477c5d5d   3         0         0       0s
nginx-deployment-roll01-58477c5d5d   3         3         0       0s
nginx-deployment-roll01-64f9d8d55d   8         10        10      79s
nginx-deployment-roll01-64f9d8d55d   8         8         8       79s
nginx-deployment-roll01-58477c5d5d   5         3         0       0s
nginx-deployment-roll01-58477c5d5d   5         3         0       0s
nginx-deployment-roll01-58477c5d5d   5         5         0       0s
nginx-deployment-roll01-58477c5d5d   5         5         1       4s
nginx-deployment-roll01-64f9d8d55d   7         8         8       83s
nginx-deployment-roll01-58477c5d5d   6         5         1       4s
nginx-deployment-roll01-64f9d8d55d   7         8         8       83s
nginx-deployment-roll01-64f9d8d55d   7         7         7       83s
nginx-deployment-roll01-58477c5d5d   6         5         1       4s
nginx-deployment-roll01-58477c5d5d   6         6         1       4s
nginx-deployment-roll01-58477c5d5d   6         6         2       5s
nginx-deployment-roll01-64f9d8d55d   6         7         7       84s
nginx-deployment-roll01-64f9d8d55d   6         7         7       84s
nginx-deployment-roll01-58477c5d5d   7         6         2       5s
nginx-deployment-roll01-64f9d8d55d   6         6         6       84s
nginx-deployment-roll01-58477c5d5d   7         6         2       5s
nginx-deployment-roll01-58477c5d5d   7         7         2       5s
nginx-deployment-roll01-58477c5d5d   7         7         3       5s
nginx-deployment-roll01-64f9d8d55d   5         6         6       84s
nginx-deployment-roll01-58477c5d5d   8         7         3       5s
nginx-deployment-roll01-64f9d8d55d   5         6         6       84s
nginx-deployment-roll01-64f9d8d55d   5         5         5       84s
nginx-deployment-roll01-58477c5d5d   8         7         3       5s
nginx-deployment-roll01-58477c5d5d   8         8         3       5s
nginx-deployment-roll01-58477c5d5d   8         8         4       6s
nginx-deployment-roll01-64f9d8d55d   4         5         5       85s
nginx-deployment-roll01-58477c5d5d   9         8         4       6s
nginx-deployment-roll01-64f9d8d55d   4         5         5       85s
nginx-deployment-roll01-64f9d8d55d   4         4         4       85s
nginx-deployment-roll01-58477c5d5d   9         8         4       6s
nginx-deployment-roll01-58477c5d5d   9         9         4       6s
nginx-deployment-roll01-58477c5d5d   9         9         5       6s
nginx-deployment-roll01-64f9d8d55d   3         4         4       85s
nginx-deployment-roll01-58477c5d5d   10        9         5       6s
nginx-deployment-roll01-64f9d8d55d   3         4         4       85s
nginx-deployment-roll01-64f9d8d55d   3         3         3       86s
nginx-deployment-roll01-58477c5d5d   10        9         5       7s
nginx-deployment-roll01-58477c5d5d   10        10        5       7s
nginx-deployment-roll01-58477c5d5d   10        10        6       12s
nginx-deployment-roll01-64f9d8d55d   2         3         3       91s
nginx-deployment-roll01-64f9d8d55d   2         3         3       91s
nginx-deployment-roll01-64f9d8d55d   2         2         2       91s
nginx-deployment-roll01-58477c5d5d   10        10        7       13s
nginx-deployment-roll01-64f9d8d55d   1         2         2       92s
nginx-deployment-roll01-64f9d8d55d   1         2         2       92s
nginx-deployment-roll01-64f9d8d55d   1         1         1       92s
nginx-deployment-roll01-58477c5d5d   10        10        8       13s
nginx-deployment-roll01-64f9d8d55d   0         1         1       92s
nginx-deployment-roll01-64f9d8d55d   0         1         1       92s
nginx-deployment-roll01-64f9d8d55d   0         0         0       92s
nginx-deployment-roll01-58477c5d5d   10        10        9       14s
nginx-deployment-roll01-58477c5d5d   10        10        10      14s
`;

function rs(name: string, desired: number, current: number, ready: number): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, namespace: 'default', creationTimestamp: toRFC3339(0) },
    spec: {
      replicas: desired,
      selector: { matchLabels: { app: 'nginx-001' } },
      template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } },
    },
    status: { replicas: current, readyReplicas: ready },
  };
}

/** parseTraceRow reads one trace row back into an RS (created at t=0) and the "now" giving its AGE. */
function parseTraceRow(line: string): { obj: ReplicaSet; now: number } {
  const [name, d, c, r, age] = line.trim().split(/\s+/);
  return { obj: rs(name ?? '', Number(d), Number(c), Number(r)), now: Number((age ?? '').replace('s', '')) * 1000 + 400 };
}

describe('watchPrint', () => {
  it('reproduces the seed kubectl get rs -w trace byte for byte when fed the same objects', () => {
    const rows = SEED_TRACE.trimEnd().split('\n').slice(1).map(parseTraceRow);
    const [first, ...events] = rows;
    if (!first) throw new Error('empty trace');
    let st = newWatchPrinter('ReplicaSet');
    let out = '';
    let r = watchPrint(st, [first.obj], first.now);
    st = r.state;
    out += r.text;
    for (const e of events) {
      r = watchPrint(st, [e.obj], e.now);
      st = r.state;
      out += r.text;
    }
    expect(out).toBe(SEED_TRACE);
  });

  it('prints the header with the first event when the initial list was empty', () => {
    let st = newWatchPrinter('ReplicaSet');
    const empty = watchPrint(st, [], 0);
    expect(empty.text).toBe('');
    st = empty.state;
    const r = watchPrint(st, [rs('web-5d7b6c9f44', 3, 0, 0)], 0);
    expect(r.text).toBe('NAME             DESIRED   CURRENT   READY   AGE\nweb-5d7b6c9f44   3         0         0       0s\n');
    expect(watchPrint(r.state, [rs('web-5d7b6c9f44', 3, 3, 0)], 2000).text).toBe(
      'web-5d7b6c9f44   3         3         0       2s\n',
    );
  });

  it('keeps earlier column widths when a later row is narrower and widens for a wider one', () => {
    let st = newWatchPrinter('ReplicaSet');
    st = watchPrint(st, [rs('a-long-replicaset-name', 1, 1, 1)], 0).state;
    expect(watchPrint(st, [rs('short', 1, 1, 1)], 0).text).toBe('short                    1         1         1       0s\n');
    const wider = watchPrint(st, [rs('an-even-longer-replicaset-name', 10, 10, 10)], 0);
    expect(wider.text).toBe('an-even-longer-replicaset-name   10        10        10      0s\n');
    expect(watchPrint(wider.state, [rs('short', 1, 1, 1)], 0).text).toBe(
      'short                            1         1         1       0s\n',
    );
  });

  it('serialises its state as plain JSON', () => {
    const st = watchPrint(newWatchPrinter('ReplicaSet'), [rs('x', 1, 1, 1)], 0).state;
    expect(JSON.parse(JSON.stringify(st))).toEqual(st);
  });
});

describe('printTable', () => {
  it('prints rs -o wide with containers, images and selector when wide', () => {
    const out = printTable('ReplicaSet', [rs('nginx-64f9d8d55d', 10, 10, 10)], 74_000, { wide: true });
    expect(out.stdout).toBe(
      'NAME               DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES      SELECTOR\n' +
        'nginx-64f9d8d55d   10        10        10      74s   nginx        nginx:1.8   app=nginx-001\n',
    );
  });

  it.each([
    ['ReplicaSet', 'No resources found in default namespace.\n'],
    ['Node', 'No resources found\n'],
  ] as const)('tells stderr there is nothing when no %s exists', (kind, msg) => {
    expect(printTable(kind, [], 0)).toEqual({ stdout: '', stderr: msg });
  });

  it('prints nodes with STATUS, ROLES <none> and VERSION when one is cordoned and one NotReady', () => {
    const node = (name: string, ready: 'True' | 'False' | 'Unknown', unschedulable?: boolean): Node => ({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name, creationTimestamp: toRFC3339(0) },
      spec: unschedulable ? { unschedulable } : {},
      status: { conditions: [{ type: 'Ready', status: ready }] },
    });
    const out = printTable('Node', [node('node-1', 'True', true), node('node-2', 'Unknown'), node('node-3', 'True')], 3_600_000);
    expect(out.stdout).toBe(
      'NAME     STATUS                     ROLES    AGE   VERSION\n' +
        'node-1   Ready,SchedulingDisabled   <none>   60m   v1.36.3\n' +
        'node-2   NotReady                   <none>   60m   v1.36.3\n' +
        'node-3   Ready                      <none>   60m   v1.36.3\n',
    );
  });
});

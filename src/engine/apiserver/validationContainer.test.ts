import { describe, expect, it } from 'vitest';
import type { Deployment, KubeObject, PodSpec } from '../api/types.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import { seedPrng } from '../lib/prng.ts';
import { advance, kubectl, objects, settledCluster } from '../sim/executeTestEngine.ts';
import { formatApiError, newInvalidFor } from './errors.ts';
import { prepareObject } from './rest/kinds.ts';
import { createObject, newStoreState, type WatchRecord } from './store.ts';
import { validateContainers, validateContainersOnlyForPod, validateInitContainers } from './validationContainer.ts';

const spec = (s: Record<string, unknown>) => s as unknown as PodSpec;
const strings = (errs: { field: string }[]) => errs.map((e) => fieldErrorString(e as Parameters<typeof fieldErrorString>[0]));

describe('validateContainers', () => {
  it('reports in validateContainerCommon’s order, then the duplicate name, then the probes', () => {
    const s = spec({
      containers: [
        { name: 'web', image: 'web:1' },
        {
          name: 'web',
          image: '',
          terminationMessagePolicy: 'Logs',
          ports: [{ containerPort: 0 }],
          env: [{ name: 'a=b' }],
          volumeMounts: [{ name: 'cfg', mountPath: '/etc' }],
          imagePullPolicy: 'Sometimes',
          livenessProbe: { exec: { command: ['true'] }, successThreshold: 2 },
        },
      ],
    });
    expect(strings(validateContainers(s, 'spec.containers'))).toEqual([
      'spec.containers[1].image: Required value',
      'spec.containers[1].terminationMessagePolicy: Unsupported value: "Logs": supported values: "File", "FallbackToLogsOnError"',
      'spec.containers[1].ports[0].containerPort: Required value',
      `spec.containers[1].env[0].name: Invalid value: "a=b": a valid environment variable name must consist only of printable ASCII characters other than '='`,
      'spec.containers[1].volumeMounts[0].name: Not found: "cfg"',
      'spec.containers[1].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
      'spec.containers[1].name: Duplicate value: "web"',
      'spec.containers[1].livenessProbe.successThreshold: Invalid value: 2: must be 1',
    ]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['no container', { containers: [] }, ['spec.containers: Required value']],
    ['a restartPolicy on a regular container', { containers: [{ name: 'a', image: 'a', restartPolicy: 'Always' }] }, ['spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers']],
  ])('refuses %s', (_, s, want) => {
    expect(strings(validateContainers(spec(s), 'spec.containers'))).toEqual(want);
  });

  it('finds a mount’s volume among the pod’s volumes', () => {
    const s = spec({ containers: [{ name: 'a', image: 'a', volumeMounts: [{ name: 'cfg', mountPath: '/etc/a' }] }], volumes: [{ name: 'cfg', configMap: { name: 'c' } }] });
    expect(validateContainers(s, 'spec.containers')).toEqual([]);
  });
});

describe('validateInitContainers', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'an init container named as a container',
      { containers: [{ name: 'app', image: 'a' }], initContainers: [{ name: 'app', image: 'm' }] },
      ['spec.initContainers[0].name: Duplicate value: "app"'],
    ],
    [
      'a restartPolicy other than Always',
      { containers: [{ name: 'app', image: 'a' }], initContainers: [{ name: 'm', image: 'm', restartPolicy: 'OnFailure' }] },
      ['spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"'],
    ],
    [
      'a probe on a plain init container',
      { containers: [{ name: 'app', image: 'a' }], initContainers: [{ name: 'm', image: 'm', readinessProbe: { exec: { command: ['true'] } } }] },
      ['spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always'],
    ],
    [
      'the common checks, at initContainers paths',
      { containers: [{ name: 'app', image: 'a' }], initContainers: [{ name: 'm', image: 'm', ports: [{ containerPort: 80, name: 'HTTP' }], imagePullPolicy: 'always' }] },
      [
        'spec.initContainers[0].ports[0].name: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
        'spec.initContainers[0].ports[0].name: Invalid value: "HTTP": must contain at least one letter (a-z)',
        'spec.initContainers[0].imagePullPolicy: Unsupported value: "always": supported values: "Always", "IfNotPresent", "Never"',
      ],
    ],
  ])('refuses %s', (_, s, want) => {
    expect(strings(validateInitContainers(spec(s), 'spec.initContainers'))).toEqual(want);
  });

  it('checks a sidecar’s probes instead of forbidding them', () => {
    const s = spec({ containers: [{ name: 'app', image: 'a' }], initContainers: [{ name: 'log', image: 'l', restartPolicy: 'Always', startupProbe: { exec: { command: ['true'] }, successThreshold: 1 } }] });
    expect(validateInitContainers(s, 'spec.initContainers')).toEqual([]);
  });
});

describe('validateContainersOnlyForPod', () => {
  it('refuses an image with surrounding whitespace, containers then init containers', () => {
    const s = spec({ containers: [{ name: 'a', image: 'nginx ' }], initContainers: [{ name: 'b', image: ' busybox' }] });
    expect(strings(validateContainersOnlyForPod(s, 'spec'))).toEqual([
      'spec.containers[0].image: Invalid value: "nginx ": must not have leading or trailing whitespace',
      'spec.initContainers[0].image: Invalid value: " busybox": must not have leading or trailing whitespace',
    ]);
  });
});

// End to end: a client's create (defaulting, validation, then the store) answers the 422 as kube-apiserver words it.
const ctx = () => ({ now: 0, prng: seedPrng(5), writes: [] as WatchRecord[] });

const deployment = (container: Record<string, unknown>, podSpec: Record<string, unknown> = {}): Deployment =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web:1', ...container }], ...podSpec } },
    },
  }) as unknown as Deployment;

/** created is what a client's create answers: the registry's prepareObject, then the store. */
function created(obj: unknown): string {
  const o = obj as KubeObject;
  const p = prepareObject(o);
  if ('badRequest' in p) return p.badRequest;
  if ('invalid' in p) return formatApiError(newInvalidFor(o.kind, p.name, p.invalid));
  const r = createObject(newStoreState(), ctx(), p.object);
  return r.ok ? 'created' : formatApiError(r.error);
}

const C = 'spec.template.spec.containers[0]';
const INVALID = `The Deployment "web" is invalid: `;

describe('createObject of a Deployment', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
    ['a port name with capitals', { ports: [{ name: 'Web', containerPort: 80 }] }, {}, `${C}.ports[0].name: Invalid value: "Web": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)`],
    [
      'a port name twice',
      {
        ports: [
          { name: 'web', containerPort: 80 },
          { name: 'web', containerPort: 81 },
        ],
      },
      {},
      `${C}.ports[1].name: Duplicate value: "web"`,
    ],
    ['a port without containerPort', { ports: [{ name: 'web' }] }, {}, `${C}.ports[0].containerPort: Required value`],
    ['a host port out of range', { ports: [{ containerPort: 80, hostPort: 70000 }] }, {}, `${C}.ports[0].hostPort: Invalid value: 70000: must be between 1 and 65535, inclusive`],
    ['an unknown protocol', { ports: [{ containerPort: 80, protocol: 'HTTP' }] }, {}, `${C}.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"`],
    ['an env name with =', { env: [{ name: 'A=B', value: '1' }] }, {}, `${C}.env[0].name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than '='`],
    [
      'an env var with both value and valueFrom',
      { env: [{ name: 'A', value: '1', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'a' } } }] },
      {},
      `${C}.env[0].valueFrom: Invalid value: "": may not be specified when \`value\` is not empty`,
    ],
    [
      'valueFrom with two sources',
      { env: [{ name: 'A', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'a' }, secretKeyRef: { name: 's', key: 'a' } } }] },
      {},
      `${C}.env[0].valueFrom: Invalid value: "": may not have more than one field specified at a time`,
    ],
    ['a mount of no volume', { volumeMounts: [{ name: 'config', mountPath: '/etc/web' }] }, {}, `${C}.volumeMounts[0].name: Not found: "config"`],
    ['a mount without a name', { volumeMounts: [{ mountPath: '/etc/web' }] }, {}, `\n* ${C}.volumeMounts[0].name: Required value\n* ${C}.volumeMounts[0].name: Not found: ""`],
    ['a mount without a path', { volumeMounts: [{ name: 'config' }] }, { volumes: [{ name: 'config', configMap: { name: 'c' } }] }, `${C}.volumeMounts[0].mountPath: Required value`],
    [
      'a mount path twice',
      {
        volumeMounts: [
          { name: 'config', mountPath: '/etc/web' },
          { name: 'config', mountPath: '/etc/web' },
        ],
      },
      { volumes: [{ name: 'config', configMap: { name: 'c' } }] },
      `${C}.volumeMounts[1].mountPath: Invalid value: "/etc/web": must be unique`,
    ],
    ['an unknown imagePullPolicy', { imagePullPolicy: 'Sometimes' }, {}, `${C}.imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"`],
    [
      'an unknown terminationMessagePolicy',
      { terminationMessagePolicy: 'Logs' },
      {},
      `${C}.terminationMessagePolicy: Unsupported value: "Logs": supported values: "File", "FallbackToLogsOnError"`,
    ],
    [
      'an init container named as the container',
      {},
      { initContainers: [{ name: 'web', image: 'migrate:1' }] },
      'spec.template.spec.initContainers[0].name: Duplicate value: "web"',
    ],
  ])('answers the 422 for %s', (_, container, podSpec, want) => {
    expect(created(deployment(container, podSpec))).toBe(INVALID + want);
  });

  it('accepts what defaulting completes, a mounted volume and a template image with a trailing space', () => {
    const d = deployment(
      { image: 'web:1 ', ports: [{ containerPort: 80, name: 'http' }], imagePullPolicy: '', terminationMessagePolicy: 'File', volumeMounts: [{ name: 'cfg', mountPath: '/etc/web' }] },
      { volumes: [{ name: 'cfg', configMap: { name: 'web' } }] },
    );
    expect(created(d)).toBe('created');
  });
});

describe('createObject of a Pod', () => {
  it('refuses an image with a trailing space after the spec’s own errors', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx ', imagePullPolicy: 'Sometimes' }] } };
    // kubectl lists several causes one a line (MultilineError).
    expect(created(pod)).toBe(
      [
        'The Pod "p" is invalid: ',
        '* spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
        '* spec.containers[0].image: Invalid value: "nginx ": must not have leading or trailing whitespace',
      ].join('\n'),
    );
  });
});

describe('a StatefulSet with a bad container', () => {
  const set = (ports: unknown[]) => ({
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'db' },
    spec: {
      replicas: 2,
      serviceName: 'db',
      selector: { matchLabels: { app: 'db' } },
      template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'db:1', ports, volumeMounts: [{ name: 'data', mountPath: '/data' }] }] } },
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
    },
  });
  const failures = (st: ReturnType<typeof settledCluster>) =>
    objects(st, 'Event')
      .filter((e) => e.reason === 'FailedCreate')
      .map((e) => e.message);

  it('starts its pods when a container mounts a claim template', () => {
    const st = settledCluster([], 0);
    expect(kubectl(st, 'apply -f -', set([])).output).toBe('statefulset.apps/db created');
    advance(st, 30);
    expect(objects(st, 'Pod').map((p) => p.metadata.name)).toEqual(['db-0', 'db-1']);
    expect(failures(st)).toEqual([]);
  });

  it('is created, as upstream leaves its template spec unchecked, and each pod create is Invalid', () => {
    const st = settledCluster([], 0);
    // ValidatePodTemplateSpecForStatefulSet checks the labels only: the set is stored.
    expect(kubectl(st, 'apply -f -', set([{ containerPort: 0 }])).output).toBe('statefulset.apps/db created');
    advance(st, 30);
    expect(objects(st, 'Pod')).toEqual([]);
    // The API server refuses the pod the controller makes, and the controller says so (OrderedReady: db-0 only).
    expect(new Set(failures(st))).toEqual(
      new Set(['create Pod db-0 in StatefulSet db failed error: Pod "db-0" is invalid: spec.containers[0].ports[0].containerPort: Required value']),
    );
    expect(objects(st, 'Event').find((e) => e.reason === 'FailedCreate')?.count).toBeGreaterThan(1);
  });
});

describe('a Deployment whose image has a trailing space', () => {
  it('is created (a template may), and each pod its ReplicaSet makes is Invalid, named as generated', () => {
    const st = settledCluster([], 0);
    const d = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx ' }] } } },
    };
    expect(kubectl(st, 'apply -f -', d).output).toBe('deployment.apps/web created');
    advance(st, 20);
    expect(objects(st, 'Pod')).toEqual([]);
    const failed = objects(st, 'Event').filter((e) => e.reason === 'FailedCreate');
    expect(failed.length).toBeGreaterThan(0);
    // Each pod has a name of its own, so each message differs: the tenth is combined (EventCorrelator).
    expect(failed.some((e) => e.message.startsWith('(combined from similar events): '))).toBe(true);
    for (const e of failed) {
      expect(e.involvedObject.kind).toBe('ReplicaSet');
      expect(e.message).toMatch(/^(\(combined from similar events\): )?Error creating: Pod "web-[a-z0-9]+-[a-z0-9]{5}" is invalid: spec\.containers\[0\]\.image: Invalid value: "nginx ": must not have leading or trailing whitespace$/);
    }
  });
});

describe('runApply', () => {
  it('prints the 422 of a Deployment whose env var has both value and valueFrom', () => {
    const out = kubectl(settledCluster([], 0), 'apply -f -', deployment({ env: [{ name: 'A', value: '1', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }));
    expect(out.ok).toBe(false);
    expect(out.output).toBe(`${INVALID}${C}.env[0].valueFrom: Invalid value: "": may not be specified when \`value\` is not empty`);
  });
});

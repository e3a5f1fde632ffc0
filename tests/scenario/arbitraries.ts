/**
 * fast-check arbitraries of VALID scenarios (DESIGN.md §4): every value they produce passes
 * validateScenario, including the API server's validation of the manifests. They stay inside
 * the rules that validation enforces (DNS names, label syntax, maxSurge/maxUnavailable pairs,
 * node actions that name nodes existing at that moment) and otherwise roam widely: unicode text,
 * YAML-ambiguous strings, fractional seconds, optional fields present or not.
 */
import fc from 'fast-check';
import type { Action, ImageSpec, NodeActionSpec, NodeSpec, Scenario, SecondsSpec, Workload } from '../../src/scenario/types.ts';

/** Strings that trip YAML and JSON writers: 1.1 booleans, numbers as text, indicators, blanks. */
const TRICKY = ['yes', 'no', 'on', 'off', 'y', 'N', 'true', 'null', '~', '1.10', '0o17', '0x1F', '1_000', '1:20', '2026-01-01', '-', '? x', '# not a comment', 'a: b', '[x]', '{y}', '"q"', "'s'", '|', '>', '&a', '*a', '!tag', '%', '@', '`', ' lead', 'trail ', 'tab\there', '\\', 'ü', '中文', '😀'];

const text = (maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...TRICKY) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...TRICKY, '\n', ' '), { maxLength: 6 }).map((a) => a.join('')) },
  );

const nameText = text(60).filter((s) => s.trim() !== '' && s.length <= 200);

/** A DNS-1123 label: lowercase alphanumerics and '-', starting and ending alphanumeric. */
const dnsLabel = fc
  .tuple(fc.stringMatching(/^[a-z0-9]$/), fc.stringMatching(/^[-a-z0-9]{0,10}$/), fc.stringMatching(/^[a-z0-9]$/))
  .map(([a, b, c]) => `${a}${b}${c}`);

const labelKey = fc.oneof(
  dnsLabel,
  fc.tuple(dnsLabel, dnsLabel).map(([p, n]) => `${p}.io/${n}`),
  fc.constantFrom('app', 'tier', 'kubernetes.io/os', 'Pool_A', 'disk.type'),
);
const labelValue = fc.oneof(fc.constant(''), dnsLabel, fc.constantFrom('true', 'yes', '1.10', 'Linux', 'a_b.c'));
const labels = fc.dictionary(labelKey, labelValue, { maxKeys: 3 });

/** Seconds as the file writes them: whole or fractional numbers; `+ 0` turns -0 into 0. */
const seconds = fc.double({ min: 0, max: 86_400, noNaN: true }).map((x) => x + 0);
const secondsSpec: fc.Arbitrary<SecondsSpec> = fc.oneof(
  seconds,
  fc.tuple(seconds, seconds).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a])),
);

const imageSpec: fc.Arbitrary<ImageSpec> = fc.record(
  {
    pullSeconds: secondsSpec,
    startSeconds: secondsSpec,
    readySeconds: secondsSpec,
    pull: fc.constant('fail' as const),
    crash: fc.boolean(),
    ready: fc.constant('never' as const),
  },
  { requiredKeys: [] },
);

const imageRef = fc.oneof(
  fc.constant('default'),
  fc.tuple(dnsLabel, fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,8}$/)).map(([r, t]) => `${r}:${t}`),
  fc.constantFrom('constructor', 'toString', 'registry.example.com:5000/team/app@sha256:abc'),
);

const taints = fc
  .uniqueArray(
    fc.record(
      { key: labelKey, value: labelValue, effect: fc.constantFrom('NoSchedule' as const, 'PreferNoSchedule' as const, 'NoExecute' as const) },
      { requiredKeys: ['key', 'effect'] },
    ),
    { maxLength: 2, selector: (t) => `${t.key}/${t.effect}` },
  );

const nodeProps = fc.record(
  { labels, taints, unschedulable: fc.boolean(), maxPods: fc.integer({ min: 0, max: 10_000 }) },
  { requiredKeys: [] },
);

const nodeList: fc.Arbitrary<NodeSpec[]> = fc
  .uniqueArray(dnsLabel, { minLength: 1, maxLength: 4 })
  .chain((names) => fc.tuple(...names.map((name) => nodeProps.map((p): NodeSpec => ({ name, ...p })))));

const intOrPercent = (max: number) =>
  fc.oneof(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 100 }).map((p) => `${p}%`));
const isZero = (v: number | string) => v === 0 || v === '0%';

const containers = fc
  .uniqueArray(dnsLabel, { minLength: 1, maxLength: 2 })
  .chain((names) => fc.tuple(...names.map((name) => imageRef.filter((r) => r !== 'default').map((image) => ({ name, image })))));

function template(name: string) {
  return containers.map((cs) => ({ metadata: { labels: { app: name } }, spec: { containers: cs } }));
}

const deployment = (name: string): fc.Arbitrary<Workload> =>
  fc
    .record(
      {
        replicas: fc.integer({ min: 0, max: 5000 }),
        strategy: fc.oneof(
          fc.constant({ type: 'Recreate' }),
          fc
            .tuple(intOrPercent(5), intOrPercent(5))
            .filter(([s, u]) => !(isZero(s) && isZero(u)))
            .map(([maxSurge, maxUnavailable]) => ({ type: 'RollingUpdate', rollingUpdate: { maxSurge, maxUnavailable } })),
        ),
        minReadySeconds: fc.integer({ min: 0, max: 30 }),
        revisionHistoryLimit: fc.integer({ min: 0, max: 10 }),
        paused: fc.boolean(),
        progressDeadlineSeconds: fc.integer({ min: 31, max: 900 }),
      },
      { requiredKeys: [] },
    )
    .chain((spec) =>
      template(name).map(
        (t): Workload => ({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name, labels: { app: name } },
          spec: { ...spec, selector: { matchLabels: { app: name } }, template: t },
        }),
      ),
    );

const daemonSet = (name: string): fc.Arbitrary<Workload> =>
  fc
    .record(
      {
        updateStrategy: fc.oneof(
          fc.constant({ type: 'OnDelete' }),
          // Exactly one of maxUnavailable and maxSurge is non-zero (ValidateRollingUpdateDaemonSet).
          fc.integer({ min: 1, max: 3 }).map((n) => ({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: n } })),
          fc.integer({ min: 1, max: 3 }).map((n) => ({ type: 'RollingUpdate', rollingUpdate: { maxSurge: n, maxUnavailable: 0 } })),
        ),
        minReadySeconds: fc.integer({ min: 0, max: 30 }),
        revisionHistoryLimit: fc.integer({ min: 0, max: 10 }),
      },
      { requiredKeys: [] },
    )
    .chain((spec) =>
      template(name).map(
        (t): Workload => ({
          apiVersion: 'apps/v1',
          kind: 'DaemonSet',
          metadata: { name, labels: { app: name } },
          spec: { ...spec, selector: { matchLabels: { app: name } }, template: t },
        }),
      ),
    );

/** workload is a valid Deployment or DaemonSet with the given name. */
export const workload = (name: string): fc.Arbitrary<Workload> => fc.oneof(deployment(name), daemonSet(name));

/** Virtual times with at most 3 decimals, as the millisecond clock requires. */
const at = fc.integer({ min: 0, max: 86_400_000 }).map((ms) => ms / 1000);

const kubectlLine = fc.oneof(
  fc.constantFrom(
    'set image deployment/web nginx=nginx:1.9.3',
    'scale deployment/web --replicas=15',
    'rollout undo deployment/web --to-revision=2',
    'rollout pause deploy/web',
    'delete pod -l app=web',
    'patch deployment web -p \'{"spec":{"replicas":3}}\'',
    'taint nodes node-1 dedicated=infra:NoSchedule-',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== '' && !/[\r\n\u2028\u2029\u0085]/.test(s) && !/--replicas/.test(s)),
);

/** actions that only name nodes that exist when they run: start nodes, or nodes they added. */
function actions(startNodes: string[]): fc.Arbitrary<Action[]> {
  const simple = fc.oneof(
    fc.record({ at, kubectl: kubectlLine }),
    fc.tuple(at, dnsLabel).chain(([t, n]) => workload(`applied-${n}`).map((apply) => ({ at: t, apply }))),
  );
  const ready =
    startNodes.length === 0
      ? fc.constant([] as Action[])
      : fc.array(
          fc.record({ at, node: fc.record({ name: fc.constantFrom(...startNodes), ready: fc.boolean() }) }),
          { maxLength: 2 },
        );
  const addRemove = fc
    .array(fc.tuple(at, fc.nat({ max: 100_000 }), nodeProps, fc.boolean()), { maxLength: 2 })
    .map((list) =>
      list.flatMap(([t, extraMs, add, remove], i): Action[] => {
        const name = `added-${i}`;
        const node: NodeActionSpec = { name, add };
        const out: Action[] = [{ at: t, node }];
        if (remove) out.push({ at: Math.min(86_400_000, t * 1000 + extraMs) / 1000, node: { name, remove: true } });
        return out;
      }),
    );
  return fc
    .tuple(fc.array(simple, { maxLength: 4 }), ready, addRemove)
    .map(([a, b, c]) => [...a, ...b, ...c]);
}

/** validScenario is any scenario validateScenario accepts, optional fields present or absent. */
export const validScenario: fc.Arbitrary<Scenario> = fc
  .record(
    {
      description: text(200),
      seed: fc.integer({ min: 0, max: 0xffffffff }),
      nodes: fc.oneof(fc.integer({ min: 0, max: 8 }), nodeList),
      images: fc.dictionary(imageRef, imageSpec, { maxKeys: 3 }),
      terminationSeconds: seconds,
      watchDelaySeconds: seconds,
      objects: fc.uniqueArray(dnsLabel, { maxLength: 3 }).chain((names) => fc.tuple(...names.map(workload))),
      hasCluster: fc.boolean(),
      hasController: fc.boolean(),
      hasActions: fc.boolean(),
    },
    { requiredKeys: ['objects', 'hasCluster', 'hasController', 'hasActions', 'nodes'] },
  )
  .chain((r) => {
    const start = typeof r.nodes === 'number' ? Array.from({ length: r.nodes }, (_, i) => `node-${i + 1}`) : r.nodes.map((n) => n.name);
    return fc.tuple(nameText, actions(r.hasCluster ? start : ['node-1', 'node-2', 'node-3'])).map(([name, acts]): Scenario => {
      const s: Scenario = { version: 1, name, objects: r.objects };
      if (r.description !== undefined) s.description = r.description;
      if (r.seed !== undefined) s.seed = r.seed;
      if (r.hasCluster) {
        s.cluster = { nodes: r.nodes };
        if (r.images !== undefined) s.cluster.images = r.images;
        if (r.terminationSeconds !== undefined) s.cluster.terminationSeconds = r.terminationSeconds;
      }
      if (r.hasController) s.controller = r.watchDelaySeconds === undefined ? {} : { watchDelaySeconds: r.watchDelaySeconds };
      if (r.hasActions) s.actions = acts;
      return s;
    });
  });

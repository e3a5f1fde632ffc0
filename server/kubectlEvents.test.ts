// `kubectl events` through the real kubectl (v1.32.4) and in the page's console, on the same state:
// the table sorted by last seen (Go's unstable sort over the list's name order), `(xN over …)`
// for repeats, --for, --types, -A, --no-headers, -o yaml|json|name|jsonpath, the first events of
// a watch, and kubectl's own errors, byte for byte.
import { describe, expect, it } from 'vitest';
import { projectedOptionalRenamed } from './describeSkew.ts';
import { describeNormalised, pageKubectl } from './kubectlHarness.ts';

/**
 * agesNormalised blanks the ages (`5s`, `2m3s`, and those in `(x3 over 1m)`) and joins the columns
 * with one space: kubectl counts ages on its own clock, which goes on while a test holds the run
 * paused, so a second boundary crossed between the two prints moves them (and the column widths).
 * The dates go too: the served run's are on the wall clock, the console's on the virtual one.
 */
function agesNormalised(text: string): string {
  return text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '-').replace(/(?<=^|\s|\()(\d+[smhdy])+(?=\s|\)|$)/gm, '-').replace(/ {2,}/g, ' ');
}
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';
import { deploymentDoc, UNSCHEDULABLE_DB_DOC } from './scenarioDocs.ts';

// A running Deployment, one whose pod never schedules, and one whose image never pulls: its
// kubelet's Failed and BackOff Events repeat, counted up.
const SCENARIO = `version: 1
name: kubectl events
cluster:
  nodes: 2
  images:
    "cache:bad": { pull: fail }
objects:
${deploymentDoc('cache', 1, '{ name: cache, image: "cache:bad" }')}
${deploymentDoc('web', 3, '{ name: web, image: "web:1" }')}${UNSCHEDULABLE_DB_DOC}`;

describe('kubectl events against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web']);

  it('counts a repeat as `LAST (xN over FIRST)` where get events shows the last time alone', async () => {
    // The pull back-off repeats its Events every 10–20 s of the run (1–2 s here).
    let real = '';
    for (let i = 0; i < 40 && !/\(x\d+ over/.test(real); i++) {
      real = (await h.kubectl(['events', '--types=Warning', '--for', 'deploy/cache'])).stdout + (await h.kubectl(['events', '--types=Warning'])).stdout;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(real).toMatch(/^\S+ \(x\d+ over \S+\)\s+Warning\s+(Failed|BackOff)\s+Pod\/cache-\S+\s+/m);
    await expectAnswersAsPage(h, ['events --types=Warning'], agesNormalised);
  });

  it('prints the table, filtered and in every format, as the page’s console does', async () => {
    await expectAnswersAsPage(h, [
      'events',
      'events -A',
      'events --for deployment/web',
      'events --for Deployments.apps/db',
      'events --for rs/nope',
      'events --types=Warning',
      'events --types warning,NORMAL --for deploy/web',
      'events --no-headers --for deploy/web',
      'events -n kube-system',
      'events -A --types=Warning',
      'events -o yaml --for deploy/web',
      'events -o json --types=Warning',
      'events -o name',
      'events -o jsonpath={.items[*].reason}',
      'events -o jsonpath={.items[0].nope.deeper}',
      // The scheduler's Events come through events.k8s.io: eventTime, action, reportingComponent.
      'get events --field-selector reason=FailedScheduling -o yaml',
      'get events --field-selector source=default-scheduler -o wide',
    ], agesNormalised);
  });

  it('serves the same Events as events.k8s.io/v1, and warns that `ev` names both', async () => {
    await expectAnswersAsPage(h, [
      'get ev --field-selector type=Warning',
      'get events.events.k8s.io --field-selector regarding.kind=Deployment',
      'get events.v1.events.k8s.io -o yaml --field-selector reportingController=default-scheduler,reason=FailedScheduling',
      'get events.events.k8s.io -o json --field-selector regarding.kind=ReplicaSet',
      'get events.events.k8s.io -o name --field-selector regarding.kind=Deployment',
      'get events.events.k8s.io -o jsonpath={.items[*].note}',
      'get events.events.k8s.io --field-selector involvedObject.name=web',
      'get events.events.k8s.io nope',
      'get events.events.k8s.io -A --field-selector reason=ScalingReplicaSet',
    ], agesNormalised);
  });

  it('describes a pod with the scheduler’s Events From its reporting controller', async () => {
    // The pod's projected token volume: 1.32's `ConfigMapOptional: <nil>` is 1.33+'s `Optional: false`.
    await expectAnswersAsPage(h, ['describe pod -l app=db'], (t) => agesNormalised(describeNormalised(projectedOptionalRenamed(t))));
  });

  it('prints rollout status of every Deployment in turn, and no resources found for none (the state of these Events)', async () => {
    await expectAnswersAsPage(h, ['rollout status deploy --watch=false', 'rollout status deploy -l app=web', 'rollout status sts --watch=false', 'rollout status deploy -l app=none'], agesNormalised);
  });

  it('refuses what kubectl refuses, in its words', async () => {
    await expectAnswersAsPage(h, [
      'events --for web',
      'events --for nope/x',
      'events --for a/b/c',
      'events --types=Bad',
      'events -o wide',
      'events -o foo',
      'events -o jsonpath',
    ]);
  });

  it('prints the events that exist when a watch starts, in name order, widths kept from line to line', async () => {
    h.clock.pause();
    try {
      h.server.live.advance();
      const now = h.server.live.virtualNow();
      for (const line of ['events -w', 'events -w -A --for deploy/db', 'events -w -o name --types=Warning']) {
        // kubectl waits for more; the request timeout ends its watch once the first events are in.
        const real = await h.kubectl([...line.split(' '), '--request-timeout=2s']);
        expect(agesNormalised(pageKubectl(h, line, now)), line).toBe(agesNormalised(real.stdout));
      }
    } finally {
      h.clock.resume();
    }
  });
});

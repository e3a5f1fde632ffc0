// Init containers through the real kubectl and in the page's console (kubectl v1.36.3), on one
// state: get pods' Init:N/M, Init:CrashLoopBackOff and Init:ImagePullBackOff columns (the served
// Table), a sidecar counted in READY (2/2), and describe's Init Containers section with each
// one's state, exit code and restarts. The real kubectl is kubectl.1.33 (the server reports
// v1.33.0), which prints the pods' projected token volume as 1.36 does; the Events' container
// field paths (1.35) are evened out (describeSkew.ts).
import { describe, it } from 'vitest';
import { eventFieldPathsDropped } from './describeSkew.ts';
import { describeNormalised } from './kubectlHarness.ts';
import { expectAnswersAsPage, expectPrintsAsPage, servedScenario } from './printsAsPage.ts';

const deployment = (name: string, init: string) => `  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: ${name} }
    spec:
      replicas: 1
      selector: { matchLabels: { app: ${name} } }
      template:
        metadata: { labels: { app: ${name} } }
        spec:
          initContainers: ${init}
          containers: [{ name: web, image: "web:1" }]
`;

const SCENARIO = `version: 1
name: init containers
cluster:
  nodes: 2
  images:
    "migrate:1": { runSeconds: 2 }
    "migrate:crash": { crash: true }
    "migrate:missing": { pull: fail }
    "wait:forever": { runSeconds: 86400 }
objects:
${deployment('done', '[{ name: migrate, image: "migrate:1" }, { name: seed, image: "busybox:1.36" }]')}${deployment('crashing', '[{ name: migrate, image: "migrate:crash" }]')}${deployment('missing', '[{ name: migrate, image: "migrate:missing" }]')}${deployment('waiting', '[{ name: migrate, image: "migrate:1" }, { name: wait, image: "wait:forever" }]')}${deployment('mesh', '[{ name: proxy, image: "proxy:1", restartPolicy: Always }, { name: migrate, image: "migrate:1" }]')}`;

const normalise = (t: string) => describeNormalised(eventFieldPathsDropped(t));

describe('init containers against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/done', 'deployment/mesh'], { gitVersion: 'v1.33.0' });

  it('prints their pods and describes their init containers as kubectl does', async () => {
    await expectPrintsAsPage(h, ['get pods', 'describe deployment done', 'describe rs -l app=mesh', 'describe pods -l app=done', 'describe pods -l app=crashing', 'describe pods -l app=waiting', 'describe pods -l app=mesh'], normalise);
  });

  it("answers kubectl logs of an app container still waiting, and of an init container by name", async () => {
    await expectAnswersAsPage(h, ['logs -l app=waiting', 'logs -l app=waiting -c migrate', 'logs -l app=missing -c migrate'], undefined, true);
  });
});

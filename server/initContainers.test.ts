// Init containers through the real kubectl (v1.32.4) and in the page's console, on one state: get
// pods' Init:N/M, Init:CrashLoopBackOff and Init:ImagePullBackOff columns (the served Table), a
// sidecar counted in READY (2/2), and describe's Init Containers section with each one's state,
// exit code and restarts.
import { describe, it } from 'vitest';
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

const normalise = describeNormalised;

describe('init containers against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/done', 'deployment/mesh']);

  it('prints their pods and describes their init containers as kubectl does', async () => {
    await expectPrintsAsPage(h, ['get pods', 'describe deployment done', 'describe rs -l app=mesh', 'describe pods -l app=done', 'describe pods -l app=crashing', 'describe pods -l app=waiting', 'describe pods -l app=mesh'], normalise);
  });

  it("answers kubectl logs of an app container still waiting, and of an init container by name", async () => {
    await expectAnswersAsPage(h, ['logs -l app=waiting', 'logs -l app=waiting -c migrate', 'logs -l app=missing -c migrate'], undefined, true);
  });
});

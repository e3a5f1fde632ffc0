// `kubectl wait` through the real kubectl (v1.32.4) and in the page's console, on the same state:
// each --for form checked once (--timeout=0, the console's only way), met and not, its errors.
import { describe, it } from 'vitest';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';
import { deploymentDoc, UNSCHEDULABLE_DB_DOC } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: kubectl wait
cluster:
  nodes: 2
objects:
${deploymentDoc('web', 2, '{ name: web, image: "web:1" }')}${UNSCHEDULABLE_DB_DOC}`;

describe('kubectl wait against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web']);

  it('says each object that meets the condition, then those that do not, as kubectl --timeout=0 does', async () => {
    await expectAnswersAsPage(h, [
      'wait --for=condition=Available deploy/web',
      'wait --for=condition=available=true deployment/web --timeout=0',
      'wait --for=condition=Available deploy/db --timeout=0',
      'wait --for=condition=Ready pod -l app=web --timeout=0',
      'wait --for=condition=Ready pods --all --timeout=0',
      'wait --for=jsonpath={.status.readyReplicas}=2 deploy/web --timeout=0',
      'wait --for=jsonpath={.status.phase}=Pending pod -l app=db --timeout=0',
      'wait --for=jsonpath={.status.readyReplicas} deploy/web --timeout=0',
      'wait --for=create deploy/web --timeout=0',
      'wait --for=delete pod/nope --timeout=0',
      'wait --for=delete deploy/web --timeout=0',
      'wait --for=condition=Ready pod -l app=nothing --timeout=0',
      'wait --for=delete pods --all --timeout=0',
      'wait --for=condition=Available deploy/nope deploy/web --timeout=0',
      'wait --for=condition=Available deploy/db deploy/web --timeout=0',
    ]);
  });

  it('refuses what kubectl refuses, in its words', async () => {
    await expectAnswersAsPage(h, [
      'wait deploy/web',
      'wait --for=foo deploy/web',
      'wait --for=condition=Available deploy/nope --timeout=0',
      'wait --for=condition=Available --timeout=0',
      'wait --for=condition=Available deploy --timeout=0',
    ]);
  });
});

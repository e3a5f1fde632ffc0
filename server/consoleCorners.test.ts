// kubectl's answers in the corners of scale, rollout restart and delete, from the real kubectl
// (v1.32.4) against npm run serve beside the page's console on the same state: a scale of a name
// that is not there, a restart of a kind that has no rollout, and a delete of a cluster-scoped
// object given -n (kubectl's warning, once, before the answer).
import { describe, it } from 'vitest';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';
import { deploymentDoc } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: console corners
cluster: { nodes: 2 }
objects:
${deploymentDoc('web', 2, '{ name: web, image: "nginx:1.25" }')}`;

/**
 * kubectl 1.36 prints the builder's NotFound for a scale of names that are not there (848d63d83,
 * "standardize not found error message of kubectl scale"); 1.32 said `error: no objects passed to
 * scale …` before it. The console follows 1.36.
 */
const scaleNotFoundStandardized = (t: string) => t.replace(/^error: no objects passed to scale (.*)$/m, 'Error from server (NotFound): $1');

describe('kubectl corners', () => {
  const h = servedScenario(SCENARIO);

  it('answers as kubectl does where a line names nothing to act on', async () => {
    await expectAnswersAsPage(h, ['scale deploy nope --replicas=3', 'scale deploy/nope --replicas=3'], scaleNotFoundStandardized);
    await expectAnswersAsPage(h, ['rollout restart sa/default', 'delete node node-9 -n kube-system']);
  });
});

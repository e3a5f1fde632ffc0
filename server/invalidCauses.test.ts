// An Invalid answer with several causes, as kubectl prints it (CheckErr's MultilineError over the
// Status causes: `The Deployment "web" is invalid: ` and a `* field: message` line for each), from
// the real kubectl (v1.32.4) against npm run serve beside the page's console on the same state;
// one cause stays on the line. The console printed `[a, b]`, the API Status message's own form.
import { describe, it } from 'vitest';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';
import { deploymentDoc } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: invalid causes
cluster: { nodes: 2 }
objects:
${deploymentDoc('web', 2, '{ name: web, image: "nginx:1.25" }')}  - apiVersion: v1
    kind: Service
    metadata: { name: web }
    spec: { selector: { app: web }, ports: [{ port: 80 }] }
`;

describe('Invalid with several causes', () => {
  const h = servedScenario(SCENARIO);

  it('prints each cause on a line of its own, and one cause on the line, as kubectl does', async () => {
    await expectAnswersAsPage(h, [
      `patch deployment web -p '{"spec":{"replicas":-1,"minReadySeconds":-5}}'`,
      `patch deployment web -p '{"spec":{"replicas":-1}}'`,
      `patch service web -p '{"spec":{"type":"Weird","ports":[{"port":0}]}}'`,
      // Two ports need names (ValidateService). Only refusals are compared: a line the real kubectl
      // carries out changes the state the console then answers on.
      `patch service web --type=merge -p '{"spec":{"ports":[{"port":80},{"port":81}]}}'`,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { checkErrStatus, patchJson } from './patchJson.ts';
import { newBadRequest, newGenericServerResponse, newInvalid } from '../../apiserver/rest/status.ts';
import { invalid } from '../../apimachinery/fieldErrors.ts';

const web = () => ({
  kind: 'Deployment',
  apiVersion: 'apps/v1',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } } },
});

/** The patched object as the API server quotes it: the top level and spec sorted, the rest as stored. */
const PATCHED =
  '"{\\"apiVersion\\":\\"apps/v1\\",\\"kind\\":\\"Deployment\\",\\"metadata\\":{\\"name\\":\\"web\\",\\"namespace\\":\\"default\\"},' +
  '\\"spec\\":{\\"replicas\\":\\"3\\",\\"selector\\":{\\"matchLabels\\":{\\"app\\":\\"web\\"}},\\"template\\":{\\"metadata\\":{\\"labels\\":{\\"app\\":\\"web\\"}},' +
  '\\"spec\\":{\\"containers\\":[{\\"name\\":\\"nginx\\",\\"image\\":\\"nginx:1.8\\"}]}}}}"';

describe('patchJson', () => {
  // The same lines as the real kubectl 1.32.4 printed against npm run serve (server/patchJson.test.ts).
  it.each<[string, 'merge' | 'json', unknown, string]>([
    [
      'quotes the whole patched object when a merge patch makes replicas a string',
      'merge',
      { spec: { replicas: '3' } },
      `The request is invalid: patch: Invalid value: ${PATCHED}: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`,
    ],
    [
      'quotes it alike for a JSON patch',
      'json',
      [{ op: 'replace', path: '/spec/replicas', value: '3' }],
      `The request is invalid: patch: Invalid value: ${PATCHED}: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`,
    ],
    ['answers a failed test with the bare 422', 'json', [{ op: 'test', path: '/spec/replicas', value: 7 }], 'The request is invalid: the server rejected our request due to an error in our request'],
    ['answers a missing key alike', 'json', [{ op: 'remove', path: '/spec/nope' }], 'The request is invalid: the server rejected our request due to an error in our request'],
    ['refuses a JSON patch that is not a list', 'json', { op: 'add' }, 'Error from server (BadRequest): error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp'],
    ['refuses an op that is not a string', 'json', [{ op: 1 }], 'Error from server (BadRequest): error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.op of type string'],
    ['refuses a merge patch that is a list', 'merge', [1], 'Error from server (BadRequest): error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}'],
    ['refuses a null merge patch', 'merge', null, 'Error from server (BadRequest): Invalid JSON Patch'],
  ])('%s', (_, type, patch, error) => {
    expect(patchJson(web(), type, patch)).toEqual({ error });
  });

  it.each<[string, 'merge' | 'json', unknown]>([
    ['a merge patch', 'merge', { spec: { replica: 3 } }],
    ['a JSON patch', 'json', [{ op: 'add', path: '/spec/replica', value: 3 }]],
  ])('warns of an unknown field in %s and drops it', (_, type, patch) => {
    expect(patchJson(web(), type, patch)).toEqual({ object: web(), warnings: ['unknown field "spec.replica"'] });
  });
});

describe('checkErrStatus', () => {
  it.each([
    ['a BadRequest with its reason', newBadRequest('Invalid JSON Patch'), 'Error from server (BadRequest): Invalid JSON Patch'],
    ['an Invalid with no causes with its message', newGenericServerResponse(422, 'test failed'), 'The request is invalid: the server rejected our request due to an error in our request'],
    ['an Invalid of a kind and name', newInvalid('Deployment', 'apps', 'web', [invalid('spec.replicas', -1, 'must be greater than or equal to 0')]), 'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0'],
  ])('prints %s as kubectl does', (_, status, want) => {
    expect(checkErrStatus(status)).toBe(want);
  });
});

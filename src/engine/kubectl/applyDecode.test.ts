import { describe, expect, it } from 'vitest';
import type { Deployment } from '../api/types.ts';
import { kubectl, settledCluster } from '../sim/executeTestEngine.ts';

/** A Deployment manifest as a user pipes it to `kubectl apply -f -`, with text spliced in. */
const manifest = ({ meta = '', spec = '', labels = 'app: web' }: { meta?: string; spec?: string; labels?: string }) =>
  `apiVersion: apps/v1
kind: Deployment
metadata: { name: web${meta} }
spec:
${spec}  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { ${labels} } }
    spec: { containers: [{ name: nginx, image: "nginx:1.8" }] }
`;

describe('apply -f - decoding', () => {
  // The messages the real kubectl 1.32.4 printed for the same files against `npm run serve`
  // (its source then is the file's path; piped, it is STDIN).
  it.each([
    [
      'a label of its own metadata YAML read as a boolean (kubectl refuses it itself)',
      manifest({ meta: ', labels: { tier: on }' }),
      'error: unable to decode "STDIN": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string',
    ],
    [
      'a template label YAML read as a boolean (the API server refuses the create)',
      manifest({ labels: 'app: web, canary: on' }),
      'Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal bool into Go struct field ObjectMeta.spec.template.metadata.labels of type string',
    ],
    [
      'a misspelt field (fieldValidation=Strict)',
      manifest({ spec: '  replica: 2\n' }),
      'Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"',
    ],
  ])('refuses %s and creates nothing', (_why, text, output) => {
    const st = settledCluster([]);
    expect(kubectl(st, 'apply -f -', text)).toEqual({ ok: false, output });
    expect(st.store.objects.Deployment.size).toBe(0);
  });

  // An update is a strategic merge patch: the API server converts the patched map (not JSON) into
  // the Go type (apiserver/decoding/fromUnstructured.ts). Read from patch.go's applyPatchToObject,
  // converter.go and kubectl's checkErr; the served API answers the real kubectl the same.
  const lastApplied = (spec: string) =>
    `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{${spec}"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.8","name":"nginx"}]}}}}\n`;

  it('prints a value the converter cannot take as the 422 of the patch, the patch as Go prints a map', () => {
    const st = settledCluster([]);
    expect(kubectl(st, 'apply -f -', manifest({}))).toEqual({ ok: true, output: 'deployment.apps/web created' });
    const value = `map[metadata:map[annotations:map[kubectl.kubernetes.io/last-applied-configuration:${lastApplied('"replicas":"2",')}]] spec:map[replicas:2]]`;
    expect(kubectl(st, 'apply -f -', manifest({ spec: '  replicas: "2"\n' }))).toEqual({
      ok: false,
      output: `The request is invalid: patch: Invalid value: ${JSON.stringify(value)}: unrecognized type: int32`,
    });
  });

  it('prints an unknown field in an update as the 422 of the patch, as under fieldValidation=Strict', () => {
    const st = settledCluster([]);
    kubectl(st, 'apply -f -', manifest({}));
    const value = `map[metadata:map[annotations:map[kubectl.kubernetes.io/last-applied-configuration:${lastApplied('"replica":2,')}]] spec:map[replica:2]]`;
    expect(kubectl(st, 'apply -f -', manifest({ spec: '  replica: 2\n' }))).toEqual({
      ok: false,
      output: `The request is invalid: patch: Invalid value: ${JSON.stringify(value)}: strict decoding error: unknown field "spec.replica"`,
    });
  });
});

describe('patch decoding', () => {
  // The real kubectl 1.32.4 printed the same for these lines against `npm run serve` (server/patchConvert.test).
  it('refuses a strategic merge patch the converter cannot take, and drops an unknown field with a warning', () => {
    const st = settledCluster();
    expect(kubectl(st, `patch deploy web -p '{"spec":{"replicas":"3"}}'`)).toEqual({
      ok: false,
      output: 'The request is invalid: patch: Invalid value: "map[spec:map[replicas:3]]": unrecognized type: int32',
    });
    expect(kubectl(st, `patch deploy web -p '{"spec":{"replica":3}}'`)).toEqual({ ok: true, output: 'Warning: unknown field "spec.replica"\ndeployment.apps/web patched (no change)' });
    expect((st.store.objects.Deployment.get('default/web') as Deployment | undefined)?.spec).not.toHaveProperty('replica');
  });
});

// kubectl explain through the real kubectl (v1.32.4) against the served API and through the page's
// console (src/engine/kubectl/explainField, kubectl v1.36's explain) on one served cluster: the same
// OpenAPI documents (src/engine/apiserver/openapi), resolved and rendered alike, byte for byte and
// exit status for exit status.
//
// Two things differ between the two kubectls' explain (v1.32 to v1.35 agree), and the test says
// where:
// - kubectl 1.36 gave --recursive the shorthand -R (pkg/cmd/explain ExplainFlags.AddFlags); 1.32
//   refuses it (`unknown shorthand flag: 'R'`). The console follows 1.36: its `-R` line is
//   compared with the real kubectl's `--recursive`, and pflag's name of the flag in a bad value's
//   error, `"-R, --recursive"` since it has a shorthand, with 1.32's `"--recursive"`.
// - 1.36's template prints a schema's externalDocs (an EXTERNAL DOCS section, plaintext.tmpl); the
//   generated schemas carry none, so both print the same text and nothing needs evening out.
// The machine's `kubectl` is the Google Cloud SDK's dispatcher, which prints cobra's flag errors
// as `Error: …` where kubectl itself (kubectl.1.32 beside it) prints `error: …`: flag errors are
// compared with that one letter's case evened out.
import { describe, expect, it } from 'vitest';
import { newTx } from '../src/engine/client/tx.ts';
import { executeKubectl } from '../src/engine/kubectl/execute.ts';
import { toRFC3339 } from '../src/engine/lib/time.ts';
import { SCHEMAS } from './openapi.ts';
import { answersOf, expectAnswersAsPage, servedScenario } from './printsAsPage.ts';

const h = servedScenario('version: 1\nname: explain\ncluster: { nodes: 1 }\nobjects: []\n');

/** dispatcherFlagErrors evens out the dispatcher's `Error:` before a flag error (see above). */
const dispatcherFlagErrors = (text: string): string => text.replace(/^Error: (unknown (shorthand )?flag|flag needs an argument|invalid argument)/m, 'error: $1');

describe('kubectl explain in the console, as the real kubectl explains the served API', () => {
  it('explains the top-level kinds of every served group', async () => {
    await expectAnswersAsPage(h, [
      'explain pods',
      'explain nodes',
      'explain ns',
      'explain services',
      'explain configmaps',
      'explain secret',
      'explain pvc',
      'explain endpoints',
      'explain quota',
      'explain limitranges',
      'explain serviceaccounts',
      'explain pv',
      'explain Deployment',
      'explain deployments.apps',
      'explain rs',
      'explain ds',
      'explain sts',
      'explain controllerrevisions',
      'explain hpa',
      'explain pdb',
      'explain endpointslices',
      'explain events',
    ]);
  }, 120_000);

  it('follows field paths: objects, arrays of objects, maps, enums and required fields', async () => {
    await expectAnswersAsPage(h, [
      'explain deployment.spec.strategy',
      'explain deployments.apps.spec.replicas',
      'explain deploy.spec.strategy.type',
      'explain deploy.spec.strategy.rollingUpdate.maxSurge',
      'explain Deployment.spec.template.spec.containers',
      'explain po.spec.containers.ports',
      'explain pod.metadata.labels',
      'explain pods.spec.overhead',
      'explain pods.spec.containers.resources',
      'explain pods.spec.containers.readinessProbe.httpGet',
      'explain pods.metadata.managedFields.fieldsV1',
      'explain pods.status.phase',
      'explain nodes.spec.taints',
      'explain svc.spec',
      'explain svc.spec.ports',
      'explain endpointslices.endpoints',
      'explain ds.spec.updateStrategy',
      'explain rs.spec.selector',
      'explain pdb.spec.unhealthyPodEvictionPolicy',
      'explain pods.',
      "explain pods['spec']",
    ]);
  }, 120_000);

  it('prints the fields of fields with --recursive', async () => {
    await expectAnswersAsPage(h, [
      'explain sts.spec.updateStrategy --recursive',
      'explain deploy.spec.strategy --recursive',
      'explain quota.spec.scopeSelector --recursive',
      'explain hpa.spec.behavior --recursive',
      'explain pods --recursive',
    ]);
  }, 120_000);

  it('explains the version --api-version names: HPAs in autoscaling/v1 and v2, Events in events.k8s.io', async () => {
    await expectAnswersAsPage(h, [
      'explain hpa.spec --api-version=autoscaling/v1',
      'explain hpa.spec --api-version=autoscaling/v2',
      'explain hpa.spec',
      'explain horizontalpodautoscalers.autoscaling.spec.metrics',
      'explain events --api-version=events.k8s.io/v1',
      'explain ev --api-version=events.k8s.io/v1',
      'explain ev',
      'explain events.events.k8s.io',
      'explain hpa --api-version=autoscaling/v3',
      'explain pods --api-version=apps/v1',
      'explain pods --api-version=a/b/c',
      'explain pods --api-version=foo',
      'explain pods --api-version=/',
    ]);
  }, 120_000);

  it("refuses what kubectl refuses, in kubectl's words", async () => {
    await expectAnswersAsPage(
      h,
      [
        'explain',
        'explain pods nodes',
        'explain nope',
        'explain HPA',
        'explain deploy.spec.nope',
        'explain deploy.spec.template.spec.nope.x',
        'explain pods.metadata.labels.foo',
        'explain pods.spec.containers.name.x',
        'explain Deployments.apps.spec',
        'explain nodes.metrics.k8s.io',
        'explain leases',
        'explain sc',
        'explain crd',
        'explain nodemetrics',
        'explain deploymentlist',
        'explain list',
        'explain pods -o yaml',
        'explain nope -o yaml',
        'explain pods.spec.containers[0]',
        'explain pods..spec',
        'explain pods[',
        'explain pods --foo',
        'explain pods -o',
      ],
      dispatcherFlagErrors,
    );
  }, 120_000);

  it('renders the OpenAPI v2 definitions with -o plaintext-openapiv2', async () => {
    await expectAnswersAsPage(h, [
      'explain deploy -o plaintext-openapiv2',
      'explain deploy.spec.strategy -o plaintext-openapiv2',
      'explain deploy.spec.strategy.type --output=plaintext-openapiv2',
      'explain pods.spec.containers -o plaintext-openapiv2',
      'explain pods.metadata.labels.foo -o plaintext-openapiv2',
      'explain pods.metadata.managedFields.fieldsV1 -o plaintext-openapiv2',
      'explain deploy.spec.strategy --recursive -o plaintext-openapiv2',
      'explain hpa.spec -o plaintext-openapiv2 --api-version=autoscaling/v1',
      'explain pods.spec.nope -o plaintext-openapiv2',
      'explain pods -o plaintext-openapiv2 --api-version=apps/v1',
      'explain leases -o plaintext-openapiv2',
    ]);
  }, 120_000);

  it("answers -R, v1.36's shorthand for --recursive, as the real kubectl answers --recursive", async () => {
    h.clock.pause();
    try {
      h.server.live.advance();
      const now = h.server.live.virtualNow();
      const page = (line: string) => {
        const tx = newTx(h.server.live.st, 'user');
        tx.now = now;
        tx.nowIso = toRFC3339(now);
        return executeKubectl(tx, line, undefined, { openapiSchemas: SCHEMAS });
      };
      const real = await answersOf(h, 'explain sts.spec.updateStrategy --recursive', now);
      expect(real.realOk).toBe(true);
      expect(page('explain sts.spec.updateStrategy -R')).toEqual({ ok: true, output: real.real });
      // A bad value names the flag as pflag does: with its shorthand since 1.36.
      const bad = await answersOf(h, 'explain pods --recursive=maybe', now);
      expect(bad.realOk).toBe(false);
      expect(page('explain pods --recursive=maybe')).toEqual({ ok: false, output: dispatcherFlagErrors(bad.real).replace('"--recursive"', '"-R, --recursive"') });
    } finally {
      h.clock.resume();
    }
  }, 60_000);
});

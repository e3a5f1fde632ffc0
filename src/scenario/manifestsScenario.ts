/**
 * The CLI reads Kubernetes manifests as well as scenario files: `npm run sim -- web.yaml` on the
 * file a user would `kubectl apply`, or `kubectl get sts web -o yaml | npm run sim -- -`. The
 * manifests become the scenario the page's Import makes of them (importDocs.ts, importPlan.ts
 * replaceScenario): the objects without what a cluster fills in, on the default three nodes, with
 * no actions, named after the file. Anything else is left to the scenario parser and its messages.
 */
import { isRecord } from './check.ts';
import { importManifests } from './importDocs.ts';
import { replaceScenario } from './importPlan.ts';
import { parseYamlDocuments } from './parse.ts';
import type { Result, Scenario } from './types.ts';
import { scenarioToYaml } from './yamlIo.ts';

/** What the CLI runs: the scenario's text, and what it says on stderr about reading manifests. */
export interface ScenarioInput {
  text: string;
  /** `kubectl apply`'s lines for the manifests (`statefulset.apps/web created`); [] for a scenario file. */
  applied: string[];
  /** The documents left out (importDocs.ts ignoredNote), or null. */
  note: string | null;
}

/**
 * looksLikeManifests: every document is a mapping with a `kind` and none is a scenario (which has
 * `version` and `objects`). A scenario with a mistake (no `version`) is not taken for manifests:
 * it has no `kind`, so the scenario parser answers it with its field path.
 */
function looksLikeManifests(docs: readonly unknown[]): boolean {
  return docs.length > 0 && docs.every((d) => isRecord(d) && typeof d.kind === 'string' && !Object.hasOwn(d, 'objects'));
}

/**
 * scenarioInput returns the text as it is when it is not manifests, else the scenario made of
 * them (the file's name names it; `-`, standard input, names it after its first workload). Bad
 * manifests get importManifests' messages, one per document, in the API server's words.
 */
export function scenarioInput(text: string, fileName: string): Result<ScenarioInput> {
  const docs = parseYamlDocuments(text, 'The file');
  if (!docs.ok || !looksLikeManifests(docs.value)) return { ok: true, value: { text, applied: [], note: null } };
  const imported = importManifests(text);
  if (!imported.ok) return imported;
  if (imported.value.type !== 'objects') return { ok: true, value: { text, applied: [], note: null } };
  const empty: Scenario = { version: 1, name: '', objects: [] };
  const plan = replaceScenario(empty, imported.value, fileName === '-' ? null : fileName);
  return { ok: true, value: { text: scenarioToYaml(plan.scenario), applied: plan.lines, note: imported.value.note } };
}

import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './parse.ts';

/** scenario writes a one-StatefulSet scenario with `spec` lines (YAML, indented 6) added to a valid set. */
function scenario(extra: string, selector = 'app: db'): string {
  return `version: 1
name: bad sts
objects:
  - apiVersion: apps/v1
    kind: StatefulSet
    metadata: { name: db }
    spec:
      replicas: 3
      selector: { matchLabels: { ${selector} } }
      template:
        metadata: { labels: { app: db } }
        spec: { containers: [{ name: db, image: "db:1" }] }
${extra}`;
}

describe('validateScenario on a StatefulSet', () => {
  it('accepts a valid StatefulSet', () => {
    expect(parseScenarioText(scenario('')).ok).toBe(true);
  });

  it.each([
    ['a negative partition', '      updateStrategy: { rollingUpdate: { partition: -1 } }\n', 'app: db', 'objects[0]: The StatefulSet "db" is invalid: spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0'],
    ['an unknown podManagementPolicy', '      podManagementPolicy: Sometimes\n', 'app: db', 'objects[0]: The StatefulSet "db" is invalid: spec.podManagementPolicy: Invalid value: "Sometimes": must be \'OrderedReady\' or \'Parallel\''],
    ['a selector that does not match the template', '', 'app: other', 'objects[0]: The StatefulSet "db" is invalid: spec.template.metadata.labels: Invalid value: {"app":"db"}: `selector` does not match template `labels`'],
    ['an unknown field', '      partition: 2\n', 'app: db', 'objects[0]: StatefulSet in version "v1" cannot be handled as a StatefulSet: strict decoding error: unknown field "spec.partition"'],
  ])('refuses %s with one message in the API server words', (_, extra, selector, message) => {
    const r = parseScenarioText(scenario(extra, selector));
    expect(r).toEqual({ ok: false, errors: [message] });
  });
});

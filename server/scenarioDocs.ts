/**
 * Scenario text for the served-API tests: the Deployment item most of them start from, written
 * once. Each test still writes its own scenario around it (nodes, images, the other objects).
 */

/**
 * deploymentDoc is an `objects:` item (indented for a top-level `objects:` list): a Deployment
 * NAME of `replicas` pods labelled app=NAME, running the one container given as a YAML flow map.
 */
export function deploymentDoc(name: string, replicas: number, container: string): string {
  return `  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: ${name}, labels: { app: ${name} } }
    spec:
      replicas: ${replicas}
      selector: { matchLabels: { app: ${name} } }
      template:
        metadata: { labels: { app: ${name} } }
        spec: { containers: [${container}] }
`;
}

/**
 * UNSCHEDULABLE_DB_DOC is an `objects:` item: the Deployment `db`, one pod that asks for a
 * `disk: ssd` node no scenario has, so it never schedules (FailedScheduling, a Pending pod).
 */
export const UNSCHEDULABLE_DB_DOC = `  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: db, labels: { app: db } }
    spec:
      replicas: 1
      selector: { matchLabels: { app: db } }
      template:
        metadata: { labels: { app: db } }
        spec:
          nodeSelector: { disk: ssd }
          containers: [{ name: db, image: "db:1" }]
`;

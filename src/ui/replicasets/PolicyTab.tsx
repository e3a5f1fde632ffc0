import { describeKindText, getText } from '../../state/actions.ts';
import { PrinterText } from './PrinterText.tsx';

/**
 * The policy kinds the terminal's tab lists, as kubectl names them, in this order, each with the
 * verb that shows it: a LimitRange's table says only its name and age, so its bounds are described.
 */
const POLICY_RESOURCES = [
  { resource: 'quota', kind: 'ResourceQuota', verb: 'get' },
  { resource: 'limits', kind: 'LimitRange', verb: 'describe' },
  { resource: 'pdb', kind: 'PodDisruptionBudget', verb: 'get' },
  { resource: 'hpa', kind: 'HorizontalPodAutoscaler', verb: 'get' },
] as const;

const VERB_OF: Readonly<Record<string, 'get' | 'describe'>> = Object.fromEntries(
  POLICY_RESOURCES.map((r) => [r.resource, r.verb]),
);

/** PolicyResource is a kubectl short name of a policy kind. */
export type PolicyResource = (typeof POLICY_RESOURCES)[number]['resource'];

/**
 * policyResourcesIn lists the policy kinds a scenario's text creates (in objects or in an apply
 * action's manifest, YAML or JSON), so the tab shows only what the run can have.
 */
export function policyResourcesIn(scenarioText: string): PolicyResource[] {
  return POLICY_RESOURCES.filter(({ kind }) =>
    new RegExp(`\\bkind["']?\\s*:\\s*["']?${kind}\\b`).test(scenarioText),
  ).map((r) => r.resource);
}

/** PolicyTab shows `kubectl get quota`, `describe limits`, `get pdb` and `get hpa` at the current tick, one block per kind the scenario has. */
export function PolicyTab({ tick, resources }: { tick: number; resources: readonly PolicyResource[] }) {
  return (
    <div className="flex h-full min-h-0 flex-col gap-1.5">
      {resources.map((r) => (
        <div key={r} className="min-h-0 flex-1">
          <PrinterText
            command={`kubectl ${VERB_OF[r] ?? 'get'} ${r}`}
            load={() => (VERB_OF[r] === 'describe' ? describeKindText(r) : getText(r))}
            reloadKey={`${tick}/${r}`}
            fit
          />
        </div>
      ))}
    </div>
  );
}

/**
 * A Namespace applied by `kubectl apply -f` or listed in a scenario (sim/actions.ts): created, or
 * configured with the given labels when it exists.
 */
import type { Namespace } from '../api/types.ts';
import { namespaceObject } from '../apiserver/admission/namespaceAutoProvision.ts';
import { formatApiError, newInvalidFor } from '../apiserver/errors.ts';
import { validateNamespace } from '../apiserver/validationCore.ts';
import { create, type Tx, update } from '../client/tx.ts';

/**
 * createNamespace creates a v1 Namespace of the scenario (its labels and the name label); one a
 * workload's create already provisioned keeps its uid and takes the labels, as `kubectl apply`
 * would configure it.
 */
export function createNamespace(tx: Tx, raw: Namespace): { ok: boolean; output: string } {
  const name = raw.metadata?.name ?? '';
  const errs = validateNamespace(raw.metadata ?? { name: '' });
  if (errs.length) return { ok: false, output: formatApiError(newInvalidFor('Namespace', name, errs)) };
  const want = namespaceObject(name, raw.metadata.labels);
  const live = tx.st.store.objects.Namespace.get(name);
  if (live) {
    const res = update(tx, { ...live, metadata: { ...live.metadata, labels: want.metadata.labels } });
    if (!res.ok) return { ok: false, output: formatApiError(res.error) };
    return { ok: true, output: res.object === live ? `namespace/${name} unchanged` : `namespace/${name} configured` };
  }
  const res = create(tx, want);
  return res.ok ? { ok: true, output: `namespace/${name} created` } : { ok: false, output: formatApiError(res.error) };
}

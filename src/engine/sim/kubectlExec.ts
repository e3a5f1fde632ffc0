/**
 * Wires kubectl lines to the store (temporary minimal subset; replaced by kubectl/execute.ts).
 */
import type { Deployment } from '../api/types.ts';
import { parseKubectl } from '../kubectl/parse.ts';
import { isKubectlError } from '../kubectl/commands.ts';
import { formatApiError } from '../apiserver/errors.ts';
import type { ActionOutput } from './actions.ts';
import { type Tx, update } from './tx.ts';

export function executeKubectl(tx: Tx, line: string): ActionOutput {
  const cmd = parseKubectl(line);
  if (isKubectlError(cmd)) return { ok: false, output: cmd.error };
  if (cmd.verb === 'set-image' || cmd.verb === 'scale') {
    const t = cmd.targets[0];
    if (!t?.name || t.kind !== 'Deployment') return { ok: false, output: 'error: unsupported target' };
    const d = tx.st.store.objects.Deployment.get(`${cmd.namespace}/${t.name}`) as Deployment | undefined;
    if (!d) return { ok: false, output: `Error from server (NotFound): deployments.apps "${t.name}" not found` };
    let next: Deployment;
    if (cmd.verb === 'scale') next = { ...d, spec: { ...d.spec, replicas: cmd.replicas } };
    else {
      const containers = d.spec.template.spec.containers.map((c) => {
        const m = cmd.images.find((i) => i.container === c.name || i.container === '*');
        return m ? { ...c, image: m.image } : c;
      });
      next = { ...d, spec: { ...d.spec, template: { ...d.spec.template, spec: { ...d.spec.template.spec, containers } } } };
    }
    const res = update(tx, next);
    if (!res.ok) return { ok: false, output: formatApiError(res.error) };
    return { ok: true, output: `deployment.apps/${t.name} ${cmd.verb === 'scale' ? 'scaled' : 'image updated'}` };
  }
  return { ok: false, output: `error: "${line}" is not wired yet` };
}

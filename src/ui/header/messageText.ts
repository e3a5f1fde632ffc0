import type { TFunction } from 'i18next';
import type { ScenarioMessage } from '../../state/simSlice.ts';

/**
 * messageText words a banner's message in the translator's language: a key with its values, and
 * the link problem (if any) as its `{{reason}}`, without the reason's own full stop.
 */
export function messageText(m: ScenarioMessage, t: TFunction): string {
  if (typeof m === 'string') return m;
  const reason = m.problem ? t(`link.problem.${m.problem.key}`, m.problem.values) : (m.values?.reason ?? '');
  return t(m.key, { ...m.values, reason: reason.replace(/[.。]$/, '') });
}

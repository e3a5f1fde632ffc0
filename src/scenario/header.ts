/**
 * scenarioHeader reads a scenario file's top-level `name` and `description` alone, for the preset
 * gallery. Parsing and validating all 37 presets whole took 360 ms of the worker's ~1 s at every
 * page's start (a trace of a fresh page here), to show two strings per preset in a dialog most
 * visits never open; the two entries' own lines parse in well under a millisecond each.
 *
 * A top-level entry is a line that starts with its key at column 0, with the indented, blank and
 * comment lines after it (a folded or literal description goes on for several). Only files that
 * parse whole are read this way (the built-in presets, presets.test.ts); header.test.ts holds the
 * two readings equal for every preset.
 */
import { parse } from 'yaml';
import { KUBE_YAML } from '../engine/lib/kubeYaml.ts';

export interface ScenarioHeader {
  name: string;
  description: string;
}

const TOP_LEVEL_KEY = /^([A-Za-z_][\w-]*)\s*:/;

/** topLevelEntry returns the text of the top-level entry `key` (its lines), or '' when there is none. */
function topLevelEntry(lines: readonly string[], key: string): string {
  const start = lines.findIndex((l) => TOP_LEVEL_KEY.exec(l)?.[1] === key);
  if (start < 0) return '';
  let end = start + 1;
  while (end < lines.length && !/^[^\s#]/.test(lines[end] ?? '')) end++;
  return lines.slice(start, end).join('\n');
}

export function scenarioHeader(text: string): ScenarioHeader {
  const lines = text.split('\n');
  const value = (key: string): string => {
    const entry = topLevelEntry(lines, key);
    if (entry === '') return '';
    // read as the whole parse reads (parse.ts): YAML 1.1 scalars, kubectl's tags
    const parsed: unknown = parse(entry, KUBE_YAML);
    const v = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[key] : undefined;
    return typeof v === 'string' ? v : '';
  };
  return { name: value('name'), description: value('description') };
}

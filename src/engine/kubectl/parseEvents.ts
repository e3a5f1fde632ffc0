// Port of the flag handling of kubectl pkg/cmd/events/events.go (v1.32–v1.36): `kubectl events`,
// its checks in kubectl's order (ToOptions, then Validate) and their messages.
import { resourceFor } from '../apiserver/rest/resources.ts';
import type { KubectlCommand, KubectlError } from './commands.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';

/**
 * The -o formats the events command's PrintFlags take (no wide or custom-columns: those are get's
 * table printers), as its NoCompatiblePrinterError lists them.
 */
const ALLOWED_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

/** kindOfResource is the kind of the served resource a word names (resources.ts resourceFor), or undefined. */
export function kindOfResource(word: string): string | undefined {
  return resourceFor(word)?.kind;
}

/**
 * parseEvents reads `events [--for TYPE/NAME] [--types=T,…] [-A] [-w] [--no-headers] [-o FORMAT]`.
 * Words after `events` are taken and ignored, as kubectl's Run never reads them. Examples:
 * `events --for web` → `error: --for must be in resource/name form`; `events --types=Bad` →
 * `error: valid --types are Normal or Warning`.
 */
export function parseEvents(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'for', type: 'string' },
      { name: 'types', type: 'strings' },
      { name: 'all-namespaces', short: 'A', type: 'bool' },
      { name: 'watch', short: 'w', type: 'bool' },
      { name: 'no-headers', type: 'bool' },
      { name: 'output', short: 'o', type: 'string' },
      { name: 'chunk-size', type: 'int' },
    ],
    'kubectl events',
  );
  if ('error' in f) return f;
  // ToOptions: the --for object first (through the REST mapper), then the printer.
  let forKind: string | undefined;
  let forName: string | undefined;
  const forObject = typeof f.flags.for === 'string' ? f.flags.for : '';
  if (forObject !== '') {
    const seg = forObject.split('/');
    if (seg.length > 2) return { error: 'error: arguments in resource/name form may not have more than one slash' };
    if (seg.length < 2) return { error: 'error: --for must be in resource/name form' };
    const [resource = '', name = ''] = seg;
    forKind = kindOfResource(resource);
    // cmdutil.CheckErr prints a mapper's no-match error on its own, without `error: `.
    if (forKind === undefined) return { error: `the server doesn't have a resource type "${resource}"` };
    forName = name;
  }
  const o = typeof f.flags.output === 'string' ? f.flags.output : '';
  const format = o.includes('=') ? o.slice(0, o.indexOf('=')) : o;
  const template = o.slice(format.length + 1);
  let output: '' | 'yaml' | 'json' | 'name' | 'jsonpath';
  if (o === '') output = '';
  else if (o === 'yaml' || o === 'json' || o === 'name') output = o;
  else if (format === 'jsonpath') {
    if (template === '') return { error: 'error: template format specified but no template given' };
    output = 'jsonpath';
  } else if (ALLOWED_FORMATS.split(',').includes(format)) {
    return { error: `error: -o ${format} is not part of Rollout Lab's kubectl subset (try: yaml, json, name, jsonpath=…)` };
  } else {
    return { error: `error: unable to match a printer suitable for the output format "${o}", allowed formats are: ${ALLOWED_FORMATS}` };
  }
  // Validate: each type Normal or Warning, in any case.
  const types = typeof f.flags.types === 'string' ? f.flags.types.split(',').filter((t) => t !== '') : [];
  if (types.some((t) => t.toLowerCase() !== 'normal' && t.toLowerCase() !== 'warning')) return { error: 'error: valid --types are Normal or Warning' };
  return {
    verb: 'events',
    namespace: namespaceOf(f.flags),
    ...(forKind !== undefined ? { forKind, forName: forName ?? '' } : {}),
    types,
    allNamespaces: f.flags['all-namespaces'] === true,
    watch: f.flags.watch === true,
    noHeaders: f.flags['no-headers'] === true,
    output,
    ...(output === 'jsonpath' ? { template } : {}),
  };
}

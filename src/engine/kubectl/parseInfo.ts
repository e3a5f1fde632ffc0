// Port of the argument and flag handling of kubectl pkg/cmd/version/version.go,
// pkg/cmd/clusterinfo/clusterinfo.go and pkg/cmd/apiresources (apiresources.go, apiversions.go,
// print_flags.go), v1.36: the forms, defaults and messages of the commands that ask the cluster
// what it is.
import type { KubectlCommand, KubectlError } from './commands.ts';
import type { VerbContext } from './verbContext.ts';

/** usageError is cmdutil.UsageErrorf's text: the message, then where to find help. */
function usageError(message: string, path: string): KubectlError {
  return { error: `error: ${message}\nSee '${path} -h' for help and examples` };
}

/** goStrings is fmt's %v of a []string: `[a b]`. */
function goStrings(xs: readonly string[]): string {
  return `[${xs.join(' ')}]`;
}

/** parseVersion reads `version [--client] [-o yaml|json]` (version.go Complete, Validate). */
export function parseVersion(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'client', type: 'bool' },
      { name: 'output', short: 'o', type: 'string' },
    ],
    'kubectl version',
  );
  if ('error' in f) return f;
  // Validate: arguments are refused before the output format is looked at.
  if (f.args.length !== 0) return { error: `error: extra arguments: ${goStrings(f.args)}` };
  const output = typeof f.flags.output === 'string' ? f.flags.output : '';
  if (output !== '' && output !== 'yaml' && output !== 'json') return { error: "error: --output must be 'yaml' or 'json'" };
  return { verb: 'version', client: f.flags.client === true, output };
}

/** parseClusterInfo reads `cluster-info` (clusterinfo.go); its `dump` subcommand is not in the subset. */
export function parseClusterInfo(ctx: VerbContext): KubectlCommand | KubectlError {
  if (ctx.words[0] === 'dump') return { error: `error: "kubectl cluster-info dump" is not part of Rollout Lab's kubectl subset (try: cluster-info)` };
  const f = ctx.flags([], 'kubectl cluster-info');
  if ('error' in f) return f;
  // cobra.NoArgs? No: cluster-info takes no Args check and ignores extra words, as kubectl does.
  return { verb: 'cluster-info' };
}

/** csv is a StringSlice flag's values (kept comma-joined by the flag reader; `--verbs=` is none). */
function csv(v: string | number | boolean | undefined): string[] {
  return typeof v === 'string' ? v.split(',').filter((x) => x !== '') : [];
}

/** The -o formats api-resources prints (print_flags.go AllowedFormats, sorted as the error lists them). */
const API_RESOURCES_FORMATS = 'json,name,wide,yaml';

/**
 * parseApiResources reads `api-resources [--api-group=G] [--namespaced=B] [--verbs=V,...]
 * [--categories=C,...] [--sort-by=name|kind] [-o wide|name] [--no-headers] [--cached]`
 * (apiresources.go Complete, Validate). `-o json|yaml` prints the APIResourceList itself, which
 * this subset does not build: it is refused in its own words.
 */
export function parseApiResources(ctx: VerbContext): KubectlCommand | KubectlError {
  const path = 'kubectl api-resources';
  const f = ctx.flags(
    [
      { name: 'api-group', type: 'string' },
      { name: 'namespaced', type: 'bool' },
      { name: 'verbs', type: 'strings' },
      { name: 'categories', type: 'strings' },
      { name: 'sort-by', type: 'string' },
      { name: 'cached', type: 'bool' },
      { name: 'output', short: 'o', type: 'string' },
      { name: 'no-headers', type: 'bool' },
    ],
    path,
  );
  if ('error' in f) return f;
  if (f.args.length !== 0) return usageError(`unexpected arguments: ${goStrings(f.args)}`, path);
  const output = typeof f.flags.output === 'string' ? f.flags.output : '';
  if (output !== '' && output !== 'wide' && output !== 'name') {
    if (output === 'json' || output === 'yaml') {
      return { error: `error: "kubectl api-resources -o ${output}" is not part of Rollout Lab's kubectl subset (try: -o wide, -o name)` };
    }
    return { error: `error: unable to match a printer suitable for the output format "${output}", allowed formats are: ${API_RESOURCES_FORMATS}` };
  }
  const sortBy = typeof f.flags['sort-by'] === 'string' ? f.flags['sort-by'] : '';
  if (sortBy !== '' && sortBy !== 'name' && sortBy !== 'kind') return { error: 'error: --sort-by accepts only name or kind' };
  return {
    verb: 'api-resources',
    // Only a flag given filters (cmd.Flags().Changed): --namespaced defaults to true but lists both.
    ...(typeof f.flags['api-group'] === 'string' ? { apiGroup: f.flags['api-group'] } : {}),
    ...(typeof f.flags.namespaced === 'boolean' ? { namespaced: f.flags.namespaced } : {}),
    verbs: csv(f.flags.verbs),
    categories: csv(f.flags.categories),
    sortBy,
    output,
    noHeaders: f.flags['no-headers'] === true,
  };
}

/** parseApiVersions reads `api-versions` (apiversions.go Complete: no arguments). */
export function parseApiVersions(ctx: VerbContext): KubectlCommand | KubectlError {
  const path = 'kubectl api-versions';
  const f = ctx.flags([], path);
  if ('error' in f) return f;
  if (f.args.length !== 0) return usageError(`unexpected arguments: ${goStrings(f.args)}`, path);
  return { verb: 'api-versions' };
}

// Port of the flag and argument handling of kubectl pkg/cmd/explain/explain.go (v1.36):
// ExplainFlags.AddFlags (--recursive/-R, --api-version, -o/--output with its default `plaintext`)
// and ExplainOptions.Validate (exactly one argument).
import type { KubectlCommand, KubectlError } from './commands.ts';
import type { VerbContext } from './verbContext.ts';

/** The hint kubectl adds where a resource type is wanted (cmdutil.SuggestAPIResources). */
const SUGGEST_API_RESOURCES = 'Use "kubectl api-resources" for a complete list of supported resources.';

/**
 * parseExplain reads `explain TYPE[.field...] [--recursive] [--api-version=G/V] [-o FORMAT]`:
 * `explain deploy.spec.strategy` → {verb: 'explain', resource: 'deploy.spec.strategy', ...};
 * no argument, or more than one, is kubectl's error.
 */
export function parseExplain(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'recursive', short: 'R', type: 'bool' },
      { name: 'api-version', type: 'string' },
      { name: 'output', short: 'o', type: 'string' },
    ],
    'kubectl explain',
  );
  if ('error' in f) return f;
  if (f.args.length === 0) return { error: `error: You must specify the type of resource to explain. ${SUGGEST_API_RESOURCES}` };
  if (f.args.length > 1) return { error: 'error: We accept only this format: explain RESOURCE' };
  return {
    verb: 'explain',
    resource: f.args[0] ?? '',
    recursive: f.flags.recursive === true,
    apiVersion: typeof f.flags['api-version'] === 'string' ? f.flags['api-version'] : '',
    output: typeof f.flags.output === 'string' ? f.flags.output : 'plaintext',
  };
}

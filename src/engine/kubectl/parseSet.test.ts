import { describe, expect, it } from 'vitest';
import { parseKubectl } from './parse.ts';
import { isEnvVarName, parseEnv, populateResourceListV1, splitEnvironmentFromResources } from './parseSet.ts';
import { completions } from './completions.ts';

const D = [{ kind: 'Deployment', name: 'web' }];
const KEY_NAME_ERROR =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";

describe('parseSet', () => {
  it.each([
    ['lists the subcommands when none is given', 'set', 'error: kubectl set needs a subcommand; this subset has: env, image, resources'],
    ['names the subset for a kubectl subcommand it lacks', 'set selector svc/web app=web', `error: "kubectl set selector" is not part of Rollout Lab's kubectl subset (try: set env, set image, set resources)`],
    ['is cobra\'s unknown command for a word kubectl lacks', 'set imag deploy/web a=b', `error: unknown command "imag"\nSee 'kubectl set -h' for help and examples`],
    ['refuses a selector beside resource/name for set image', 'set image deploy/web -l app=x nginx=a', 'error: selectors and the all flag cannot be used when passing resource/name arguments'],
    ['refuses a selector beside TYPE NAME for set image', 'set image deploy web -l app=x nginx=a', 'error: name cannot be provided when a selector is specified'],
  ])('%s', (_name, line, error) => {
    expect(parseKubectl(line)).toEqual({ error });
  });

  it('still reads set image as before when its line is valid', () => {
    expect(parseKubectl('set image deploy/web nginx=nginx:2')).toEqual({ verb: 'set-image', namespace: 'default', targets: D, images: [{ container: 'nginx', image: 'nginx:2' }] });
  });
});

describe('parseSetEnv', () => {
  const base = { verb: 'set-env', namespace: 'default', targets: D, containers: '*', env: [], remove: [], envArgs: 0, overwrite: true, list: false, resolve: false, keys: [], prefix: '' };
  it.each([
    ['reads KEY=VAL and KEY- arguments after the object', 'set env deploy/web FOO=bar BAZ-', { env: [{ name: 'FOO', value: 'bar' }], remove: ['BAZ'], envArgs: 2 }],
    ['keeps a value with = and an empty value', 'set env deploy/web A=x=y B=', { env: [{ name: 'A', value: 'x=y' }, { name: 'B', value: '' }], envArgs: 2 }],
    ['puts the -e variables before the arguments', 'set env deploy/web C=3 -e A=1 --env B=2', { env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }, { name: 'C', value: '3' }], envArgs: 1 }],
    ['counts no argument when only -e is given', 'set env deploy/web -e X-', { remove: ['X'], envArgs: 0 }],
    ['reads -c, --list, --resolve and --overwrite=false', 'set env deploy/web -c side* --list --resolve --overwrite=false', { containers: 'side*', list: true, resolve: true, overwrite: false }],
    ['reads --from with its keys and prefix', 'set env deploy/web --from=configmap/cfg --keys=a,b --prefix=P_', { from: [{ kind: 'ConfigMap', name: 'cfg' }], keys: ['a', 'b'], prefix: 'P_' }],
    ['reads a type with --all', 'set env deploy --all A=1', { targets: [{ kind: 'Deployment' }], env: [{ name: 'A', value: '1' }], envArgs: 1 }],
    ['reads the namespace', 'set env -n team deploy/web A=1', { namespace: 'team', env: [{ name: 'A', value: '1' }], envArgs: 1 }],
  ])('%s', (_name, line, want) => {
    expect(parseKubectl(line)).toEqual({ ...base, ...want });
  });

  it.each([
    ['refuses --all with a selector first', 'set env deploy --all -l app=web 1A=b', 'error: cannot set --all and --selector at the same time'],
    ['refuses a resource after the variables', 'set env deploy/web A=b x', 'error: all resources must be specified before environment changes: deploy/web A=b x'],
    ['needs a resource', 'set env A=b', 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>'],
    ['needs --from for --keys', 'set env deploy/web --keys=a', 'error: when specifying --keys, a configmap or secret must be provided with --from'],
    ['refuses a key that is no variable name', 'set env deploy/web 1A=b', `error: "1A" is not a valid key name: ${KEY_NAME_ERROR}`],
    ['refuses a key starting with ..', 'set env deploy/web ..a=1', `error: "..a" is not a valid key name: must not start with '..'`],
    ['refuses a key both set and removed', 'set env deploy/web A=b A-', 'error: can not both modify and remove the same environment variable in the same command'],
    ['refuses an -e value that is no variable', 'set env deploy/web -e FOO', 'error: unknown environment variable: FOO'],
    ['has no stdin for -', 'set env deploy/web -', "error: when '-' is used, STDIN must be open"],
    ['refuses a type without a name', 'set env deploy A=1', 'error: resource(s) were provided, but no name was specified'],
    ['refuses a --from type without a name', 'set env deploy/web --from=configmap', 'error: resource(s) were provided, but no name was specified'],
    ['refuses a selector beside a --from name', 'set env deploy -l app=web --from=configmap/cfg', 'error: selectors and the all flag cannot be used when passing resource/name arguments'],
    ['refuses a selector beside names', 'set env deploy web -l app=x B=1', 'error: name cannot be provided when a selector is specified'],
    ['has no --dry-run, as set image has none here', 'set env deploy/web A=1 --dry-run=client', "error: unknown flag: --dry-run\nSee 'kubectl set env --help' for usage."],
  ])('%s', (_name, line, error) => {
    expect(parseKubectl(line)).toEqual({ error });
  });
});

describe('parseSetResources', () => {
  const base = { verb: 'set-resources', namespace: 'default', targets: D, containers: '*' };
  it.each([
    ['reads limits and requests as the API server keeps them', 'set resources deploy/web --limits=cpu=0.2,memory=1024Mi --requests=cpu=100m', { limits: { cpu: '200m', memory: '1Gi' }, requests: { cpu: '100m' } }],
    ['reads -c', 'set resources deploy/web -c init --requests=memory=64Mi', { containers: 'init', requests: { memory: '64Mi' } }],
    ['carries no flags as the error printed once the objects are found', 'set resources deploy/web', { invalid: 'error: you must specify an update to requests or limits (in the form of --requests/--limits)' }],
    ['carries a bad quantity', 'set resources deploy/web --limits=cpu=abc', { invalid: "error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'" }],
    ['carries a statement without =', 'set resources deploy/web --requests=cpu', { invalid: 'error: Invalid argument syntax cpu, expected <resource>=<value>' }],
    ['carries --all with a selector', 'set resources deploy --all -l app=x --limits=cpu=1', { targets: [{ kind: 'Deployment' }], selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['x'] }] }, limits: { cpu: '1' }, invalid: 'error: cannot set --all and --selector at the same time' }],
    ['records the command with --record', 'set resources deploy/web --limits=cpu=1 --record', { limits: { cpu: '1' }, changeCause: 'kubectl set resources deploy/web --limits=cpu=1 --record=true', recordWarning: 'Flag --record has been deprecated, --record will be removed in the future' }],
  ])('%s', (_name, line, want) => {
    expect(parseKubectl(line)).toEqual({ ...base, ...want });
  });

  it.each([
    ['needs a resource first', 'set resources --limits=cpu=1', "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'"],
    ['refuses a type without a name before the flags', 'set resources deploy', 'error: resource(s) were provided, but no name was specified'],
    ['refuses two slashes', 'set resources deploy/web,deploy/two --limits=cpu=1', 'error: arguments in resource/name form may not have more than one slash'],
    ['refuses a selector beside resource/name', 'set resources deploy/web --all -l a=b --limits=cpu=1', 'error: selectors and the all flag cannot be used when passing resource/name arguments'],
  ])('%s', (_name, line, error) => {
    expect(parseKubectl(line)).toEqual({ error });
  });
});

describe('the env_parse.go port', () => {
  it.each([
    ['splits resources from variables', ['deploy/web', 'A=1', 'B-'], { resources: ['deploy/web'], envArgs: ['A=1', 'B-'] }],
    ['takes =x as a resource (no name before =)', ['deploy/web', '=x'], { resources: ['deploy/web', '=x'], envArgs: [] }],
    ['takes a lone - as a variable argument', ['deploy/web', '-'], { resources: ['deploy/web'], envArgs: ['-'] }],
    ['refuses a resource after a variable', ['A=1', 'deploy/web'], null],
  ])('splitEnvironmentFromResources %s', (_name, args, want) => {
    expect(splitEnvironmentFromResources(args)).toEqual(want);
  });

  it.each([
    ['accepts a dotted name', 'my.env-name', []],
    ['refuses a leading digit', '1A', [KEY_NAME_ERROR]],
    ['refuses .', '.', ["must not be '.'"]],
    ['refuses ..', '..', ["must not be '..'"]],
  ])('isEnvVarName %s', (_name, v, want) => {
    expect(isEnvVarName(v)).toEqual(want);
  });

  it('parseEnv keeps the order and refuses a removed key that is set', () => {
    expect(parseEnv(['B=2', 'A=1', 'C-'])).toEqual({ env: [{ name: 'B', value: '2' }, { name: 'A', value: '1' }], remove: ['C'] });
    expect(parseEnv(['A-', 'A=1'])).toEqual({ error: 'error: can not both modify and remove the same environment variable in the same command' });
  });

  it.each([
    ['is nothing for an empty flag', '', undefined],
    ['canonicalises each quantity', 'cpu=1000m,memory=0.5Gi', { cpu: '1', memory: '512Mi' }],
    ['refuses cpu=1=2', 'cpu=1=2', { error: 'error: Invalid argument syntax cpu=1=2, expected <resource>=<value>' }],
    ['refuses an empty statement', ',', { error: 'error: Invalid argument syntax , expected <resource>=<value>' }],
    ['refuses a bad suffix', 'cpu=1x', { error: "error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'" }],
  ])('populateResourceListV1 %s', (_name, spec, want) => {
    expect(populateResourceListV1(spec)).toEqual(want);
  });
});

describe('set completions', () => {
  const names = { deployments: ['web'], daemonsets: [], pods: [], nodes: [], replicasets: [], namespaces: [], configmaps: ['cfg'], secrets: ['sec'], statefulsets: ['db'] };
  it.each([
    ['offers the three subcommands', 'set ', ['set env', 'set image', 'set resources']],
    ['offers set env targets', 'set env sts/', ['set env sts/db']],
    ['offers set resources targets', 'set resources deploy/', ['set resources deploy/web']],
    ['offers set env flags', 'set env deploy/web --li', ['set env deploy/web --list']],
    ['offers set resources flags', 'set resources deploy/web --l', ['set resources deploy/web --limits=']],
    ['offers the ConfigMaps and Secrets for --from', 'set env deploy/web --from=', ['set env deploy/web --from=configmap/cfg', 'set env deploy/web --from=secret/sec']],
  ])('%s', (_name, prefix, want) => {
    expect(completions(prefix, names)).toEqual(want);
  });
});

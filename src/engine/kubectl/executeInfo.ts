// Port of kubectl pkg/cmd/version/version.go (Run), pkg/cmd/clusterinfo/clusterinfo.go (Run) and
// pkg/cmd/apiresources (RunAPIResources, RunAPIVersions, the printers of print_flags.go), v1.36.
/**
 * What the console answers when asked what the cluster is: the versions, where its control plane
 * runs, and the resources and group/versions it serves. The served API lists the same (the
 * resource table, apiserver/rest/resources.ts, and the groups the server answers alone,
 * apiserver/rest/extraResources.ts), so `kubectl api-resources` reads alike in the page and
 * against `npm run serve`.
 */
import { APIServerPublicIP } from '../controller/kubernetesservice/controller.ts';
import { type DiscoveredResource, discoveredGroups } from '../apiserver/rest/extraResources.ts';
import { groupVersionOf } from '../apiserver/rest/resources.ts';
import { KUBERNETES_VERSION, versionInfo } from '../version.ts';
import type { KubectlCommand } from './commands.ts';
import { Terminal } from './executeStore.ts';
import { printYaml } from './printers/object.ts';
import { GET_TABWRITER, tabwriterFormat } from './printers/tabwriter.ts';

type Cmd<V extends KubectlCommand['verb']> = Extract<KubectlCommand, { verb: V }>;

/** The kustomize module kubectl v1.36 is built with (its go.mod: sigs.k8s.io/kustomize/kustomize/v5 v5.8.1). */
export const KUSTOMIZE_VERSION = 'v5.8.1';

/**
 * Where the console's kubectl finds the API server: the simulated control plane's address and
 * port, as the `kubernetes` Service's endpoint names it (`kubectl get ep kubernetes`). A real
 * kind cluster's kubeconfig names a port forwarded on the host instead; the page has no host.
 */
export const CONSOLE_SERVER = `https://${APIServerPublicIP}:6443`;

/**
 * runVersion prints the client's and the server's versions. The console is kubectl v1.36.3
 * against a v1.36.3 server: no skew warning (version.go getVersionSkewWarning warns past one minor).
 */
export function runVersion(cmd: Cmd<'version'>): Terminal {
  const term = new Terminal();
  const client = versionInfo(KUBERNETES_VERSION, true);
  const server = cmd.client ? undefined : versionInfo(KUBERNETES_VERSION);
  if (cmd.output === '') {
    term.out(`Client Version: ${client.gitVersion}`);
    term.out(`Kustomize Version: ${KUSTOMIZE_VERSION}`);
    if (server) term.out(`Server Version: ${server.gitVersion}`);
    return term;
  }
  // The Version struct's fields (clientVersion, kustomizeVersion, serverVersion), the server's
  // left out with --client (omitempty); Fprintln after the document adds the last line.
  const v = { clientVersion: client, kustomizeVersion: KUSTOMIZE_VERSION, ...(server ? { serverVersion: server } : {}) };
  term.out(cmd.output === 'yaml' ? printYaml(v) : JSON.stringify(v, null, 2));
  return term;
}

/** runClusterInfo names the control plane; no kube-system Service is labelled kubernetes.io/cluster-service, so nothing else. */
export function runClusterInfo(): Terminal {
  const term = new Terminal();
  // printService's line, then the hint after a blank line (one Fprintf that starts with "\n").
  term.out(`Kubernetes control plane is running at ${CONSOLE_SERVER}\n\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.`);
  return term;
}

/** One row of api-resources: an APIResource with its group and version. */
interface ApiResourceRow extends DiscoveredResource {
  group: string;
  version: string;
}

/**
 * serverPreferredResources is discovery's ServerPreferredResources: each group's resources in its
 * preferred version, and a resource only an older version serves in that one (none here).
 */
function serverPreferredResources(): ApiResourceRow[] {
  const out: ApiResourceRow[] = [];
  for (const g of discoveredGroups()) {
    const seen = new Set<string>();
    for (const v of g.versions) {
      for (const r of v.resources) {
        if (seen.has(r.name)) continue;
        seen.add(r.name);
        out.push({ ...r, group: g.group, version: v.version });
      }
    }
  }
  return out;
}

/** compare is strings.Compare. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * runApiResources lists the served resources as RunAPIResources does: the filters given, then a
 * stable sort by group (or by --sort-by name|kind), ties by name, printed as the table (`-o wide`
 * adds VERBS and CATEGORIES) or as `name.group` lines.
 */
export function runApiResources(cmd: Cmd<'api-resources'>): Terminal {
  const term = new Terminal();
  const rows = serverPreferredResources().filter(
    (r) =>
      r.verbs.length > 0 &&
      (cmd.apiGroup === undefined || r.group === cmd.apiGroup) &&
      (cmd.namespaced === undefined || r.namespaced === cmd.namespaced) &&
      cmd.verbs.every((v) => r.verbs.includes(v)) &&
      cmd.categories.every((c) => r.categories.includes(c)),
  );
  const key = (r: ApiResourceRow) => (cmd.sortBy === 'name' ? r.name : cmd.sortBy === 'kind' ? r.kind : r.group);
  rows.sort((a, b) => compare(key(a), key(b)) || compare(a.name, b.name));
  // Every served group/version makes a list, empty or not: the table's header is printed over no rows.
  if (cmd.output === 'name') {
    term.out(rows.map((r) => (r.group === '' ? r.name : `${r.name}.${r.group}`)).join('\n'));
    return term;
  }
  const wide = cmd.output === 'wide';
  const lines: string[] = [];
  if (!cmd.noHeaders) lines.push(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(wide ? ['VERBS', 'CATEGORIES'] : [])].join('\t'));
  for (const r of rows) {
    const cells = [r.name, r.shortNames.join(','), groupVersionOf(r), String(r.namespaced), r.kind];
    if (wide) cells.push(r.verbs.join(','), r.categories.join(','));
    lines.push(cells.join('\t'));
  }
  term.out(tabwriterFormat(`${lines.join('\n')}\n`, GET_TABWRITER).text.replace(/\n$/, ''));
  return term;
}

/** runApiVersions prints every served group/version, sorted as strings (so `v1` comes last). */
export function runApiVersions(): Terminal {
  const term = new Terminal();
  const all = discoveredGroups().flatMap((g) => g.versions.map((v) => groupVersionOf({ group: g.group, version: v.version })));
  term.out(all.sort(compare).join('\n'));
  return term;
}

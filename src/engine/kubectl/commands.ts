/**
 * The typed AST of the kubectl subset (DESIGN.md §4). parseKubectl turns a console line into one
 * of these; the simulation reads the named objects from its store, calls the pure transform of
 * the verb and prints what it returns.
 */
import type { LabelSelector, Taint, TaintEffect } from '../api/types.ts';
import type { DeletionPropagation } from '../apiserver/finalizers.ts';
import type { ResourceKind } from './resources.ts';

/** A named object, or (name undefined) every object of the kind that the selector matches. */
export interface Target {
  kind: ResourceKind;
  name?: string;
  /** The served group named, when not the kind's own: `events.events.k8s.io` (resources.ts alternateGroup). */
  group?: string;
}

/** A kubectl error as printed on stderr, without the final newline (it may span lines). */
export interface KubectlError {
  error: string;
}

/** The `-o` formats of get this subset prints. `table` is the default human-readable table. */
export type OutputFormat = 'table' | 'wide' | 'yaml' | 'json' | 'name' | 'jsonpath' | 'custom-columns';

interface Namespaced {
  /** `-n`/`--namespace`, `default` when absent. */
  namespace: string;
}

interface Targeted extends Namespaced {
  targets: Target[];
  /** `-l`/`--selector`, applied to the kind-only targets. */
  selector?: LabelSelector;
  /** `-A`/`--all-namespaces` (get, describe, delete): every namespace, `namespace` ignored. */
  allNamespaces?: boolean;
}

/** What every `create` subcommand takes: the name, -n (and whether it was given), --dry-run and -o. */
interface Creation extends Namespaced {
  name: string;
  /** -n given on the line: the object then carries its namespace (EnforceNamespace). */
  explicitNamespace: boolean;
  dryRun: 'none' | 'client' | 'server';
  /** `-o`: '' (the "created" line), `yaml`, `json` or `name`. */
  output: string;
}

export type RolloutVerb = 'rollout-pause' | 'rollout-resume' | 'rollout-restart';

/** A taint to remove: `key:Effect-` removes that effect only, `key-` every effect of the key. */
export interface TaintRemoval {
  key: string;
  effect?: TaintEffect;
}

export type KubectlCommand =
  /** An empty line. */
  | { verb: 'noop' }
  /** `version [--client] [-o yaml|json]`. */
  | { verb: 'version'; client: boolean; output: string }
  /** `cluster-info`. */
  | { verb: 'cluster-info' }
  /** `api-resources`: the filters given (apiGroup, namespaced only when their flag is), the sort and -o. */
  | { verb: 'api-resources'; apiGroup?: string; namespaced?: boolean; verbs: string[]; categories: string[]; sortBy: string; output: string; noHeaders: boolean }
  /** `api-versions`. */
  | { verb: 'api-versions' }
  /**
   * `explain RESOURCE[.field...] [--recursive] [--api-version=G/V] [-o plaintext|plaintext-openapiv2]`
   * (parseExplain.ts): the argument as typed, resolved when run (explainField/run.ts).
   */
  | { verb: 'explain'; resource: string; recursive: boolean; apiVersion: string; output: string }
  /** `set image TYPE NAME CONTAINER=IMAGE...`; container `*` sets every container. */
  /**
   * `changeCause`: with --record, the command as kubectl records it in kubernetes.io/change-cause;
   * `recordWarning`: cobra's deprecation notice, printed whenever --record is given (even =false).
   */
  | ({ verb: 'set-image'; images: { container: string; image: string }[]; changeCause?: string; recordWarning?: string } & Targeted)
  /**
   * `set env TYPE/NAME KEY=VAL… KEY-…` (parseSet.ts): `containers` the -c pattern (`*` wildcards),
   * `env`/`remove` the -e and argument changes, `envArgs` how many arguments gave them, `from` the
   * --from objects (ConfigMaps, Secrets) with their `keys` and `prefix`.
   */
  | ({
      verb: 'set-env';
      containers: string;
      env: { name: string; value: string }[];
      remove: string[];
      envArgs: number;
      overwrite: boolean;
      list: boolean;
      resolve: boolean;
      from?: Target[];
      keys: string[];
      prefix: string;
    } & Targeted)
  /**
   * `set resources TYPE/NAME --limits=… --requests=…` (parseSet.ts): the quantities as stored;
   * `invalid` the flags' error, printed once the objects are found (Validate runs after Complete).
   */
  | ({
      verb: 'set-resources';
      containers: string;
      limits?: Record<string, string>;
      requests?: Record<string, string>;
      invalid?: string;
      changeCause?: string;
      recordWarning?: string;
    } & Targeted)
  /** `scale TYPE NAME --replicas=N [--current-replicas=M]` (currentReplicas −1: no precondition). */
  | ({ verb: 'scale'; replicas: number; currentReplicas: number } & Targeted)
  /** `rollout status TYPE NAME [--revision=N] [-w=false]`. */
  | ({ verb: 'rollout-status'; revision: number; watch: boolean } & Targeted)
  /** `rollout history TYPE NAME [--revision=N]`. */
  | ({ verb: 'rollout-history'; revision: number } & Targeted)
  /** `rollout pause|resume|restart TYPE NAME`. */
  | ({ verb: RolloutVerb } & Targeted)
  /** `rollout undo TYPE NAME [--to-revision=N]` (0: the previous revision). */
  | ({ verb: 'rollout-undo'; toRevision: number } & Targeted)
  /**
   * `autoscale TYPE NAME --max=N [--min=M] [--cpu=70%|500m] [--memory=…] [--name=…]`; min and
   * cpuPercent −1 when absent; `warnings` holds cobra's deprecation line for --cpu-percent.
   */
  | ({ verb: 'autoscale'; min: number; max: number; cpuPercent: number; cpu: string; memory: string; name: string; warnings: string[] } & Targeted)
  /** `create deployment NAME --image=… [--replicas=N] [--port=P] [-- CMD…]` (create_deployment.go). */
  | ({ verb: 'create-deployment'; images: string[]; replicas: number; port: number; command: string[] } & Creation)
  /**
   * `create configmap NAME --from-literal=K=V…` and `create secret generic NAME --from-literal=K=V… [--type=T]`
   * (create_configmap.go, create_secret.go); `type` is '' for a ConfigMap or no --type.
   */
  | ({ verb: 'create-configmap' | 'create-secret'; literals: string[]; files: string[]; envFiles: string[]; type: string } & Creation)
  /**
   * `run NAME --image=…` (run.go): one pod; `port` −1 without --port, `pullPolicy` '' without
   * --image-pull-policy, `args` the words after NAME (the command with --command).
   */
  | ({
      verb: 'run';
      image: string;
      labels: Record<string, string>;
      /** -l given: the Service --expose makes carries the labels too. */
      labelsGiven: boolean;
      port: number;
      env: { name: string; value: string }[];
      restart: string;
      pullPolicy: string;
      args: string[];
      command: boolean;
      expose: boolean;
    } & Creation)
  /** `create namespace NAME` (create_namespace.go). */
  | ({ verb: 'create-namespace' } & Creation)
  /** `apply -f -`: the manifest comes with the action, not on the line. */
  | ({ verb: 'apply'; filename: string } & Namespaced)
  /**
   * `patch TYPE NAME -p PATCH [--type strategic|merge|json] [--subresource=status]`; patch is the
   * parsed JSON/YAML; with the status subresource only the patched status is written.
   */
  | ({
      verb: 'patch';
      patchType: 'strategic' | 'merge' | 'json';
      patch: unknown;
      patchText: string;
      subresource: '' | 'status';
    } & Targeted)
  /** `delete TYPE NAME... | delete TYPE -l SELECTOR` (gracePeriod −1: the object's own). */
  | ({
      verb: 'delete';
      gracePeriod: number;
      force: boolean;
      ignoreNotFound: boolean;
      /** --cascade: the DeleteOptions propagationPolicy every delete of the command sends. */
      cascade: DeletionPropagation;
      /** kubectl's warning for a boolean --cascade. */
      cascadeWarning?: string;
      /** `-n`/`--namespace` was given (kubectl's enforceNamespace: a cluster-scoped target is warned about). */
      explicitNamespace?: boolean;
    } & Targeted)
  /** `cordon|uncordon NODE`. */
  | ({ verb: 'cordon' | 'uncordon' } & Targeted)
  /** `drain NODE [--ignore-daemonsets] [--force] [--delete-emptydir-data] [--grace-period=N]`. */
  | ({
      verb: 'drain';
      ignoreDaemonsets: boolean;
      force: boolean;
      deleteEmptydirData: boolean;
      gracePeriod: number;
      disableEviction: boolean;
      /** --timeout in ms; 0 waits forever (kubectl's default). */
      timeoutMs: number;
    } & Targeted)
  /** `taint nodes NODE key=value:Effect ... key:Effect- key-` [--overwrite]. */
  | ({ verb: 'taint'; add: Taint[]; remove: TaintRemoval[]; overwrite: boolean } & Targeted)
  /** `label TYPE NAME key=value ... key-` [--overwrite]. */
  | ({ verb: 'label'; add: [string, string][]; remove: string[]; overwrite: boolean } & Targeted)
  /** `expose TYPE NAME --port=… [--target-port …]`: a Service for the object (expose.go). */
  | ({
      verb: 'expose';
      port: string;
      targetPort: string;
      name: string;
      type: string;
      protocol: string;
      /** --selector: the new Service's selector (`k=v,…`), '' to read it from the object. */
      serviceSelector: string;
      /** -l/--labels: the new Service's labels, '' to copy the object's. */
      labels: string;
      externalIP: string;
      clusterIP: string;
      dryRun: 'none' | 'client' | 'server';
      output: string;
      /** -n was given: kubectl writes the namespace into the Service it builds (EnforceNamespace). */
      explicitNamespace: boolean;
    } & Targeted)
  /** `annotate TYPE NAME key=value ... key-` [--overwrite] [--list]. */
  | ({ verb: 'annotate'; add: [string, string][]; remove: string[]; overwrite: boolean; list: boolean } & Targeted)
  /** `get TYPE [NAME...] [-l SELECTOR] [-w] [-o wide|yaml|json|name]`. */
  | ({
      verb: 'get';
      watch: boolean;
      watchOnly: boolean;
      output: OutputFormat;
      /** `--field-selector` as typed: the API server parses it, per kind (apiserver/fieldSelector.ts). */
      fieldSelector?: string;
      /** `-l` as typed, for the message of a list the field selector refuses. */
      labelSelectorText?: string;
      /** `--sort-by`: a JSONPath kubectl sorts the list by (sortBy.ts). */
      sortBy?: string;
      /** The text after `-o jsonpath=` or `-o custom-columns=`. */
      template?: string;
      /** `--show-labels`, `-L`/`--label-columns` and `--no-headers`: the table printer's options. */
      showLabels?: boolean;
      columnLabels?: string[];
      noHeaders?: boolean;
      /** The REST mapper's warnings, printed before anything (`short name "ev" could also match …`). */
      mapperWarnings?: string[];
    } & Targeted)
  /**
   * `describe TYPE [NAME...]`; `showEvents` is `--show-events` when given on the line;
   * `prefixMatch`: the line's arguments are exactly `TYPE NAME`, the one form whose missing name
   * kubectl matches as a prefix (DescribeMatchingResources); `mapperWarnings` as get's (`ev`).
   */
  | ({ verb: 'describe'; showEvents?: boolean; prefixMatch?: boolean; mapperWarnings?: string[] } & Targeted)
  /** `logs POD | TYPE/NAME | -l SEL` with its PodLogOptions (tail −1: every line). */
  | ({
      verb: 'logs';
      target?: { kind: 'Pod' | 'Deployment' | 'ReplicaSet' | 'DaemonSet'; name: string };
      selector?: LabelSelector;
      container: string;
      previous: boolean;
      timestamps: boolean;
      tail: number;
      sinceSeconds: number | null;
      sinceTime: string | null;
      limitBytes: number | null;
    } & Namespaced)
  /** `top pod|node [NAME] [-l SEL] [--containers] [-A]`. */
  | ({ verb: 'top'; kind: 'Pod' | 'Node'; name?: string; selector?: LabelSelector; containers: boolean; allNamespaces: boolean } & Namespaced)
  /** `wait TYPE/NAME… | TYPE (-l SEL | --all) --for=delete|create|condition=C[=V]|jsonpath=P[=V] [--timeout=D]` (timeoutText: as typed, '' for the default 30s). */
  | ({ verb: 'wait'; for: WaitFor; timeoutMs: number; timeoutText: string } & Targeted)
  /**
   * `events [--for TYPE/NAME] [--types=Normal,Warning] [-A] [-w] [--no-headers] [-o yaml|json|name|jsonpath=…]`
   * (pkg/cmd/events): `forKind`/`forName` the --for object's kind and name, `types` the types kept
   * (none: every type), `output` '' for the event table, `template` -o jsonpath's.
   */
  | ({
      verb: 'events';
      forKind?: string;
      forName?: string;
      types: string[];
      allNamespaces: boolean;
      watch: boolean;
      noHeaders: boolean;
      output: '' | 'yaml' | 'json' | 'name' | 'jsonpath';
      template?: string;
    } & Namespaced);

/** What `kubectl wait --for` waits for (conditionFuncFor): a deletion, a creation, a status condition, a JSONPath's value. */
export type WaitFor =
  | { kind: 'delete' }
  | { kind: 'create' }
  | { kind: 'condition'; name: string; value: string }
  | { kind: 'jsonpath'; path: string; value?: string };

/** isKubectlError tells an error result from a command. */
export function isKubectlError(x: KubectlCommand | KubectlError): x is KubectlError {
  return 'error' in x;
}
